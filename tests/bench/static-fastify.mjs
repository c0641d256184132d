// The storefront benchmark's baseline: @fastify/static serving a folder (STATIC_DIR) whose
// index.html holds the same bytes the storefront rendered for /. Prints its port.
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';

const app = Fastify();
await app.register(fastifyStatic, { root: process.env.STATIC_DIR });
// What tests/helpers/server-process.ts waits for before a server counts as started.
app.get('/api/health/ready', () => ({ status: 'ok' }));
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`Server listening at http://127.0.0.1:${app.server.address().port}`);
process.once('SIGTERM', () => void app.close());
