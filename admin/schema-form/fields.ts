/**
 * The one mapping from JSON Schema to console fields: each scalar setting of a schema becomes a
 * field whose input, label, help, bounds, choices and widget come from the schema's `title`,
 * `description`, `minimum`/`maximum`, `maxLength`, `pattern`, `oneOf` of `{const, title}` and
 * `x-ui` hint. Objects contribute their settings under a dotted source (`meta.title`, labelled
 * "Meta tags · Title" after the object's own title); arrays are
 * left to the hand-written editors (colours, links, discounts …). A setting added to the schema
 * appears here with no console change. Pure and browser-safe.
 */
import { effective, propertySchema, type Located, type SchemaNode } from '../../schema/schema-walk';

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'select'
  | 'radio'
  | 'color'
  | 'image'
  | 'url'
  | 'timezone'
  | 'date';

export interface FieldSpec {
  /** Dotted path in the record: `appTitle`, `meta.title`, `theme.cornerRadius`. */
  source: string;
  label: string;
  help?: string;
  kind: FieldKind;
  required: boolean;
  readOnly: boolean;
  section: string;
  min?: number;
  max?: number;
  maxLength?: number;
  pattern?: string;
  /** The schema's own message for a pattern mismatch. */
  patternMessage?: string;
  /** A string format the value must have: `email`, `iana-timezone` … */
  format?: string;
  choices?: Array<{ id: string; name: string }>;
  default?: unknown;
}

interface XUi {
  section?: string;
  widget?: string;
  readOnly?: boolean;
  hidden?: boolean;
}

const xUi = (schema: SchemaNode): XUi => (schema['x-ui'] as XUi | undefined) ?? {};

function kindOf(schema: SchemaNode): FieldKind | undefined {
  const widget = xUi(schema).widget;
  if (Array.isArray(schema.oneOf) && (schema.oneOf as SchemaNode[]).every((option) => 'const' in option))
    return widget === 'radio' ? 'radio' : 'select';
  if (schema.format === 'iana-timezone') return 'timezone';
  if (schema.format === 'date') return 'date';
  switch (schema.type) {
    case 'boolean':
      return 'boolean';
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    case 'string':
      if (widget === 'color' || widget === 'image' || widget === 'url' || widget === 'textarea') return widget;
      return 'text';
    default:
      return undefined;
  }
}

const humanise = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

/** Every scalar field of an object schema, in declaration order, sections inherited from parents. */
export function fieldsOf(
  root: Located,
  options: {
    skip?: readonly string[];
    section?: string;
    prefix?: string;
    parentLabel?: string;
    required?: boolean;
  } = {},
): FieldSpec[] {
  const schema = effective(root).schema;
  const properties = (schema.properties ?? {}) as Record<string, SchemaNode>;
  const requiredKeys = new Set((schema.required as string[] | undefined) ?? []);
  const fields: FieldSpec[] = [];
  for (const key of Object.keys(properties)) {
    if (key === '$schema' || options.skip?.includes(key)) continue;
    const located = effective(propertySchema(effective(root), key)!);
    const node = located.schema;
    const hints = xUi(node);
    if (hints.hidden) continue;
    const source = options.prefix ? `${options.prefix}.${key}` : key;
    const section = hints.section ?? options.section ?? 'general';
    const required = requiredKeys.has(key) && (options.required ?? true);
    if (node.type === 'object') {
      const parentLabel = (node.title as string | undefined) ?? humanise(key);
      fields.push(
        ...fieldsOf(located, {
          section,
          prefix: source,
          parentLabel: options.parentLabel ? `${options.parentLabel} · ${parentLabel}` : parentLabel,
          required,
        }),
      );
      continue;
    }
    const field = scalarField(located, source, { key, section, required, parentLabel: options.parentLabel });
    if (field) fields.push(field);
  }
  return fields;
}

/**
 * The field for one scalar schema (a string, number, boolean or choice); undefined for objects
 * and arrays. `key` names it when the schema has no title.
 */
export function scalarField(
  located: Located,
  source: string,
  options: { key?: string; section?: string; required?: boolean; parentLabel?: string } = {},
): FieldSpec | undefined {
  const node = effective(located).schema;
  const kind = kindOf(node);
  if (!kind) return undefined;
  const hints = xUi(node);
  const title = (node.title as string | undefined) ?? humanise(options.key ?? source.split('.').pop() ?? source);
  const messages = node.errorMessage as { pattern?: string } | undefined;
  return {
    source,
    // A nested setting names its object too: "Header logo · Width (px)".
    label: options.parentLabel ? `${options.parentLabel} · ${title}` : title,
    help: node.description as string | undefined,
    kind,
    required: options.required ?? false,
    readOnly: Boolean(hints.readOnly),
    section: hints.section ?? options.section ?? 'general',
    ...(typeof node.minimum === 'number' && { min: node.minimum }),
    ...(typeof node.maximum === 'number' && { max: node.maximum }),
    ...(typeof node.maxLength === 'number' && { maxLength: node.maxLength }),
    ...(typeof node.pattern === 'string' && { pattern: node.pattern, patternMessage: messages?.pattern }),
    ...(typeof node.format === 'string' && { format: node.format }),
    ...((kind === 'select' || kind === 'radio') && {
      choices: (node.oneOf as Array<{ const: string; title?: string }>).map((option) => ({
        id: option.const,
        name: option.title ?? option.const,
      })),
    }),
    ...(node.default !== undefined && { default: node.default }),
  };
}

/** The sections in the order their first field appears. */
export function sectionsOf(fields: readonly FieldSpec[]): string[] {
  return [...new Set(fields.map((field) => field.section))];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The record to save: inputs left empty are absent settings, not empty ones, and an optional
 * object whose inputs are all empty (an IP-location provider never set up) is left out rather
 * than sent as `{}` (which its required keys would refuse). Applies inside the rows of lists too.
 */
export function withoutEmptyValues<T>(value: T): T {
  // Rows of a list keep their place; their own empty inputs are dropped (a header link's cleared target).
  if (Array.isArray(value))
    return (value as unknown[]).map((item) => (isPlainObject(item) ? withoutEmptyValues(item) : item)) as T;
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const pruned = withoutEmptyValues(child);
    if (pruned === null || pruned === undefined || pruned === '') continue;
    if (isPlainObject(pruned) && Object.keys(pruned).length === 0) continue;
    result[key] = pruned;
  }
  return result as T;
}
