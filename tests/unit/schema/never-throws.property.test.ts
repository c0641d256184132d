/**
 * Property tests (fast-check): whatever the files hold, the validator answers with located
 * issues and never throws; when it says "valid", the whole tenant really satisfies the schema.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getAjv } from '../../../schema/node/ajv';
import { schemaIds } from '../../../schema/documents';
import {
  checkTenantSources,
  TENANT_PARTS,
  tenantFileName,
  type TenantPart,
  type TenantReport,
} from '../../../schema/node/loader';
import { tenantsDir } from '../../helpers/paths';

const files = Object.fromEntries(TENANT_PARTS.map((part) => [part, tenantFileName(part)])) as Record<
  TenantPart,
  string
>;
const aviation = Object.fromEntries(
  TENANT_PARTS.map((part) => [part, JSON.parse(readFileSync(path.join(tenantsDir, 'aviation', files[part]), 'utf8'))]),
) as Record<TenantPart, unknown>;
const validateTenant = getAjv().getSchema(schemaIds.tenant)!;

function expectWellFormed(report: TenantReport, sources: Record<TenantPart, string>) {
  for (const issue of report.issues) {
    const part = TENANT_PARTS.find((p) => files[p] === issue.file)!;
    const lines = sources[part].replace(/^\ufeff/, '').split(/\r\n|\r|\n/);
    expect(issue.line).toBeGreaterThanOrEqual(1);
    expect(issue.line).toBeLessThanOrEqual(lines.length);
    expect(issue.column).toBeGreaterThanOrEqual(1);
    expect(issue.column).toBeLessThanOrEqual((lines[issue.line - 1]?.length ?? 0) + 1);
    expect(issue.message.length).toBeGreaterThan(0);
    expect(issue.pointer === '' || issue.pointer.startsWith('/')).toBe(true);
  }
  if (report.tenant) {
    expect(report.issues).toEqual([]);
    expect(validateTenant(report.tenant)).toBe(true);
  } else {
    expect(report.issues.length).toBeGreaterThan(0);
  }
}

/** Keys a hostile or careless editor might write, next to the real ones. */
const nastyKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    '$schema',
    '',
    ' ',
    'appTitle',
    'glCode',
    'slug',
    'name',
  ),
  fc.string(),
);
/** What a prototype-polluting key would carry: if anything assigned it naïvely, every object would gain these. */
const POLLUTION = { isAdmin: true, polluted: true };
const nastyValue = fc.oneof(
  fc.jsonValue(),
  fc.constant(POLLUTION),
  fc.constantFrom(
    'javascript:alert(1)',
    '<script>alert(1)</script>',
    '/',
    '//evil.example',
    'NaN',
    '\u0000',
    '\u2028',
    -0,
    1e308,
    -1,
    9,
    null,
  ),
);

type Json = unknown;
/** Applies one random edit along a random path of a JSON value: replace, delete or add a key. */
function mutate(
  value: Json,
  path: number[],
  edit: { kind: 'replace' | 'delete' | 'add'; key: string; replacement: Json },
): Json {
  if (value === null || typeof value !== 'object') return edit.replacement;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  if (path.length === 0 || entries.length === 0) {
    if (Array.isArray(value)) {
      if (edit.kind === 'delete') return value.slice(1);
      if (edit.kind === 'add') return [...value, edit.replacement];
      return [edit.replacement, ...value.slice(1)];
    }
    const copy: Record<string, Json> = Object.fromEntries(entries);
    if (edit.kind === 'delete' && entries.length) delete copy[entries[0]![0]];
    else
      Object.defineProperty(copy, edit.key, {
        value: edit.replacement,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return copy;
  }
  const [head, ...rest] = path;
  const index = head! % entries.length;
  const [key, child] = entries[index]!;
  const next = mutate(child, rest, edit);
  if (Array.isArray(value)) return value.map((v, i) => (i === index ? next : v));
  const copy: Record<string, Json> = {};
  for (const [k, v] of entries)
    Object.defineProperty(copy, k, {
      value: k === key ? next : v,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return copy;
}

describe('the validator never throws', () => {
  it('on arbitrary text in any file', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TENANT_PARTS), fc.string({ unit: 'binary', maxLength: 300 }), (part, text) => {
        const sources = Object.fromEntries(TENANT_PARTS.map((p) => [p, JSON.stringify(aviation[p])])) as Record<
          TenantPart,
          string
        >;
        sources[part] = text;
        const report = checkTenantSources('aviation', sources, files);
        expectWellFormed(report, sources);
      }),
      { numRuns: 400 },
    );
  });

  it('on arbitrary JSON values as whole files', () => {
    fc.assert(
      fc.property(
        fc.record(
          Object.fromEntries(TENANT_PARTS.map((part) => [part, fc.jsonValue()])) as Record<
            TenantPart,
            fc.Arbitrary<fc.JsonValue>
          >,
        ),
        (values) => {
          const sources = Object.fromEntries(
            TENANT_PARTS.map((p) => [p, JSON.stringify(values[p]) ?? 'null']),
          ) as Record<TenantPart, string>;
          const report = checkTenantSources('aviation', sources, files);
          expectWellFormed(report, sources);
          expect(report.tenant).toBeUndefined();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('on the aviation tenant with random edits deep inside, pretty-printed', () => {
    const edit = fc.record({
      kind: fc.constantFrom('replace' as const, 'delete' as const, 'add' as const),
      key: nastyKey,
      replacement: nastyValue,
    });
    const seen = { valid: 0, invalid: 0, pollutingKey: 0 };
    fc.assert(
      fc.property(
        fc.constantFrom(...TENANT_PARTS),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.array(edit, { minLength: 1, maxLength: 3 }),
        (part, path, edits) => {
          let value: Json = aviation[part];
          for (const e of edits) value = mutate(value, path, e);
          const sources = Object.fromEntries(
            TENANT_PARTS.map((p) => [p, JSON.stringify(aviation[p], null, 2)]),
          ) as Record<TenantPart, string>;
          sources[part] = JSON.stringify(value, null, 2) ?? 'null';
          if (/"(__proto__|constructor|prototype)": \{\s*"isAdmin": true/.test(sources[part])) seen.pollutingKey++;
          const report = checkTenantSources('aviation', sources, files);
          expectWellFormed(report, sources);
          seen[report.tenant ? 'valid' : 'invalid']++;
        },
      ),
      { numRuns: 500, seed: 20261122 },
    );
    // The runs reached both verdicts and wrote polluting keys into the files, so the checks
    // above and below were exercised, not vacuous.
    expect(seen.valid).toBeGreaterThan(0);
    expect(seen.invalid).toBeGreaterThan(0);
    expect(seen.pollutingKey).toBeGreaterThan(0);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('isAdmin');
  });
});
