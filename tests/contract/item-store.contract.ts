/**
 * What every ItemStore adapter must do: read and write items by objectID per tenant, refuse an
 * item the schema refuses (naming the problem) without writing anything, write many as one
 * all-or-nothing transaction that leaves unchanged items alone (an import run twice changes
 * nothing), page through a tenant in objectID order, and tell subscribers what changed (as
 * Firestore's listeners do: what they hear ends as the store is).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTenant } from '../../schema/node/loader';
import { writeWithItemsMoved } from '../../server/catalogue/move-items';
import { tenantsDir } from '../helpers/paths';
import type { Item } from '../../schema/types.generated';
import { ItemInvalidError, UnknownItemError, type ItemStore } from '../../server/stores/item-store';
import { storeUnderTest, type OpenedStore } from './store-under-test';

export function sampleItem(objectID: string, overrides: Partial<Item> = {}): Item {
  return {
    objectID,
    name: `Economy Triple Seat ${objectID}`,
    category: { group: 'seats', category: 'economy' },
    rates: { day: 175, week: 525 },
    quantity: 12,
    vendorId: 'aviation',
    createdAt: '2026-01-05T10:00:00Z',
    updatedAt: '2026-01-05T10:00:00Z',
    ...overrides,
  };
}

export function describeItemStoreContract(name: string, open: () => Promise<OpenedStore<ItemStore>>) {
  describe(`ItemStore contract: ${name}`, () => {
    const subject = storeUnderTest(open);

    it('moves the items of a category tree edit along with the tenant write, and puts them back when that write is refused', async () => {
      const tenant = (await loadTenant(path.join(tenantsDir, 'aviation'))).tenant!;
      const [group] = tenant.categories.groups;
      const [from, to] = [group!.categories[0]!, group!.categories[1]!];
      await subject.store.putMany('aviation', [
        sampleItem('moving', { category: { group: group!.slug, category: from.slug } }),
        sampleItem('staying', { category: { group: group!.slug, category: to.slug } }),
      ]);
      const edit = { moves: [{ from: `${group!.slug}/${from.slug}`, to: `${group!.slug}/${to.slug}` }], removed: [] };
      const log = { info: () => undefined } as never;
      // The tenant store's write is the caller's; here it is refused (as a stale If-Match would be), then accepted.
      const refused = writeWithItemsMoved(subject.store, {
        tenantId: 'aviation',
        after: tenant,
        edit,
        write: () => Promise.reject(new Error('stale')),
        log,
      });
      await expect(refused).rejects.toThrow('stale');
      expect((await subject.store.get('aviation', 'moving'))?.category).toEqual({
        group: group!.slug,
        category: from.slug,
      });
      const saved = { tenantId: 'aviation', version: 'v2', tenant };
      await expect(
        writeWithItemsMoved(subject.store, {
          tenantId: 'aviation',
          after: tenant,
          edit,
          write: async () => saved,
          log,
        }),
      ).resolves.toBe(saved);
      expect((await subject.store.get('aviation', 'moving'))?.category).toEqual({
        group: group!.slug,
        category: to.slug,
      });
      expect((await subject.store.get('aviation', 'staying'))?.category).toEqual({
        group: group!.slug,
        category: to.slug,
      });
    });

    it('writes and reads items per tenant, by id', async () => {
      await subject.store.put('aviation', sampleItem('seat-a'));
      await subject.store.put(
        'platform',
        sampleItem('seat-a', { name: 'Another tenant’s seat', vendorId: 'platform' }),
      );
      expect((await subject.store.get('aviation', 'seat-a'))?.name).toBe('Economy Triple Seat seat-a');
      expect((await subject.store.get('platform', 'seat-a'))?.name).toBe('Another tenant’s seat');
      expect(await subject.store.get('aviation', 'nothing')).toBeUndefined();
      expect((await subject.store.getMany('aviation', ['seat-a', 'nothing'])).map((item) => item.objectID)).toEqual([
        'seat-a',
      ]);
      expect(await subject.store.count('aviation')).toBe(1);
    });

    it('refuses an item the schema refuses, naming the problem, and writes none of a batch that holds one', async () => {
      const bad = { ...sampleItem('bad'), quantity: -1 };
      await expect(subject.store.put('aviation', bad)).rejects.toThrow(ItemInvalidError);
      await expect(subject.store.put('aviation', bad)).rejects.toThrow(
        'Item "bad" does not fit the item schema: /quantity must be at least 0 (found -1)',
      );
      await expect(subject.store.putMany('aviation', [sampleItem('good'), bad])).rejects.toThrow(ItemInvalidError);
      expect(await subject.store.count('aviation')).toBe(0);
    });

    it('imports many at once, and the same import again changes nothing', async () => {
      const items = Array.from({ length: 250 }, (_, i) => sampleItem(`seat-${String(i).padStart(3, '0')}`));
      expect(await subject.store.putMany('aviation', items)).toEqual({ added: 250, updated: 0, unchanged: 0 });
      expect(await subject.store.putMany('aviation', items)).toEqual({ added: 0, updated: 0, unchanged: 250 });
      const changed = items.map((item, i) => (i < 3 ? { ...item, rates: { day: 200 } } : item));
      expect(await subject.store.putMany('aviation', [...changed, sampleItem('seat-new')])).toEqual({
        added: 1,
        updated: 3,
        unchanged: 247,
      });
      expect((await subject.store.get('aviation', 'seat-001'))?.rates).toEqual({ day: 200 });
      expect(await subject.store.count('aviation')).toBe(251);
    });

    it('changes an item atomically: concurrent changes all count, and a refused change writes nothing', async () => {
      await subject.store.put('aviation', sampleItem('seat', { quantity: 0 }));
      await Promise.all(
        Array.from({ length: 20 }, () =>
          subject.store.update('aviation', 'seat', (current) => ({ ...current, quantity: current.quantity + 1 })),
        ),
      );
      expect((await subject.store.get('aviation', 'seat'))?.quantity).toBe(20);
      await expect(
        subject.store.update('aviation', 'seat', (current) => ({ ...current, quantity: -5 })),
      ).rejects.toThrow(ItemInvalidError);
      await expect(
        subject.store.update('aviation', 'seat', () => {
          throw new Error('stale');
        }),
      ).rejects.toThrow('stale');
      expect((await subject.store.get('aviation', 'seat'))?.quantity).toBe(20);
      await expect(subject.store.update('aviation', 'nothing', (current) => current)).rejects.toThrow(UnknownItemError);
      // The id stays the item's own, whatever the change says.
      expect(
        (await subject.store.update('aviation', 'seat', (current) => ({ ...current, objectID: 'other' }))).objectID,
      ).toBe('seat');
      expect(await subject.store.get('aviation', 'other')).toBeUndefined();
    });

    it('pages through a tenant in id order', async () => {
      await subject.store.putMany(
        'aviation',
        ['c', 'a', 'e', 'b', 'd'].map((id) => sampleItem(id)),
      );
      const first = await subject.store.list('aviation', { limit: 2 });
      const second = await subject.store.list('aviation', { after: first.at(-1)!.objectID, limit: 2 });
      const rest = await subject.store.list('aviation', { after: second.at(-1)!.objectID });
      expect([first, second, rest].map((page) => page.map((item) => item.objectID))).toEqual([
        ['a', 'b'],
        ['c', 'd'],
        ['e'],
      ]);
    });

    it('tells subscribers of a tenant what changed, until they stop listening, and nothing of other tenants', async () => {
      // What a subscriber knows, applied in order: an item's quantity, or gone.
      const known = new Map<string, number | 'deleted'>();
      const unsubscribe = subject.store.subscribe('aviation', (change) =>
        known.set(
          change.kind === 'put' ? change.item.objectID : change.objectID,
          change.kind === 'put' ? change.item.quantity : 'deleted',
        ),
      );
      await subject.store.putMany('aviation', [sampleItem('a'), sampleItem('b')]);
      await subject.store.putMany('aviation', [sampleItem('a'), sampleItem('b', { quantity: 3 })]);
      await subject.store.put('platform', sampleItem('z'));
      expect(await subject.store.delete('aviation', 'a')).toBe(true);
      expect(await subject.store.delete('aviation', 'a')).toBe(false);
      await expect.poll(() => Object.fromEntries(known)).toEqual({ a: 'deleted', b: 3 });
      unsubscribe();
      await subject.store.put('aviation', sampleItem('c'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(known.has('c')).toBe(false);
      expect(known.has('z')).toBe(false);
    });

    it('follows every tenant with one listener: each item as it is first, then every change, with its tenant', async () => {
      await subject.store.putMany('aviation', [sampleItem('a'), sampleItem('b')]);
      await subject.store.put('london', sampleItem('a', { quantity: 4 }));
      const known = new Map<string, number | 'deleted'>();
      const follower = subject.store.followEveryTenant((tenantId, change) =>
        known.set(
          `${tenantId}/${change.kind === 'put' ? change.item.objectID : change.objectID}`,
          change.kind === 'put' ? change.item.quantity : 'deleted',
        ),
      );
      await follower.synced;
      expect(Object.fromEntries(known)).toEqual({ 'aviation/a': 12, 'aviation/b': 12, 'london/a': 4 });
      await subject.store.put('atlanta', sampleItem('c', { quantity: 2 }));
      await subject.store.delete('aviation', 'a');
      await subject.store.update('london', 'a', (item) => ({ ...item, quantity: 5 }));
      await expect
        .poll(() => Object.fromEntries(known))
        .toEqual({ 'aviation/a': 'deleted', 'aviation/b': 12, 'london/a': 5, 'atlanta/c': 2 });
      follower.stop();
      await subject.store.put('atlanta', sampleItem('d'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(known.has('atlanta/d')).toBe(false);
    });

    it('keeps text as it was given, hostile or not', async () => {
      const name = '<img src=x onerror=alert(1)> "Robert\'); DROP TABLE items;--';
      await subject.store.put('aviation', sampleItem('hostile', { name, description: 'ünïcödé ✈ \u0000 nul' }));
      expect(await subject.store.get('aviation', 'hostile')).toMatchObject({
        name,
        description: 'ünïcödé ✈ \u0000 nul',
      });
      expect(await subject.store.count('aviation')).toBe(1);
    });
  });
}
