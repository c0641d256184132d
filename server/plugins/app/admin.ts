/**
 * The console at /admin/: the Vite-built single-page app in dist/admin. Its hashed bundle files
 * are cached for a year and sent precompressed; every other path under /admin/ is the app's
 * index.html (react-admin routes in the browser), never cached, so a new build shows at once.
 * In `npm run dev` the console comes from admin/ through Vite's middleware instead, with hot
 * reload against the same API (its HMR socket shares the server's port, at /admin/).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config';
import { packageRoot } from '../../../schema/node/package-root';

export const ADMIN_DIST = path.join(packageRoot, 'dist/admin');

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    const hidden = { schema: { hide: true } } as const;
    if (config.dev) {
      await app.register(async (scope) => {
        const [{ default: middie }, { createServer }] = await Promise.all([import('@fastify/middie'), import('vite')]);
        await scope.register(middie);
        const vite = await createServer({
          configFile: path.join(packageRoot, 'admin/vite.config.ts'),
          server: { middlewareMode: true, hmr: { server: app.server } },
          appType: 'spa',
        });
        app.addHook('onClose', () => vite.close());
        // Vite answers every /admin/ request itself (the app, its modules, the HMR client), straight
        // to the socket: in dev the console goes without the production headers (React's refresh
        // preamble is an inline script, which the production CSP would refuse anyway).
        scope.use(vite.middlewares);
        const unanswered = (_request: unknown, reply: FastifyReply) =>
          reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Not part of the console' });
        scope.get('/admin', hidden, unanswered);
        scope.get('/admin/*', hidden, unanswered);
      });
      return;
    }
    if (!existsSync(path.join(ADMIN_DIST, 'index.html'))) {
      const notBuilt = (_request: unknown, reply: FastifyReply) =>
        reply.code(503).type('text/plain; charset=utf-8').send('The console is not built: run npm run build.');
      app.get('/admin', hidden, notBuilt);
      app.get('/admin/*', hidden, notBuilt);
      return;
    }
    await app.register(async (scope) => {
      await scope.register(fastifyStatic, {
        root: path.join(ADMIN_DIST, 'assets'),
        prefix: '/admin/assets/',
        preCompressed: true,
        maxAge: '365d',
        immutable: true,
        decorateReply: false,
      });
      await scope.register(fastifyStatic, { root: ADMIN_DIST, serve: false, preCompressed: true, decorateReply: true });
      // The router ignores trailing slashes, so '/admin' answers '/admin/' too.
      const app = (_request: unknown, reply: FastifyReply) =>
        reply.header('cache-control', 'no-cache').sendFile('index.html');
      scope.get('/admin', hidden, app);
      scope.get('/admin/*', hidden, app);
    });
  },
  { name: 'admin' },
);
