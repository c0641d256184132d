/**
 * The corpus of invalid tenants: each folder under tests/fixtures/invalid holds one edited
 * file of the valid "acme" tenant and expected.json with the issue it must raise.
 * (tests/fixtures/make-invalid-fixtures.py wrote them; positions were found by text search.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTenantSources, TENANT_PARTS, tenantFileName, type TenantPart } from '../../../schema/node/loader';
import type { Issue } from '../../../schema/issue';
import { acmeDir, fixturesDir } from '../../helpers/paths';

/** expected.json is an Issue whose message is matched as a substring. */
type Expected = Issue;

const invalidDir = path.join(fixturesDir, 'invalid');
const cases = readdirSync(invalidDir).sort();
const files = Object.fromEntries(TENANT_PARTS.map((part) => [part, tenantFileName(part)])) as Record<TenantPart, string>;
const baseSources = Object.fromEntries(TENANT_PARTS.map((part) => [part, readFileSync(path.join(acmeDir, files[part]), 'utf8')])) as Record<TenantPart, string>;

function sourcesFor(caseName: string): Record<TenantPart, string> {
  const sources = { ...baseSources };
  for (const part of TENANT_PARTS) {
    try {
      sources[part] = readFileSync(path.join(invalidDir, caseName, files[part]), 'utf8');
    } catch {
      // This case leaves the part as it is in the base tenant.
    }
  }
  return sources;
}

describe('invalid tenant corpus', () => {
  it('holds at least 30 cases over a base tenant that is itself valid', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
    const base = checkTenantSources('acme', baseSources, files);
    expect(base.issues).toEqual([]);
    expect(base.tenant?.site.tenantId).toBe('acme');
  });

  it.each(cases)('%s is rejected where and why expected.json says', (caseName) => {
    const expected = JSON.parse(readFileSync(path.join(invalidDir, caseName, 'expected.json'), 'utf8')) as Expected;
    const report = checkTenantSources('acme', sourcesFor(caseName), files);

    expect(report.tenant).toBeUndefined();
    expect(report.issues).toContainEqual({
      file: expected.file,
      line: expected.line,
      column: expected.column,
      pointer: expected.pointer,
      rule: expected.rule,
      message: expect.stringContaining(expected.message),
    });
    // The other files are the valid base, so every issue is in the edited file.
    expect(new Set(report.issues.map((issue) => issue.file))).toEqual(new Set([expected.file]));
  });
});
