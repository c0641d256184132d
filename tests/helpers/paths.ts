import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const tenantsDir = path.join(repoRoot, 'tenants');
export const fixturesDir = path.join(repoRoot, 'tests/fixtures');
/** A small valid tenant the invalid fixtures are edits of. */
export const acmeDir = path.join(fixturesDir, 'tenants/acme');
/**
 * The project's TypeScript compiler: TypeScript 7 (native), installed as `typescript-7`. The
 * `typescript` package is TypeScript 6 for typescript-eslint, which needs the JS compiler API that
 * 7 no longer ships, so `node_modules/.bin/tsc` may be either: name this one.
 */
export const tscBin = path.join(repoRoot, 'node_modules/typescript-7/bin/tsc');
