/**
 * Which module under pages/ shows each kind of page, as plain data: routes.tsx loads them (one
 * chunk each), and the server reads Vite's manifest by the same names to preload a page's chunks.
 */
import { PLATFORM_TENANT_ID, type RouteKind } from '../schema/routes';
import type { Page } from './lib/navigation';

/** Which page module shows a resolved path. */
export type PageKey = RouteKind | Exclude<Page['kind'], 'route'> | 'marketplace-home';

/** The platform's home page is its own module (the nearest houses), so a house's home page does not download it. */
export const pageKeyOf = (page: Page, tenantId?: string): PageKey =>
  page.kind === 'route'
    ? page.route.kind === 'home' && tenantId === PLATFORM_TENANT_ID
      ? 'marketplace-home'
      : page.route.kind
    : page.kind;

/** Each page's module under pages/, and the component it exports (one module may serve two kinds). */
export const PAGE_MODULES: Record<PageKey, { module: string; component: string }> = {
  home: { module: 'HomePage', component: 'HomePage' },
  'marketplace-home': { module: 'MarketplaceHomePage', component: 'MarketplaceHomePage' },
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
