/**
 * The platform's houses as seen from a visitor's point (server/search/engine/place-distances.ts):
 * nearest first, ties by the place added first, kept per point until a place is added.
 */
import { describe, expect, it } from 'vitest';
import { haversineKm } from '../../../schema/marketplace/distance';
import { nearestFirstOf, PlaceDistances } from '../../../server/search/engine/place-distances';

const burbank = { lat: 34.18, lng: -118.31 };
const atlanta = { lat: 33.75, lng: -84.39 };
const london = { lat: 51.51, lng: -0.13 };
const nearBurbank = { lat: 34.1, lng: -118.3 };

describe('PlaceDistances', () => {
  it('measures each place from the point and orders them nearest first, ties by the first added', () => {
    const places = [[london], [atlanta], [burbank], [{ ...atlanta }]];
    const seen = new PlaceDistances().from(nearBurbank, places);
    expect([...seen.nearestFirst]).toEqual([2, 1, 3, 0]);
    expect(seen.distances[0]).toBeCloseTo(haversineKm(nearBurbank, london), 6);
    expect(seen.distances[2]).toBeLessThan(10);
  });

  it('keeps what it measured for the next search from the same point, and measures again once a place is added', () => {
    const kept = new PlaceDistances();
    const places = [[atlanta], [london]];
    const first = kept.from(nearBurbank, places);
    expect(kept.from({ ...nearBurbank }, places)).toBe(first);
    places.push([burbank]);
    const after = kept.from(nearBurbank, places);
    expect(after).not.toBe(first);
    expect([...after.nearestFirst]).toEqual([2, 0, 1]);
  });

  it("measures a place of several points (a house's stores) to its nearest", () => {
    const seen = new PlaceDistances().from(nearBurbank, [
      [london, atlanta],
      [atlanta, burbank],
    ]);
    expect([...seen.nearestFirst]).toEqual([1, 0]);
    expect(seen.distances[0]).toBeCloseTo(haversineKm(nearBurbank, atlanta), 6);
    expect(seen.distances[1]).toBeCloseTo(haversineKm(nearBurbank, burbank), 6);
  });

  it('keeps 64 points at most, letting the least recently used go', () => {
    const kept = new PlaceDistances();
    const places = [[atlanta], [london]];
    const first = kept.from({ lat: 0, lng: 0 }, places);
    const second = kept.from({ lat: 0, lng: 1 }, places);
    for (let i = 2; i < 64; i++) kept.from({ lat: 0, lng: i }, places);
    expect(kept.from({ lat: 0, lng: 0 }, places)).toBe(first);
    kept.from({ lat: 0, lng: 64 }, places);
    expect(kept.from({ lat: 0, lng: 0 }, places)).toBe(first);
    expect(kept.from({ lat: 0, lng: 1 }, places)).not.toBe(second);
  });

  it('orders hundreds of places as a full sort does, equal distances by number, the antipode last', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
    const places = Array.from({ length: 500 }, () => ({ lat: random() * 170 - 85, lng: random() * 360 - 180 }));
    // Ties: the same place again, and a place on the other side of the earth (the largest distance).
    places.push({ ...places[3]! }, { ...places[3]! }, { lat: -34.1, lng: 61.7 });
    const seen = new PlaceDistances().from(
      nearBurbank,
      places.map((place) => [place]),
    );
    const sorted = places.map((_, i) => i).sort((a, b) => seen.distances[a]! - seen.distances[b]! || a - b);
    expect([...seen.nearestFirst]).toEqual(sorted);
    expect(seen.nearestFirst.at(-1)).toBe(502);
    expect([...nearestFirstOf(new Float64Array([5, 0, 5, 20_037.5]))]).toEqual([1, 0, 2, 3]);
  });
});
