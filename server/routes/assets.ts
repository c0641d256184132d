/**
 * Tenant images (`/assets/<tenantId>/<file>`, from the tenant folder's assets/) and shared ones
 * (`/assets/<file>`). A request carrying the file's current hash (`?v=`, as pages link them) is
 * cached for a year; any other gets a revalidating ETag. SVGs are sandboxed so a hostile one
 * opened directly cannot run script.
 */
import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ASSET_TYPES, type AssetFile } from '../storefront/asset-catalog';

const YEAR = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

const assetRoutes: FastifyPluginAsync = async (app) => {
  async function send(file: AssetFile | undefined, request: FastifyRequest<{ Querystring: { v?: string } }>, reply: FastifyReply) {
    if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const etag = `"${file.hash}"`;
    const extension = file.path.slice(file.path.lastIndexOf('.') + 1).toLowerCase();
    void reply
      .header('cache-control', request.query.v === file.hash ? YEAR : REVALIDATE)
      .header('etag', etag)
      .header('content-type', ASSET_TYPES[extension] ?? 'application/octet-stream')
      .header('x-content-type-options', 'nosniff');
    if (extension === 'svg') void reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(await readFile(file.path));
  }

  const options = { schema: { hide: true } } as const;
  app.get<{ Params: { tenantId: string; file: string }; Querystring: { v?: string } }>('/assets/:tenantId/:file', options, (request, reply) =>
    send(app.storefrontAssets.find(request.params.tenantId, request.params.file), request, reply),
  );
  app.get<{ Params: { file: string }; Querystring: { v?: string } }>('/assets/:file', options, (request, reply) => send(app.storefrontAssets.find(undefined, request.params.file), request, reply));
};

export default assetRoutes;
