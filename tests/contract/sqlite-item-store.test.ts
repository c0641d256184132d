/** The SQLite ItemStore: the contract, plus an import from one connection seen whole by another (two server processes on one file). */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteItemStore } from '../../server/stores/sqlite-item-store';
import { describeItemStoreContract, sampleItem } from './item-store.contract';

describeItemStoreContract('sqlite', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'backlot-items-'));
  return { store: new SqliteItemStore(path.join(root, 'items.sqlite')), cleanup: () => rm(root, { recursive: true, force: true }) };
});

describe('SqliteItemStore on one file from two connections', () => {
  it('lets two imports of the same file race, and both end with every item once', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'backlot-items-'));
    const file = path.join(root, 'items.sqlite');
    const [a, b] = [new SqliteItemStore(file), new SqliteItemStore(file)];
    try {
      const items = Array.from({ length: 500 }, (_, i) => sampleItem(`item-${i}`));
      const counts = await Promise.all([a.putMany('aviation', items), b.putMany('aviation', items)]);
      expect(counts.map((c) => c.added + c.unchanged)).toEqual([500, 500]);
      expect(counts[0].added + counts[1].added).toBe(500);
      expect(await b.count('aviation')).toBe(500);
    } finally {
      await a.close();
      await b.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
