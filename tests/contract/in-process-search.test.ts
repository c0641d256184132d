/** The embedded SearchIndex (server/search/in-process-search.ts) against the SearchIndex contract; and what only it has so far: a tenant's synonyms. */
import { describe, expect, it } from 'vitest';
import { synonymGroups } from '../../schema/catalogue-search';
import { InProcessSearchIndex } from '../../server/search/in-process-search';
import { CATALOGUE, searchIndexContract } from './search-index.contract';

searchIndexContract('in-process', async () => ({ index: new InProcessSearchIndex(), close: async () => {} }));

describe('in-process: a tenant’s synonyms', () => {
  const index = new InProcessSearchIndex();
  const search = (text: string, synonyms?: string[][]) => index.search('props', { text, filters: {}, page: 0, perPage: 50, ...(synonyms && { synonyms }) });
  const ids = (result: { hits: Array<{ objectID: string }> }) => result.hits.map((hit) => hit.objectID);

  it('finds a group’s words by any of them, each way, and only while the tenant keeps the group', async () => {
    await index.replaceAll('props', CATALOGUE);
    const groups = synonymGroups(['Sofa, Couch, settee', 'lamp, light']);
    expect((await search('couch')).total).toBe(0);
    expect(ids(await search('couch', groups)).sort()).toEqual(['blue-sofa', 'red-sofa']);
    expect(ids(await search('settee', groups)).sort()).toEqual(['blue-sofa', 'red-sofa']);
    // A word of several still needs every word: "green light" is the green lamp.
    expect(ids(await search('green light', groups))).toEqual(['desk-lamp']);
    // The word itself finds what it did.
    expect(ids(await search('sofa', groups)).sort()).toEqual(['blue-sofa', 'red-sofa']);
    // A search kept from before is not answered for a tenant whose groups changed.
    expect((await search('couch')).total).toBe(0);
  });
});
