/**
 * The tenant's configuration, merged with its schema defaults once at the root and handed down
 * (as Sharetribe's web-template does with useConfiguration()). Components never read defaults
 * of their own.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { PageState } from '../document/state';

const PageStateContext = createContext<PageState | null>(null);

export function PageStateProvider({ state, children }: { state: PageState; children: ReactNode }) {
  return <PageStateContext.Provider value={state}>{children}</PageStateContext.Provider>;
}

/** The whole state the page was rendered from. */
export function usePageState(): PageState {
  const state = useContext(PageStateContext);
  if (!state) throw new Error('useConfiguration() needs a <PageStateProvider> above it');
  return state;
}

export function useConfiguration() {
  return usePageState().configuration;
}

/** The content page the server rendered for this request, if the route is one. */
export function usePageContent() {
  return usePageState().content;
}

/** The path of the page being shown (trailing slash removed). */
export function usePagePath() {
  return usePageState().path;
}

/** A catalogue listing's query and results, when the page is one. */
export function useCatalogue() {
  return usePageState().catalogue;
}

/** On the platform's pages: where distances are measured from, and the houses nearest first. */
export function useMarketplace() {
  const state = usePageState();
  return state.catalogue?.marketplace ?? state.marketplace;
}

/** An item page's item (null when there is none), when the server answered, and items like it. */
export function usePageItem() {
  const { item, now, related, kitComponents } = usePageState();
  return { item, now, related: related ?? [], kitComponents: kitComponents ?? [] };
}

/** The pictures of the page's category cards, by card address. */
export function useCardPictures() {
  return usePageState().cardPictures ?? {};
}

/** A shared set list's page: the list (null when its link no longer works). */
export function useSharedSetList() {
  return usePageState().sharedSetList;
}
