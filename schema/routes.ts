/**
 * The storefront's routes (spec §2). Link targets in tenant config must resolve to one of
 * these, to a category page, or be absolute. The storefront's router reads the same table.
 */
/** What a route shows; the storefront picks its page component by this. */
export type RouteKind = 'home' | 'rentals' | 'search' | 'content' | 'contact' | 'categories' | 'signup' | 'login' | 'onboarding' | 'favorites' | 'set-lists';

export interface StorefrontRoute {
  path: string;
  purpose: string;
  kind: RouteKind;
}

export const RENTALS_BASE_PATH = '/rentals';

/** Where each item has its page: /item/<objectID>. */
export const ITEM_BASE_PATH = '/item';
export const itemHref = (objectID: string) => `${ITEM_BASE_PATH}/${encodeURIComponent(objectID)}`;

/** A signed-in visitor's favourite items. */
export const FAVORITES_PATH = '/favorites';
/** A visitor's own set lists (signed in), and one of them. */
export const SET_LISTS_PATH = '/set-lists';
export const setListHref = (id: string) => `${SET_LISTS_PATH}/${encodeURIComponent(id)}`;
/** A set list shared read-only by link: anyone with the link sees it, signed in or not. */
export const SHARED_SET_LIST_BASE_PATH = `${SET_LISTS_PATH}/shared`;
export const sharedSetListPath = (shareToken: string) => `${SHARED_SET_LIST_BASE_PATH}/${encodeURIComponent(shareToken)}`;

export const STOREFRONT_ROUTES: readonly StorefrontRoute[] = [
  { path: '/', purpose: 'Home', kind: 'home' },
  { path: RENTALS_BASE_PATH, purpose: 'Catalogue base path', kind: 'rentals' },
  { path: '/search', purpose: 'Search the catalogue', kind: 'search' },
  { path: '/pages/portfolio/all-projects', purpose: 'Portfolio', kind: 'content' },
  { path: '/forms-and-faqs', purpose: 'Forms and FAQs', kind: 'content' },
  { path: '/pages/about-us', purpose: 'About Us', kind: 'content' },
  { path: '/pages/custom-aviation-sets', purpose: 'Custom Sets', kind: 'content' },
  { path: '/pages/credits', purpose: 'Credits', kind: 'content' },
  { path: '/pages/resources-and-links', purpose: 'Resources and Links', kind: 'content' },
  { path: '/pages/testimonials', purpose: 'Testimonials', kind: 'content' },
  { path: '/pages/tips', purpose: 'TIPS', kind: 'content' },
  { path: '/contact-us', purpose: 'Contact', kind: 'contact' },
  { path: '/categories', purpose: 'Categories', kind: 'categories' },
  { path: '/auth/signup', purpose: 'Sign up', kind: 'signup' },
  { path: '/auth/login', purpose: 'Log in', kind: 'login' },
  { path: '/onboarding/welcome', purpose: "Onboarding for the platform's own tenant", kind: 'onboarding' },
  { path: '/onboarding/profile', purpose: 'Onboarding for other tenants', kind: 'onboarding' },
  { path: FAVORITES_PATH, purpose: 'Favourites', kind: 'favorites' },
  { path: SET_LISTS_PATH, purpose: 'Set lists', kind: 'set-lists' },
];

const staticPaths = new Set(STOREFRONT_ROUTES.map((route) => route.path));

/** Minimal view of the category tree the router needs: rental groups and their slugs. */
export interface CategoryPaths {
  groups: ReadonlyArray<{
    slug: string;
    kind?: string;
    categories: ReadonlyArray<{ slug: string; subcategories?: ReadonlyArray<{ slug: string }> }>;
  }>;
}

/** Rental groups are browsed by visitors; service groups only carry GL codes (kind defaults to rental). */
export const isRentalGroup = (group: { kind?: string }): boolean => (group.kind ?? 'rental') === 'rental';

/** The site-relative paths of every rental category page: /rentals/<group>[/<category>[/<subcategory>]]. */
export function categoryPaths(tree: CategoryPaths): Set<string> {
  const paths = new Set<string>();
  for (const group of tree.groups) {
    if (!isRentalGroup(group)) continue;
    const groupPath = `${RENTALS_BASE_PATH}/${group.slug}`;
    paths.add(groupPath);
    for (const category of group.categories) {
      const categoryPath = `${groupPath}/${category.slug}`;
      paths.add(categoryPath);
      for (const sub of category.subcategories ?? []) paths.add(`${categoryPath}/${sub.slug}`);
    }
  }
  return paths;
}

/** True when `target` is absolute (http(s), mailto, tel) or a known storefront or category path. */
export function resolvesToRoute(target: string, categoryPathSet: ReadonlySet<string>): boolean {
  if (/^(?:https?:\/\/|mailto:|tel:)/.test(target)) return true;
  const path = target.replace(/[?#].*$/, '');
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return staticPaths.has(trimmed) || categoryPathSet.has(trimmed);
}

/** The platform's own tenant (its storefront is the platform's; ARCHITECTURE.md). */
export const PLATFORM_TENANT_ID = 'platform';

/** §2: where a visitor goes after their profile on a tenant is first made. */
export function onboardingPath(tenantId: string): string {
  return tenantId === PLATFORM_TENANT_ID ? '/onboarding/welcome' : '/onboarding/profile';
}

const AUTH_PATHS = new Set(STOREFRONT_ROUTES.filter((route) => route.kind === 'signup' || route.kind === 'login').map((route) => route.path));

/**
 * §2: after login, the stored redirect target; `/` when it is absent or a sign-up or login page.
 * Only a site-relative path is followed (never another site: `//host` or a scheme), so a crafted
 * link cannot send a visitor elsewhere after they log in.
 */
export function redirectAfterLogin(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  const path = target.replace(/[?#].*$/, '').replace(/\/+$/, '') || '/';
  return AUTH_PATHS.has(path) ? '/' : target;
}

