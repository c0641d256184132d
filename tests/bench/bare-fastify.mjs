// The baseline server for tests/bench/server.ts: bare Fastify answering GET / with a fixed
// body (hello-world by default, or the JSON file named by BODY_FILE). Prints its port.
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

const body = process.env.BODY_FILE ? readFileSync(process.env.BODY_FILE, 'utf8') : JSON.stringify({ hello: 'world' });
const app = Fastify();
app.get('/', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
// What tests/helpers/server-process.ts waits for before a server counts as started.
app.get('/api/health/ready', () => ({ status: 'ok' }));
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`Server listening at http://127.0.0.1:${app.server.address().port}`);
process.once('SIGTERM', () => void app.close());
