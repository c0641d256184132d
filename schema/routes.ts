/**
 * The storefront's routes (spec §2). Link targets in tenant config must resolve to one of
 * these, to a category page, to one of the tenant's own content pages, or be absolute. The
 * storefront's router reads the same table. Content pages are each tenant's own (pages.json:
 * their paths and titles); §2's content routes are the aviation tenant's pages.
 */
/** What a route shows; the storefront picks its page component by this. */
export type RouteKind =
  | 'home'
  | 'rentals'
  | 'search'
  | 'content'
  | 'contact'
  | 'categories'
  | 'signup'
  | 'login'
  | 'onboarding'
  | 'favorites'
  | 'set-lists'
  | 'quotes';

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
export const sharedSetListPath = (shareToken: string) =>
  `${SHARED_SET_LIST_BASE_PATH}/${encodeURIComponent(shareToken)}`;

/** A visitor's own quote requests (signed in), and one of them with its priced versions. */
export const QUOTES_PATH = '/quotes';
export const quoteHref = (id: string) => `${QUOTES_PATH}/${encodeURIComponent(id)}`;

export const STOREFRONT_ROUTES: readonly StorefrontRoute[] = [
  { path: '/', purpose: 'Home', kind: 'home' },
  { path: RENTALS_BASE_PATH, purpose: 'Catalogue base path', kind: 'rentals' },
  { path: '/search', purpose: 'Search the catalogue', kind: 'search' },
  { path: '/contact-us', purpose: 'Contact', kind: 'contact' },
  { path: '/categories', purpose: 'Categories', kind: 'categories' },
  { path: '/auth/signup', purpose: 'Sign up', kind: 'signup' },
  { path: '/auth/login', purpose: 'Log in', kind: 'login' },
  { path: '/onboarding/welcome', purpose: 'Welcome (after sign-up)', kind: 'onboarding' },
  { path: '/onboarding/profile', purpose: 'Your profile (after sign-up)', kind: 'onboarding' },
  { path: FAVORITES_PATH, purpose: 'Favourites', kind: 'favorites' },
  { path: SET_LISTS_PATH, purpose: 'Set lists', kind: 'set-lists' },
  { path: QUOTES_PATH, purpose: 'Your quotes', kind: 'quotes' },
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

/**
 * First path segments a content page may not take: the storefront's own routes and what the
 * server serves beside them (item pages and photos, images, the API, the console, previews).
 */
const RESERVED_SEGMENTS = new Set([
  ...STOREFRONT_ROUTES.map((route) => route.path.split('/')[1]!).filter(Boolean),
  'item',
  'items',
  'api',
  'assets',
  'admin',
  'preview',
]);

/** Why `path` cannot be a content page's address, or undefined when it can. */
export function contentPathProblem(path: string): string | undefined {
  if (!/^\/[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*){0,2}$/.test(path))
    return 'must be a site path of one to three lowercase words separated by / and -, e.g. /pages/about-us';
  const first = path.split('/')[1]!;
  if (RESERVED_SEGMENTS.has(first))
    return `/${first} belongs to the storefront itself (its ${first === 'rentals' ? 'catalogue' : 'own pages'}); choose another address, e.g. /pages${path}`;
  return undefined;
}

/**
 * True when `target` is absolute (http(s), mailto, tel), a storefront route, a category page, or
 * one of the tenant's content pages. Without the tenant's pages (a form that does not hold them),
 * any address a content page could take is accepted; the server, which has them, decides.
 */
export function resolvesToRoute(
  target: string,
  categoryPathSet: ReadonlySet<string>,
  contentPaths?: ReadonlySet<string>,
): boolean {
  if (/^(?:https?:\/\/|mailto:|tel:)/.test(target)) return true;
  const path = target.replace(/[?#].*$/, '');
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return (
    staticPaths.has(trimmed) ||
    categoryPathSet.has(trimmed) ||
    (contentPaths ? contentPaths.has(trimmed) : contentPathProblem(trimmed) === undefined)
  );
}

/** The platform's own tenant (its storefront is the platform's; ARCHITECTURE.md). */
export const PLATFORM_TENANT_ID = 'platform';

/** §2: where a visitor goes after their profile on a tenant is first made. */
export function onboardingPath(tenantId: string): string {
  return tenantId === PLATFORM_TENANT_ID ? '/onboarding/welcome' : '/onboarding/profile';
}

const AUTH_PATHS = new Set(
  STOREFRONT_ROUTES.filter((route) => route.kind === 'signup' || route.kind === 'login').map((route) => route.path),
);

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
