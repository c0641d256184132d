/**
 * The storefront's server entry (Vite's SSR build; @fastify/vite loads it, and reloads it on
 * edits in dev): one page to HTML from its PageState (routes.tsx picks the page), with
 * its head, status and the state block the client hydrates from. The server plugin
 * (server/plugins/app/storefront.ts) builds the state and places the result in index.html.
 */
import { renderToString } from 'react-dom/server';
import { App } from './App';
import { loadPage } from './routes';
import { escapeHtml } from '../schema/display/escape';
import { documentHead } from './document/head';
import { pageMeta } from './document/page-meta';
import { serializeState, STATE_ELEMENT_ID, type PageState } from './document/state';

export interface RenderedPage {
  status: number;
  /** Placeholders of index.html. */
  lang: string;
  head: string;
  element: string;
  state: string;
}

/** `url` is the page's public URL (canonical and social-card links); `state.path` its path. */
export async function renderPage(url: string, state: PageState): Promise<RenderedPage> {
  const meta = pageMeta(state.configuration, state.path, state.content, state);
  const element = renderToString(<App state={state} Page={await loadPage(meta.page, state.configuration.tenantId)} />);
  return {
    status: meta.status,
    lang: escapeHtml(state.configuration.site.locale!),
    head: documentHead(state.configuration, meta, url),
    element,
    state: `<script type="application/json" id="${STATE_ELEMENT_ID}">${serializeState(state)}</script>`,
  };
}
