import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const tenantsDir = path.join(repoRoot, 'tenants');
export const fixturesDir = path.join(repoRoot, 'tests/fixtures');
/** A small valid tenant the invalid fixtures are edits of. */
export const acmeDir = path.join(fixturesDir, 'tenants/acme');
