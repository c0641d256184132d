/**
 * The sample catalogues: `npx tsx scripts/sample-catalogue.ts` writes tenants/aviation and
 * tenants/atlanta catalogue.json with an SVG illustration per item (tenants/<id>/items/), all
 * from fixed seeds and dates, so a second run changes no bytes. `--check` only compares with the
 * files on disk (exit 1 when they differ). Content: product families × variants
 * (scripts/sample-catalogue/*-content.ts), every category, colour and custom field value read from
 * the tenant's own files, the result checked with the item schema and the tenant rules before
 * anything is written.
 */
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkCatalogueRules } from '../schema/catalogue-rules';
import { schemaIds } from '../schema/documents';
import { getAjv } from '../schema/node/ajv';
import { isRentalGroup } from '../schema/routes';
import type { Catalogue, CategoryTree, GeoPoint, Item, SiteSettings } from '../schema/types.generated';
import { AVIATION_FAMILIES } from './sample-catalogue/aviation-content';
import { ATLANTA_FAMILIES } from './sample-catalogue/atlanta-content';
import type { Family, Variant } from './sample-catalogue/families';
import { drawPicture, type Pictogram } from './sample-catalogue/pictograms';
import { Random } from './sample-catalogue/random';

const CONDITIONS = [
  'Excellent condition, cleaned and inspected after every job.',
  'Good working condition with light wear that reads well on camera.',
  'Lightly weathered; the patina is part of the look.',
  'Refinished in 2025 and kept under cover since.',
  'Camera-ready; minor scuffs on the back side only.',
];

const root = path.resolve(import.meta.dirname, '..');
const tenantDir = (id: string) => path.join(root, 'tenants', id);
const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

interface TenantFiles {
  id: string;
  site: SiteSettings;
  categories: CategoryTree;
}

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

