/**
 * schema/types.generated.ts is generated from the schemas, committed, and must not drift;
 * the shipped tenants must compile against it (checked by the real `tsc`).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATED_TYPES_FILE, generateTypes } from '../../../schema/node/generate-types';
import { TENANT_PARTS } from '../../../schema/node/loader';
import { tscBin, tenantsDir } from '../../helpers/paths';

const run = promisify(execFile);

let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'backlot-types-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** Writes `const <name>: Tenant = <literal>` for each tenant and runs tsc on it. */
async function typecheckTenants(tenants: Record<string, unknown>): Promise<{ ok: boolean; output: string }> {
  const typesImport = GENERATED_TYPES_FILE.replace(/\.ts$/, '');
  const body = Object.entries(tenants)
    .map(([name, value]) => `export const ${name}: Tenant = ${JSON.stringify(value, null, 2)};`)
    .join('\n\n');
  const file = path.join(scratch, `check-${Object.keys(tenants).join('-')}.ts`);
  await writeFile(file, `import type { Tenant } from ${JSON.stringify(typesImport)};\n\n${body}\n`);
  const args = [
    '--ignoreConfig',
    '--noEmit',
    '--strict',
    '--skipLibCheck',
    '--target',
    'es2022',
    '--module',
    'esnext',
    '--moduleResolution',
    'bundler',
    '--types',
    '',
    file,
  ];
  try {
    const { stdout, stderr } = await run(tscBin, args);
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}

async function readTenant(id: string) {
  const parts = await Promise.all(
    TENANT_PARTS.map(async (part) => [
      part,
      JSON.parse(await readFile(path.join(tenantsDir, id, `${part}.json`), 'utf8')),
    ]),
  );
  return Object.fromEntries(parts);
}

describe('generated types', () => {
  it('are up to date with the schemas (run `npm run gen:types` if this fails)', async () => {
    const committed = await readFile(GENERATED_TYPES_FILE, 'utf8');
    expect(await generateTypes()).toBe(committed);
  });

  it('accept both shipped tenants as written', async () => {
    const result = await typecheckTenants({
      aviation: await readTenant('aviation'),
      platform: await readTenant('platform'),
    });
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  });

  it('reject a tenant the schema rejects (seven weekly discounts, an unknown weight unit)', async () => {
    const broken = await readTenant('aviation');
    broken.vendor.weeklyDiscounts = [0.5, 0.5, 1, 0, 0.5, 0.5, 1];
    broken.site.weightUnit = 'stone';
    const result = await typecheckTenants({ broken });
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/Source has 7 element\(s\) but target requires 8/);
    expect(result.output).toMatch(/"stone"/);
  });
});
