/**
 * The Firebase Auth emulator from firebase-tools (offline, on 127.0.0.1, a free port), started by
 * the tests that need it and stopped after: `firebase emulators:start --only auth` with CI=true and
 * METADATA_SERVER_DETECTION=none. Codes it would text are read from its REST endpoints.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from './paths';

export const EMULATOR_PROJECT = 'demo-backlot';

export interface AuthEmulator {
  /** host:port, as FIREBASE_AUTH_EMULATOR_HOST takes it. */
  host: string;
  /** The last SMS code the emulator "sent" to a phone number. */
  lastCode(phoneNumber: string): Promise<string>;
  /** Deletes every account (between tests). */
  clear(): Promise<void>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * The ports are found free, then handed to firebase-tools, which binds them a moment later: on a
 * busy machine another process can take one in between ("port taken"). Then it starts again on
 * new ports, up to three times.
 */
export async function startAuthEmulator(): Promise<AuthEmulator> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startAuthEmulatorOnce();
    } catch (error) {
      if (attempt >= 3 || !/port taken|Port \d+ is not open/.test((error as Error).message)) throw error;
    }
  }
}

async function startAuthEmulatorOnce(): Promise<AuthEmulator> {
  const [port, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
  const dir = await mkdtemp(path.join(tmpdir(), 'backlot-auth-emulator-'));
  await writeFile(
    path.join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
      },
    }),
  );
  const child: ChildProcess = spawn(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules/firebase-tools/lib/bin/firebase.js'),
      'emulators:start',
      '--only',
      'auth',
      '--project',
      EMULATOR_PROJECT,
      '--config',
      path.join(dir, 'firebase.json'),
    ],
    {
      cwd: dir,
      env: { ...process.env, CI: 'true', METADATA_SERVER_DETECTION: 'none', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
      detached: true,
    },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the Auth emulator did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/All emulators ready/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the Auth emulator exited (${code}):\n${output}`));
    });
  });
  const host = `127.0.0.1:${port}`;
  const emulatorApi = `http://${host}/emulator/v1/projects/${EMULATOR_PROJECT}`;
  return {
    host,
    async lastCode(phoneNumber) {
      const { verificationCodes = [] } = (await (await fetch(`${emulatorApi}/verificationCodes`)).json()) as {
        verificationCodes?: Array<{ phoneNumber: string; code: string }>;
      };
      const found = verificationCodes.filter((entry) => entry.phoneNumber === phoneNumber).at(-1);
      if (!found) throw new Error(`no code was sent to ${phoneNumber}`);
      return found.code;
    },
    async clear() {
      await fetch(`${emulatorApi}/accounts`, { method: 'DELETE' });
    },
    async stop() {
      child.removeAllListeners('exit');
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        process.kill(-child.pid!, 'SIGTERM');
      });
      await rm(dir, { recursive: true, force: true });
    },
  };
}
