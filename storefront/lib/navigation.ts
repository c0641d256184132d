/**
 * What the storefront shows for navigation, and which page a path is, from the tenant's config
 * alone (spec §2): the header (Rentals with a dropdown of the top-level rental categories,
 * Portfolio, a Menu dropdown of the configured links), the footer links, the social bar, and
 * the route table of schema/routes.ts plus one page per rental category, every other path a 404.
 */
import {
  ITEM_BASE_PATH,
  QUOTES_PATH,
  RENTALS_BASE_PATH,
  SET_LISTS_PATH,
  SHARED_SET_LIST_BASE_PATH,
  STOREFRONT_ROUTES,
  type StorefrontRoute,
} from '../../schema/routes';
import type { CategoryTree, SiteSettings } from '../../schema/types.generated';
import { rentalGroups } from '../../schema/rental-groups';
import type { ContentPageEntry } from '../../schema/configuration/configuration';

export interface NavItem {
  label: string;
  /** Absent for a dropdown that only opens. */
  href?: string;
  children?: NavItem[];
}

/**
 * A link target that may reach an href: http(s), mailto, tel, or a path on this site (not `//`,
 * which leaves it). Validation already refuses the rest; this is the second line of defence.
 */
export function safeHref(target: string | undefined): string | undefined {
  if (target === undefined) return undefined;
  if (/^(?:https?:\/\/|mailto:|tel:)/i.test(target)) return target;
  return /^\/(?!\/)/.test(target) ? target : undefined;
}

export function categoryHref(...slugs: string[]): string {
  return [RENTALS_BASE_PATH, ...slugs.map(encodeURIComponent)].join('/');
}

export function headerNavigation(site: SiteSettings, tree: CategoryTree): NavItem[] {
  return (site.headerLinks ?? []).map((link) => {
    const item: NavItem = { label: link.label, href: safeHref(link.target) };
    if (link.categoryDropdown)
      item.children = rentalGroups(tree).map((group) => ({ label: group.name, href: categoryHref(group.slug) }));
    else if (link.children?.length)
      item.children = link.children.map((child) => ({ label: child.label, href: safeHref(child.target) }));
    return item;
  });
}

export function footerNavigation(site: SiteSettings): NavItem[] {
  return (site.footerLinks ?? []).map((link) => ({ label: link.label, href: safeHref(link.target) }));
}

export function socialLinks(site: SiteSettings): Array<{ network: string; href: string }> {
  return (site.socialLinks ?? []).flatMap((link) => {
    const href = safeHref(link.url);
    return href ? [{ network: link.network, href }] : [];
  });
}

export type Page =
  | { kind: 'route'; route: StorefrontRoute }
  | {
      kind: 'category';
      trail: Array<{ name: string; slug: string; href: string }>;
      children: Array<{ name: string; href: string; count?: number }>;
    }
  /** An item's page; whether the item exists is the catalogue's to say (the page state's `item`). */
  | { kind: 'item'; objectID: string }
  /** One of the signed-in visitor's set lists (the page reads it from the API). */
  | { kind: 'set-list'; id: string }
  /** A set list shared by link; whether the link still works is the page state's `sharedSetList`. */
  | { kind: 'shared-set-list'; token: string }
  /** One of the signed-in visitor's quote requests (the page reads it from the API). */
  | { kind: 'quote'; id: string }
  | { kind: 'not-found' };

/** The one path segment after `base/`, decoded; undefined when there is none, more than one, or it is malformed. */
function segmentAfter(path: string, base: string): string | undefined {
  if (!path.startsWith(`${base}/`)) return undefined;
  const rest = path.slice(base.length + 1);
  if (!rest || rest.includes('/')) return undefined;
  try {
    return decodeURIComponent(rest);
  } catch {
    return undefined;
  }
}

const routesByPath = new Map(STOREFRONT_ROUTES.map((route) => [route.path, route]));

/**
 * The page a path shows: a route of the table, one of the tenant's content pages, a rental
 * category (group, category, subcategory), an item or set list, or not found.
 */
export function resolvePage(pathname: string, tree: CategoryTree, pages: readonly ContentPageEntry[]): Page {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const route = routesByPath.get(path);
  if (route) return { kind: 'route', route };
  const content = pages.find((page) => page.path === path);
  if (content) return { kind: 'route', route: { path, purpose: content.title, kind: 'content' } };
  if (path.startsWith(`${ITEM_BASE_PATH}/`)) {
    const objectID = segmentAfter(path, ITEM_BASE_PATH);
    return objectID === undefined ? { kind: 'not-found' } : { kind: 'item', objectID };
  }
  if (path.startsWith(`${SHARED_SET_LIST_BASE_PATH}/`)) {
    const token = segmentAfter(path, SHARED_SET_LIST_BASE_PATH);
    return token === undefined ? { kind: 'not-found' } : { kind: 'shared-set-list', token };
  }
  if (path.startsWith(`${QUOTES_PATH}/`)) {
    const id = segmentAfter(path, QUOTES_PATH);
    return id === undefined ? { kind: 'not-found' } : { kind: 'quote', id };
  }
  if (path.startsWith(`${SET_LISTS_PATH}/`)) {
    const id = segmentAfter(path, SET_LISTS_PATH);
    return id === undefined ? { kind: 'not-found' } : { kind: 'set-list', id };
  }
  if (!path.startsWith(`${RENTALS_BASE_PATH}/`)) return { kind: 'not-found' };
  let slugs: string[];
  try {
    slugs = path
      .slice(RENTALS_BASE_PATH.length + 1)
      .split('/')
      .map(decodeURIComponent);
  } catch {
    return { kind: 'not-found' };
  }
  if (slugs.length > 3) return { kind: 'not-found' };
  const [groupSlug, categorySlug, subSlug] = slugs;
  const group = rentalGroups(tree).find((g) => g.slug === groupSlug);
  if (!group) return { kind: 'not-found' };
  const trail = [{ name: group.name, slug: group.slug, href: categoryHref(group.slug) }];
  if (categorySlug === undefined)
    return {
      kind: 'category',
      trail,
      children: group.categories.map((c) => ({
        name: c.name,
        href: categoryHref(group.slug, c.slug),
        count: c.subcategories?.length ?? 0,
      })),
    };
  const category = group.categories.find((c) => c.slug === categorySlug);
  if (!category) return { kind: 'not-found' };
  trail.push({ name: category.name, slug: category.slug, href: categoryHref(group.slug, category.slug) });
  const subcategories = category.subcategories ?? [];
  if (subSlug === undefined)
    return {
      kind: 'category',
      trail,
      children: subcategories.map((s) => ({ name: s.name, href: categoryHref(group.slug, category.slug, s.slug) })),
    };
  const sub = subcategories.find((s) => s.slug === subSlug);
  if (!sub) return { kind: 'not-found' };
  trail.push({ name: sub.name, slug: sub.slug, href: categoryHref(group.slug, category.slug, sub.slug) });
  return { kind: 'category', trail, children: [] };
}
