/**
 * Vitest global setup: Google's official Cloud Firestore emulator (Debian package
 * google-cloud-cli-firestore-emulator, Java 17), one per test run on a free loopback port, for
 * every Firestore store test (tests/helpers/firestore.ts gives each test database a project of its
 * own). Started without waiting (it takes a second or more; the build runs meanwhile): the helper
 * waits for its `Ok` on first use. Stopped at the end, by its process group (it is a shell
 * script that starts Java). A missing emulator fails the run plainly instead of skipping tests.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';

export const EMULATOR_LAUNCHER = process.env.BACKLOT_FIRESTORE_EMULATOR ?? '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator';

declare module 'vitest' {
  export interface ProvidedContext {
    firestoreEmulatorHost: string;
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export default async function setup(project: TestProject): Promise<() => void> {
  if (!existsSync(EMULATOR_LAUNCHER)) {
    throw new Error(`the Cloud Firestore emulator is not installed (${EMULATOR_LAUNCHER}): apt-get install google-cloud-cli-firestore-emulator (with Java 17), or set BACKLOT_FIRESTORE_EMULATOR to its launcher`);
  }
  const port = await freePort();
  const emulator = spawn(EMULATOR_LAUNCHER, ['start', '--host=127.0.0.1', `--port=${port}`], { detached: true, stdio: 'ignore' });
  emulator.unref();
  project.provide('firestoreEmulatorHost', `127.0.0.1:${port}`);
  return () => {
    // Its whole group: the launcher script and the Java process it started.
    if (emulator.pid !== undefined) {
      try {
        process.kill(-emulator.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  };
}
