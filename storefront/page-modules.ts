/**
 * Which module under pages/ shows each kind of page, as plain data: routes.tsx loads them (one
 * chunk each), and the server reads Vite's manifest by the same names to preload a page's chunks.
 */
import type { RouteKind } from '../schema/routes';
import type { Page } from './lib/navigation';

/** Which page module shows a resolved path. */
export type PageKey = RouteKind | Exclude<Page['kind'], 'route'>;

export const pageKeyOf = (page: Page): PageKey => (page.kind === 'route' ? page.route.kind : page.kind);

/** Each page's module under pages/, and the component it exports (one module may serve two kinds). */
export const PAGE_MODULES: Record<PageKey, { module: string; component: string }> = {
  home: { module: 'HomePage', component: 'HomePage' },
  rentals: { module: 'RentalsPage', component: 'RentalsPage' },
  search: { module: 'SearchPage', component: 'SearchPage' },
  content: { module: 'ContentPage', component: 'ContentPage' },
  contact: { module: 'ContactPage', component: 'ContactPage' },
  categories: { module: 'CategoriesPage', component: 'CategoriesPage' },
  signup: { module: 'AuthPage', component: 'SignupPage' },
  login: { module: 'AuthPage', component: 'LoginPage' },
  onboarding: { module: 'OnboardingPage', component: 'OnboardingPage' },
  favorites: { module: 'FavoritesPage', component: 'FavoritesPage' },
  'set-lists': { module: 'SetListsPage', component: 'SetListsPage' },
  'set-list': { module: 'SetListPage', component: 'SetListPage' },
  'shared-set-list': { module: 'SharedSetListPage', component: 'SharedSetListPage' },
  quotes: { module: 'QuotesPage', component: 'QuotesPage' },
  quote: { module: 'QuotePage', component: 'QuotePage' },
  category: { module: 'CategoryPage', component: 'CategoryPage' },
  item: { module: 'ItemPage', component: 'ItemPage' },
  'not-found': { module: 'NotFoundPage', component: 'NotFoundPage' },
};

/** A page module's source path as Vite's manifest names it (the server preloads its chunks). */
export const pageModuleSource = (key: PageKey) => `pages/${PAGE_MODULES[key].module}.tsx`;
