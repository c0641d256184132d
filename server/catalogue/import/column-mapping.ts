/**
 * Which column of a prop house's sheet fills which field of an item: the fields (named by the item
 * schema's own titles, plus the tenant's custom fields), a mapping guessed from the headers (their
 * words, in many prop houses' spellings) and, for a header it does not know, from the values
 * ("225/day" is a day rate, "61 x 32 x 43 in" a size), and the mapping's signature, under which
 * it is saved so the same sheet next time asks nothing. Pure.
 */
import { createHash } from 'node:crypto';
import { schemaDocuments } from '../../../schema/documents';
import type { SiteSettings } from '../../../schema/types.generated';
import { isBlank, readDimensions, readMoney } from './cell-values';

/** A field an import fills; custom fields are `customFields.<slug>`. */
export type ImportField =
  | 'objectID'
  | 'name'
  | 'description'
  | 'category'
  | 'category.group'
  | 'category.subcategory'
  | 'rates.day'
  | 'rates.week'
  | 'quantity'
  | 'replacementValue'
  | 'location'
  | 'weightLb'
  | 'dimensions'
  | 'dimensions.widthIn'
  | 'dimensions.depthIn'
  | 'dimensions.heightIn'
  | 'tags'
  | 'colors'
  | 'photos'
  | 'photoAlt'
  | 'unitTags'
  | 'kit'
  | 'storeStock'
  | `customFields.${string}`;

/** From field to the header of the column that fills it (a field no column fills is absent). */
export type ColumnMapping = Partial<Record<ImportField, string>>;

const itemProperties = schemaDocuments.item.properties;

/** Each field as the console and the report name it: the item schema's title where it has one. */
export function fieldTitles(
  site: Pick<SiteSettings, 'customFields'>,
): Array<{ field: ImportField; title: string; required?: boolean }> {
  return [
    { field: 'objectID', title: `${itemProperties.objectID.title} (or SKU: the key a re-import updates by)` },
    { field: 'name', title: itemProperties.name.title ?? 'Name', required: true },
    { field: 'description', title: itemProperties.description.title },
    {
      field: 'category',
      title: `${itemProperties.category.title ?? 'Category'} (group › category › subcategory, or the category alone)`,
      required: true,
    },
    { field: 'category.group', title: 'Category group, in a column of its own (Department)' },
    { field: 'category.subcategory', title: 'Subcategory, in a column of its own' },
    { field: 'rates.day', title: itemProperties.rates.properties.day.title, required: true },
    { field: 'rates.week', title: itemProperties.rates.properties.week.title },
    { field: 'quantity', title: itemProperties.quantity.title },
    { field: 'replacementValue', title: itemProperties.replacementValue.title ?? 'Replacement value' },
    { field: 'location', title: itemProperties.location.title },
    { field: 'weightLb', title: itemProperties.weightLb.title },
    { field: 'dimensions', title: `${itemProperties.dimensions.title} (W x D x H in one cell)` },
    { field: 'dimensions.widthIn', title: itemProperties.dimensions.properties.widthIn.title },
    { field: 'dimensions.depthIn', title: itemProperties.dimensions.properties.depthIn.title },
    { field: 'dimensions.heightIn', title: itemProperties.dimensions.properties.heightIn.title },
    { field: 'tags', title: itemProperties.tags.title },
    { field: 'colors', title: itemProperties.colors.title },
    { field: 'photos', title: `${itemProperties.images.title} (file names)` },
    { field: 'photoAlt', title: 'Photo description (alt text)' },
    { field: 'unitTags', title: 'Asset tags (a unit each: the item is then tracked unit by unit)' },
    { field: 'kit', title: `${itemProperties.kit.title} (its components: "fixed: 1 × item id; 2 × item id")` },
    { field: 'storeStock', title: `${itemProperties.storeStock.title} (each store's id and count: "atlanta: 2")` },
    ...(site.customFields ?? []).map((custom) => ({
      field: `customFields.${custom.slug}` as ImportField,
      title: custom.name,
    })),
  ];
}

