/**
 * Google's official Cloud Firestore emulator (Debian package google-cloud-cli-firestore-emulator,
 * Java 17) on a free loopback port: for the test run (tests/setup/firestore-emulator.ts) and the
 * benchmarks. `spawnFirestoreEmulator` returns at once (it answers `Ok` a second or more later:
 * `ready()` waits for it); `stop` ends its process group (a shell script that starts Java).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

export const EMULATOR_LAUNCHER = process.env.BACKLOT_FIRESTORE_EMULATOR ?? '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export interface RunningEmulator {
  /** 127.0.0.1:<port>, as FIRESTORE_EMULATOR_HOST takes it. */
  host: string;
  ready(): Promise<void>;
  stop(): void;
}

export async function spawnFirestoreEmulator(): Promise<RunningEmulator> {
  if (!existsSync(EMULATOR_LAUNCHER)) {
    throw new Error(
      `the Cloud Firestore emulator is not installed (${EMULATOR_LAUNCHER}): apt-get install google-cloud-cli-firestore-emulator (with Java 17), or set BACKLOT_FIRESTORE_EMULATOR to its launcher`,
    );
  }
  const port = await freePort();
  const emulator = spawn(EMULATOR_LAUNCHER, ['start', '--host=127.0.0.1', `--port=${port}`], { detached: true, stdio: 'ignore' });
  emulator.unref();
  const host = `127.0.0.1:${port}`;
  return {
    host,
    ready: () => waitForOk(host),
    stop() {
      if (emulator.pid === undefined) return;
      try {
        process.kill(-emulator.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    },
  };
}

/**
 * Runs `work` with an emulator of its own, ready, and firebase-admin pointed at it (the metadata
 * probe off); the emulator is stopped however `work` ends. What the benchmarks on Firestore share.
 */
export async function onFirestoreEmulator<T>(work: () => Promise<T>): Promise<T> {
  const emulator = await spawnFirestoreEmulator();
  try {
    await emulator.ready();
    process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
    process.env.METADATA_SERVER_DETECTION = 'none';
    return await work();
  } finally {
    emulator.stop();
  }
}

/** Waits for the emulator at `host` to answer `Ok` (60 s at most). */
export async function waitForOk(host: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await fetch(`http://${host}/`).then(
      (response) => response.text(),
      () => '',
    );
    if (answer.trim() === 'Ok') return;
    if (Date.now() > deadline) throw new Error(`the Firestore emulator at ${host} did not start within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
