/**
 * Vitest global setup, three things side by side:
 * - the build of the server and CLI, so tests that run the real binaries run exactly what
 *   `npm install` builds: skipped when dist/ is a finished build of the sources as they are
 *   (scripts/build-stamp.mjs), as on CI just after `npm ci` (BACKLOT_TEST_SKIP_BUILD=1 skips it
 *   whatever changed, while working on in-process tests);
 * - Google's official Cloud Firestore emulator (Debian package google-cloud-cli-firestore-emulator,
 *   Java 17), one per run on a free loopback port, for every Firestore store test
 *   (tests/helpers/firestore.ts gives each test database a project of its own). Java starts while
 *   the build runs; the emulator has answered `Ok` before any test file starts (a new port if the
 *   first died), and is stopped at the end. A missing emulator fails the run plainly instead of
 *   skipping tests;
 * - the data folder with the test accounts signed in (tests/helpers/server.ts), made once for every
 *   test file that builds an app: six password hashes and checks each file would otherwise repeat.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { isBuildCurrent } from '../../scripts/build-stamp.mjs';
import { startFirestoreEmulator } from '../helpers/firestore-emulator';
import { makeSignedInAccounts, type SignedInAccounts } from '../helpers/server';

declare module 'vitest' {
  export interface ProvidedContext {
    firestoreEmulatorHost: string;
    signedInAccounts: SignedInAccounts;
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

async function build(): Promise<void> {
  if (process.env.BACKLOT_TEST_SKIP_BUILD === '1') return;
  if (await isBuildCurrent(repoRoot)) {
    console.log('dist/ is built from the sources as they are: not building it again');
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/build.mjs')], {
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the build (scripts/build.mjs) failed with exit code ${code}`)),
    );
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  process.env.METADATA_SERVER_DETECTION = 'none';
  // Whichever fails, the others are awaited too, so no emulator or folder outlives a failed setup.
  const [built, started, accounts] = await Promise.allSettled([
    build(),
    startFirestoreEmulator(),
    makeSignedInAccounts(),
  ]);
  const stop = async () => {
    if (started.status === 'fulfilled') started.value.stop();
    if (accounts.status === 'fulfilled') await accounts.value.remove();
  };
  if (built.status === 'fulfilled' && started.status === 'fulfilled' && accounts.status === 'fulfilled') {
    project.provide('firestoreEmulatorHost', started.value.host);
    project.provide('signedInAccounts', { data: accounts.value.data, cookies: accounts.value.cookies });
    return stop;
  }
  await stop();
  throw [built, started, accounts].flatMap((result) => (result.status === 'rejected' ? [result.reason] : []))[0];
}
