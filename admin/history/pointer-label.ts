/**
 * A JSON pointer into a tenant said in the console's words, from the schema's titles and the
 * entries' own names: `/site/theme/primaryColor` → "Site settings › Storefront theme › Primary
 * colour", `/site/colorMap/3/name` → "Site settings › Colour facet › Blue › Colour name". Pure.
 */
import { pointerTokens } from '../../schema/json-source';
import { effective, itemSchema, propertySchema, rootSchema, type Located } from '../../schema/schema-walk';

export const PART_TITLES: Record<string, string> = {
  site: 'Site settings',
  vendor: 'Vendor',
  categories: 'Categories',
  pages: 'Pages',
};

/** What a list entry calls itself: its name, label, title, network or route; undefined when none. */
export function ownName(value: unknown): string | undefined {
  if (value && typeof value === 'object') {
    const entry = value as Record<string, unknown>;
    for (const key of ['name', 'label', 'title', 'network', 'path'])
      if (typeof entry[key] === 'string' && entry[key]) return entry[key];
  }
  return undefined;
}

/** What a list entry is called: its own name, else its place ("#3"). */
export function entryName(value: unknown, index: number): string {
  return ownName(value) ?? `#${index + 1}`;
}

export function pointerLabel(pointer: string, tenant?: Record<string, unknown>): string {
  const [part, ...tokens] = pointerTokens(pointer);
  if (!part || !(part in PART_TITLES)) return pointer;
  const words = [PART_TITLES[part]!];
  let schema: Located | undefined = rootSchema(part as 'site');
  let value: unknown = tenant?.[part];
  for (const token of tokens) {
    const node: Record<string, unknown> | undefined = schema && effective(schema).schema;
    if (node?.type === 'array' || Array.isArray(value)) {
      const index = Number(token);
      words.push(entryName(Array.isArray(value) ? value[index] : undefined, index));
      schema = schema && itemSchema(effective(schema));
      value = Array.isArray(value) ? value[index] : undefined;
      continue;
    }
    schema = schema && propertySchema(effective(schema), token);
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[token] : undefined;
    words.push((schema && (effective(schema).schema.title as string | undefined)) ?? token);
  }
  return words.join(' › ');
}
