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

/** The schema with its `$ref` chain folded in (own keywords win), and where its children resolve. */
export function effective(located: Located, registry = documentsById): Located {
  const { schema, document } = located;
  if (typeof schema.$ref !== 'string') return located;
  const target = effective(resolveRef(schema.$ref, document, registry), registry);
  const { $ref: _ref, ...own } = schema;
  return { schema: { ...target.schema, ...own }, document: target.document };
}

/** The schema of a named property of an object schema, if it declares one. */
export function propertySchema(parent: Located, key: string): Located | undefined {
  const properties = parent.schema.properties as Record<string, SchemaNode> | undefined;
  if (!properties || !Object.hasOwn(properties, key)) {
    const extra = parent.schema.additionalProperties;
    return extra && typeof extra === 'object' ? effective({ schema: extra as SchemaNode, document: parent.document }) : undefined;
  }
  return effective({ schema: properties[key]!, document: parent.document });
}

/** The schema of an array's items, if it declares one. */
export function itemSchema(parent: Located): Located | undefined {
  const items = parent.schema.items;
  return items && typeof items === 'object' ? effective({ schema: items as SchemaNode, document: parent.document }) : undefined;
}

export function rootSchema(name: keyof typeof schemaDocuments): Located {
  const document = schemaDocuments[name] as unknown as SchemaNode;
  return { schema: document, document };
}

export { documentsById };
