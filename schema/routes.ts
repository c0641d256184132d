/**
 * The storefront's routes (spec §2). Link targets in tenant config must resolve to one of
 * these, to a category page, or be absolute. The storefront's router reads the same table.
 */
export interface StorefrontRoute {
  path: string;
  purpose: string;
}

export const RENTALS_BASE_PATH = '/rentals';

export const STOREFRONT_ROUTES: readonly StorefrontRoute[] = [
  { path: '/', purpose: 'Home' },
  { path: RENTALS_BASE_PATH, purpose: 'Catalogue base path' },
  { path: '/pages/portfolio/all-projects', purpose: 'Portfolio' },
  { path: '/forms-and-faqs', purpose: 'Forms and FAQs' },
  { path: '/pages/about-us', purpose: 'About Us' },
  { path: '/pages/custom-aviation-sets', purpose: 'Custom Sets' },
  { path: '/pages/credits', purpose: 'Credits' },
  { path: '/pages/resources-and-links', purpose: 'Resources and Links' },
  { path: '/pages/testimonials', purpose: 'Testimonials' },
  { path: '/pages/tips', purpose: 'TIPS' },
  { path: '/contact-us', purpose: 'Contact' },
  { path: '/categories', purpose: 'Categories' },
  { path: '/auth/signup', purpose: 'Sign up' },
  { path: '/auth/login', purpose: 'Log in' },
  { path: '/onboarding/welcome', purpose: "Onboarding for the platform's own tenant" },
  { path: '/onboarding/profile', purpose: 'Onboarding for other tenants' },
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

/** The site-relative paths of every rental category page: /rentals/<group>[/<category>[/<subcategory>]]. */
export function categoryPaths(tree: CategoryPaths): Set<string> {
  const paths = new Set<string>();
  for (const group of tree.groups) {
    if ((group.kind ?? 'rental') !== 'rental') continue;
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
