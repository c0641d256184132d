/** Hydrates the server-rendered page from the JSON state block (no inline script: the CSP allows none), once its page's module is loaded. */
import { hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { resolvePage } from './lib/navigation';
import { loadPage } from './routes';
import { STATE_ELEMENT_ID, type PageState } from './document/state';
import { startTracking } from './lib/tracking';
import { startLocating } from './lib/visitor-location';
import './styles/storefront.css';

const state = JSON.parse(document.getElementById(STATE_ELEMENT_ID)!.textContent) as PageState;
// The page's own module first (routes.tsx), then hydration: the server's HTML is on screen meanwhile.
void loadPage(
  resolvePage(state.path, state.configuration.categories, state.configuration.pages),
  state.configuration.tenantId,
).then((Page) => hydrateRoot(document.getElementById('root')!, <App state={state} Page={Page} />));
startTracking(state.configuration.site.gaTrackingId);
void startLocating(state.configuration.site, state.catalogue?.marketplace ?? state.marketplace);
