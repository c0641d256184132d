/**
 * Vitest global setup: build the server and CLI once, so tests that run the real binaries run
 * exactly what `npm install` builds. BACKLOT_TEST_SKIP_BUILD=1 skips it when only in-process
 * tests are run (while working on one file); `npm test` and CI always build.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export default function setup(): void {
  if (process.env.BACKLOT_TEST_SKIP_BUILD === '1') return;
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../../scripts/build.mjs')], { stdio: 'inherit' });
}
