/**
 * The search settings (server/config.ts): BACKLOT_SEARCH=embedded (the default) or algolia, whose
 * settings are refused with a one-line message each when wrong; and a server built with
 * BACKLOT_SEARCH=algolia serving catalogue pages from Algolia: here A STAND-IN for Algolia's REST
 * API on 127.0.0.1 (tests/helpers/algolia-stand-in.ts), not Algolia, so this proves the wiring,
 * not Algolia's behaviour (see tests/contract/algolia-search.test.ts for what it does not prove).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../schema/types.generated';
import { STATE_ELEMENT_ID, type PageState } from '../../storefront/document/state';
import { configFromEnv } from '../../server/config';
import { sampleItem } from '../contract/item-store.contract';
import { startAlgoliaStandIn, type AlgoliaStandIn } from '../helpers/algolia-stand-in';
import { buildTestApp, type TestApp } from '../helpers/server';

const ALGOLIA = { BACKLOT_SEARCH: 'algolia', BACKLOT_ALGOLIA_APP_ID: 'APP123', BACKLOT_ALGOLIA_API_KEY: 'write-key' };

describe('search settings', () => {
  const config = (env: Record<string, string>) => configFromEnv(env, '/srv/backlot');
  const refusal = (env: Record<string, string>) => {
    try {
      config(env);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error(`accepted ${JSON.stringify(env)}`);
  };

  it('defaults to the embedded index', () => {
    expect(config({}).search).toEqual({ provider: 'embedded' });
    expect(config({ BACKLOT_SEARCH: '' }).search).toEqual({ provider: 'embedded' });
    expect(config({ BACKLOT_SEARCH: 'embedded', BACKLOT_ALGOLIA_APP_ID: 'ignored' }).search).toEqual({
      provider: 'embedded',
    });
  });

  it('reads Algolia’s settings, with the index prefix backlot unless set', () => {
    expect(config(ALGOLIA).search).toEqual({
      provider: 'algolia',
      appId: 'APP123',
      apiKey: 'write-key',
      indexPrefix: 'backlot',
    });
    expect(
      config({ ...ALGOLIA, BACKLOT_ALGOLIA_INDEX_PREFIX: 'staging_v2', BACKLOT_ALGOLIA_HOST: 'http://127.0.0.1:7700/' })
        .search,
    ).toEqual({
      provider: 'algolia',
      appId: 'APP123',
      apiKey: 'write-key',
      indexPrefix: 'staging_v2',
      host: 'http://127.0.0.1:7700',
    });
    expect(config({ ...ALGOLIA, BACKLOT_ALGOLIA_HOST: 'https://algolia-proxy.example.com' }).search).toMatchObject({
      host: 'https://algolia-proxy.example.com',
    });
  });

  it('refuses a wrong setting with one plain line naming it', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ BACKLOT_SEARCH: 'elastic' }, 'BACKLOT_SEARCH must be "embedded" or "algolia", not "elastic"'],
      [{ BACKLOT_SEARCH: 'Algolia' }, 'BACKLOT_SEARCH must be "embedded" or "algolia", not "Algolia"'],
      [
        { BACKLOT_SEARCH: 'algolia' },
        'BACKLOT_SEARCH=algolia needs BACKLOT_ALGOLIA_APP_ID and BACKLOT_ALGOLIA_API_KEY; missing BACKLOT_ALGOLIA_APP_ID, BACKLOT_ALGOLIA_API_KEY',
      ],
      [
        { BACKLOT_SEARCH: 'algolia', BACKLOT_ALGOLIA_APP_ID: 'APP123' },
        'BACKLOT_SEARCH=algolia needs BACKLOT_ALGOLIA_APP_ID and BACKLOT_ALGOLIA_API_KEY; missing BACKLOT_ALGOLIA_API_KEY',
      ],
      [
        { BACKLOT_SEARCH: 'algolia', BACKLOT_ALGOLIA_API_KEY: 'write-key', BACKLOT_ALGOLIA_APP_ID: '  ' },
        'BACKLOT_SEARCH=algolia needs BACKLOT_ALGOLIA_APP_ID and BACKLOT_ALGOLIA_API_KEY; missing BACKLOT_ALGOLIA_APP_ID',
      ],
      [
        { ...ALGOLIA, BACKLOT_ALGOLIA_INDEX_PREFIX: 'my index' },
        'BACKLOT_ALGOLIA_INDEX_PREFIX must be up to 64 letters, digits, "-" or "_" (starting with a letter or digit), not "my index"',
      ],
      [
        { ...ALGOLIA, BACKLOT_ALGOLIA_INDEX_PREFIX: '_x' },
        'BACKLOT_ALGOLIA_INDEX_PREFIX must be up to 64 letters, digits, "-" or "_" (starting with a letter or digit), not "_x"',
      ],
      [
        { ...ALGOLIA, BACKLOT_ALGOLIA_HOST: 'localhost:7700' },
        'BACKLOT_ALGOLIA_HOST must be an http or https URL with no path, such as http://127.0.0.1:8080, not "localhost:7700"',
      ],
      [
        { ...ALGOLIA, BACKLOT_ALGOLIA_HOST: 'ftp://127.0.0.1' },
        'BACKLOT_ALGOLIA_HOST must be an http or https URL with no path, such as http://127.0.0.1:8080, not "ftp://127.0.0.1"',
      ],
      [
        { ...ALGOLIA, BACKLOT_ALGOLIA_HOST: 'https://proxy.example.com/algolia' },
        'BACKLOT_ALGOLIA_HOST must be an http or https URL with no path, such as http://127.0.0.1:8080, not "https://proxy.example.com/algolia"',
      ],
      [
        { ...ALGOLIA, BACKLOT_ALGOLIA_HOST: 'https://user:secret@proxy.example.com' },
        'BACKLOT_ALGOLIA_HOST must be an http or https URL with no path, such as http://127.0.0.1:8080, not "https://user:secret@proxy.example.com"',
      ],
    ];
    for (const [env, message] of cases) {
      const got = refusal(env);
      expect(got, JSON.stringify(env)).toBe(message);
      expect(got).not.toContain('\n');
    }
  });

  it('never shows the API key in a refusal', () => {
    expect(refusal({ ...ALGOLIA, BACKLOT_ALGOLIA_HOST: 'nope' })).not.toContain('write-key');
    expect(refusal({ BACKLOT_SEARCH: 'algolia', BACKLOT_ALGOLIA_API_KEY: 'write-key' })).not.toContain('write-key');
  });
});

const AVIATION = 'aviation.localhost';
const seat = (objectID: string, overrides: Partial<Item>) =>
  sampleItem(objectID, {
    category: { group: 'seats', category: 'economy' },
    customFields: { eras: ['1970s-wide-body-era'] },
    ...overrides,
  });
const ITEMS = [
  seat('tweed-triple', {
    name: 'Boeing 737 Economy Triple, Blue Tweed',
    colors: ['Blue'],
    rates: { day: 175, week: 525 },
  }),
  seat('red-double', {
    name: 'Economy Double, Red Leather',
    colors: ['Red'],
    rates: { day: 140 },
    customFields: { eras: ['1990s'] },
  }),
  seat('grey-row', { name: 'Economy Row of Four, Grey', colors: ['Grey'], rates: { day: 260 } }),
  sampleItem('galley-cart', {
    name: 'Atlas Full-Size Galley Cart',
    category: { group: 'set-dressing', category: 'carts-and-trolleys' },
    colors: ['Silver'],
    rates: { day: 85 },
  }),
];

function stateOf(html: string): PageState {
  const match = new RegExp(`<script type="application/json" id="${STATE_ELEMENT_ID}">(.*?)</script>`, 's').exec(html);
  return JSON.parse(match![1]!) as PageState;
}

describe('a server with BACKLOT_SEARCH=algolia (against a stand-in for Algolia, not Algolia)', () => {
  let standIn: AlgoliaStandIn;
  let t: TestApp;
  beforeAll(async () => {
    standIn = await startAlgoliaStandIn({ appId: 'APP123', apiKey: 'write-key' });
    t = await buildTestApp({
      env: { ...ALGOLIA, BACKLOT_ALGOLIA_HOST: standIn.url, BACKLOT_ALGOLIA_INDEX_PREFIX: 'server' },
      beforeStart: (tenants) =>
        writeFile(path.join(tenants, 'aviation', 'catalogue.json'), JSON.stringify({ items: ITEMS })),
    });
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  const get = (url: string) => t.app.inject({ url, headers: { host: AVIATION } });

  it('uses the Algolia adapter, each tenant in its own index', async () => {
    // The catalogue was loaded into the stand-in at start: the embedded index would have sent nothing.
    await get('/rentals');
    expect(
      standIn
        .records('server_aviation')
        ?.map((record) => record.objectID)
        .sort(),
    ).toEqual(['galley-cart', 'grey-row', 'red-double', 'tweed-triple']);
    expect(standIn.records('server_aviation_price_asc')).toHaveLength(4);
  });

  it('serves a filtered, sorted category page from Algolia, colours counted OR within the facet', async () => {
    standIn.requests.length = 0;
    const page = await get('/rentals/seats/economy?color=Blue&color=Red&sort=price-asc');
    expect(page.statusCode).toBe(200);
    const state = stateOf(page.body);
    expect(state.catalogue!.hits.map((hit) => hit.objectID)).toEqual(['red-double', 'tweed-triple']);
    expect(state.catalogue!.total).toBe(2);
    expect(state.catalogue!.facets.colors).toEqual([
      { value: 'Blue', count: 1, selected: true },
      { value: 'Grey', count: 1, selected: false },
      { value: 'Red', count: 1, selected: true },
    ]);
    expect(page.body).toContain('Economy Double, Red Leather');
    expect(page.body).not.toContain('Economy Row of Four, Grey</');
    // It was Algolia's answer: one multi-query, on the price replica, with the colour query beside it
    // (the subcategory cards' photos are searches of their own, with no colour).
    const sent = standIn.requests.filter(
      (request) => request.path === '/1/indexes/*/queries' && JSON.stringify(request.body).includes('colors:Blue'),
    );
    expect(sent).toHaveLength(1);
    const [main, colours] = (sent[0]!.body as { requests: Array<Record<string, unknown>> }).requests;
    expect(main).toMatchObject({
      indexName: 'server_aviation_price_asc',
      facetFilters: [['category.group:seats'], ['category.category:economy'], ['colors:Blue', 'colors:Red']],
    });
    expect(colours).toMatchObject({ indexName: 'server_aviation', facets: ['colors'], hitsPerPage: 0 });
  });

  it('filters by a custom field and price, and finds by word on /search', async () => {
    expect(stateOf((await get('/rentals/seats?eras=1990s')).body).catalogue!.hits.map((hit) => hit.objectID)).toEqual([
      'red-double',
    ]);
    expect(stateOf((await get('/rentals?price=50-100')).body).catalogue!.hits.map((hit) => hit.objectID)).toEqual([
      'galley-cart',
    ]);
    expect(stateOf((await get('/search?q=galley')).body).catalogue!.hits.map((hit) => hit.objectID)).toEqual([
      'galley-cart',
    ]);
  });

  it('shows a changed item on the next render, once Algolia has it', async () => {
    await t.app.itemStore.update('aviation', 'grey-row', (item) => ({
      ...item,
      name: 'Economy Row of Four, Charcoal',
    }));
    await expect
      .poll(async () => (await get('/rentals/seats/economy')).body)
      .toContain('Economy Row of Four, Charcoal');
    expect(standIn.records('server_aviation')!.find((record) => record.objectID === 'grey-row')).toMatchObject({
      name: 'Economy Row of Four, Charcoal',
    });
  });
});
