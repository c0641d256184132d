/**
 * Each test file starts from the environment its worker started with. Most files share a worker
 * and its imported modules (vitest.config.ts, isolate: false), so one file's
 * FIRESTORE_EMULATOR_HOST or GOOGLE_CLOUD_PROJECT must not reach the servers and CLIs the next file
 * starts. A setup file runs again before every file, even in a shared worker.
 */
const started = ((globalThis as { backlotWorkerEnv?: NodeJS.ProcessEnv }).backlotWorkerEnv ??= { ...process.env });
for (const key of Object.keys(process.env)) if (!(key in started)) delete process.env[key];
Object.assign(process.env, started);
