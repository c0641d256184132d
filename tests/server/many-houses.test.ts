/**
 * A platform page's size does not grow with the number of houses: with 23 listed houses the home
 * page lists the dozen nearest and links to every house's items, the places to measure from are
 * those houses' cities, and a listing's vendors facet offers the twelve houses with the most
 * matches (and any selected), saying how many more match. Real app, file tenants, embedded search.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleItem } from '../contract/item-store.contract';
import { generateTenants } from '../helpers/repo-copy';
import { buildTestApp, withShippedHouses, type TestApp } from '../helpers/server';

const PLATFORM = 'platform.localhost';
/** Houses made from the small test tenant, each further east. */
const MADE = 20;

let t: TestApp;
let houses: string[];
beforeAll(async () => {
  t = await buildTestApp({
    beforeStart: async (tenants) => {
      await withShippedHouses(tenants);
      houses = await generateTenants(tenants, MADE);
      for (const [index, id] of houses.entries()) {
        const file = path.join(tenants, id, 'vendor.json');
        const vendor = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
        Object.assign(vendor, {
          isListed: true,
          displayName: `House ${index + 1}`,
          _geoloc: { lat: 40, lng: -100 + index * 2 },
          address: { line1: '1 Main Street', city: `Town ${index + 1}`, zip: '10001', country: 'US' },
        });
        await writeFile(file, JSON.stringify(vendor, null, 2));
      }
    },
  });
  // One item at each new house (two at the last), heard by the platform's catalogue as they are written.
  for (const [index, id] of houses.entries())
    await t.app.itemStore.putMany(
      id,
      Array.from({ length: index === MADE - 1 ? 2 : 1 }, (_, n) =>
        sampleItem(`cockpit-${n}`, { vendorId: id, category: { group: 'sets', category: 'cockpits' } }),
      ),
    );
}, 120_000);
afterAll(() => t.close());

const page = async (url: string) => {
  const answer = await t.app.inject({ url, headers: { host: PLATFORM } });
  expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
  return answer.body;
};

describe('the platform with many houses', () => {
  it('lists the dozen nearest houses on its home page, offers their places, and links to every house’s items', async () => {
    const home = await page('/');
    const listed = [...home.matchAll(/<span class="house-name">([^<]+)<\/span>/g)].map((match) => match[1]);
    expect(listed).toHaveLength(11); // the nearest leads on its own
    expect(home).toContain('23 rental houses on Backlot: the 12 nearest');
    expect(home).toContain('Browse all 23 houses’ items');
    // The places offered before a letter is typed: the default and the nearest houses' towns.
    const places = [...home.matchAll(/<option value="([^"]+)"/g)].map((match) => match[1]);
    expect(places[0]).toBe('Hollywood (the default)');
    expect(places.length).toBeGreaterThan(2);
    expect(places.length).toBeLessThanOrEqual(13);
    expect(places).not.toContain('Town 20, US'); // the furthest east: not among the nearest
  });

  it('finds any listed house’s town as the visitor types it, however far, and nothing else', async () => {
    const places = async (q: string, host = PLATFORM) => {
      const answer = await t.app.inject({ url: `/api/places?q=${encodeURIComponent(q)}`, headers: { host } });
      return { status: answer.statusCode, body: answer.json() };
    };
    const found = await places('town 2');
    expect(found.status).toBe(200);
    expect(found.body.places).toEqual([
      { name: 'Town 2, US', lat: 40, lng: -98 },
      { name: 'Town 20, US', lat: 40, lng: -62 },
    ]);
    expect((await places('LOND')).body.places.map((place: { name: string }) => place.name)).toEqual(['London, GB']);
    // Every word must start one of the town's: "own 2" is no town's beginning.
    expect((await places('own 2')).body.places).toEqual([]);
    // No more than a list shows; hostile text is only text.
    expect((await places('town')).body.places).toHaveLength(12);
    expect((await places('town<script>')).body.places).toEqual([]);
    expect((await places('.*(')).body.places).toEqual((await places('')).body.places); // no words: any town
    expect((await places('x'.repeat(81))).status).toBe(400);
    // A house's storefront measures from its own place.
    const atHouse = await places('town', 'aviation.localhost');
    expect(atHouse.status).toBe(404);
    expect(atHouse.body.message).toMatch(/one house/);
  });

  it('offers the twelve houses with the most matches in a listing’s vendors facet, and says how many more match', async () => {
    const vendorsOf = (html: string) => [...html.matchAll(/name="vendor" value="([^"]+)"/g)].map((match) => match[1]);
    // 23 houses with items: the shipped three and the twenty made here, once the platform has heard them all.
    await expect.poll(async () => (await page('/rentals')).includes('11 more houses match.')).toBe(true);
    const listing = await page('/rentals');
    expect(vendorsOf(listing)).toHaveLength(12);
    expect(vendorsOf(listing)).toContain(houses.at(-1)); // two matches: among the most
    const first = houses[0]!;
    const chosen = await page(`/rentals?vendor=${first}`);
    expect(vendorsOf(chosen)).toContain(first);
    expect(chosen).toContain('House 1<');
  });
});
