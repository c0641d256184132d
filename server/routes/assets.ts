/**
 * Tenant images (`/assets/<tenantId>/<file>`), shared ones (`/assets/<file>`) and item photos
 * (`/items/<tenantId>/<file>`), from the AssetStore (server/assets/). A request carrying the
 * file's current hash (`?v=`, as pages link tenant images) is cached for a year; any other gets a
 * revalidating ETag (the content hash, the same on every server and store). SVGs are sandboxed so
 * a hostile one opened directly cannot run script.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { contentTypeOf } from '../assets/asset-store';
import type { ServableAsset } from '../assets/asset-catalog';

const YEAR = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';
/** Item photos are linked without a hash: a browser may keep one an hour before asking again. */
const PHOTO = 'public, max-age=3600, must-revalidate';

/** Item photo names as uploads and the sample catalogues make them: plain, lowercase, no icons. */
const PHOTO_NAME = /^[a-z0-9][a-z0-9-]{0,80}\.(svg|png|jpe?g|webp)$/;

const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain; charset=utf-8').send('Not found');

const assetRoutes: FastifyPluginAsync = async (app) => {
  async function send(
    file: ServableAsset | undefined,
    cacheControl: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (!file) return notFound(reply);
    const etag = `"${file.hash}"`;
    const type = contentTypeOf(file.name);
    void reply
      .header('cache-control', cacheControl)
      .header('etag', etag)
      .header('content-type', type)
      .header('x-content-type-options', 'nosniff');
    if (type === 'image/svg+xml')
      void reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const bytes = await file.read();
    // Removed between the lookup and the read: as if it had never been there.
    if (!bytes) return notFound(reply.removeHeader('etag').removeHeader('cache-control'));
    return reply.send(bytes);
  }
  const cacheFor = (file: ServableAsset | undefined, request: FastifyRequest<{ Querystring: { v?: string } }>) =>
    file && request.query.v === file.hash ? YEAR : REVALIDATE;

  const options = { schema: { hide: true } } as const;
  app.get<{ Params: { tenantId: string; file: string }; Querystring: { v?: string } }>(
    '/assets/:tenantId/:file',
    options,
    async (request, reply) => {
      // Only a tenant that exists is looked up: an unknown id neither reaches the store nor is remembered.
      const file = app.tenantStore.has(request.params.tenantId)
        ? await app.storefrontAssets.find(request.params.tenantId, request.params.file)
        : undefined;
      return send(file, cacheFor(file, request), request, reply);
    },
  );
  app.get<{ Params: { file: string }; Querystring: { v?: string } }>(
    '/assets/:file',
    options,
    async (request, reply) => {
      const file = await app.storefrontAssets.find(undefined, request.params.file);
      return send(file, cacheFor(file, request), request, reply);
    },
  );
  app.get<{ Params: { tenantId: string; file: string } }>('/items/:tenantId/:file', options, async (request, reply) => {
    const { tenantId, file } = request.params;
    if (!PHOTO_NAME.test(file) || !app.tenantStore.has(tenantId)) return notFound(reply);
    return send(await app.storefrontAssets.findPhoto(tenantId, file), PHOTO, request, reply);
  });
};

export default assetRoutes;
