/**
 * What a catalogue page adds to its state, and the key it is kept by: a listing (/rentals, a
 * category, /search) searches with the query in its URL, within its category; an item page reads
 * its item and items like it; the home page and listings with category cards add the cards'
 * pictures; a shared set list reads the list. The storefront plugin renders what this gives.
 */
import { itemSummary } from '../../schema/catalogue-search';
import type { CardPicture } from '../../schema/card-pictures';
import type { StorefrontConfiguration } from '../../schema/configuration/configuration';
import { parseListingId } from '../../schema/marketplace/listings';
import { rentalGroups } from '../../schema/rental-groups';
import { parseRentalDates, type RentalDates } from '../../schema/rental/rental-dates';
import { PLATFORM_TENANT_ID } from '../../schema/routes';
import type { Item } from '../../schema/types.generated';
import type { PageState } from '../../storefront/document/state';
import { catalogueHref, parseCatalogueQuery, PER_PAGE } from '../../storefront/lib/catalogue-query';
import { categoryHref, resolvePage } from '../../storefront/lib/navigation';
import { cardPictures, firstPhotoIn, relatedItems, type SetLists } from '../catalogue';
import { quoteSettingsOf } from '../rental';
import type { TenantStore } from '../stores/tenant-store';
import { marketplaceState, placeKey, platformListing, visitorPlace, type PlatformPageStores } from './platform-pages';

const HOUR_MS = 60 * 60 * 1000;

export interface CataloguePageSources extends PlatformPageStores {
  tenantStore: TenantStore;
  setLists: SetLists;
  /** The tenant's catalogue version: any item change makes new pages. */
  catalogueVersion(tenantId: string): number;
}

/** A catalogue page's state and its cache key (undefined: not kept); undefined for every other page. */
export type CataloguePage = { key: string | undefined; state: () => Promise<Partial<PageState>> } | undefined;

