/**
 * Which page a path is and what it is called, for the status code, the `<title>` and the page's
 * own heading: §2 routes are named by the tenant's own link labels where it has one (its footer
 * says "Prop & Set Rentals", so does the title), content pages by their stored title.
 */
import type { RouteKind } from '../../schema/routes';
import type { StorefrontConfiguration } from '../../schema/configuration/configuration';
import { resolvePage, type Page } from '../lib/navigation';
import { messages } from '../i18n/messages';
import type { Item } from '../../schema/types.generated';
import type { SharedSetList } from '../../schema/set-list-views';
import type { PageContent } from './state';

export interface PageMeta {
  page: Page;
  status: 200 | 404;
  /** The page's name; the document title is `name | appTitle`, or meta.title on the home page. */
  name: string;
  documentTitle: string;
  description: string;
  /** Private or unlisted pages (a visitor's own lists, a shared list's link) ask search engines to leave them out. */
  noindex?: boolean;
}

const kindNames: Partial<Record<RouteKind, string>> = {
  signup: messages.signUp,
  login: messages.logIn,
  rentals: messages.rentalsHeading,
  search: messages.searchHeading,
  categories: messages.categoriesHeading,
  contact: messages.contactHeading,
  favorites: messages.favoritesHeading,
  'set-lists': messages.setListsHeading,
  quotes: messages.quotesHeading,
};

/** Routes that show a visitor's own things: never indexed. */
const privateKinds: ReadonlySet<RouteKind> = new Set([
  'favorites',
  'set-lists',
  'quotes',
  'onboarding',
  'signup',
  'login',
]);

/** The label the tenant's own links give a path, header children first, then the footer. */
export function linkLabelFor(configuration: StorefrontConfiguration, path: string): string | undefined {
  const { site } = configuration;
  for (const link of site.headerLinks ?? []) {
    if (link.target === path && !link.categoryDropdown) return link.label;
    for (const child of link.children ?? []) if (child.target === path) return child.label;
  }
  return (site.footerLinks ?? []).find((link) => link.target === path)?.label;
}

/** What the page state found for the path: an item page's item, a shared list's list (null: none). */
export interface PageFinds {
  item?: Pick<Item, 'name' | 'description'> | null;
  sharedSetList?: Pick<SharedSetList, 'name' | 'notes'> | null;
}

export function pageMeta(
  configuration: StorefrontConfiguration,
  pathname: string,
  content: PageContent | null,
  { item, sharedSetList }: PageFinds = {},
): PageMeta {
  const { site } = configuration;
  const page = resolvePage(pathname, configuration.categories, configuration.pages);
  const appTitle = site.appTitle;
  const metaDescription = site.meta?.description ?? '';
  const named = (name: string, description = metaDescription): PageMeta => ({
    page,
    status: 200,
    name,
    documentTitle: `${name} | ${appTitle}`,
    description,
  });
  const notFound: PageMeta = {
    page,
    status: 404,
    name: messages.notFoundHeading,
    documentTitle: `${messages.notFoundHeading} | ${appTitle}`,
    description: metaDescription,
  };
  switch (page.kind) {
    case 'not-found':
      return notFound;
    case 'set-list':
      return { ...named(messages.setListHeading), noindex: true };
    case 'quote':
      return { ...named(messages.quotePageHeading), noindex: true };
    case 'shared-set-list':
      return sharedSetList
        ? {
            ...named(
              sharedSetList.name,
              sharedSetList.notes?.slice(0, 160) || messages.sharedSetListDescription(site.appTitle),
            ),
            noindex: true,
          }
        : { ...notFound, noindex: true };
    case 'category':
      return named(
        page.trail
          .map((crumb) => crumb.name)
          .reverse()
          .join(' · '),
      );
    case 'item':
      if (!item) return notFound;
      return named(item.name, item.description?.slice(0, 160) || metaDescription);
    case 'route': {
      const { route } = page;
      if (route.kind === 'home')
        return {
          page,
          status: 200,
          name: appTitle,
          documentTitle: site.meta?.title ?? appTitle,
          description: metaDescription,
        };
      if (route.kind === 'onboarding')
        return named(route.path.endsWith('/welcome') ? messages.onboardingWelcome : messages.onboardingProfile);
      const name =
        (route.kind === 'content' ? content?.title : undefined) ??
        linkLabelFor(configuration, route.path) ??
        kindNames[route.kind] ??
        route.purpose;
      return {
        ...named(name, (route.kind === 'content' ? content?.description : undefined) || metaDescription),
        ...(privateKinds.has(route.kind) && { noindex: true }),
      };
    }
  }
}
