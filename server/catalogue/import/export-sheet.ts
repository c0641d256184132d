/**
 * A tenant's catalogue written back out as a spreadsheet (CSV or XLSX) with the columns the import
 * guesses back by itself, so a prop house can edit it in its spreadsheet and import it again: the
 * key, name, description, the category as names, rates, quantity, replacement value, location,
 * weight, size, tags, colours, each custom field by its name, photo file names, the first
 * photo's description, a unit-tracked item's asset tags, a kit's components and the stock kept at
 * other stores. Importing an unedited export changes nothing (a test says so).
 */
import type { Item, Tenant, Unit } from '../../../schema/types.generated';
import { isRentalGroup } from '../../../schema/routes';
import { kitText } from '../../../schema/rental/kits';
import { storeStockText } from '../../../schema/rental/stores';
import { sheetFile, type SheetFormat } from '../../lib/sheet-file';

export type { SheetFormat };

/** The export's header row; the import's guess maps each back to its field. */
export function exportHeaders(site: Pick<Tenant['site'], 'customFields'>): string[] {
  return [
    'SKU',
    'Name',
    'Description',
    'Category',
    'Day rate',
    'Week rate',
    'Quantity',
    'Replacement value',
    'Location',
    'Weight (lb)',
    'Dimensions (in)',
    'Tags',
    'Colours',
    ...(site.customFields ?? []).map((field) => field.name),
    'Photos',
    'Photo alt',
    // A unit-tracked item's tags: every row has the cell, so strict CSV readers count the same columns on each.
    'Asset tags',
    // A kit's kind and components, by their ids ("fixed: 1 × cockpit-shell; 2 × pilot-seat").
    'Kit',
    // How many are kept at each store besides the main one ("atlanta: 2").
    'Stock at other stores',
  ];
}

/** One item's row, in the header's order. */
function rowOf(
  item: Item,
  tenant: Pick<Tenant, 'site' | 'categories'>,
  tags: readonly string[],
): Array<string | number> {
  const group = tenant.categories.groups
    .filter(isRentalGroup)
    .find((candidate) => candidate.slug === item.category.group);
  const category = group?.categories.find((candidate) => candidate.slug === item.category.category);
  const sub = category?.subcategories?.find((candidate) => candidate.slug === item.category.subcategory);
  const categoryText = [
    group?.name ?? item.category.group,
    category?.name ?? item.category.category,
    ...(item.category.subcategory ? [sub?.name ?? item.category.subcategory] : []),
  ].join(' > ');
  const custom = (tenant.site.customFields ?? []).map((field) =>
    (item.customFields?.[field.slug] ?? [])
      .map((slug) => field.options.find((option) => option.slug === slug)?.name ?? slug)
      .join('; '),
  );
  const dimensions = item.dimensions
    ? `${item.dimensions.widthIn} x ${item.dimensions.depthIn} x ${item.dimensions.heightIn}`
    : '';
  return [
    // The house's own code as it writes it, else the id.
    item.sku ?? item.objectID,
    item.name,
    item.description ?? '',
    categoryText,
    item.rates.day,
    item.rates.week ?? '',
    item.quantity,
    item.replacementValue ?? '',
    item.location ?? '',
    item.weightLb ?? '',
    dimensions,
    (item.tags ?? []).join('; '),
    (item.colors ?? []).join('; '),
    ...custom,
    (item.images ?? []).map((image) => image.url.split('/').at(-1)).join('; '),
    item.images?.[0]?.alt ?? '',
    item.tracking === 'units' ? tags.join('; ') : '',
    item.kit ? kitText(item.kit) : '',
    storeStockText(item.storeStock),
  ];
}

/** The catalogue as a spreadsheet file's bytes. */
export async function exportSheet(
  items: readonly Item[],
  tenant: Pick<Tenant, 'site' | 'categories'>,
  format: SheetFormat,
  units: ReadonlyArray<Pick<Unit, 'objectID' | 'tag'>> = [],
): Promise<Buffer> {
  const headers = exportHeaders(tenant.site);
  const tagsOf = new Map<string, string[]>();
  for (const unit of units) {
    const tags = tagsOf.get(unit.objectID);
    if (tags) tags.push(unit.tag);
    else tagsOf.set(unit.objectID, [unit.tag]);
  }
  const rows = items.map((item) => rowOf(item, tenant, tagsOf.get(item.objectID) ?? []));
  return sheetFile(headers, rows, format, 'Catalogue');
}
