/**
 * Conventions every schema follows, so the console's forms and the docs can be generated from
 * it (Dawn-style settings): each property has a label and a description, bounds, and objects
 * are closed. A property may take these from the definition it references.
 */
import { describe, expect, it } from 'vitest';
import { schemaDocuments } from '../../../schema/documents';
import { documentsById, effective, type SchemaNode } from '../../../schema/schema-walk';

type Schema = SchemaNode;
const documents = Object.values(schemaDocuments) as unknown as Schema[];
const registry = new Map(documentsById);

/** The schema with every $ref chain folded in: own keywords win over the referenced ones. */
const folded = (schema: Schema, document: Schema) => effective({ schema, document }, registry).schema;

interface Finding {
  where: string;
  problem: string;
}

function lint(): Finding[] {
  const findings: Finding[] = [];
  const visit = (schema: Schema, document: Schema, where: string, isProperty: boolean) => {
    const full = folded(schema, document);
    if (isProperty) {
      if (!full.title) findings.push({ where, problem: 'no title' });
      if (!full.description && where.split('.').pop() !== '$schema')
        findings.push({ where, problem: 'no description' });
    }
    const type = full.type;
    if (type === 'object' && full.additionalProperties === undefined)
      findings.push({ where, problem: 'object without additionalProperties' });
    if (
      type === 'string' &&
      full.maxLength === undefined &&
      full.pattern === undefined &&
      full.format === undefined &&
      full.oneOf === undefined &&
      where.split('.').pop() !== '$schema'
    )
      findings.push({ where, problem: 'unbounded string (no maxLength, pattern, format or options)' });
    if (type === 'array' && full.maxItems === undefined) findings.push({ where, problem: 'array without maxItems' });
    if ((type === 'number' || type === 'integer') && full.minimum === undefined)
      findings.push({ where, problem: 'number without minimum' });
    if (typeof schema.$ref === 'string') return; // the target is linted where it is defined
    for (const [name, sub] of Object.entries((schema.properties as Record<string, Schema>) ?? {}))
      visit(sub, document, `${where}.${name}`, true);
    if (schema.items && typeof schema.items === 'object') visit(schema.items as Schema, document, `${where}[]`, false);
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
      visit(schema.additionalProperties as Schema, document, `${where}{}`, false);
    for (const [name, sub] of Object.entries((schema.$defs as Record<string, Schema>) ?? {}))
      visit(sub, document, `${where}#${name}`, false);
  };
  for (const document of documents) visit(document, document, String(document.$id).split('/').pop()!, false);
  return findings;
}

describe('schema conventions', () => {
  it('every property has a title and description, every object is closed, every value is bounded', () => {
    expect(lint()).toEqual([]);
  });

  it('the lint itself notices a property without a description and an open object', () => {
    const probe = {
      $id: 'https://backlot.dev/schema/probe.schema.json',
      type: 'object',
      properties: { loose: { title: 'Loose', type: 'object' } },
    };
    documents.push(probe);
    registry.set(probe.$id, probe);
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
      registry.delete(probe.$id);
    }
  });
});

describe('patterns', () => {
  // A browser compiles an <input pattern> with the `v` flag, where ( ) - / inside a class must be
  // escaped; one that does not compile is ignored without a word (the phone field's was).
  it("compile as a form field's pattern attribute does (the v flag), and as Ajv does (the u flag)", () => {
    const patterns: Array<[string, string]> = [];
    const walk = (node: unknown, where: string) => {
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'pattern' && typeof value === 'string') patterns.push([where, value]);
        else walk(value, `${where}/${key}`);
      }
    };
    for (const [name, document] of Object.entries(schemaDocuments)) walk(document, name);
    expect(patterns.length).toBeGreaterThan(10);
    const broken = patterns.filter(([, pattern]) => {
      try {
        new RegExp(pattern, 'v');
        new RegExp(pattern, 'u');
        return false;
      } catch {
        return true;
      }
    });
    expect(broken).toEqual([]);
  });
});
