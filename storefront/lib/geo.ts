/**
 * Where the visitor is, and which listed vendor is nearest (spec §9):
 * - no geolocation cookie → one call to the configured IP-location provider; its answer is kept
 *   in localStorage with an expiry (`site.geolocationCacheHours`, 24 by default);
 * - on any failure, the default location (`site.defaultLocation`, Hollywood by default);
 * - distance is haversine on a sphere of radius 6371 km; the nearest listed vendor is chosen.
 */
import { haversineKm, isGeoPoint as isPoint, type GeoPoint } from '../../schema/marketplace/distance';

export { EARTH_RADIUS_KM, haversineKm, type GeoPoint } from '../../schema/marketplace/distance';

/** The nearest of the listed vendors that have a location (ties: the first listed). */
export function nearestVendor<V extends { isListed?: boolean; _geoloc?: GeoPoint }>(
  vendors: readonly V[],
  from: GeoPoint,
): V | undefined {
  let best: { vendor: V; km: number } | undefined;
  for (const vendor of vendors) {
    if (vendor.isListed === false || !vendor._geoloc) continue;
    const km = haversineKm(from, vendor._geoloc);
    if (!best || km < best.km) best = { vendor, km };
  }
  return best?.vendor;
}

export interface StoredLocation extends GeoPoint {
  city?: string;
  country?: string;
}

/** The part of the Web Storage API the cache uses (localStorage in a browser). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const LOCATION_CACHE_KEY = 'backlot.location';

/** The cached location, unless it expired or does not parse (then it is removed). */
export function readCachedLocation(storage: KeyValueStorage, now = Date.now()): StoredLocation | undefined {
  const text = storage.getItem(LOCATION_CACHE_KEY);
  if (text === null) return undefined;
  try {
    const entry = JSON.parse(text) as { location?: StoredLocation; expiresAt?: number };
    if (typeof entry.expiresAt === 'number' && entry.expiresAt > now && isPoint(entry.location)) return entry.location;
  } catch {
    // fall through: a damaged entry is dropped like an expired one
  }
  storage.removeItem(LOCATION_CACHE_KEY);
  return undefined;
}

export function cacheLocation(
  storage: KeyValueStorage,
  location: StoredLocation,
  hours: number,
  now = Date.now(),
): void {
  storage.setItem(LOCATION_CACHE_KEY, JSON.stringify({ location, expiresAt: now + hours * 3_600_000 }));
}

export interface LocateOptions {
  /** Whether the request carried a geolocation cookie (then no lookup is made). */
  cookieLocation?: GeoPoint;
  storage: KeyValueStorage;
  /** One call to the IP-location provider. */
  lookup: () => Promise<StoredLocation>;
  defaultLocation: GeoPoint;
  cacheHours: number;
  now?: number;
}

/** The visitor's location: the cookie's, else the cached one, else one lookup, else the default. */
export async function locateVisitor(
  options: LocateOptions,
): Promise<{ location: GeoPoint; source: 'cookie' | 'cache' | 'lookup' | 'default' }> {
  if (options.cookieLocation && isPoint(options.cookieLocation))
    return { location: options.cookieLocation, source: 'cookie' };
  const cached = readCachedLocation(options.storage, options.now);
  if (cached) return { location: cached, source: 'cache' };
  try {
    const found = await options.lookup();
    if (!isPoint(found)) throw new Error('the location provider answered no usable point');
    cacheLocation(options.storage, found, options.cacheHours, options.now);
    return { location: found, source: 'lookup' };
  } catch {
    return { location: options.defaultLocation, source: 'default' };
  }
}

export interface IpLocationProvider {
  url: string;
  key?: string;
}

/**
 * The one call to the configured IP-location provider (spec §7): a GET with the key sent as the
 * `key` query parameter; its answer read as latitude/longitude or lat/lng (plus a city if any).
 * Throws on any failure, which locateVisitor turns into the default location.
 */
export async function lookupIpLocation(
  provider: IpLocationProvider,
  fetchImpl: typeof fetch = fetch,
): Promise<StoredLocation> {
  const url = new URL(provider.url);
  if (provider.key) url.searchParams.set('key', provider.key);
  const response = await fetchImpl(url, { headers: { accept: 'application/json' }, credentials: 'omit' });
  if (!response.ok) throw new Error(`the location provider answered ${response.status}`);
  const body = (await response.json()) as Record<string, unknown>;
  const lat = Number(body.latitude ?? body.lat);
  const lng = Number(body.longitude ?? body.lng ?? body.lon);
  const point: StoredLocation = { lat, lng, ...(typeof body.city === 'string' && { city: body.city }) };
  if (!isPoint(point) || !Number.isFinite(lat) || !Number.isFinite(lng))
    throw new Error('the location provider answered no usable point');
  return point;
}

export { LOCATION_COOKIE, placeCookies, readLocationCookie } from '../../schema/marketplace/distance';
