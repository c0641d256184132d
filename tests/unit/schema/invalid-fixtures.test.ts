/**
 * The corpus of invalid tenants (tests/fixtures/invalid-cases.ts): each case edits one file of
 * the valid "acme" tenant in memory and must raise the issue it names, at the line and column
 * found by plain text search in the edited text.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTenantSources, TENANT_PARTS, tenantFileName, type TenantPart } from '../../../schema/node/loader';
import { applyInvalidCase, INVALID_CASES } from '../../fixtures/invalid-cases';
import { acmeDir } from '../../helpers/paths';

const files = Object.fromEntries(TENANT_PARTS.map((part) => [part, tenantFileName(part)])) as Record<
  TenantPart,
  string
>;
const baseSources = Object.fromEntries(
  TENANT_PARTS.map((part) => [part, readFileSync(path.join(acmeDir, files[part]), 'utf8')]),
) as Record<TenantPart, string>;
describe('invalid tenant corpus', () => {
  it('holds at least 30 cases with unique names over a base tenant that is itself valid', () => {
    expect(INVALID_CASES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(INVALID_CASES.map((c) => c.name)).size).toBe(INVALID_CASES.length);
    const base = checkTenantSources('acme', baseSources, files);
    expect(base.issues).toEqual([]);
    expect(base.tenant?.site.tenantId).toBe('acme');
  });

  it.each(INVALID_CASES.map((c) => [c.name, c] as const))(
    '%s is rejected where and why the case says',
    (_name, testCase) => {
      const { sources, line, column } = applyInvalidCase(baseSources, testCase);
      const report = checkTenantSources('acme', sources, files);
      expect(report.tenant).toBeUndefined();
      expect(report.issues).toContainEqual({
        file: testCase.file,
        line,
        column,
        pointer: testCase.pointer,
        rule: testCase.rule,
        message: expect.stringContaining(testCase.message),
      });
      // The other files are the valid base, so every issue is in the edited file.
      expect(new Set(report.issues.map((issue) => issue.file))).toEqual(new Set([testCase.file]));
    },
  );
});
