/**
 * The plain fields of one sheet row, read into its item (import-plan.ts reads the key, the
 * category, the asset tags and the photos, which need the whole sheet): the rates, and the fields
 * that describe the item: replacement value, location, weight, size, tags, colours, a kit's
 * components and the tenant's custom fields. A column the mapping leaves out leaves the item's own value; a blank
 * cell in a mapped column clears it; a cell that cannot be read is a problem at that cell.
 */
import { slugify } from '../../../schema/slugify';
import { readKitText } from '../../../schema/rental/kits';
import { readStoreStockText } from '../../../schema/rental/stores';
import type { Item, Tenant } from '../../../schema/types.generated';
import { readDimensions, readList, readMoney, readWeightLb, type Read } from './cell-values';
import { foldHeader, type ColumnMapping, type ImportField } from './column-mapping';

/** One row's cells through the mapping, and where its problems go (properties, as they are passed around on their own). */
export interface RowFields {
  has: (field: ImportField) => boolean;
  /** The cell's text, trimmed; undefined when blank or not mapped. */
  cell: (field: ImportField) => string | undefined;
  /** The cell read by `reader`; a problem (and undefined) when it cannot be. */
  read: <T>(field: ImportField, reader: (text: string) => Read<T>) => T | undefined;
  problem: (field: ImportField | undefined, message: string) => void;
  /** Sets (or, given undefined, clears) an item key when its column is mapped. */
  set: (key: string, value: unknown, field: ImportField) => void;
}

export function readRates(row: RowFields, item: Record<string, unknown>, base: Item | undefined): void {
  const { has, read, cell, problem } = row;
  // A day rate is needed; a week rate only when given.
  if (has('rates.day') || has('rates.week')) {
    const day = read('rates.day', readMoney);
    const week = read('rates.week', readMoney);
    const rates = { ...((base?.rates ?? {}) as Item['rates']) };
    if (has('rates.day')) {
      if (day === undefined && cell('rates.day') === undefined)
        problem('rates.day', 'is empty: every item needs a day rate');
      else if (day !== undefined) rates.day = day;
    }
    if (has('rates.week')) {
      if (week === undefined) delete rates.week;
      else rates.week = week;
    }
    item.rates = rates;
  }
}

export function readDescribingFields(
  row: RowFields,
  item: Record<string, unknown>,
  site: Tenant['site'],
  mapping: ColumnMapping,
): void {
  const { has, read, cell, problem, set } = row;
  set('replacementValue', read('replacementValue', readMoney), 'replacementValue');
  set('location', cell('location'), 'location');
  set(
    'weightLb',
    read('weightLb', (text) =>
      readWeightLb(/kg/i.test(mapping.weightLb ?? '') && !/[a-z]/i.test(text) ? `${text} kg` : text),
    ),
    'weightLb',
  );
  if (has('dimensions')) set('dimensions', read('dimensions', readDimensions), 'dimensions');
  else if (has('dimensions.widthIn') || has('dimensions.depthIn') || has('dimensions.heightIn')) {
    const parts = (['dimensions.widthIn', 'dimensions.depthIn', 'dimensions.heightIn'] as const).map((field) =>
      cell(field),
    );
    if (parts.every((part) => part === undefined)) delete item.dimensions;
    else {
      const unit = /cm/i.test(mapping['dimensions.widthIn'] ?? '') ? ' cm' : '';
      const dimensions = readDimensions(parts.map((part) => part ?? '').join(' x ') + unit);
      if ('problem' in dimensions)
        problem(
          parts[0] === undefined
            ? 'dimensions.widthIn'
            : parts[1] === undefined
              ? 'dimensions.depthIn'
              : 'dimensions.heightIn',
          'needs width, depth and height all three',
        );
      else item.dimensions = dimensions.value;
    }
  }
  if (has('tags'))
    set(
      'tags',
      [
        ...new Set(
          readList(cell('tags') ?? '')
            .map((tag) => slugify(tag))
            .filter(Boolean),
        ),
      ],
      'tags',
    );
  if (has('colors')) {
    const wanted = readList(cell('colors') ?? '');
    const known = site.colorMap ?? [];
    const colors = wanted.map((colour) => known.find((entry) => foldHeader(entry.name) === foldHeader(colour))?.name);
    const unknown = wanted.filter((_, at) => colors[at] === undefined);
    if (unknown.length)
      problem(
        'colors',
        `${unknown.map((colour) => JSON.stringify(colour)).join(', ')} ${unknown.length === 1 ? 'is not one of' : 'are not among'} the colours (${known.map((entry) => entry.name).join(', ')})`,
      );
    else set('colors', [...new Set(colors as string[])], 'colors');
  }
  if (has('kit')) {
    // A blank cell makes it a plain item again; a kit keeps its price settings, which the sheet does not carry.
    const text = cell('kit');
    const kit = text === undefined ? undefined : readKitText(text, slugify);
    if (kit && 'problem' in kit) problem('kit', kit.problem);
    else if (kit) item.kit = { ...(item.kit ?? {}), ...kit.value };
    else delete item.kit;
  }
  if (has('storeStock')) {
    // A blank cell puts every piece back at the main store.
    const read = readStoreStockText(cell('storeStock') ?? '');
    if ('problem' in read) problem('storeStock', read.problem);
    else if (read.value.length) item.storeStock = read.value;
    else delete item.storeStock;
  }
  for (const custom of site.customFields ?? []) {
    const field = `customFields.${custom.slug}` as ImportField;
    if (!has(field)) continue;
    const wanted = readList(cell(field) ?? '');
    const values = wanted.map(
      (value) =>
        custom.options.find((option) => foldHeader(option.name) === foldHeader(value) || option.slug === slugify(value))
          ?.slug,
    );
    const unknown = wanted.filter((_, at) => values[at] === undefined);
    if (unknown.length)
      problem(
        field,
        `${unknown.map((value) => JSON.stringify(value)).join(', ')} ${unknown.length === 1 ? 'is not one of' : 'are not among'} the ${custom.name} (${custom.options
          .slice(0, 8)
          .map((option) => option.name)
          .join(', ')}${custom.options.length > 8 ? ' …' : ''})`,
      );
    const customFields = { ...((item.customFields as Record<string, string[]>) ?? {}) };
    if (values.length && !unknown.length) customFields[custom.slug] = [...new Set(values as string[])];
    else if (!values.length) delete customFields[custom.slug];
    item.customFields = customFields;
  }
}
