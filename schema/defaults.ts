/**
 * A configuration value with the schema's `default`s filled in, so readers (the storefront, the
 * console's previews) see every setting without restating a default anywhere:
 * - an absent property takes its `default`;
 * - an absent object without a `default` of its own is built from its properties' defaults when
 *   any of them has one (a `theme` left out of site.json is the default theme);
 * - values present are kept as they are, and objects inside arrays are filled the same way.
 * Pure and browser-safe; callers cache the result per tenant version.
 */
import { effective, itemSchema, propertySchema, rootSchema, type Located } from './schema-walk';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function declared(schema: Located): string[] {
  return Object.keys((schema.schema.properties as Record<string, unknown> | undefined) ?? {});
}

/** The default of a property that is absent, if the schema gives (or implies) one. */
function defaultFor(schema: Located): unknown {
  const own = schema.schema.default;
  // A default object is filled too: `thumbnails: {}` still gets its placeholder's default.
  if (own !== undefined) return fill(structuredClone(own), schema);
  if (schema.schema.type !== 'object') return undefined;
  const built = fill({}, schema);
  return Object.keys(built as object).length ? built : undefined;
}

function fill(value: unknown, located: Located | undefined): unknown {
  if (!located) return value;
  const schema = effective(located);
  if (Array.isArray(value)) {
    const items = itemSchema(schema);
    return items ? value.map((item) => fill(item, items)) : value;
  }
  if (!isObject(value)) return value;
  const result: Record<string, unknown> = {};
  // Own data properties, so a "__proto__" key stays a key.
  for (const key of Object.keys(value))
    Object.defineProperty(result, key, {
      value: fill(value[key], propertySchema(schema, key)),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  for (const key of declared(schema)) {
    if (Object.hasOwn(result, key)) continue;
    const fallback = defaultFor(propertySchema(schema, key)!);
    if (fallback !== undefined) result[key] = fallback;
  }
  return result;
}

/** `value` (a tenant part) with the defaults of its schema filled in. */
export function withDefaults<T>(
  part: 'site' | 'vendor' | 'categories' | 'userProfile' | 'item' | 'customerAccount',
  value: T,
): T {
  return fill(value, rootSchema(part)) as T;
}
