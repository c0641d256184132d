/**
 * A house's item as the platform's catalogue holds it (a listing): the item itself, under an id
 * that names its house (two houses may both have an "economy-triple"), placed in the platform's
 * category tree, at its house's location, and carrying its house for the cards. Pure and
 * browser-safe: the server builds listings, the storefront reads their ids from URLs.
 */
import type { CategoryPath, CategoryTree, GeoPoint, Item, SiteSettings, VendorConfig } from '../types.generated';
import type { House } from './houses';

/** A listing's id: `<houseId>~<objectID>` (neither a tenant id nor a slug can hold a "~"). */
export const LISTING_SEPARATOR = '~';

export const listingIdOf = (houseId: string, objectID: string) => `${houseId}${LISTING_SEPARATOR}${objectID}`;

/** The house and item a listing id names, or undefined when it names none. */
export function parseListingId(listingId: string): { houseId: string; objectID: string } | undefined {
  const at = listingId.indexOf(LISTING_SEPARATOR);
  if (at < 1 || at !== listingId.lastIndexOf(LISTING_SEPARATOR) || at === listingId.length - 1) return undefined;
  return { houseId: listingId.slice(0, at), objectID: listingId.slice(at + 1) };
}

export type Listing = Item & {
  /** The house that rents it out, as the cards show it. */
  house: House;
  /** Its id in its house's own catalogue. */
  houseObjectID: string;
};

export const isListing = (item: Item): item is Listing => 'house' in item && 'houseObjectID' in item;

/** What of the platform's own configuration places a listing: its category tree and custom fields. */
export interface PlatformShape {
  groups: CategoryTree['groups'];
  customFields?: SiteSettings['customFields'];
}

type Tree = Pick<PlatformShape, 'groups'>;

function hasPath(tree: Tree, path: CategoryPath): boolean {
  const category = tree.groups
    .find((group) => group.slug === path.group)
    ?.categories.find((candidate) => candidate.slug === path.category);
  if (!category) return false;
  return (
    path.subcategory === undefined || Boolean(category.subcategories?.some((sub) => sub.slug === path.subcategory))
  );
}

const pathFrom = (text: string): CategoryPath | undefined => {
  const [group, category, subcategory] = text.split('/');
  return group && category ? { group, category, ...(subcategory && { subcategory }) } : undefined;
};

/**
 * Where an item goes in the platform's tree: its own path when the platform has it (a house made
 * from the platform's tree), else the house's `marketplaceCategories` entry for its category, then
 * for its group, when the platform has that path; else its own path, which no platform category
 * page holds (the item is still found by search and on /rentals).
 */
export function platformCategoryOf(
  path: CategoryPath,
  platform: Tree,
  map: VendorConfig['marketplaceCategories'],
): CategoryPath {
  if (hasPath(platform, path)) return path;
  for (const key of [`${path.group}/${path.category}`, path.group]) {
    const target = map?.[key] && pathFrom(map[key]);
    if (target && hasPath(platform, target)) return target;
  }
  return path;
}

/**
 * An item's custom field values the platform knows (its own fields and options): a house's own
 * fields ("rooms" of an aviation house) are its own storefront's, and would be facets nobody can name.
 */
function platformFieldsOf(values: Item['customFields'], fields: PlatformShape['customFields']): Item['customFields'] {
  if (!values) return undefined;
  const kept: NonNullable<Item['customFields']> = {};
  for (const field of fields ?? []) {
    const known = (values[field.slug] ?? []).filter((option) =>
      field.options.some((candidate) => candidate.slug === option),
    );
    if (known.length) kept[field.slug] = known;
  }
  return Object.keys(kept).length ? kept : undefined;
}

/**
 * Where a listing is kept: the house's place, or for a house with several stores each store that
 * keeps some of it (the main store keeps what the others do not), so nearest-first measures to the
 * store a production would collect from.
 */
function placesOfListing(item: Item, house: House): Pick<Listing, '_geoloc'> {
  if (!house.stores?.length || !item.storeStock?.length) return house.location ? { _geoloc: house.location } : {};
  const atOthers = (id: string) => item.storeStock!.find((each) => each.store === id)?.quantity ?? 0;
  const others = house.stores.filter((store) => atOthers(store.id) > 0).map((store) => store.location);
  const mainKeeps = item.quantity - house.stores.reduce((sum, store) => sum + atOthers(store.id), 0) > 0;
  const places = [...(mainKeeps && house.location ? [house.location] : []), ...others];
  if (!places.length) return house.location ? { _geoloc: house.location } : {};
  return { _geoloc: places.length === 1 ? places[0]! : (places as [GeoPoint, ...GeoPoint[]]) };
}

/** The listing of a house's item. */
export function listingOf(
  item: Item,
  house: House,
  platform: PlatformShape,
  map: VendorConfig['marketplaceCategories'],
): Listing {
  const { customFields, ...rest } = item;
  const fields = platformFieldsOf(customFields, platform.customFields);
  return {
    ...rest,
    ...(fields && { customFields: fields }),
    objectID: listingIdOf(house.id, item.objectID),
    vendorId: house.id,
    category: platformCategoryOf(item.category, platform, map),
    ...placesOfListing(item, house),
    house,
    houseObjectID: item.objectID,
  };
}
