/** The SQLite ItemStore: the contract, plus an import from one connection seen whole by another (two server processes on one file). */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteItemStore } from '../../server/stores/sqlite-item-store';
import { describeItemStoreContract, sampleItem } from './item-store.contract';

describeItemStoreContract('sqlite', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'backlot-items-'));
  return {
    store: new SqliteItemStore(path.join(root, 'items.sqlite')),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
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

describe('SqliteItemStore heard across processes', () => {
  it('tells a subscriber what another connection to the file wrote (the CLI beside a running server), each change once, and not its own twice', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'backlot-items-'));
    const file = path.join(root, 'items.sqlite');
    const [server, cli] = [new SqliteItemStore(file), new SqliteItemStore(file)];
    try {
      const heard: string[] = [];
      server.subscribe('aviation', (change) =>
        heard.push(
          change.kind === 'put' ? `put ${change.item.objectID} ${change.item.quantity}` : `delete ${change.objectID}`,
        ),
      );
      await server.put('aviation', sampleItem('own', { quantity: 1 }));
      await cli.putMany('aviation', [sampleItem('seat-1', { quantity: 2 }), sampleItem('seat-2', { quantity: 3 })]);
      await cli.putMany('hangar-nine', [sampleItem('elsewhere')]);
      await expect.poll(() => heard).toEqual(['put own 1', 'put seat-1 2', 'put seat-2 3']);
      // An update and a delete from the other side, then the same import again (nothing changes).
      await cli.update('aviation', 'seat-1', (item) => ({ ...item, quantity: 9 }));
      await cli.delete('aviation', 'seat-2');
      await cli.putMany('aviation', [sampleItem('seat-1', { quantity: 9 })]);
      await expect.poll(() => heard.slice(3)).toEqual(['put seat-1 9', 'delete seat-2']);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(heard).toHaveLength(5);
    } finally {
      await server.close();
      await cli.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