/** Headers people give each field, folded (lower case, letters and digits only). */
const SPELLINGS: Partial<Record<ImportField, readonly string[]>> = {
  kit: ['kit', 'kitcomponents', 'kitcontents', 'components', 'contents', 'includes', 'packagecontents'],
  storeStock: ['stockatotherstores', 'storestock', 'stockbystore', 'otherstores', 'stores'],
  objectID: [
    'sku',
    'id',
    'itemid',
    'objectid',
    'itemcode',
    'code',
    'stockcode',
    'stockno',
    'stocknumber',
    'productcode',
    'ref',
    'reference',
    'assetid',
    'partnumber',
    'itemno',
    'itemnumber',
    'inventoryid',
  ],
  name: ['name', 'itemname', 'item', 'title', 'product', 'productname', 'itemtitle', 'prop', 'propname'],
  description: ['description', 'desc', 'details', 'longdescription', 'itemdescription', 'notes', 'condition', 'about'],
  category: [
    'category',
    'categorypath',
    'department',
    'dept',
    'section',
    'type',
    'itemtype',
    'productcategory',
    'categories',
  ],
  'category.group': ['group', 'categorygroup', 'maincategory', 'topcategory'],
  'category.subcategory': ['subcategory', 'subcat', 'subtype', 'subsubcategory'],
  'rates.day': [
    'dayrate',
    'daily',
    'dailyrate',
    'rateday',
    'perday',
    'priceperday',
    'rate',
    'price',
    'dailyhire',
    'hirerate',
    'rentalrate',
    'dayprice',
    'rental',
    'hireperday',
  ],
  'rates.week': ['weekrate', 'weekly', 'weeklyrate', 'perweek', 'priceperweek', 'weekprice', 'weeklyhire', 'rateweek'],
  quantity: [
    'qty',
    'quantity',
    'stock',
    'onhand',
    'qtyonhand',
    'count',
    'units',
    'instock',
    'stockqty',
    'available',
    'numberowned',
    'owned',
  ],
  replacementValue: [
    'replacementvalue',
    'replacement',
    'replacementcost',
    'value',
    'insurancevalue',
    'rv',
    'replacevalue',
    'lossvalue',
    'cost',
    'purchaseprice',
  ],
  location: ['location', 'bin', 'bay', 'shelf', 'aisle', 'warehouselocation', 'binlocation', 'storage', 'rack'],
  weightLb: ['weight', 'weightlb', 'weightlbs', 'wt', 'wtlb', 'wtlbs', 'wtkg', 'weightkg', 'weightkgs', 'lbs', 'kg'],
  dimensions: ['dimensions', 'dims', 'size', 'measurements', 'wxdxh', 'lxwxh', 'dimensionsin', 'dimensionscm'],
  'dimensions.widthIn': ['width', 'widthin', 'w', 'widthcm'],
  'dimensions.depthIn': ['depth', 'depthin', 'd', 'length', 'depthcm'],
  'dimensions.heightIn': ['height', 'heightin', 'h', 'heightcm'],
  tags: ['tags', 'keywords', 'labels', 'tag'],
  colors: ['color', 'colour', 'colors', 'colours', 'mainColour', 'maincolor'].map((word) => word.toLowerCase()),
  photos: [
    'photo',
    'photos',
    'image',
    'images',
    'picture',
    'pictures',
    'imagefile',
    'imagefiles',
    'photofile',
    'filename',
    'img',
  ],
  photoAlt: ['alt', 'alttext', 'photodescription', 'imagealt', 'caption'],
  unitTags: [
    'assettags',
    'assettag',
    'assetno',
    'assetnumbers',
    'barcodes',
    'barcode',
    'serials',
    'serialnumbers',
    'serialnumber',
    'unittags',
    'units tags'.replace(' ', ''),
  ],
};

export const foldHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]+/g, '');

/**
 * The mapping guessed for these headers: each header's words matched against the spellings and the
 * tenant's custom fields (by name or slug, singular or plural); then a column still unmapped whose
 * values all read as a size, or as a rate per day or week, fills that field if nothing else does.
 * A field takes the first column that matches it.
 */
export function guessMapping(
  headers: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  site: Pick<SiteSettings, 'customFields'>,
): ColumnMapping {
  const mapping: ColumnMapping = {};
  const taken = new Set<string>();
  const take = (field: ImportField, header: string) => {
    if (mapping[field] !== undefined || taken.has(header)) return;
    mapping[field] = header;
    taken.add(header);
  };
  const custom = (site.customFields ?? []).map((field) => ({
    field: `customFields.${field.slug}` as ImportField,
    words: [foldHeader(field.name), foldHeader(field.slug), foldHeader(field.name).replace(/s$/, '')],
  }));
  for (const header of headers) {
    const folded = foldHeader(header);
    if (!folded) continue;
    const known = (Object.entries(SPELLINGS) as Array<[ImportField, readonly string[]]>).find(([, words]) =>
      words.includes(folded),
    );
    if (known) take(known[0], header);
    else {
      const field = custom.find(
        (entry) => entry.words.includes(folded) || entry.words.includes(folded.replace(/s$/, '')),
      );
      if (field) take(field.field, header);
    }
  }
  // Department and Sub-department, the usual two columns: the department is the group, the sub-department its category.
  const sub = headers.find((header) => ['subdepartment', 'subdept', 'subsection'].includes(foldHeader(header)));
  if (sub && mapping.category !== undefined && mapping['category.group'] === undefined && !taken.has(sub)) {
    mapping['category.group'] = mapping.category;
    mapping.category = sub;
    taken.add(sub);
  }
  // Unknown headers told by their values (a sample of the first rows).
  const sample = rows.slice(0, 50);
  headers.forEach((header, column) => {
    if (taken.has(header)) return;
    const values = sample.map((row) => row[column] ?? '').filter((value) => !isBlank(value));
    if (!values.length) return;
    if (values.every((value) => 'value' in readDimensions(value) && /[x×*]/i.test(value))) take('dimensions', header);
    else if (values.every((value) => /\/\s*(day|d)\b|per day|a day/i.test(value) && 'value' in readMoney(value)))
      take('rates.day', header);
    else if (values.every((value) => /\/\s*(week|wk|w)\b|per week|a week/i.test(value) && 'value' in readMoney(value)))
      take('rates.week', header);
  });
  return mapping;
}

/** What a sheet's mapping is saved under: its headers, in order, folded and hashed (the same sheet exported again matches). */
export function sheetSignature(headers: readonly string[]): string {
  return createHash('sha256').update(headers.map(foldHeader).join('\u0000')).digest('hex').slice(0, 16);
}
