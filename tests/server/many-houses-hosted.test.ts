/**
 * The platform at 200 houses on the path the README gives past one machine: tenants and items in
 * Firestore (Google's emulator, a project of this test's own), search in Algolia (a STAND-IN of
 * Algolia's REST API on 127.0.0.1, tests/helpers/algolia-stand-in.ts, not Algolia: it proves the
 * wiring and the platform's use of it, not Algolia's ranking). Every house is heard; a platform page
 * carries the dozen nearest, counts the rest and stays small; a listing's vendors facet offers a
 * dozen and says how many more match; nearest first holds across all 200; and a town far beyond
 * the nearest dozen is found by typing it.
 */
import { createTestDatabase, emulatorHost, type TestDatabase } from '../helpers/firestore';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTenant } from '../../schema/node/loader';
import type { Tenant } from '../../schema/types.generated';
import { sampleItem } from '../contract/item-store.contract';
import { startAlgoliaStandIn, type AlgoliaStandIn } from '../helpers/algolia-stand-in';
import { tenantsDir } from '../helpers/paths';
import { generateTenants } from '../helpers/repo-copy';
import { buildTestApp, type TestApp } from '../helpers/server';

const { FirestoreTenantStore } = await import('../../server/stores/firestore-tenant-store');

const PLATFORM = 'platform.localhost';
const HOUSES = 200;
/** Writes to the emulator at once: enough to be quick, few enough for a busy machine. */
const AT_ONCE = 20;

let database: TestDatabase;
let standIn: AlgoliaStandIn;
let scratch: string;
let t: TestApp;

async function inBatches<T>(values: readonly T[], work: (value: T, index: number) => Promise<unknown>) {
  for (let start = 0; start < values.length; start += AT_ONCE)
    await Promise.all(values.slice(start, start + AT_ONCE).map((value, n) => work(value, start + n)));
}

beforeAll(async () => {
  database = await createTestDatabase('backlot-many-houses');
  scratch = await mkdtemp(path.join(tmpdir(), 'backlot-many-houses-'));
  const houses = await generateTenants(scratch, HOUSES);
  // The platform and 200 houses, pushed as `backlot push` would; each house further from Hollywood.
  const tenants = await FirestoreTenantStore.open({ firestore: database.firestore, watch: false });
  await tenants.create('platform', (await loadTenant(path.join(tenantsDir, 'platform'))).tenant as Tenant, 'seed');
  await inBatches(houses, async (id, index) => {
    const tenant = (await loadTenant(path.join(scratch, id))).tenant as Tenant;
    Object.assign(tenant.vendor, {
      isListed: true,
      displayName: `House ${index + 1}`,
      _geoloc: { lat: 34.2 + index * 0.05, lng: -118.33 },
      address: { line1: '1 Main Street', city: `Town ${index + 1}`, zip: '10001', country: 'US' },
    });
    await tenants.create(id, tenant, 'seed');
  });
  await tenants.close();
  process.env.GOOGLE_CLOUD_PROJECT = database.projectId;
  standIn = await startAlgoliaStandIn({ appId: 'APP123', apiKey: 'write-key' });
  t = await buildTestApp({
    env: {
      BACKLOT_STORE: 'firestore',
      FIRESTORE_EMULATOR_HOST: emulatorHost,
      GOOGLE_CLOUD_PROJECT: database.projectId,
      BACKLOT_SEARCH: 'algolia',
      BACKLOT_ALGOLIA_APP_ID: 'APP123',
      BACKLOT_ALGOLIA_API_KEY: 'write-key',
      BACKLOT_ALGOLIA_HOST: standIn.url,
      BACKLOT_ALGOLIA_INDEX_PREFIX: 'many',
    },
  });
  // One item at each house, two at the last: heard by the platform's catalogue as they are written.
  await inBatches(houses, (id, index) =>
    t.app.itemStore.putMany(
      id,
      Array.from({ length: index === HOUSES - 1 ? 2 : 1 }, (_, n) =>
        sampleItem(`cockpit-${n}`, { vendorId: id, category: { group: 'sets', category: 'cockpits' } }),
      ),
    ),
  );
}, 300_000);

afterAll(async () => {
  await t?.close();
  await standIn?.close();
  delete process.env.GOOGLE_CLOUD_PROJECT;
  await database?.cleanup();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const page = async (url: string) => {
  const answer = await t.app.inject({ url, headers: { host: PLATFORM } });
  expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
  return answer.body;
};

describe('the platform at 200 houses, on Firestore and Algolia', () => {
  it('hears every house, lists the nearest first, and keeps its pages to the nearest dozen', async () => {
    const vendorsOf = (html: string) => [...html.matchAll(/name="vendor" value="([^"]+)"/g)].map((match) => match[1]);
    // 200 houses with items, twelve offered in the vendors facet, the last house (two matches, the
    // most) among them, once Algolia has published every item: a page is kept until then.
    await expect
      .poll(async () => {
        const listing = await page('/rentals');
        return listing.includes('188 more houses match.') && vendorsOf(listing).includes(`t${HOUSES}`);
      })
      .toBe(true);
    expect(standIn.records('many_platform')).toHaveLength(HOUSES + 1);
    const listing = await page('/rentals');
    expect(vendorsOf(listing)).toHaveLength(12);
    // Nearest first from Hollywood (the default place): House 1, then House 2.
    const cards = [...listing.matchAll(/<span class="house-name">([^<]+)<\/span>/g)].map((match) => match[1]);
    expect(cards.slice(0, 2)).toEqual(['House 1, Town 1, US', 'House 2, Town 2, US']);

    const home = await page('/');
    expect(home).toContain(`${HOUSES} rental houses on Backlot: the 12 nearest`);
    // What the page carries does not grow with the houses: the dozen nearest, not 200.
    expect(home).not.toContain('Town 13, US');
    expect(home.length).toBeLessThan(60_000);
  });

  it('finds a town far beyond the nearest dozen as it is typed', async () => {
    const answer = await t.app.inject({ url: '/api/places?q=town 199', headers: { host: PLATFORM } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().places).toEqual([
      { name: 'Town 199, US', lat: expect.closeTo(34.2 + 198 * 0.05, 6), lng: -118.33 },
    ]);
  });
});
