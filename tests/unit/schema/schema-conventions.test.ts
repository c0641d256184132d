/**
 * Conventions every schema follows, so the console's forms and the docs can be generated from
 * it (Dawn-style settings): each property has a label and a description, bounds, and objects
 * are closed. A property may take these from the definition it references.
 */
import { describe, expect, it } from 'vitest';
import { schemaDocuments } from '../../../schema/documents';

type Schema = Record<string, unknown>;
const documents = Object.values(schemaDocuments) as unknown as Schema[];
const byId = new Map(documents.map((d) => [d.$id as string, d]));

/** Resolves a $ref relative to the document it appears in ("defs.schema.json#/$defs/x", "#/$defs/y"). */
function resolve(ref: string, document: Schema): { schema: Schema; document: Schema } {
  const [file, fragment = ''] = ref.split('#');
  const target = file ? byId.get(new URL(file, document.$id as string).href)! : document;
  const schema = fragment.split('/').filter(Boolean).reduce<unknown>((node, token) => (node as Schema)[token], target) as Schema;
  return { schema, document: target };
}

/** The schema with every $ref chain folded in: own keywords win over the referenced ones. */
function effective(schema: Schema, document: Schema): Schema {
  if (typeof schema.$ref !== 'string') return schema;
  const target = resolve(schema.$ref, document);
  const { $ref: _ref, ...own } = schema;
  return { ...effective(target.schema, target.document), ...own };
}

interface Finding {
  where: string;
  problem: string;
}

function lint(): Finding[] {
  const findings: Finding[] = [];
  const visit = (schema: Schema, document: Schema, where: string, isProperty: boolean) => {
    const full = effective(schema, document);
    if (isProperty) {
      if (!full.title) findings.push({ where, problem: 'no title' });
      if (!full.description && where.split('.').pop() !== '$schema') findings.push({ where, problem: 'no description' });
    }
    const type = full.type;
    if (type === 'object' && full.additionalProperties === undefined) findings.push({ where, problem: 'object without additionalProperties' });
    if (type === 'string' && full.maxLength === undefined && full.pattern === undefined && full.format === undefined && full.oneOf === undefined && where.split('.').pop() !== '$schema')
      findings.push({ where, problem: 'unbounded string (no maxLength, pattern, format or options)' });
    if (type === 'array' && full.maxItems === undefined) findings.push({ where, problem: 'array without maxItems' });
    if ((type === 'number' || type === 'integer') && full.minimum === undefined) findings.push({ where, problem: 'number without minimum' });
    if (typeof schema.$ref === 'string') return; // the target is linted where it is defined
    for (const [name, sub] of Object.entries((schema.properties as Record<string, Schema>) ?? {})) visit(sub, document, `${where}.${name}`, true);
    if (schema.items && typeof schema.items === 'object') visit(schema.items as Schema, document, `${where}[]`, false);
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object') visit(schema.additionalProperties as Schema, document, `${where}{}`, false);
    for (const [name, sub] of Object.entries((schema.$defs as Record<string, Schema>) ?? {})) visit(sub, document, `${where}#${name}`, false);
  };
  for (const document of documents) visit(document, document, String(document.$id).split('/').pop()!, false);
  return findings;
}

describe('schema conventions', () => {
  it('every property has a title and description, every object is closed, every value is bounded', () => {
    expect(lint()).toEqual([]);
  });

  it('the lint itself notices a property without a description and an open object', () => {
    const probe = { $id: 'https://backlot.dev/schema/probe.schema.json', type: 'object', properties: { loose: { title: 'Loose', type: 'object' } } };
    documents.push(probe);
    try {
      expect(lint()).toEqual(
        expect.arrayContaining([
          { where: 'probe.schema.json.loose', problem: 'no description' },
          { where: 'probe.schema.json.loose', problem: 'object without additionalProperties' },
          { where: 'probe.schema.json', problem: 'object without additionalProperties' },
        ]),
      );
    } finally {
      documents.pop();
    }
  });
});
