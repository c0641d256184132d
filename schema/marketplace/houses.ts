/**
 * The houses the platform lists (spec §3: vendor `isListed`, `_geoloc`): what the marketplace
 * shows of each, and whether it is listed at all. Pure and browser-safe.
 */
import { withDefaults } from '../defaults';
import type { Tenant } from '../types.generated';
import { haversineKm, isGeoPoint, type GeoPoint } from './distance';

/** A listed house as the platform's pages show it beside each of its items. */
export interface House {
  id: string;
  name: string;
  city?: string;
  /** State, county or region, as the address has it. */
  region?: string;
  /** ISO 3166-1 alpha-2. */
  country?: string;
  /** Its items are priced in it, never converted. */
  currency: string;
  locale: string;
  timezone: string;
  /** How many days' notice it wants before a hire starts (its site.maxRequestLeadTimeDays): a date picker on the platform starts where the house's does. */
  leadDays?: number;
  /** Where its stock is collected; a house without one is listed after every house with one. */
  location?: GeoPoint;
  /** Its other stores, each a place its stock is collected from: nearest-first measures to the nearest. */
  stores?: Array<{ id: string; name: string; city?: string; region?: string; country?: string; location: GeoPoint }>;
}

/** The nearest place a house's stock is collected from (its own, or one of its other stores'), and how far. */
function nearestPlaceOf(
  house: Pick<House, 'location' | 'stores'>,
  from: GeoPoint,
): { km: number; place?: Pick<House, 'city' | 'region' | 'country'> } {
  let nearest: { km: number; place?: Pick<House, 'city' | 'region' | 'country'> } = {
    km: house.location ? haversineKm(from, house.location) : Infinity,
  };
  for (const { location, name: _name, id: _id, ...place } of house.stores ?? []) {
    const km = haversineKm(from, location);
    if (km < nearest.km) nearest = { km, place: { city: undefined, region: undefined, country: undefined, ...place } };
  }
  return nearest;
}

/**
 * Listed: the vendor says so (`isListed`, true when absent as the schema's default says) and it is
 * not the platform itself. A house that goes unlisted leaves the platform's catalogue; its own
 * storefront, requests and orders go on.
 */
export function isListedHouse(tenantId: string, tenant: Pick<Tenant, 'vendor'>, platformId: string): boolean {
  return tenantId !== platformId && tenant.vendor.isListed !== false;
}

/** What the platform shows of a tenant, or undefined when it is not listed. */
export function houseOf(
  tenantId: string,
  tenant: Pick<Tenant, 'vendor' | 'site'>,
  platformId: string,
): House | undefined {
  if (!isListedHouse(tenantId, tenant, platformId)) return undefined;
  const { vendor, site } = tenant;
  const address = vendor.address;
  // The stores besides the main one (the vendor's own address and location), where they have a location.
  const others = (vendor.stores ?? []).slice(1).flatMap((store) =>
    isGeoPoint(store._geoloc)
      ? [
          {
            id: store.id,
            name: store.name,
            ...(store.address?.city && { city: store.address.city }),
            ...(store.address?.state && { region: store.address.state }),
            ...(store.address?.country && { country: store.address.country }),
            location: { lat: store._geoloc.lat, lng: store._geoloc.lng },
          },
        ]
      : [],
  );
  return {
    id: tenantId,
    name: vendor.displayName,
    ...(address?.city && { city: address.city }),
    ...(address?.state && { region: address.state }),
    ...(address?.country && { country: address.country }),
    currency: site.currency ?? 'USD',
    locale: site.locale ?? 'en',
    timezone: vendor.timezone ?? 'UTC',
    leadDays: withDefaults('site', site).maxRequestLeadTimeDays!,
    ...(isGeoPoint(vendor._geoloc) && { location: { lat: vendor._geoloc.lat, lng: vendor._geoloc.lng } }),
    ...(others.length && { stores: others }),
  };
}

/** Whether two descriptions of a house differ in anything its listings show. */
export const sameHouse = (a: House | undefined, b: House | undefined) => JSON.stringify(a) === JSON.stringify(b);

/** "Sun Valley, CA" or "London, GB": where a house is, for a card. */
export const housePlace = (house: Pick<House, 'city' | 'region' | 'country'>) =>
  [house.city, house.region ?? house.country].filter(Boolean).join(', ');

/** A place to measure distances from: a listed house's town, at that house. */
export interface Place extends GeoPoint {
  name: string;
}

/** Letters without accents, in lower case: "São Paulo" is found by "sao". */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The towns of `houses` whose words start with every word of `text` ("lon" finds "London, GB",
 * "san j" "San Jose, CA"), each once, by name, at most `limit`: the platform's place search, so
 * that a visitor can measure from any house's town however many houses there are.
 */
export function placesMatching(
  houses: readonly Pick<House, 'city' | 'region' | 'country' | 'location' | 'stores'>[],
  text: string,
  limit: number,
): Place[] {
  const asked = folded(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const found = new Map<string, Place>();
  // Each store's town is a place too.
  for (const house of houses.flatMap((each) => [each, ...(each.stores ?? [])])) {
    const name = housePlace(house);
    if (!house.location || !name || found.has(name)) continue;
    const words = folded(name).split(/[^\p{L}\p{N}]+/u);
    if (asked.every((word) => words.some((candidate) => candidate.startsWith(word))))
      found.set(name, { name, lat: house.location.lat, lng: house.location.lng });
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name)).slice(0, limit);
}

/**
 * The houses nearest first, each with its distance from `from` in km (spec §9: "the nearest vendor
 * is chosen" is the first); a house without a location comes last, by name. With `first`, only the
 * first that many and any `also` keeps are returned, still in that order.
 */
export function nearestFirst<H extends Pick<House, 'name' | 'location' | 'stores'>>(
  houses: readonly H[],
  from: GeoPoint,
  { first = Infinity, also = () => false }: { first?: number; also?: (house: H) => boolean } = {},
): Array<H & { km?: number }> {
  // To the nearest of its stores: a card then names that store's town.
  const nearestOf = houses.map((house) => nearestPlaceOf(house, from));
  const km = nearestOf.map((nearest) => nearest.km);
  const before = (a: number, b: number) => km[a]! - km[b]! || houses[a]!.name.localeCompare(houses[b]!.name);
  const indexes = houses.map((_, index) => index);
  // Only the first few are put in order (a platform page keeps a dozen of hundreds): sorting every
  // house at every page grew with the number of houses. Copies are made only of those kept.
  let kept = indexes;
  if (first >= houses.length) kept.sort(before);
  else {
    const nearest = firstFew(indexes, first, before);
    const taken = new Set(nearest);
    kept = [...nearest, ...indexes.filter((index) => !taken.has(index) && also(houses[index]!)).sort(before)];
  }
  return kept.map((index) =>
    km[index] === Infinity ? { ...houses[index]! } : { ...houses[index]!, ...nearestOf[index]!.place, km: km[index] },
  );
}

/** The `count` first of `indexes` in `before` order, in that order (one pass, a short list kept sorted). */
function firstFew(indexes: readonly number[], count: number, before: (a: number, b: number) => number): number[] {
  if (count <= 0) return [];
  const few: number[] = [];
  for (const index of indexes) {
    if (few.length === count && before(index, few[count - 1]!) >= 0) continue;
    let at = few.length;
    while (at > 0 && before(index, few[at - 1]!) < 0) at--;
    few.splice(at, 0, index);
    if (few.length > count) few.pop();
  }
  return few;
}
