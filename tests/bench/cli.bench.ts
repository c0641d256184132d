/**
 * The CLI against baselines measured in the same run:
 * - `backlot validate` over 1,000 generated tenants vs ajv-cli validating the same 3,000 files
 *   against the same schemas (ajv-cli has no source positions and no cross-field rules);
 *   goal: Backlot at least 3× faster.
 * - `backlot --help` vs `node -e 0` (Node's own start); goal: at most 2× Node's start.
 * Both run the built binary directly (no npx), as CI's scripts would.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, bench, describe } from 'vitest';
import { generateTenants } from '../helpers/repo-copy';
import { repoRoot } from '../helpers/paths';

const scratch = await mkdtemp(path.join(tmpdir(), 'backlot-bench-'));
const tenants = path.join(scratch, 'tenants');
await generateTenants(tenants, 1000);
afterAll(() => rm(scratch, { recursive: true, force: true }));

const backlotBin = path.join(repoRoot, 'cli/bin/backlot.mjs');
const ajvCli = path.join(repoRoot, 'node_modules/ajv-cli/dist/index.js');
const schema = (name: string) => path.join(repoRoot, 'schema', `${name}.schema.json`);
const quiet = { stdio: 'ignore' as const, env: { ...process.env, BACKLOT_TENANTS_DIR: tenants } };

function ajvCliValidate(part: string) {
  execFileSync(
    process.execPath,
    [
      ajvCli,
      'validate',
      '--spec=draft2020',
      '--strict=false',
      '--all-errors',
      '-c',
      'ajv-formats',
      '-s',
      schema(part),
      '-r',
      schema('defs'),
      '-d',
      `${tenants}/*/${part}.json`,
    ],
    quiet,
  );
}

const heavy = { iterations: 5, warmupIterations: 1, time: 0, warmupTime: 0 };
const light = { iterations: 30, warmupIterations: 3, time: 0, warmupTime: 0 };

describe('validate 1,000 tenants (3,000 files)', () => {
  bench(
    'baseline: ajv-cli validate (3 runs, one per file kind)',
    () => {
      for (const part of ['site', 'vendor', 'categories']) ajvCliValidate(part);
    },
    heavy,
  );
  bench(
    'backlot validate',
    () => {
      execFileSync(process.execPath, [backlotBin, 'validate'], quiet);
    },
    heavy,
  );
});

describe('start-up', () => {
  bench(
    'baseline: node -e 0',
    () => {
      execFileSync(process.execPath, ['-e', '0'], quiet);
    },
    light,
  );
  bench(
    'backlot --help',
    () => {
      execFileSync(process.execPath, [backlotBin, '--help'], quiet);
    },
    light,
  );
});
