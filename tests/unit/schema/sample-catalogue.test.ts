/**
 * The committed sample catalogues (scripts/sample-catalogue.ts writes them): each fits the item
 * schema and its tenant's rules, aviation covers every rental category, ids and names are unique,
 * and every image an item names exists under tenants/<id>/items/ and is a safe, small SVG.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCatalogueRules } from '../../../schema/catalogue-rules';
import { schemaIds } from '../../../schema/documents';
import { getAjv } from '../../../schema/node/ajv';
import { isRentalGroup } from '../../../schema/routes';
import type { Catalogue, CategoryTree, SiteSettings } from '../../../schema/types.generated';
import { tenantsDir } from '../../helpers/paths';

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

const FORBIDDEN: Array<[string, RegExp]> = [
  ['script element', /<script/i],
  ['event attribute', /\son[a-z]+\s*=/i],
  ['javascript: URL', /javascript:/i],
  ['foreignObject', /<foreignObject/i],
  ['DOCTYPE', /<!DOCTYPE/i],
  ['ENTITY', /<!ENTITY/i],
  ['href', /href\s*=/i],
  ['external url()', /url\(\s*(?!#)/i],
];

describe.each(['aviation', 'atlanta'])('the %s sample catalogue', (tenantId) => {
  const dir = path.join(tenantsDir, tenantId);
  const source = readFileSync(path.join(dir, 'catalogue.json'), 'utf8');
  const catalogue = JSON.parse(source) as Catalogue;
  const tenant = {
    site: readJson<SiteSettings>(path.join(dir, 'site.json')),
    categories: readJson<CategoryTree>(path.join(dir, 'categories.json')),
  };

  it('is written as the generator writes it: two-space JSON, items sorted by id', () => {
    expect(source).toBe(`${JSON.stringify(catalogue, null, 2)}\n`);
    const ids = catalogue.items.map((item) => item.objectID);
    expect(ids).toEqual([...ids].sort());
  });

  it('fits the catalogue schema', () => {
    const validate = getAjv().getSchema(schemaIds.catalogue)!;
    const valid = validate(catalogue);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('agrees with its tenant (categories, colours, custom fields, amounts, dates)', () => {
    expect(checkCatalogueRules(catalogue, tenant)).toEqual([]);
  });

  it('uses each objectID and each name once', () => {
    const ids = catalogue.items.map((item) => item.objectID);
    const names = catalogue.items.map((item) => item.name);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(names).size).toBe(names.length);
  });

  it("places each item at its vendor's location", () => {
    for (const item of catalogue.items) {
      const vendor = readJson<{ _geoloc: unknown }>(path.join(tenantsDir, item.vendorId, 'vendor.json'));
      expect(item._geoloc, item.objectID).toEqual(vendor._geoloc);
    }
  });

  it('has every image it names, each a small SVG with no script, events or outside references', () => {
    const referenced = new Set<string>();
    for (const item of catalogue.items) {
      expect(item.images?.length, item.objectID).toBeGreaterThan(0);
      for (const image of item.images ?? []) {
        const match = new RegExp(`^/items/${tenantId}/([a-z0-9-]+\\.svg)$`).exec(image.url);
        expect(match, image.url).not.toBeNull();
        const file = path.join(dir, 'items', match![1]!);
        expect(existsSync(file), image.url).toBe(true);
        expect(statSync(file).size, image.url).toBeLessThan(4096);
        const svg = readFileSync(file, 'utf8');
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), image.url).toBe(true);
        for (const [what, pattern] of FORBIDDEN) expect(pattern.test(svg), `${image.url}: ${what}`).toBe(false);
        referenced.add(match![1]!);
      }
    }
    // No image left behind that no item names.
    expect(
      readdirSync(path.join(dir, 'items')).filter((file) => file.endsWith('.svg') && !referenced.has(file)),
    ).toEqual([]);
  });
});

describe('the aviation sample catalogue in particular', () => {
  const dir = path.join(tenantsDir, 'aviation');
  const catalogue = readJson<Catalogue>(path.join(dir, 'catalogue.json'));
  const categories = readJson<CategoryTree>(path.join(dir, 'categories.json'));

  it('lists at least 300 items', () => {
    expect(catalogue.items.length).toBeGreaterThanOrEqual(300);
  });

  it('has an item in every rental category', () => {
    const used = new Set(catalogue.items.map((item) => `${item.category.group}/${item.category.category}`));
    const missing = categories.groups
      .filter(isRentalGroup)
      .flatMap((group) => group.categories.map((category) => `${group.slug}/${category.slug}`))
      .filter((key) => !used.has(key));
    expect(missing).toEqual([]);
  });

  it('has a dozen or so items listed in the three weeks before 24 November 2026', () => {
    const fresh = catalogue.items.filter((item) => Date.parse(item.createdAt) > Date.parse('2026-11-03T00:00:00Z'));
    expect(fresh.length).toBeGreaterThanOrEqual(8);
    expect(fresh.length).toBeLessThanOrEqual(20);
  });
});