export function cataloguePages(sources: CataloguePageSources) {
  /** Per tenant, each branch's first item photo, for the catalogue version they were found in. */
  const branchPhotos = new Map<string, { version: number; photos: Map<string, Promise<CardPicture | undefined>> }>();
  const firstPhoto = (tenantId: string) => (slugs: string[]) => {
    const version = sources.catalogueVersion(tenantId);
    let known = branchPhotos.get(tenantId);
    if (known?.version !== version) branchPhotos.set(tenantId, (known = { version, photos: new Map() }));
    const key = slugs.join('/');
    let photo = known.photos.get(key);
    if (!photo) {
      const cache = known.photos;
      // A failed search is not kept: the next page asks again.
      photo = firstPhotoIn(sources.catalogueSearch, tenantId, slugs).catch((error: unknown) => {
        cache.delete(key);
        throw error;
      });
      cache.set(key, photo);
    }
    return photo;
  };

  /** How many of an item are free on some dates, as the item page's availability API says. */
  async function freeOnDates(tenantId: string, item: Item, dates: RentalDates): Promise<number | undefined> {
    const stored = await sources.tenantStore.get(tenantId);
    if (!stored) return undefined;
    return (
      await sources.keptAvailability.free(tenantId, [item], dates, quoteSettingsOf(stored.tenant), new Date())
    ).get(item.objectID);
  }

  /** Every listed house's bookings version together (undefined when a store cannot say for one): what a dated platform page is kept by. */
  function housesBookingsVersion(): string | undefined {
    const versions: string[] = [];
    for (const house of sources.marketplace.listedHouses()) {
      const version = sources.quoteRequests.bookingsVersion(house.id);
      if (version === undefined) return undefined;
      versions.push(`${house.id}:${version}`);
    }
    return versions.join(',');
  }

  /** A listed house's item as the platform shows it, or null when the house is not listed or the item is gone. */
  async function listingFor(houseId: string, objectID: string): Promise<Item | null> {
    await sources.marketplace.loaded();
    const item = sources.marketplace.house(houseId) && (await sources.itemStore.get(houseId, objectID));
    return (item && sources.marketplace.listing(houseId, item)) ?? null;
  }

  /** What a kit includes, in its order, each component as a card draws it (`shown`: as this site lists it). */
  async function kitPartsOf(
    tenantId: string,
    item: Item | null,
    shown: (part: Item) => Item | undefined,
  ): Promise<NonNullable<PageState['kitComponents']>> {
    if (!item?.kit) return [];
    const parts = await sources.itemStore.getMany(
      tenantId,
      item.kit.components.map((component) => component.objectID),
    );
    return item.kit.components.flatMap((component) => {
      const part = parts.find((candidate) => candidate.objectID === component.objectID);
      const listed = part && shown(part);
      return listed ? [{ quantity: component.quantity, item: itemSummary(listed) }] : [];
    });
  }

  /**
   * What a catalogue page adds to its state: a listing (/rentals, a category, /search) searches
   * with the query in its URL, within its category; an item page reads its item and items like
   * it; the home page and listings with category cards add the cards' pictures. Its cache key
   * holds the normalised query, the catalogue's version (any item change makes new pages) and
   * the hour ("new" badges are judged from it). Undefined for every other page.
   */
  function cataloguePage(
    tenantId: string,
    path: string,
    url: string,
    configuration: StorefrontConfiguration,
    cookies: string | undefined,
  ): CataloguePage {
    const resolved = resolvePage(path, configuration.categories, configuration.pages);
    const hour = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS).toISOString();
    // The platform's pages measure from the visitor's place: pages differ by it.
    const platform = tenantId === PLATFORM_TENANT_ID;
    const place = platform ? visitorPlace(cookies, configuration.site.defaultLocation!) : undefined;
    const version = `${sources.catalogueVersion(tenantId)}@${hour}${place ? `@${placeKey(place)}` : ''}`;
    if (resolved.kind === 'shared-set-list') {
      // Not kept: the list changes with its owner's edits, and its link can stop working any time.
      return {
        key: undefined,
        state: async (): Promise<Partial<PageState>> => {
          const list = await sources.setLists.shared(tenantId, resolved.token);
          const view = list && (await sources.setLists.view(list));
          return {
            sharedSetList: view
              ? {
                  name: view.name,
                  ...(view.notes && { notes: view.notes }),
                  lines: view.lines,
                  updatedAt: view.updatedAt,
                }
              : null,
          };
        },
      };
    }
    if (resolved.kind === 'item') {
      // Asked for with shoot dates (a shared link, a crawler, a slow phone): rendered with them and
      // how many are free, and not kept (any hold changes it); without them, kept as before.
      const dates = parseRentalDates(new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?')) : ''));
      const booked = dates && sources.quoteRequests.bookingsVersion(tenantId);
      return {
        // With dates, kept while no booking of the tenant changes (and the hour holds: pencils lapse by the day).
        key: dates
          ? booked === undefined
            ? undefined
            : `${path}?from=${dates.from}&to=${dates.to}#${version}#${booked}`
          : `${path}#${version}`,
        state: async (): Promise<Partial<PageState>> => {
          const listed = platform ? parseListingId(resolved.objectID) : undefined;
          if (listed) {
            const listing = await listingFor(listed.houseId, listed.objectID);
            // A house's kit is one listing; its pieces are shown as the platform lists them.
            const kitComponents = await kitPartsOf(listed.houseId, listing, (part) =>
              sources.marketplace.listing(listed.houseId, part),
            );
            return {
              item: listing,
              now: hour,
              ...(place && { marketplace: marketplaceState(sources.marketplace, place) }),
              ...(kitComponents.length && { kitComponents }),
            };
          }
          const item = (await sources.itemStore.get(tenantId, resolved.objectID)) ?? null;
          const free = item && dates ? await freeOnDates(tenantId, item, dates) : undefined;
          const kitComponents = await kitPartsOf(tenantId, item, (part) => part);
          return {
            item,
            now: hour,
            ...(item && { related: await relatedItems(sources.catalogueSearch, tenantId, item) }),
            ...(kitComponents.length && { kitComponents }),
            ...(dates && free !== undefined && { itemDates: { ...dates, free } }),
          };
        },
      };
    }
    // The category cards a page shows (home and /rentals: the rental groups; a category: its children), with their pictures.
    const pictures = async () => {
      const cards =
        resolved.kind === 'category'
          ? resolved.children.map((child) => child.href)
          : resolved.kind === 'route' && (resolved.route.kind === 'home' || resolved.route.kind === 'rentals')
            ? rentalGroups(configuration.categories).map((group) => categoryHref(group.slug))
            : [];
      return cards.length
        ? { cardPictures: await cardPictures(configuration.categories, cards, firstPhoto(tenantId)) }
        : {};
    };
    if (resolved.kind === 'route' && resolved.route.kind === 'home')
      return {
        key: `${path}#${version}`,
        state: async () => ({
          ...(await pictures()),
          ...(place && { marketplace: marketplaceState(sources.marketplace, place) }),
        }),
      };
    const listing =
      resolved.kind === 'category' ||
      (resolved.kind === 'route' && (resolved.route.kind === 'rentals' || resolved.route.kind === 'search'));
    if (!listing) return undefined;
    const query = parseCatalogueQuery(
      url.includes('?') ? url.slice(url.indexOf('?')) : '',
      (configuration.site.customFields ?? []).map((field) => field.slug),
    );
    const [group, category, subcategory] =
      resolved.kind === 'category' ? resolved.trail.map((crumb) => crumb.slug) : [];
    const dates = query.dates;
    const stock = {
      turnaroundDays: configuration.site.turnaroundDays!,
      timezone: configuration.vendor.timezone ?? 'UTC',
    };
    // With shoot dates the page says what is free: kept only while no booking of the tenant changes
    // (bookingsVersion, which follows every server's writes on a shared store), and never when the store cannot say.
    // On the platform the dates are every listed house's: kept while none of their bookings change.
    const booked = dates && (place ? housesBookingsVersion() : sources.quoteRequests.bookingsVersion(tenantId));
    return {
      // A radius set aside is said on the page: not the page without one.
      key: dates
        ? booked === undefined
          ? undefined
          : `${catalogueHref(path, query)}#${version}#${booked}`
        : `${catalogueHref(path, query)}#${version}${query.ignoredWithin ? '#ignored-within' : ''}`,
      state: async (): Promise<Partial<PageState>> => {
        const now = new Date();
        if (place) {
          const found = await platformListing(
            sources,
            {
              text: query.text,
              filters: {
                ...query.filters,
                ...(group && {
                  category: { group, ...(category && { category }), ...(subcategory && { subcategory }) },
                }),
              },
              sort: query.sort,
              page: query.page,
              perPage: PER_PAGE,
              ...(query.withinKm !== undefined && { withinKm: query.withinKm }),
              ...(dates && { dates, availableOnly: query.availableOnly }),
            },
            place,
            now,
          );
          return {
            catalogue: {
              query,
              ...found,
              now: hour,
              marketplace: marketplaceState(
                sources.marketplace,
                place,
                (found.facets.vendors ?? []).map((value) => value.value),
              ),
            },
            ...(await pictures()),
          };
        }
        const onDates =
          dates && query.availableOnly
            ? await sources.keptAvailability.onDates(tenantId, dates, stock, now)
            : undefined;
        const result = await sources.catalogueSearch.search(tenantId, {
          text: query.text,
          filters: {
            ...query.filters,
            ...(group && { category: { group, ...(category && { category }), ...(subcategory && { subcategory }) } }),
          },
          sort: query.sort,
          page: query.page,
          perPage: PER_PAGE,
          ...(onDates && { exclude: onDates.bookedOut }),
        });
        const free =
          dates && result.hits.length
            ? Object.fromEntries(
                onDates
                  ? await onDates.free(result.hits)
                  : await sources.keptAvailability.free(tenantId, result.hits, dates, stock, now),
              )
            : undefined;
        // A kit is booked out when a component is: what only the count shows (bookedOut names items with stock).
        const shown = onDates ? result.hits.filter((hit) => !hit.kit || (free?.[hit.objectID] ?? 0) > 0) : result.hits;
        // Lists carry no long descriptions: the state block stays small.
        const hits = shown.map(itemSummary);
        return {
          catalogue: {
            query,
            total: result.total - (result.hits.length - shown.length),
            hits,
            facets: result.facets,
            now: hour,
            ...(free && { free }),
          },
          ...(await pictures()),
        };
      },
    };
  }

  return cataloguePage;
}
