/**
 * Catalogue photos: `/items/<tenantId>/<file>`, from the tenant folder's items/ (the sample
 * catalogue's images; uploads through the asset rules come with the console's Items screen). Only
 * plain file names of image types are served, so no path leaves that folder; SVGs are sandboxed
 * as the tenant assets are, so a hostile one opened directly cannot run script.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { ASSET_TYPES } from '../storefront/asset-catalog';

const FILE_NAME = /^[a-z0-9][a-z0-9-]{0,80}\.(svg|png|jpe?g|webp)$/;
const TENANT_ID = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

const itemImages: FastifyPluginAsync<{ tenantsDir: string }> = async (app, { tenantsDir }) => {
  app.get<{ Params: { tenantId: string; file: string } }>('/items/:tenantId/:file', { schema: { hide: true } }, async (request, reply) => {
    const { tenantId, file } = request.params;
    const match = FILE_NAME.exec(file);
    if (!match || !TENANT_ID.test(tenantId) || !app.tenantStore.has(tenantId)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const full = path.join(tenantsDir, tenantId, 'items', file);
    const info = await stat(full).catch(() => undefined);
    if (!info?.isFile()) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const etag = `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
    const extension = match[1]!;
    void reply
      .header('cache-control', 'public, max-age=3600, must-revalidate')
      .header('etag', etag)
      .header('content-type', ASSET_TYPES[extension] ?? 'application/octet-stream')
      .header('x-content-type-options', 'nosniff');
    if (extension === 'svg') void reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(await readFile(full));
  });
};

export default itemImages;
