/**
 * Each test file starts from the environment and the clock its worker started with. Most files
 * share a worker and its imported modules (vitest.config.ts, isolate: false), so one file's
 * FIRESTORE_EMULATOR_HOST or GOOGLE_CLOUD_PROJECT must not reach the servers and CLIs the next file
 * starts, nor a fake clock left installed (a Firestore file then waited for ever on timers that
 * never fired). A setup file runs again before every file, even in a shared worker.
 */
import { vi } from 'vitest';

const worker = globalThis as typeof globalThis & {
  backlotWorkerEnv?: NodeJS.ProcessEnv;
  backlotRealClock?: Pick<
    typeof globalThis,
    'setTimeout' | 'clearTimeout' | 'setInterval' | 'clearInterval' | 'setImmediate' | 'clearImmediate' | 'Date'
  >;
};

const started = (worker.backlotWorkerEnv ??= { ...process.env });
for (const key of Object.keys(process.env)) if (!(key in started)) delete process.env[key];
Object.assign(process.env, started);

vi.useRealTimers();
const { setTimeout, clearTimeout, setInterval, clearInterval, setImmediate, clearImmediate, Date } = globalThis;
Object.assign(
  globalThis,
  (worker.backlotRealClock ??= {
    setTimeout,
    clearTimeout,
    setInterval,
    clearInterval,
    setImmediate,
    clearImmediate,
    Date,
  }),
);
