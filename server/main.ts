/**
 * `npm start`: one Fastify process on PORT (default 3000), on its embedded defaults — tenants
 * from tenants/, data in .data/, no accounts, keys or internet needed.
 */
process.env.METADATA_SERVER_DETECTION ??= 'none';
// React renders pages with its production build unless told otherwise (`npm run dev` keeps the
// development one, with its warnings): the development build renders a catalogue page about
// twice as slowly. Set before anything loads React.
if (process.env.BACKLOT_DEV !== '1') process.env.NODE_ENV ??= 'production';

const { buildApp } = await import('./app');
const { configFromEnv } = await import('./config');

/** Start-up failures are said in one line: they are about settings, not code. */
function fail(reason: string): never {
  console.error(`Backlot could not start: ${reason}`);
  process.exit(1);
}

const config = (() => {
  try {
    return configFromEnv();
  } catch (error) {
    return fail((error as Error).message);
  }
})();
const app = await buildApp({ config, logger: { level: process.env.LOG_LEVEL ?? 'info' } }).catch((error: Error) =>
  fail(error.message),
);
const bootstrap = await app.accounts.ensureBootstrapAdmin(config.adminEmail, config.adminPassword);
if (bootstrap === 'created') app.log.info({ email: config.adminEmail }, 'created the first platform account');

/** How long a closed server waits for stray client retries before it exits. */
const EXIT_GRACE_MS = 1500;

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    void app.close().then(() => {
      process.exitCode = 0;
      // Closed: a shared engine's client still retrying a call to an engine that went away (a
      // watch's read) would keep the process alive for its minute of retries; nothing of ours is
      // left, so it goes. The timer is unref'd: a process with nothing pending exits at once.
      setTimeout(() => {
        app.log.warn('a client is still retrying after close: exiting');
        process.exit();
      }, EXIT_GRACE_MS).unref();
    });
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  await app.close();
  fail(
    code === 'EADDRINUSE'
      ? `port ${config.port} is already in use; stop the other server or set PORT`
      : code === 'EACCES'
        ? `no permission to listen on port ${config.port}; set PORT above 1023`
        : (error as Error).message,
  );
}
// One plain line for people (and scripts) whatever the log level: where it runs.
const { port } = app.server.address() as { port: number };
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
console.log(`Backlot listening at http://${shownHost}:${port} (tenants: ${config.tenantsDir}; API docs: /api/docs)`);
export {};
