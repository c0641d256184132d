/**
 * Walks the schema documents the way a reader of them would: resolving `$ref`s across files
 * and folding a property's own keywords over the definition it references. Used to derive
 * key order (canonical formatting), labels and hints from the schemas instead of restating them.
 */
import { schemaDocuments } from './documents';

export type SchemaNode = Record<string, unknown>;

const documents = Object.values(schemaDocuments) as unknown as SchemaNode[];
const documentsById = new Map(documents.map((document) => [document.$id as string, document]));

/** A subschema together with the document its relative `$ref`s resolve against. */
export interface Located {
  schema: SchemaNode;
  document: SchemaNode;
}

export function resolveRef(ref: string, document: SchemaNode, registry = documentsById): Located {
  const [file, fragment = ''] = ref.split('#');
  const target = file ? registry.get(new URL(file, document.$id as string).href) : document;
  if (!target) throw new Error(`unresolvable $ref ${ref} in ${String(document.$id)}`);
  const schema = fragment
    .split('/')
    .filter(Boolean)
    .map((token) => decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, token) => (node as SchemaNode | undefined)?.[token], target) as SchemaNode | undefined;
  if (!schema) throw new Error(`unresolvable $ref ${ref} in ${String(document.$id)}`);
  return { schema, document: target };
}

// Walks repeat over the same few hundred schema nodes (canonical formatting visits every value
// of every tenant file), and their answers never change: each is worked out once per node.
const effectiveOf = new WeakMap<SchemaNode, Located>();
const propertiesOf = new WeakMap<SchemaNode, Map<string, Located | undefined>>();
const itemsOf = new WeakMap<SchemaNode, Located | undefined>();

/** The schema with its `$ref` chain folded in (own keywords win), and where its children resolve. */
export function effective(located: Located, registry = documentsById): Located {
  const { schema, document } = located;
  if (typeof schema.$ref !== 'string') return located;
  const memoised = registry === documentsById ? effectiveOf.get(schema) : undefined;
  if (memoised) return memoised;
  const target = effective(resolveRef(schema.$ref, document, registry), registry);
  const { $ref: _ref, ...own } = schema;
  const result = { schema: { ...target.schema, ...own }, document: target.document };
  if (registry === documentsById) effectiveOf.set(schema, result);
  return result;
}

/** The schema of a named property of an object schema, if it declares one. */
export function propertySchema(parent: Located, key: string): Located | undefined {
  let known = propertiesOf.get(parent.schema);
  if (!known) propertiesOf.set(parent.schema, (known = new Map<string, Located | undefined>()));
  if (known.has(key)) return known.get(key);
  const properties = parent.schema.properties as Record<string, SchemaNode> | undefined;
  let result: Located | undefined;
  if (!properties || !Object.hasOwn(properties, key)) {
    const extra = parent.schema.additionalProperties;
    result =
      extra && typeof extra === 'object'
        ? effective({ schema: extra as SchemaNode, document: parent.document })
        : undefined;
  } else {
    result = effective({ schema: properties[key]!, document: parent.document });
  }
  // Keys outside the schema are as many as the files' typos; only declared ones are remembered.
  if (result || properties === undefined || Object.hasOwn(properties, key)) known.set(key, result);
  return result;
}

/** The schema of an array's items, if it declares one. */
export function itemSchema(parent: Located): Located | undefined {
  if (itemsOf.has(parent.schema)) return itemsOf.get(parent.schema);
  const items = parent.schema.items;
  const result =
    items && typeof items === 'object'
      ? effective({ schema: items as SchemaNode, document: parent.document })
      : undefined;
  itemsOf.set(parent.schema, result);
  return result;
}

export function rootSchema(name: keyof typeof schemaDocuments): Located {
  const document = schemaDocuments[name] as unknown as SchemaNode;
  return { schema: document, document };
}

export { documentsById };
