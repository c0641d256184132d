/** `backlot catalogue import` through the program: what it imports, what it refuses, what it says. */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Item } from '../../../schema/types.generated';
import { SqliteItemStore } from '../../../server/stores/sqlite-item-store';
import { useScratchTenants } from '../../helpers/cli';

const scratch = useScratchTenants('aviation');

const item = (objectID: string, overrides: Partial<Item> = {}): Item => ({
  objectID,
  name: `Economy Triple Seat ${objectID}`,
  category: { group: 'seats', category: 'economy' },
  rates: { day: 175 },
  quantity: 6,
  colors: ['Blue'],
  vendorId: 'aviation',
  createdAt: '2026-01-05T10:00:00Z',
  updatedAt: '2026-01-05T10:00:00Z',
  ...overrides,
});

async function writeCatalogue(name: string, items: unknown[]) {
  await writeFile(path.join(scratch.cwd, name), JSON.stringify({ items }, null, 2));
}

async function stored(): Promise<string[]> {
  const store = new SqliteItemStore(path.join(scratch.cwd, '.data', 'items.sqlite'));
  try {
    return (await store.list('aviation')).map((entry) => entry.objectID);
  } finally {
    await store.close();
  }
}

describe('backlot catalogue import', () => {
  it('loads a file into the item store, and the same file again changes nothing', async () => {
    await writeCatalogue('stock.json', [item('seat-b'), item('seat-a')]);
    const first = await scratch.run(['catalogue', 'import', 'aviation', 'stock.json']);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toMatch(
      /^Imported stock\.json into aviation: 2 items \(2 added, 0 updated, 0 unchanged\) in \d+ ms\n$/,
    );
    expect(await stored()).toEqual(['seat-a', 'seat-b']);
    const again = await scratch.run(['catalogue', 'import', 'aviation', 'stock.json', '--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({
      ok: true,
      tenantId: 'aviation',
      file: 'stock.json',
      items: 2,
      added: 0,
      updated: 0,
      unchanged: 2,
    });
  });

  it('imports nothing from a file with a problem, and says where each one is', async () => {
    await writeCatalogue('stock.json', [item('seat-a')]);
    await scratch.run(['catalogue', 'import', 'aviation', 'stock.json']);
    await writeCatalogue('stock.json', [item('seat-a', { quantity: 2 }), item('seat-c', { colors: ['Teal'] })]);
    const run = await scratch.run(['catalogue', 'import', 'aviation', 'stock.json']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'stock.json:33:9  /items/1/colors/0  colour "Teal" is not in the colour map (site.json colorMap)',
    );
    expect(run.stderr).toContain('nothing imported: stock.json has 1 problem');
    // The first item's change was not written either: all or nothing.
    const store = new SqliteItemStore(path.join(scratch.cwd, '.data', 'items.sqlite'));
    try {
      expect((await store.get('aviation', 'seat-a'))?.quantity).toBe(6);
      expect(await store.count('aviation')).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('says plainly what is wrong with how it was called', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['catalogue', 'import', 'nowhere'], /no tenant nowhere in tenants/],
      [['catalogue', 'import', '../etc'], /tenant id "\.\.\/etc" must be a lowercase slug/],
      [['catalogue', 'import', 'aviation', 'missing.json'], /missing\.json: no such file/],
      [['catalogue', 'import', 'aviation', 'tenants'], /tenants: not a regular file \(a directory\)/],
    ];
    for (const [args, message] of cases) {
      const run = await scratch.run(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(message);
    }
  });
});
