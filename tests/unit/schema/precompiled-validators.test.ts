/**
 * The CLI ships validators precompiled at build time (dist/cli/validators.cjs, built by the
 * test setup exactly as `npm install` builds it). They must judge every file exactly as the
 * runtime Ajv instance does: same issues, same messages, same positions.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkTenantSources,
  TENANT_PARTS,
  tenantFileName,
  usePrecompiledValidators,
  type TenantPart,
} from '../../../schema/node/loader';
import { applyInvalidCase, INVALID_CASES } from '../../fixtures/invalid-cases';
import { acmeDir, repoRoot, tenantsDir } from '../../helpers/paths';

const files = Object.fromEntries(TENANT_PARTS.map((part) => [part, tenantFileName(part)])) as Record<
  TenantPart,
  string
>;
const read = (dir: string) =>
  Object.fromEntries(TENANT_PARTS.map((part) => [part, readFileSync(path.join(dir, files[part]), 'utf8')])) as Record<
    TenantPart,
    string
  >;

const base = read(acmeDir);
const corpus: Array<[string, string, Record<TenantPart, string>]> = [
  ['aviation', 'aviation', read(path.join(tenantsDir, 'aviation'))],
  ['platform', 'platform', read(path.join(tenantsDir, 'platform'))],
  ...INVALID_CASES.map((testCase): [string, string, Record<TenantPart, string>] => [
    testCase.name,
    'acme',
    applyInvalidCase(base, testCase).sources,
  ]),
];

afterAll(() => usePrecompiledValidators(undefined));

describe('precompiled validators', () => {
  it('report exactly what the runtime validators report, on every tenant and every invalid fixture', () => {
    usePrecompiledValidators(undefined);
    const runtime = corpus.map(([, id, sources]) => checkTenantSources(id, sources, files).issues);
    const load = createRequire(import.meta.url);
    usePrecompiledValidators(() => load(path.join(repoRoot, 'dist/cli/validators.cjs')));
    const precompiled = corpus.map(([, id, sources]) => checkTenantSources(id, sources, files).issues);
    expect(runtime.flat().length).toBeGreaterThan(50);
    corpus.forEach(([name], i) => expect(precompiled[i], name).toEqual(runtime[i]));
  });
});
