/**
 * `npm start`: one Fastify process on PORT (default 3000), on its embedded defaults — tenants
 * from tenants/, data in .data/, no accounts, keys or internet needed.
 */
process.env.METADATA_SERVER_DETECTION ??= 'none';

const { buildApp } = await import('./app');
const { configFromEnv } = await import('./config');

const config = configFromEnv();
const app = await buildApp({ config, logger: { level: process.env.LOG_LEVEL ?? 'info' } });
const bootstrap = await app.accounts.ensureBootstrapAdmin(config.adminEmail, config.adminPassword);
if (bootstrap === 'created') app.log.info({ email: config.adminEmail }, 'created the first platform account');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    void app.close().then(() => (process.exitCode = 0));
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  const reason = code === 'EADDRINUSE' ? `port ${config.port} is already in use; stop the other server or set PORT` : code === 'EACCES' ? `no permission to listen on port ${config.port}; set PORT above 1023` : (error as Error).message;
  console.error(`Backlot could not start: ${reason}`);
  await app.close();
  process.exit(1);
}
// One plain line for people (and scripts) whatever the log level: where it runs.
const { port } = app.server.address() as { port: number };
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
console.log(`Backlot listening at http://${shownHost}:${port} (tenants: ${config.tenantsDir}; API docs: /api/docs)`);
export {};
