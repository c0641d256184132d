/**
 * Vitest global setup, two things side by side:
 * - the build of the server and CLI, once, so tests that run the real binaries run exactly what
 *   `npm install` builds (BACKLOT_TEST_SKIP_BUILD=1 skips it while working on in-process tests;
 *   `npm test` and CI always build);
 * - Google's official Cloud Firestore emulator (Debian package google-cloud-cli-firestore-emulator,
 *   Java 17), one per run on a free loopback port, for every Firestore store test
 *   (tests/helpers/firestore.ts gives each test database a project of its own). Java starts while
 *   the build runs; the emulator has answered `Ok` before any test file starts (a new port if the
 *   first died), and is stopped at the end. A missing emulator fails the run plainly instead of
 *   skipping tests.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFirestoreEmulator } from '../helpers/firestore-emulator';

declare module 'vitest' {
  export interface ProvidedContext {
    firestoreEmulatorHost: string;
  }
}

function build(): Promise<void> {
  if (process.env.BACKLOT_TEST_SKIP_BUILD === '1') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.resolve(import.meta.dirname, '../../scripts/build.mjs')], {
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the build (scripts/build.mjs) failed with exit code ${code}`)),
    );
  });
}

export default async function setup(project: TestProject): Promise<() => void> {
  // Whichever fails, the other is awaited too, so no emulator outlives a failed build.
  const [built, started] = await Promise.allSettled([build(), startFirestoreEmulator()]);
  if (built.status === 'rejected') {
    if (started.status === 'fulfilled') started.value.stop();
    throw built.reason;
  }
  if (started.status === 'rejected') throw started.reason;
  project.provide('firestoreEmulatorHost', started.value.host);
  return () => started.value.stop();
}
