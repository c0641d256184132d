/**
 * The page for a path, from the one route table in schema/routes.ts: each §2 route shows the page
 * for its kind, a rental category the category page, anything else the 404 page. Which is which
 * is decided by resolvePage (lib/navigation.ts), on the server and again when the client hydrates.
 *
 * Links are plain anchors, so every navigation is a server render: it works without JavaScript,
 * and the client bundle carries no router. Measured: react-router's data router adds 32 KB of
 * gzip to the bundle, and even its matchRoutes alone 17 KB, against a 90 KB budget for a page
 * that has nothing to route on the client.
 *
 * Each page is its own module, loaded by `loadPage`: the browser fetches the shared frame and the
 * one page it shows (the catalogue's filters, the quote form, the account forms and the set lists
 * stay out of every other page's download), and hydrates once it is there.
 */
import type { ComponentType } from 'react';
import type { RouteKind } from '../schema/routes';
import type { Page } from './lib/navigation';

/** Which page module shows a resolved path. */
export type PageKey = RouteKind | Exclude<Page['kind'], 'route'>;

export const pageKeyOf = (page: Page): PageKey => (page.kind === 'route' ? page.route.kind : page.kind);

const pageModules: Record<PageKey, () => Promise<ComponentType>> = {
  home: () => import('./pages/HomePage').then((module) => module.HomePage),
  rentals: () => import('./pages/RentalsPage').then((module) => module.RentalsPage),
  search: () => import('./pages/SearchPage').then((module) => module.SearchPage),
  content: () => import('./pages/ContentPage').then((module) => module.ContentPage),
  contact: () => import('./pages/ContactPage').then((module) => module.ContactPage),
  categories: () => import('./pages/CategoriesPage').then((module) => module.CategoriesPage),
  signup: () => import('./pages/AuthPage').then((module) => module.SignupPage),
  login: () => import('./pages/AuthPage').then((module) => module.LoginPage),
  onboarding: () => import('./pages/OnboardingPage').then((module) => module.OnboardingPage),
  favorites: () => import('./pages/FavoritesPage').then((module) => module.FavoritesPage),
  'set-lists': () => import('./pages/SetListsPage').then((module) => module.SetListsPage),
  'set-list': () => import('./pages/SetListPage').then((module) => module.SetListPage),
  'shared-set-list': () => import('./pages/SharedSetListPage').then((module) => module.SharedSetListPage),
  category: () => import('./pages/CategoryPage').then((module) => module.CategoryPage),
  item: () => import('./pages/ItemPage').then((module) => module.ItemPage),
  'not-found': () => import('./pages/NotFoundPage').then((module) => module.NotFoundPage),
};

/** The page component for a resolved path, its module loaded (once: modules are cached). */
export function loadPage(page: Page): Promise<ComponentType> {
  return pageModules[pageKeyOf(page)]();
}
