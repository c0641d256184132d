/**
 * The Algolia SearchIndex (server/search/algolia-search.ts), through the official `algoliasearch`
 * client, against the SearchIndex contract, pointed at A STAND-IN for Algolia's REST API
 * (tests/helpers/algolia-stand-in.ts, on 127.0.0.1): not Algolia. Plus what only this adapter has:
 * one multi-query per search, disjunctive facet queries, facet values escaped, writes awaited.
 *
 * What this does NOT prove, the stand-in being a small model written from Algolia's documentation:
 * - Algolia's ranking (its tie-breaking criteria beyond attribute order and the sort attributes),
 *   its typo tolerance, stop words, plurals, synonyms beyond one word for another, word segmentation of non-Latin scripts, and
 *   its case-insensitive facet values; nor that it sorts a standard replica by a string attribute
 *   (`nameKey`) as the stand-in does;
 * - real quotas and limits (operations per plan, records and request sizes, rate limits), latency,
 *   retries across Algolia's hosts and timeouts;
 * - eventual consistency timing: the stand-in publishes a task 15 ms after it, in order; Algolia
 *   takes from milliseconds to minutes, and replicas lag on their own;
 * - API key scopes (ACLs, secured keys, referers): the stand-in checks only that the app id and key
 *   are the ones it was started with;
 * - that facetFilters read a value literally after the first colon with only a leading "-" as
 *   syntax (Algolia's documentation and its InstantSearch helper say so; the stand-in assumes it).
 * A run against a real Algolia application is the only proof of those.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AlgoliaSearchIndex } from '../../server/search/algolia-search';
import { startAlgoliaStandIn, type AlgoliaStandIn } from '../helpers/algolia-stand-in';
import { CATALOGUE, searchIndexContract, searchItem } from './search-index.contract';

async function adapterOnStandIn(options: { indexingDelayMs?: number; approximateFacetCountsFrom?: number } = {}) {
  const standIn = await startAlgoliaStandIn(options);
  const index = new AlgoliaSearchIndex({
    appId: standIn.appId,
    apiKey: standIn.apiKey,
    indexPrefix: 'contract',
    host: standIn.url,
  });
  return { index, standIn, close: () => standIn.close() };
}

searchIndexContract('algolia (against a stand-in for its REST API, not Algolia)', adapterOnStandIn);

describe('AlgoliaSearchIndex on the stand-in: what only this adapter does', () => {
  let standIn: AlgoliaStandIn;
  let index: AlgoliaSearchIndex;
  let close: () => Promise<void>;
  beforeEach(async () => {
    ({ index, standIn, close } = await adapterOnStandIn({ indexingDelayMs: 40 }));
    await index.replaceAll('props', CATALOGUE);
    standIn.requests.length = 0;
  });
  afterEach(() => close());

  const queries = () =>
    standIn.requests
      .filter((request) => request.path === '/1/indexes/*/queries')
      .map((request) => (request.body as { requests: Array<Record<string, unknown>> }).requests);

  it('makes one index per tenant with a standard replica per sort order, records carrying priceBin', async () => {
    expect(standIn.records('contract_props')).toHaveLength(13);
    for (const suffix of ['newest', 'price_asc', 'price_desc', 'name'])
      expect(standIn.records(`contract_props_${suffix}`), suffix).toHaveLength(13);
    const record = standIn.records('contract_props')!.find((found) => found.objectID === 'velvet-armchair')!;
    expect(record).toMatchObject({
      priceBin: 'under-50',
      nameKey: 'velvet armchair',
      createdAtMs: Date.parse('2025-03-01T00:00:00.000Z'),
    });
    expect((await index.search('props', { filters: {}, page: 0, perPage: 1, sort: 'price-asc' })).hits[0]).toEqual(
      CATALOGUE.find((item) => item.objectID === 'bar-stool'),
    );
  });

  it('asks one multi-query per search: the main query, then one per selected facet without its own filter', async () => {
    await index.search('props', {
      text: 'sofa',
      filters: { colors: ['Blue', '-Red'], custom: { eras: ['1920s'] }, category: { group: 'furniture' } },
      sort: 'price-asc',
      page: 1,
      perPage: 10,
    });
    const [sent, ...more] = queries();
    expect(more).toEqual([]);
    expect(sent).toHaveLength(3);
    const [main, colours, eras] = sent!;
    expect(main).toMatchObject({
      indexName: 'contract_props_price_asc',
      query: 'sofa',
      facetFilters: [['category.group:furniture'], ['colors:Blue', 'colors:\\-Red'], ['customFields.eras:1920s']],
      page: 1,
      hitsPerPage: 10,
    });
    expect(main!.facets).toEqual(['priceBin', 'vendorId', 'tags', 'colors', 'customFields.eras', 'customFields.rooms']);
    expect(colours).toMatchObject({
      indexName: 'contract_props',
      facetFilters: [['category.group:furniture'], ['customFields.eras:1920s']],
      facets: ['colors'],
      hitsPerPage: 0,
    });
    expect(eras).toMatchObject({
      indexName: 'contract_props',
      facetFilters: [['category.group:furniture'], ['colors:Blue', 'colors:\\-Red']],
      facets: ['customFields.eras'],
      hitsPerPage: 0,
    });
  });

  it('sends no query that could match nothing, and none at all when nothing can match', async () => {
    const result = await index.search('props', {
      filters: { colors: ['\uD800'], tags: ['period'] },
      page: 0,
      perPage: 5,
    });
    expect(result.total).toBe(0);
    // Only the colour facet's own query (without the impossible colour filter) was worth sending.
    expect(queries()).toEqual([[expect.objectContaining({ facets: ['colors'], facetFilters: [['tags:period']] })]]);
    standIn.requests.length = 0;
    await index.search('props', {
      filters: { category: { group: 'Not A Slug' }, colors: ['Blue'] },
      page: 0,
      perPage: 5,
    });
    expect(standIn.requests).toEqual([]);
  });

  it('cuts text to what Algolia takes: 512 bytes, 8 distinct words, no control characters', async () => {
    await index.search('props', { text: `${'ö'.repeat(400)} sofa`, filters: {}, page: 0, perPage: 5 });
    await index.search('props', {
      text: 'one two three four five six seven eight nine One TWO',
      filters: {},
      page: 0,
      perPage: 5,
    });
    await index.search('props', { text: 'red\u0000sofa\uD800', filters: {}, page: 0, perPage: 5 });
    const texts = queries().map(([main]) => main!.query as string);
    expect(Buffer.byteLength(texts[0]!)).toBeLessThanOrEqual(512);
    expect(texts[0]).toBe('ö'.repeat(256));
    expect(texts[1]).toBe('one two three four five six seven eight');
    expect(texts[2]).toBe('red sofa');
  });

  it('waits for each write to be published: a search right after sees it, where the bare write is not seen yet', async () => {
    // Held by the stand-in until the adapter has asked once and been told "not yet published".
    const polls = () =>
      standIn.requests.filter((request) => request.path.startsWith('/1/indexes/contract_props/task/'));
    standIn.pauseIndexing();
    const upserted = index.upsert('props', searchItem('gobo', { name: 'Window Gobo' }));
    await expect.poll(() => polls().length).toBeGreaterThan(0);
    standIn.resumeIndexing();
    await upserted;
    expect((await index.search('props', { text: 'gobo', filters: {}, page: 0, perPage: 5 })).total).toBe(1);
    expect(polls().length).toBeGreaterThan(1); // the first poll found it not yet published

    // The same write without waiting: the stand-in has not applied it yet.
    standIn.pauseIndexing();
    const response = await fetch(`${standIn.url}/1/indexes/contract_props/batch`, {
      method: 'POST',
      headers: { 'x-algolia-application-id': standIn.appId, 'x-algolia-api-key': standIn.apiKey },
      body: JSON.stringify({ requests: [{ action: 'deleteObject', body: { objectID: 'gobo' } }] }),
    });
    expect(response.status).toBe(200);
    expect(standIn.records('contract_props')!.some((record) => record.objectID === 'gobo')).toBe(true);
    standIn.resumeIndexing();
    await expect
      .poll(() => standIn.records('contract_props')!.some((record) => record.objectID === 'gobo'))
      .toBe(false);
  });

  it('marks every count of a result Algolia says it counted approximately, and only those', async () => {
    const approximate = await adapterOnStandIn({ approximateFacetCountsFrom: 5 });
    try {
      await approximate.index.replaceAll('props', CATALOGUE);
      const broad = await approximate.index.search('props', { filters: {}, page: 0, perPage: 1 });
      expect(broad.facets.colors.length).toBeGreaterThan(0);
      expect(broad.facets.colors.every((value) => value.estimated === true)).toBe(true);
      const narrow = await approximate.index.search('props', { text: 'armchair', filters: {}, page: 0, perPage: 1 });
      expect(narrow.total).toBeLessThan(5);
      expect(narrow.facets.colors.some((value) => value.estimated)).toBe(false);
    } finally {
      await approximate.close();
    }
  });

  it('learns a custom field on a write: the index and its replicas facet on it from then on', async () => {
    await index.upsert('props', searchItem('gobo', { name: 'Window Gobo', customFields: { moods: ['calm'] } }));
    const settings = standIn.requests.filter(
      (request) => request.method === 'PUT' && request.path.endsWith('/settings'),
    );
    expect(settings.map((request) => request.path).sort()).toEqual(
      [
        'contract_props',
        'contract_props',
        'contract_props_name',
        'contract_props_nearest',
        'contract_props_newest',
        'contract_props_price_asc',
        'contract_props_price_desc',
      ]
        .map((name) => `/1/indexes/${name}/settings`)
        .sort(),
    );
    const result = await index.search('props', {
      filters: { custom: { moods: ['calm'] } },
      sort: 'name',
      page: 0,
      perPage: 5,
    });
    expect(result.hits.map((hit) => hit.objectID)).toEqual(['gobo']);
    // A second adapter (another process) reads the field from the index's settings.
    const other = new AlgoliaSearchIndex({
      appId: standIn.appId,
      apiKey: standIn.apiKey,
      indexPrefix: 'contract',
      host: standIn.url,
    });
    expect((await other.search('props', { filters: {}, page: 0, perPage: 1 })).facets['custom.moods']).toEqual([
      { value: 'calm', count: 1, selected: false },
    ]);
  });

  it('sets up again an index an older adapter set up: its nearest replica then ranks a match without a typo before distance', async () => {
    const call = async (method: string, name: string, body?: object) => {
      const headers = {
        'x-algolia-application-id': standIn.appId,
        'x-algolia-api-key': standIn.apiKey,
        'content-type': 'application/json',
      };
      return (
        await fetch(`${standIn.url}/1/indexes/${name}/settings`, {
          method,
          headers,
          ...(body && { body: JSON.stringify(body) }),
        })
      ).json() as Promise<Record<string, unknown>>;
    };
    expect(((await call('GET', 'contract_props_nearest')).ranking as string[]).slice(0, 2)).toEqual(['typo', 'geo']);
    // As the adapter before settings versions left it: geo first, nothing in userData.
    await call('PUT', 'contract_props_nearest', {
      ranking: ['geo', 'typo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom'],
    });
    await call('PUT', 'contract_props', { userData: {} });
    await expect.poll(async () => (await call('GET', 'contract_props')).userData).toEqual({});
    const upgraded = new AlgoliaSearchIndex({
      appId: standIn.appId,
      apiKey: standIn.apiKey,
      indexPrefix: 'contract',
      host: standIn.url,
    });
    await upgraded.upsert('props', searchItem('gobo', { name: 'Window Gobo' }));
    expect(((await call('GET', 'contract_props_nearest')).ranking as string[]).slice(0, 2)).toEqual(['typo', 'geo']);
    expect((await call('GET', 'contract_props')).userData).toEqual({ backlotSettings: 2 });
  });

  it('rejects (it does not hide) an index it cannot reach or a key that is refused', async () => {
    const refused = new AlgoliaSearchIndex({
      appId: standIn.appId,
      apiKey: 'wrong',
      indexPrefix: 'contract',
      host: standIn.url,
    });
    await expect(refused.search('props', { filters: {}, page: 0, perPage: 1 })).rejects.toThrow(
      /Invalid Application-ID or API key/,
    );
    await expect(refused.upsert('props', searchItem('gobo'))).rejects.toThrow(/Invalid Application-ID or API key/);
  });
});
