/**
 * Distance on the marketplace (spec §9): haversine on a sphere of radius 6371 km, and what a
 * visitor's location and radius may be. Pure and browser-safe: the server orders results by it and
 * the storefront shows it.
 */
import type { GeoPoint } from '../types.generated';

export type { GeoPoint };

export const EARTH_RADIUS_KM = 6371;

/** Half the earth's circumference: no two points are further apart. A radius beyond it filters nothing. */
export const MAX_RADIUS_KM = Math.PI * EARTH_RADIUS_KM;

/** The radii a visitor picks from, in the platform's unit (miles or km); any whole number of km from 1 to MAX_RADIUS_KM works in a URL. */
export const RADIUS_CHOICES = [25, 50, 100, 250, 500, 1000] as const;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

export function haversineKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** An item's places (`_geoloc`: one, or each store that keeps it), the usable ones. */
export const placesOf = (geoloc: GeoPoint | readonly GeoPoint[] | undefined): GeoPoint[] =>
  (Array.isArray(geoloc) ? geoloc : geoloc ? [geoloc] : []).filter(isGeoPoint);

/** How far the nearest of `places` is from `near` (Infinity for none). */
export const nearestKm = (near: GeoPoint, places: readonly GeoPoint[]): number =>
  places.reduce((nearest, place) => Math.min(nearest, haversineKm(near, place)), Infinity);

/** Whether a value is a usable position: two finite numbers within a latitude's and a longitude's range. */
export function isGeoPoint(value: unknown): value is GeoPoint {
  const point = value as GeoPoint | undefined;
  return (
    typeof point?.lat === 'number' &&
    typeof point.lng === 'number' &&
    Number.isFinite(point.lat) &&
    Number.isFinite(point.lng) &&
    Math.abs(point.lat) <= 90 &&
    Math.abs(point.lng) <= 180
  );
}

/** "lat,lng" (the location cookie's form) as a point; undefined unless it is exactly two such numbers. */
export function parseLatLng(text: string): GeoPoint | undefined {
  const parts = text.split(',');
  if (parts.length !== 2 || parts.some((part) => !/^\s*-?\d{1,3}(\.\d{1,10})?\s*$/.test(part))) return undefined;
  const point = { lat: Number(parts[0]), lng: Number(parts[1]) };
  return isGeoPoint(point) ? point : undefined;
}

/** A point as the location cookie keeps it: four decimals (about 11 m), enough to sort houses by. */
export const formatLatLng = (point: GeoPoint) => `${point.lat.toFixed(4)},${point.lng.toFixed(4)}`;

/**
 * A radius from a URL (`?within=`): a whole number of km from 1 to MAX_RADIUS_KM. Anything else
 * (0, a negative, 1e9, words) is no radius, and the page says it was left out.
 */
export function parseRadiusKm(text: string | null | undefined): number | undefined {
  if (!text || !/^\d{1,6}$/.test(text)) return undefined;
  const km = Number(text);
  return km >= 1 && km <= MAX_RADIUS_KM ? km : undefined;
}

/** The cookie a visitor's chosen location is kept in ("lat,lng"); when present, no lookup is made. */
export const LOCATION_COOKIE = 'backlot_location';
/** The name of that place as the visitor chose it ("Atlanta", "Near me"), shown as text. */
export const PLACE_COOKIE = 'backlot_place';

/**
 * The two cookies that keep a chosen place (`document.cookie` takes one at a time), for `seconds`:
 * a year when the visitor chose it, the IP lookup's cache lifetime when looked up.
 */
export function placeCookies(
  point: GeoPoint,
  name: string | undefined,
  seconds: number,
  secure: boolean,
): [string, string] {
  const attributes = `; path=/; max-age=${Math.round(seconds)}; samesite=lax${secure ? '; secure' : ''}`;
  return [
    `${LOCATION_COOKIE}=${encodeURIComponent(formatLatLng(point))}${attributes}`,
    `${PLACE_COOKIE}=${encodeURIComponent((name ?? '').slice(0, 60))}${attributes}`,
  ];
}

function cookieValue(cookieHeader: string, name: string): string | undefined {
  const value = cookieHeader
    .split(/;\s*/)
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  if (!value) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined; // a malformed escape: no value rather than an error
  }
}

/** The visitor's chosen point; undefined when the cookie is absent or not exactly two numbers in range. */
export const readLocationCookie = (cookieHeader: string): GeoPoint | undefined => {
  const value = cookieValue(cookieHeader, LOCATION_COOKIE);
  return value === undefined ? undefined : parseLatLng(value);
};

/** The chosen place's name: plain text, at most 60 characters. */
export const readPlaceCookie = (cookieHeader: string): string | undefined =>
  cookieValue(cookieHeader, PLACE_COOKIE)
    ?.replace(/[\p{C}<>]/gu, '')
    .trim()
    .slice(0, 60) || undefined;
