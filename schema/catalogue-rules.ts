/**
 * What a catalogue's items must agree on with their tenant, beyond the item schema: each category
 * path names a rental category of the tenant's tree, each colour is in its colour map, each custom
 * field value is one of that field's options, item ids are unique, amounts have at most two
 * decimals, an item is not updated before it was listed, and a kit holds items of the catalogue,
 * never itself (schema/rental/kits.ts). Pure, browser-safe: the CLI, the
 * server's writes and the console's forms run the same rules.
 */
import { storeStockProblems, storesOf } from './rental/stores';
import { foreignFileReferences } from './own-files';
import { isRentalGroup } from './routes';
import { kitProblems } from './rental/kits';
import type { Catalogue, Item, Tenant } from './types.generated';

export interface ItemFinding {
  /** JSON pointer into the catalogue file (or, for one item, into that item). */
  pointer: string;
  message: string;
  rule: string;
}

const quoted = (values: Iterable<string>) => [...values].map((value) => JSON.stringify(value)).join(', ');

/** The rules for one item against its tenant; pointers are relative to the item (`/category/group`). */
export function checkItemRules(
  item: Item,
  tenant: Pick<Tenant, 'site' | 'categories'> & Partial<Pick<Tenant, 'vendor'>>,
): ItemFinding[] {
  const findings: ItemFinding[] = [];
  const groups = tenant.categories.groups.filter(isRentalGroup);
  const group = groups.find((candidate) => candidate.slug === item.category.group);
  if (!group) {
    findings.push({
      pointer: '/category/group',
      message: `no rental group ${JSON.stringify(item.category.group)} in categories.json (groups: ${quoted(groups.map((g) => g.slug))})`,
      rule: 'item-category',
    });
  } else {
    const category = group.categories.find((candidate) => candidate.slug === item.category.category);
    if (!category) {
      findings.push({
        pointer: '/category/category',
        message: `no category ${JSON.stringify(item.category.category)} in group ${JSON.stringify(group.slug)} (its categories: ${quoted(group.categories.map((c) => c.slug))})`,
        rule: 'item-category',
      });
    } else if (
      item.category.subcategory !== undefined &&
      !(category.subcategories ?? []).some((sub) => sub.slug === item.category.subcategory)
    ) {
      const subs = (category.subcategories ?? []).map((sub) => sub.slug);
      findings.push({
        pointer: '/category/subcategory',
        message: `no subcategory ${JSON.stringify(item.category.subcategory)} in ${JSON.stringify(category.slug)} (${subs.length ? `its subcategories: ${quoted(subs)}` : 'it has none'})`,
        rule: 'item-category',
      });
    }
  }
  const colours = new Set((tenant.site.colorMap ?? []).map((entry) => entry.name));
  (item.colors ?? []).forEach((colour, index) => {
    if (!colours.has(colour))
      findings.push({
        pointer: `/colors/${index}`,
        message: `colour ${JSON.stringify(colour)} is not in the colour map (site.json colorMap)`,
        rule: 'item-color',
      });
  });
  const fields = new Map((tenant.site.customFields ?? []).map((field) => [field.slug, field]));
  for (const [fieldSlug, values] of Object.entries(item.customFields ?? {})) {
    const field = fields.get(fieldSlug);
    if (!field) {
      findings.push({
        pointer: `/customFields/${fieldSlug}`,
        message: `no custom field ${JSON.stringify(fieldSlug)} in site.json (fields: ${quoted(fields.keys())})`,
        rule: 'item-custom-field',
      });
      continue;
    }
    const options = new Set(field.options.map((option) => option.slug));
    (values ?? []).forEach((value, index) => {
      if (!options.has(value))
        findings.push({
          pointer: `/customFields/${fieldSlug}/${index}`,
          message: `${JSON.stringify(value)} is not an option of ${field.name}`,
          rule: 'item-custom-field',
        });
    });
  }
  if (item.storeStock?.length && tenant.vendor)
    findings.push(
      ...storeStockProblems(item, storesOf(tenant.vendor)).map((problem) => ({ ...problem, rule: 'item-store' })),
    );
  findings.push(...foreignFileReferences(item, tenant.site.tenantId));
  if (Date.parse(item.updatedAt) < Date.parse(item.createdAt))
    findings.push({ pointer: '/updatedAt', message: 'is before createdAt', rule: 'item-dates' });
  return findings;
}

/** Every item's rules, ids unique and kits made of its items across the catalogue; pointers into the catalogue file. */
export function checkCatalogueRules(
  catalogue: Catalogue,
  tenant: Pick<Tenant, 'site' | 'categories'> & Partial<Pick<Tenant, 'vendor'>>,
  /** The tenant's items beyond the file (an import's catalogue is only its rows): kits may hold them too. */
  beyond: ReadonlyMap<string, Item> = new Map(),
): ItemFinding[] {
  const findings: ItemFinding[] = [];
  const firstIndex = new Map<string, number>();
  catalogue.items.forEach((item, index) => {
    const seen = firstIndex.get(item.objectID);
    if (seen === undefined) firstIndex.set(item.objectID, index);
    else
      findings.push({
        pointer: `/items/${index}/objectID`,
        message: `${JSON.stringify(item.objectID)} is also the id of item ${seen}; each item id is used once`,
        rule: 'unique-item-id',
      });
    for (const finding of checkItemRules(item, tenant))
      findings.push({ ...finding, pointer: `/items/${index}${finding.pointer}` });
  });
  const byId = new Map([...beyond, ...catalogue.items.map((item) => [item.objectID, item] as const)]);
  catalogue.items.forEach((item, index) => {
    if (!item.kit) return;
    const problems = kitProblems(
      item.objectID,
      item.kit,
      (id) => byId.has(id),
      (id) => byId.get(id)?.kit,
      (id) => byId.get(id)?.name ?? id,
    );
    for (const problem of problems)
      findings.push({ ...problem, pointer: `/items/${index}${problem.pointer}`, rule: 'item-kit' });
  });
  return findings;
}
