/**
 * The one canonical text form of a tenant file, so diffs stay small whoever edits it:
 * `$schema` first, then keys in the order the schema declares them (unknown keys after, as
 * found), two-space indent, and a trailing newline. A container is kept on one line when it
 * fits in 100 columns and holds no object nested inside it.
 */
import { itemSchema, propertySchema, type Located } from './schema-walk';

const WIDTH = 100;
const INDENT = '  ';

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/** Own keys in canonical order. Object.keys includes "__proto__" when JSON.parse made it an own key. */
function orderedKeys(value: Record<string, unknown>, schema: Located | undefined): string[] {
  const keys = Object.keys(value);
  const declared = Object.keys((schema?.schema.properties as Record<string, unknown> | undefined) ?? {});
  const known = declared.filter((key) => Object.hasOwn(value, key));
  const rank = (key: string) => (key === '$schema' ? -1 : known.indexOf(key));
  const inSchema = known.slice().sort((a, b) => rank(a) - rank(b));
  return [...inSchema, ...keys.filter((key) => !known.includes(key))];
}

/** True when nothing inside the container is itself an object (arrays of scalars are fine). */
function isShallow(value: object): boolean {
  const children = Array.isArray(value) ? value : Object.values(value);
  return children.every(
    (child) => !isContainer(child) || (Array.isArray(child) && child.every((c) => !isContainer(c))),
  );
}

function inline(value: unknown, schema: Located | undefined): string {
  if (!isContainer(value)) return JSON.stringify(value);
  if (Array.isArray(value)) {
    const items = itemSchema(schema ?? { schema: {}, document: {} });
    return value.length === 0 ? '[]' : `[${value.map((item) => inline(item, items)).join(', ')}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = orderedKeys(record, schema);
  if (keys.length === 0) return '{}';
  const parts = keys.map(
    (key) => `${JSON.stringify(key)}: ${inline(record[key], schema && propertySchema(schema, key))}`,
  );
  return `{ ${parts.join(', ')} }`;
}

function print(value: unknown, schema: Located | undefined, indent: string, used: number): string {
  if (!isContainer(value)) return JSON.stringify(value);
  const flat = inline(value, schema);
  if (indent !== '' && isShallow(value) && used + flat.length <= WIDTH) return flat;
  const inner = indent + INDENT;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = itemSchema(schema ?? { schema: {}, document: {} });
    return `[\n${value.map((item) => inner + print(item, items, inner, inner.length)).join(',\n')}\n${indent}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = orderedKeys(record, schema);
  if (keys.length === 0) return '{}';
  const lines = keys.map((key) => {
    const head = `${inner}${JSON.stringify(key)}: `;
    return head + print(record[key], schema && propertySchema(schema, key), inner, head.length + 1);
  });
  return `{\n${lines.join(',\n')}\n${indent}}`;
}

/** The canonical text of a JSON value validated by `schema` (any JSON value is accepted). */
export function canonicalJson(value: unknown, schema: Located | undefined): string {
  return `${print(value, schema, '', 0)}\n`;
}
