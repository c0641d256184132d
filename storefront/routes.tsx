/**
 * The page for a path, from the one route table in schema/routes.ts: each §2 route shows the page
 * for its kind, a rental category the category page, anything else the 404 page. Which is which
 * is decided by resolvePage (lib/navigation.ts), on the server and again when the client hydrates.
 *
 * Links are plain anchors, so every navigation is a server render: it works without JavaScript,
 * and the client bundle carries no router. Measured: react-router's data router adds 32 KB of
 * gzip to the bundle, and even its matchRoutes alone 17 KB, against a 90 KB budget for a page
 * that has nothing to route on the client.
 */
import type { ComponentType } from 'react';
import type { RouteKind } from '../schema/routes';
import type { Page } from './lib/navigation';
import { AuthPage } from './pages/AuthPage';
import { CategoriesPage } from './pages/CategoriesPage';
import { CategoryPage } from './pages/CategoryPage';
import { ContactPage } from './pages/ContactPage';
import { ContentPage } from './pages/ContentPage';
import { HomePage } from './pages/HomePage';
import { ItemPage } from './pages/ItemPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { OnboardingPage } from './pages/OnboardingPage';
import { RentalsPage } from './pages/RentalsPage';
import { SearchPage } from './pages/SearchPage';
import { FavoritesPage } from './pages/FavoritesPage';
import { SetListPage } from './pages/SetListPage';
import { SetListsPage } from './pages/SetListsPage';
import { SharedSetListPage } from './pages/SharedSetListPage';

const SignupPage = () => <AuthPage mode="signup" />;
const LoginPage = () => <AuthPage mode="login" />;

const pageOf: Record<RouteKind, ComponentType> = {
  home: HomePage,
  rentals: RentalsPage,
  search: SearchPage,
  content: ContentPage,
  contact: ContactPage,
  categories: CategoriesPage,
  signup: SignupPage,
  login: LoginPage,
  onboarding: OnboardingPage,
  favorites: FavoritesPage,
  'set-lists': SetListsPage,
};

export function pageFor(page: Page): ComponentType {
  if (page.kind === 'route') return pageOf[page.route.kind];
  if (page.kind === 'item') return ItemPage;
  if (page.kind === 'set-list') return SetListPage;
  if (page.kind === 'shared-set-list') return SharedSetListPage;
  return page.kind === 'category' ? CategoryPage : NotFoundPage;
}
