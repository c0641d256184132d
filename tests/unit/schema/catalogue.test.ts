/**
 * A catalogue file checked against its tenant (schema/check-catalogue.ts, catalogue-rules.ts):
 * syntax, the item schema, then the rules the schema cannot say, each issue at its line and column
 * with the pointer and words a person fixing the file needs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCatalogueSource } from '../../../schema/check-catalogue';
import { loadTenant } from '../../../schema/node/loader';
import type { Item, Tenant } from '../../../schema/types.generated';
import { tenantsDir } from '../../helpers/paths';

const tenant = (await loadTenant(path.join(tenantsDir, 'aviation'))).tenant as Tenant;

function item(overrides: Partial<Item> = {}): Item {
  return {
    objectID: 'economy-triple-blue',
    name: 'Boeing 737 Economy Triple Seat, Blue Tweed',
    category: { group: 'seats', category: 'economy' },
    rates: { day: 175, week: 525 },
    quantity: 12,
    colors: ['Blue'],
    customFields: { eras: ['1970s-wide-body-era'] },
    vendorId: 'aviation',
    createdAt: '2026-01-05T10:00:00Z',
    updatedAt: '2026-02-01T10:00:00Z',
    ...overrides,
  };
}

const text = (items: unknown[]) => JSON.stringify({ $schema: '../../schema/catalogue.schema.json', items }, null, 2);
const check = (source: string) => checkCatalogueSource(source, 'catalogue.json', tenant);
const shown = (source: string) =>
  check(source).issues.map((issue) => `${issue.line}:${issue.column} ${issue.pointer} ${issue.message}`);

describe('a catalogue file', () => {
  it('passes when every item fits the schema and its tenant', () => {
    const report = check(
      text([
        item(),
        item({
          objectID: 'galley-cart',
          name: 'Atlas Galley Cart',
          category: { group: 'set-dressing', category: 'carts-and-trolleys' },
          quantity: 1,
        }),
      ]),
    );
    expect(report.issues).toEqual([]);
    expect(report.catalogue?.items.map((i) => i.objectID)).toEqual(['economy-triple-blue', 'galley-cart']);
  });

  it('names each item that disagrees with its tenant, where it is, and what would fit', () => {
    const source = text([
      item({ colors: ['Blue', 'Teal'] }),
      item({ objectID: 'suite', category: { group: 'seats', category: 'first-class', subcategory: 'bunk-beds' } }),
      item({ objectID: 'economy-triple-blue', category: { group: 'sets', category: 'cockpits' } }),
      item({ objectID: 'cart', customFields: { eras: ['1920s'], moods: ['calm'] } }),
      item({ objectID: 'late', createdAt: '2026-03-01T00:00:00Z', updatedAt: '2026-02-01T00:00:00Z' }),
    ]);
    expect(shown(source)).toEqual([
      '18:9 /items/0/colors/1 colour "Teal" is not in the colour map (site.json colorMap)',
      '35:24 /items/1/category/subcategory no subcategory "bunk-beds" in "first-class" (its subcategories: "enclosed-suites", "lie-flat-seats", "vintage-first-class-seats")',
      '55:19 /items/2/objectID "economy-triple-blue" is also the id of item 0; each item id is used once',
      '58:18 /items/2/category/group no rental group "sets" in categories.json (groups: "aviation-sets", "seats", "set-dressing", "studio-gear", "locations")',
      '95:11 /items/3/customFields/eras/0 "1920s" is not an option of Eras',
      '97:18 /items/3/customFields/moods no custom field "moods" in site.json (fields: "eras", "styles", "rooms")',
      expect.stringMatching(/^\d+:\d+ \/items\/4\/updatedAt is before createdAt$/),
    ]);
    expect(check(source).catalogue).toBeUndefined();
  });

  it('holds its kits to its items: an unknown component, and two kits that would hold each other', () => {
    const kit = (objectID: string, name: string, [first, ...rest]: [string, ...string[]]) =>
      item({
        objectID,
        name,
        kit: {
          kind: 'fixed',
          components: [{ objectID: first, quantity: 1 }, ...rest.map((id) => ({ objectID: id, quantity: 1 }))],
        },
      });
    const source = text([
      item(),
      kit('cabin-set', 'Cabin set', ['economy-triple-blue', 'galley-set']),
      kit('galley-set', 'Galley set', ['cabin-set', 'galley-oven']),
    ]);
    expect(shown(source).map((line) => line.replace(/^\d+:\d+ /, ''))).toEqual([
      '/items/1/kit/components/1/objectID contains this kit (Cabin set → Galley set → Cabin set): a kit cannot contain itself',
      '/items/2/kit/components/0/objectID contains this kit (Galley set → Cabin set → Galley set): a kit cannot contain itself',
      '/items/2/kit/components/1/objectID is not in the catalogue (galley-oven)',
    ]);
  });

  it('refuses a rate finer than a cent by the schema (item.schema.json money: whole cents)', () => {
    expect(shown(text([item({ rates: { day: 12.345 } })]))).toEqual([
      expect.stringMatching(
        /^\d+:\d+ \/items\/0\/rates\/day must have at most two decimals \(whole cents\) \(found 12\.345\)$/,
      ),
    ]);
  });

  it('reports the schema first, with the item and key, and the rules only once the items fit it', () => {
    const { name: _name, ...nameless } = item();
    expect(shown(text([nameless, item({ objectID: 'Bad Id', quantity: -1, colors: ['Teal'] })]))).toEqual([
      '4:5 /items/0/name missing required key "name"',
      expect.stringMatching(/^\d+:\d+ \/items\/1\/objectID must be a lowercase URL slug/),
      '38:19 /items/1/quantity must be at least 0 (found -1)',
    ]);
  });

  it('says where malformed JSON breaks, and what an unreadable file is', () => {
    expect(shown('{ "items": [ { "objectID": "x", } ')).toEqual([expect.stringMatching(/^1:\d+ {2}/)]);
    expect(
      checkCatalogueSource({ unreadable: 'cannot read: permission denied' }, 'catalogue.json', tenant).issues[0],
    ).toMatchObject({ line: 1, column: 1, message: 'cannot read: permission denied' });
  });

  it('holds the shipped aviation catalogue to the same rules, when there is one', () => {
    const file = path.join(tenantsDir, 'aviation', 'catalogue.json');
    let source: string;
    try {
      source = readFileSync(file, 'utf8');
    } catch {
      return;
    }
    expect(check(source).issues).toEqual([]);
  });
});