function objectIdFor(name: string, taken: Set<string>): string {
  let base = slugify(name);
  if (base.length > 60) base = base.slice(0, 60).replace(/-[^-]*$/, '');
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const variantOf = (value: string | Variant): Variant => (typeof value === 'string' ? { label: value } : value);
const fill = (template: string, chosen: Variant[]) =>
  template.replace(/\{(\d)([aA]?)\}/g, (_, index: string, alt: string) => {
    const variant = chosen[Number(index)];
    if (!variant) throw new Error(`template ${JSON.stringify(template)} names axis ${index}`);
    const words = variant.alt ?? variant.label;
    return alt === 'A' ? capitalise(words) : alt ? words : variant.label;
  });
const niceRate = (amount: number) =>
  amount < 20
    ? Math.max(1, Math.round(amount))
    : amount < 200
      ? Math.round(amount / 5) * 5
      : amount < 1000
        ? Math.round(amount / 25) * 25
        : Math.round(amount / 50) * 50;
const count = (qty: number | [number, number], rng: Random) =>
  typeof qty === 'number' ? qty : rng.int(qty[0], qty[1]);

/** Every combination of the axes, shuffled, then ordered so the first axis's values take turns. */
function combinations(family: Family, rng: Random): Variant[][] {
  let all: Variant[][] = [[]];
  for (const axis of family.axes) all = all.flatMap((prefix) => axis.map((value) => [...prefix, variantOf(value)]));
  const seen = new Map<string, number>();
  const wanted = new Set(family.include ?? []);
  const ranked = rng.shuffle(all).map((combo) => {
    if (wanted.delete(fill(family.name, combo))) return { combo, rank: -1 };
    const key = combo[0]?.label ?? '';
    const rank = seen.get(key) ?? 0;
    seen.set(key, rank + 1);
    return { combo, rank };
  });
  if (wanted.size) throw new Error(`${family.name}: no combination is named ${[...wanted].join(', ')}`);
  ranked.sort((a, b) => a.rank - b.rank);
  return ranked.slice(0, family.take ?? all.length).map((entry) => entry.combo);
}

/** An item without what the catalogue adds (id, images, dates, location). */
export interface Draft extends Omit<Item, 'objectID' | 'images' | 'createdAt' | 'updatedAt' | '_geoloc'> {
  pictogram: Pictogram;
  alt: string;
}

export function expandFamily(family: Family, rng: Random): Draft[] {
  return combinations(family, rng).map((chosen) => {
    const at = [...chosen].reverse().find((variant) => variant.at)?.at;
    const parts = family.at.split('/');
    const own = at?.split('/') ?? [];
    const full = [...parts.slice(0, Math.min(parts.length, 3 - own.length)), ...own];
    const [group, category, subcategory] = full as [string, string, string?];
    const product = (key: 'rate' | 'weight' | 'size') =>
      chosen.reduce((total, variant) => total * (variant[key] ?? 1), 1);
    const fields: Record<string, string[]> = { ...family.fields };
    for (const variant of chosen) Object.assign(fields, variant.fields);
    const ownColors = chosen.flatMap((variant) => variant.colors ?? []);
    const colors = [...new Set(ownColors.length ? ownColors : (family.colors ?? []))].slice(0, 8);
    const qty = [...chosen].reverse().find((variant) => variant.qty !== undefined)?.qty ?? family.qty;
    const size = product('size');
    const [w, d, h] = family.dims.map((value) => Math.max(1, Math.round(value * size * rng.range(0.97, 1.03, 3))));
    // A variant's size scales its weight too, unless it gives a weight factor of its own.
    const weight =
      family.lb *
      chosen.reduce((total, variant) => total * (variant.weight ?? variant.size ?? 1), 1) *
      rng.range(0.94, 1.06, 3);
    const day = niceRate(family.day * product('rate') * rng.range(0.92, 1.08, 3));
    const notes = chosen.map((variant) => variant.note).filter((note): note is string => Boolean(note));
    const conditions = family.conditions ?? CONDITIONS;
    const condition = notes[0] ?? (conditions.length ? rng.pick(conditions) : '');
    const sentences = [family.what, condition, rng.pick(family.suits), rng.pick(family.notes)];
    return {
      name: fill(family.name, chosen),
      description: sentences
        .filter(Boolean)
        .map((sentence) => fill(sentence, chosen))
        .join(' '),
      category: subcategory ? { group, category, subcategory } : { group, category },
      rates: { day, week: Math.round(day * 300) / 100 },
      quantity: count(qty, rng),
      // A place has no weight or size of its own.
      ...(family.lb > 0
        ? {
            weightLb: weight < 10 ? Math.round(weight * 10) / 10 : Math.round(weight),
            dimensions: { widthIn: w!, depthIn: d!, heightIn: h! },
          }
        : {}),
      tags: [...new Set([...(family.tags ?? []), ...chosen.flatMap((variant) => variant.tags ?? [])])].sort(),
      colors,
      customFields: Object.fromEntries(Object.entries(fields).filter(([, values]) => values.length)),
      vendorId: [...chosen].reverse().find((variant) => variant.vendor)?.vendor ?? family.vendor ?? '',
      pictogram: [...chosen].reverse().find((variant) => variant.pic)?.pic ?? family.pic,
      alt: capitalise(fill(family.alt, chosen)),
    };
  });
}

const DAY = 86_400_000;
const START = Date.parse('2024-12-01T00:00:00Z');
const NEW_FROM = Date.parse('2026-11-04T00:00:00Z');
const END = Date.parse('2026-11-20T00:00:00Z');
const LAST_UPDATE = Date.parse('2026-11-23T18:00:00Z');
const iso = (time: number) => new Date(time).toISOString().replace('.000Z', 'Z');

/** Listed between December 2024 and 20 November 2026, `fresh` of them in the last three weeks. */
function datesFor(count: number, fresh: number, rng: Random): Array<{ createdAt: string; updatedAt: string }> {
  const freshIndexes = new Set(rng.sample([...Array(count).keys()], fresh));
  return [...Array(count).keys()].map((index) => {
    const [from, to] = freshIndexes.has(index) ? [NEW_FROM, END] : [START, NEW_FROM - 2 * DAY];
    const day = from + rng.int(0, Math.floor((to - from) / DAY)) * DAY;
    const created = day + rng.int(15, 23) * 3_600_000 + rng.int(0, 11) * 300_000;
    const updated = rng.chance(0.35)
      ? created
      : Math.min(LAST_UPDATE, created + rng.int(1, 120) * DAY + rng.int(0, 8) * 3_600_000);
    return { createdAt: iso(created), updatedAt: iso(Math.max(created, updated)) };
  });
}

export interface Generated {
  catalogue: Catalogue;
  /** File name in tenants/<id>/items/ → SVG text. */
  images: Map<string, string>;
}

export function generate(tenant: TenantFiles, families: readonly Family[], fresh: number): Generated {
  const rng = new Random(`backlot-sample-${tenant.id}`);
  const swatches = new Map((tenant.site.colorMap ?? []).map((entry) => [entry.name, entry.swatch[0]]));
  const drafts = families.flatMap((family, index) => expandFamily(family, rng.fork(`${index}:${family.name}`)));
  const names = new Set<string>();
  for (const draft of drafts) {
    if (names.has(draft.name)) throw new Error(`${tenant.id}: the name ${JSON.stringify(draft.name)} is used twice`);
    names.add(draft.name);
  }
  const taken = new Set<string>();
  const withIds = drafts
    .map((draft) => ({ draft, objectID: objectIdFor(draft.name, taken) }))
    .sort((a, b) => (a.objectID < b.objectID ? -1 : a.objectID > b.objectID ? 1 : 0));
  const dates = datesFor(withIds.length, fresh, rng.fork('dates'));
  const images = new Map<string, string>();
  const pictures = rng.fork('pictures');
  const items = withIds.map(({ draft, objectID }, index): Item => {
    const { pictogram, alt, vendorId: draftVendor, ...rest } = draft;
    const vendorId = draftVendor || tenant.id;
    const colours = (rest.colors ?? []).map((name) => swatches.get(name) ?? '#9e9e9e');
    const file = `${objectID}.svg`;
    images.set(file, drawPicture({ pictogram, colours, caption: rest.name }));
    const itemImages = [{ url: `/items/${tenant.id}/${file}`, width: 800, height: 600, alt }];
    if (pictures.chance(0.2)) {
      images.set(
        `${objectID}-2.svg`,
        drawPicture({
          pictogram,
          colours: colours.length > 1 ? [colours[1]!, colours[0]!] : colours,
          caption: rest.name,
          detail: true,
        }),
      );
      itemImages.push({
        url: `/items/${tenant.id}/${objectID}-2.svg`,
        width: 800,
        height: 600,
        alt: `Close view: ${alt.charAt(0).toLowerCase()}${alt.slice(1)}`,
      });
    }
    const geoloc = vendorGeoloc(vendorId);
    return { objectID, ...rest, images: itemImages, vendorId, _geoloc: geoloc, ...dates[index]! };
  });
  return { catalogue: { $schema: '../../schema/catalogue.schema.json', items }, images };
}

const geolocs = new Map<string, GeoPoint>();
function vendorGeoloc(vendorId: string): GeoPoint {
  let point = geolocs.get(vendorId);
  if (!point) {
    const vendor = readJson<{ _geoloc?: GeoPoint }>(path.join(tenantDir(vendorId), 'vendor.json'));
    if (!vendor._geoloc) throw new Error(`tenants/${vendorId}/vendor.json has no _geoloc`);
    point = vendor._geoloc;
    geolocs.set(vendorId, point);
  }
  return point;
}

const FORBIDDEN = [
  /<script/i,
  /\son[a-z]+\s*=/i,
  /javascript:/i,
  /<foreignObject/i,
  /<!DOCTYPE/i,
  /<!ENTITY/i,
  /href\s*=/i,
  /url\((?!#)/i,
];

/** Problems with a generated catalogue: schema, tenant rules, coverage and images. */
function problems(tenant: TenantFiles, generated: Generated): string[] {
  const found: string[] = [];
  const validate = getAjv().getSchema(schemaIds.catalogue)!;
  if (!validate(generated.catalogue))
    for (const error of validate.errors ?? []) found.push(`schema: ${error.instancePath} ${error.message}`);
  for (const finding of checkCatalogueRules(generated.catalogue, tenant))
    found.push(`rule ${finding.rule}: ${finding.pointer} ${finding.message}`);
  const used = new Set(generated.catalogue.items.map((item) => `${item.category.group}/${item.category.category}`));
  for (const group of tenant.categories.groups.filter(isRentalGroup))
    for (const category of group.categories)
      if (!used.has(`${group.slug}/${category.slug}`)) found.push(`no item in ${group.slug}/${category.slug}`);
  for (const [file, svg] of generated.images) {
    if (Buffer.byteLength(svg) >= 4096) found.push(`${file} is ${Buffer.byteLength(svg)} bytes (limit 4 KB)`);
    for (const pattern of FORBIDDEN) if (pattern.test(svg)) found.push(`${file} matches ${pattern}`);
  }
  return found;
}

const TENANTS = [
  { id: 'aviation', families: AVIATION_FAMILIES, fresh: 12 },
  { id: 'atlanta', families: ATLANTA_FAMILIES, fresh: 4 },
];

async function main() {
  const check = process.argv.includes('--check');
  const started = performance.now();
  const outputs: Array<{ tenant: TenantFiles; generated: Generated }> = [];
  for (const { id, families, fresh } of TENANTS) {
    const tenant: TenantFiles = {
      id,
      site: readJson(path.join(tenantDir(id), 'site.json')),
      categories: readJson(path.join(tenantDir(id), 'categories.json')),
    };
    const generated = generate(tenant, families, fresh);
    const found = problems(tenant, generated);
    if (found.length) {
      console.error(
        `tenants/${id}: ${found.length} problem(s), nothing written:\n  ${found.slice(0, 50).join('\n  ')}`,
      );
      process.exitCode = 1;
      return;
    }
    outputs.push({ tenant, generated });
  }
  let stale = 0;
  let written = 0;
  for (const { tenant, generated } of outputs) {
    const files = new Map<string, string>([['catalogue.json', `${JSON.stringify(generated.catalogue, null, 2)}\n`]]);
    for (const [file, svg] of generated.images) files.set(`items/${file}`, svg);
    const dir = tenantDir(tenant.id);
    await mkdir(path.join(dir, 'items'), { recursive: true });
    for (const [file, text] of files) {
      const current = await readFile(path.join(dir, file), 'utf8').catch(() => undefined);
      if (current === text) continue;
      stale++;
      if (check) console.error(`tenants/${tenant.id}/${file} is ${current === undefined ? 'missing' : 'stale'}`);
      else {
        await writeFile(path.join(dir, file), text);
        written++;
      }
    }
    for (const file of await readdir(path.join(dir, 'items'))) {
      if (!file.endsWith('.svg') || generated.images.has(file)) continue;
      stale++;
      if (check) console.error(`tenants/${tenant.id}/items/${file} is not produced by the generator`);
      else {
        await rm(path.join(dir, 'items', file));
        written++;
      }
    }
    const svgBytes = [...generated.images.values()].reduce((total, svg) => total + Buffer.byteLength(svg), 0);
    console.log(
      `tenants/${tenant.id}: ${generated.catalogue.items.length} items, ${generated.images.size} images (${(svgBytes / 1024).toFixed(0)} KB)`,
    );
  }
  const ms = Math.round(performance.now() - started);
  if (check && stale) {
    console.error(`${stale} file(s) differ: run npx tsx scripts/sample-catalogue.ts and commit the result.`);
    process.exitCode = 1;
  } else
    console.log(
      check ? `Sample catalogues are up to date (${ms} ms).` : `${written} file(s) written or removed (${ms} ms).`,
    );
}

await main();
