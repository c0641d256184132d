/**
 * A catalogue's places (the platform's houses) as seen from a visitor's point: each place's
 * distance, and the places nearest first. Both are made once per point and kept for the searches
 * that follow from it (visitors search from a few chosen places, and page on), until a place is
 * added. Before, every search measured every house again, and nearest-first looked for the nearest
 * house not yet read among all of them for each house it read: work that grew with the houses.
 */
import { nearestKm, type GeoPoint } from '../../../schema/marketplace/distance';

export interface SeenFrom {
  /** Per place, its distance from the point (km). */
  distances: Float64Array;
  /** The places, nearest first (equal distances: the place first added first). */
  nearestFirst: Int32Array;
}

/** Places a packed sort key holds (below): 2^21, with distances to the centimetre up to 2^32 cm (43,000 km). */
const PLACE_BITS = 21;
const PLACE_SCALE = 2 ** PLACE_BITS;
const CM_PER_KM = 100_000;

/**
 * The places' numbers, nearest first, equal distances (to the centimetre) by number. Each place is
 * one number, its distance in whole centimetres above its own number's bits, sorted by the typed
 * array's own numeric sort: a sort with a comparator called from JavaScript took 0.1 ms at 200
 * houses, every time a visitor came from a new point.
 */
export function nearestFirstOf(distances: Float64Array): Int32Array {
  const count = distances.length;
  const nearestFirst = new Int32Array(count);
  if (count > PLACE_SCALE) {
    for (let i = 0; i < count; i++) nearestFirst[i] = i;
    return nearestFirst.sort((a, b) => distances[a]! - distances[b]! || a - b);
  }
  const keys = new Float64Array(count);
  for (let i = 0; i < count; i++) keys[i] = Math.round(distances[i]! * CM_PER_KM) * PLACE_SCALE + i;
  keys.sort();
  for (let i = 0; i < count; i++) nearestFirst[i] = keys[i]! % PLACE_SCALE;
  return nearestFirst;
}

/** Points kept at most: the oldest goes when another comes (each costs 12 bytes a place). */
const KEPT_POINTS = 64;

export class PlaceDistances {
  private readonly kept = new Map<string, SeenFrom>();
  private placesSeen = 0;

  /** The places as seen from `near` (a place of several points, such as a house's stores, by its nearest); `places` only ever grows (a place keeps its number). */
  from(near: GeoPoint, places: ReadonlyArray<readonly GeoPoint[]>): SeenFrom {
    if (places.length !== this.placesSeen) {
      this.kept.clear();
      this.placesSeen = places.length;
    }
    const key = `${near.lat},${near.lng}`;
    const kept = this.kept.get(key);
    if (kept) {
      // Most recently used last, so the oldest is the first to go.
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept;
    }
    const distances = new Float64Array(places.length);
    for (let i = 0; i < places.length; i++) distances[i] = nearestKm(near, places[i]!);
    const seen = { distances, nearestFirst: nearestFirstOf(distances) };
    if (this.kept.size >= KEPT_POINTS) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, seen);
    return seen;
  }
}
