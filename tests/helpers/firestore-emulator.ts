/**
 * Google's official Cloud Firestore emulator (Debian package google-cloud-cli-firestore-emulator,
 * Java 17) on a free loopback port, for the test run (tests/setup/global.ts), tests that need one
 * of their own, and the benchmarks.
 *
 * `startFirestoreEmulator` waits for its `Ok` and, if the emulator dies first, starts another on a
 * new port: a port found free can be taken again before Java binds it (an outgoing connection of a
 * busy test run takes its local port from the same range), and the emulator then exits with a
 * stack trace. The emulator's own output goes to a log file whose end is quoted in every failure,
 * so a run that fails says why. `stop` ends its process group (a shell script that starts Java).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const EMULATOR_LAUNCHER =
  process.env.BACKLOT_FIRESTORE_EMULATOR ??
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator';
/** How long one emulator may take to answer `Ok` (Java's start on a busy 2-core machine). */
const READY_WITHIN_MS = 90_000;
const ATTEMPTS = 3;

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
  stop(): void;
}

interface SpawnedEmulator extends RunningEmulator {
  /** Resolves on `Ok`; rejects, quoting the emulator's output, if it exits or takes too long. */
  ready(): Promise<void>;
}

function spawnFirestoreEmulator(port: number): SpawnedEmulator {
  const logDir = mkdtempSync(path.join(tmpdir(), 'backlot-firestore-emulator-'));
  const logFile = path.join(logDir, 'emulator.log');
  const log = openSync(logFile, 'w');
  const emulator = spawn(EMULATOR_LAUNCHER, ['start', '--host=127.0.0.1', `--port=${port}`], {
    detached: true,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  emulator.unref();
  let exited: string | undefined;
  emulator.once('exit', (code, signal) => (exited = signal ? `was ended by ${signal}` : `exited with code ${code}`));
  const host = `127.0.0.1:${port}`;
  const outputTail = () => {
    const output = existsSync(logFile) ? readFileSync(logFile, 'utf8').trim().split('\n').slice(-12).join('\n') : '';
    return output ? `; its output ended:\n${output}` : '; it printed nothing';
  };
  return {
    host,
    async ready() {
      const deadline = Date.now() + READY_WITHIN_MS;
      for (;;) {
        if (await answersOk(host)) return;
        if (exited) throw new Error(`the Firestore emulator at ${host} ${exited} before it answered${outputTail()}`);
        if (Date.now() > deadline)
          throw new Error(
            `the Firestore emulator at ${host} did not answer within ${READY_WITHIN_MS / 1000} s${outputTail()}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    stop() {
      if (emulator.pid !== undefined && !exited) {
        try {
          process.kill(-emulator.pid, 'SIGTERM');
        } catch {
          // Already gone.
        }
      }
      rmSync(logDir, { recursive: true, force: true });
    },
  };
}

/** A running emulator that has answered `Ok` (a new port each try, three tries). */
export async function startFirestoreEmulator(): Promise<RunningEmulator> {
  if (!existsSync(EMULATOR_LAUNCHER)) {
    throw new Error(
      `the Cloud Firestore emulator is not installed (${EMULATOR_LAUNCHER}): apt-get install google-cloud-cli-firestore-emulator (with Java 17), or set BACKLOT_FIRESTORE_EMULATOR to its launcher`,
    );
  }
  const failures: string[] = [];
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const emulator = spawnFirestoreEmulator(await freePort());
    try {
      await emulator.ready();
      return emulator;
    } catch (error) {
      emulator.stop();
      failures.push((error as Error).message);
    }
  }
  throw new Error(`the Firestore emulator did not start in ${ATTEMPTS} tries:\n${failures.join('\n\n')}`);
}

/**
 * Runs `work` with an emulator of its own, ready, and firebase-admin pointed at it (the metadata
 * probe off); the emulator is stopped however `work` ends. What the benchmarks on Firestore share.
 */
export async function onFirestoreEmulator<T>(work: () => Promise<T>): Promise<T> {
  const emulator = await startFirestoreEmulator();
  try {
    process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
    process.env.METADATA_SERVER_DETECTION = 'none';
    return await work();
  } finally {
    emulator.stop();
  }
}

async function answersOk(host: string): Promise<boolean> {
  const answer = await fetch(`http://${host}/`).then(
    (response) => response.text(),
    () => '',
  );
  return answer.trim() === 'Ok';
}
