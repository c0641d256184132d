/**
 * The corpus of invalid tenants (tests/fixtures/invalid-cases.ts): each case edits one file of
 * the valid "acme" tenant in memory and must raise the issue it names, at the line and column
 * found by plain text search in the edited text.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTenantSources, TENANT_PARTS, tenantFileName, type TenantPart } from '../../../schema/node/loader';
import { INVALID_CASES, type InvalidCase } from '../../fixtures/invalid-cases';
import { acmeDir } from '../../helpers/paths';

const files = Object.fromEntries(TENANT_PARTS.map((part) => [part, tenantFileName(part)])) as Record<TenantPart, string>;
const baseSources = Object.fromEntries(TENANT_PARTS.map((part) => [part, readFileSync(path.join(acmeDir, files[part]), 'utf8')])) as Record<TenantPart, string>;
const partOf = (file: InvalidCase['file']) => file.replace(/\.json$/, '') as TenantPart;

const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

/** The edited sources, and where the issue is expected (found by text search, not by parsing). */
function apply(testCase: InvalidCase) {
  const part = partOf(testCase.file);
  const original = baseSources[part];
  if (testCase.replace !== null) expect(occurrences(original, testCase.replace), `${testCase.name}: the text to replace`).toBe(1);
  const text = testCase.replace === null ? testCase.with : original.replace(testCase.replace, testCase.with);
  let line = 1;
  let column = 1;
  if (testCase.at !== null) {
    expect(occurrences(text, testCase.at), `${testCase.name}: the needle`).toBe(1);
    const index = text.indexOf(testCase.at) + (testCase.offset ?? 0);
    line = text.slice(0, index).split('\n').length;
    column = index - (text.lastIndexOf('\n', index - 1) + 1) + 1;
  }
  return { sources: { ...baseSources, [part]: text }, line, column };
}

describe('invalid tenant corpus', () => {
  it('holds at least 30 cases with unique names over a base tenant that is itself valid', () => {
    expect(INVALID_CASES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(INVALID_CASES.map((c) => c.name)).size).toBe(INVALID_CASES.length);
    const base = checkTenantSources('acme', baseSources, files);
    expect(base.issues).toEqual([]);
    expect(base.tenant?.site.tenantId).toBe('acme');
  });

  it.each(INVALID_CASES.map((c) => [c.name, c] as const))('%s is rejected where and why the case says', (_name, testCase) => {
    const { sources, line, column } = apply(testCase);
    const report = checkTenantSources('acme', sources, files);
    expect(report.tenant).toBeUndefined();
    expect(report.issues).toContainEqual({ file: testCase.file, line, column, pointer: testCase.pointer, rule: testCase.rule, message: expect.stringContaining(testCase.message) });
    // The other files are the valid base, so every issue is in the edited file.
    expect(new Set(report.issues.map((issue) => issue.file))).toEqual(new Set([testCase.file]));
  });
});
