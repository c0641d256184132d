/**
 * The embedded search keeps each item as JSON bytes in shared buffers (server/search/engine/
 * document-shelf.ts) and reads back only a page's hits: every item comes back as it went in,
 * whatever its characters and size, across the buffers' edges; and a hit is the caller's own copy.
 */
import { describe, expect, it } from 'vitest';
import { DocumentShelf } from '../../../server/search/engine/document-shelf';
import { InProcessSearchIndex } from '../../../server/search/engine/in-process-search';
import { sampleItem } from '../../contract/item-store.contract';

describe('the document shelf', () => {
  it('gives back every item as it was kept, across buffers, in any script, however large', () => {
    const shelf = new DocumentShelf();
    const items = Array.from({ length: 3_000 }, (_, n) =>
      sampleItem(`item-${n}`, {
        // Two, three and four bytes a character in UTF-8, and a lone surrogate JSON escapes.
        name: `Chaise ${n} — café 東京 🎬 ${'\ud800'}`,
        description: 'Velvet, 1950s. '.repeat(n % 7 === 0 ? 40 : 3),
      }),
    );
    // Larger than a buffer: kept whole in one of its own.
    items.push(sampleItem('huge', { description: 'ø'.repeat(1_200_000) }));
    for (const item of items) shelf.push(item);
    expect(shelf.size).toBe(items.length);
    for (const slot of [0, 1, 777, 1_500, 2_999, 3_000]) expect(shelf.get(slot)).toEqual(items[slot]);
    expect(shelf.get(3_000).description).toHaveLength(1_200_000);
  });

  it('answers each search with its own copies: a hit changed by its reader is not changed in the index', async () => {
    const index = new InProcessSearchIndex();
    await index.replaceAll('acme', [sampleItem('seat-1'), sampleItem('seat-2')]);
    const first = await index.search('acme', { filters: {}, sort: 'name', page: 0, perPage: 24 });
    first.hits[0]!.name = 'Changed by a page';
    const again = await index.search('acme', { filters: {}, sort: 'name', page: 0, perPage: 24 });
    expect(again.hits.map((hit) => hit.name)).toEqual(['Economy Triple Seat seat-1', 'Economy Triple Seat seat-2']);
  });
});
