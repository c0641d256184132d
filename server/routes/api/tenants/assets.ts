/**
 * A tenant's images (its folder's assets/), for the console (ra-data-simple-rest):
 * - GET    /api/tenants/:tenantId/assets        each file: address, kind, bytes, pixel size, and where the tenant uses it
 * - PUT    /api/tenants/:tenantId/assets/:id    upload or replace one ({ data: base64 }; checked by lib/asset-upload.ts)
 * - DELETE /api/tenants/:tenantId/assets/:id    remove one, refused (409) while the tenant uses it, saying where
 * Files are written whole to the AssetStore (the tenants folder, or a bucket); the storefront, on
 * every server, sees a new or changed file on its next page (new URL hash).
 */
import type { FastifyPluginAsync } from 'fastify';
import { joinPointer } from '../../../../schema/json-source';
import type { Tenant } from '../../../../schema/types.generated';
import { STORED_TENANT_INVALID } from '../../../lib/api-docs';
import { imageSize, MAX_ASSET_BYTES, uploadProblem, UPLOAD_NAME } from '../../../lib/asset-upload';
import { listQuerySchema, sendList, type ListQuery } from '../../../lib/ra-list';
import { UnknownTenantError } from '../../../stores/tenant-store';
import { contentTypeOf } from '../../../assets/asset-store';
import { tenantParams } from './params';

const assetSchema = {
  type: 'object',
  required: ['id', 'url', 'type', 'size', 'usedBy'],
  properties: {
    id: { type: 'string', description: 'The file name' },
    url: { type: 'string', description: 'Its address on the storefront, with its content hash' },
    type: { type: 'string' },
    size: { type: 'integer', description: 'Bytes' },
    width: { type: 'number' },
    height: { type: 'number' },
    usedBy: { type: 'array', items: { type: 'string' }, description: 'JSON pointers of the settings that use it' },
  },
} as const;

const assetParams = {
  ...tenantParams,
  required: ['tenantId', 'id'],
  properties: {
    ...tenantParams.properties,
    id: { type: 'string', pattern: UPLOAD_NAME.source, description: 'The file name' },
  },
};

class AssetRefusedError extends Error {
  readonly statusCode: number;
  readonly field?: string;
  constructor(statusCode: number, message: string, field?: string) {
    super(message);
    this.statusCode = statusCode;
    this.field = field;
  }
}

/** Pointers of every string in the tenant that names this asset's address. */
function usesOf(tenant: Tenant, url: string): string[] {
  const found: string[] = [];
  const walk = (value: unknown, pointer: string) => {
    if (typeof value === 'string') {
      if (value.replace(/[?#].*$/, '') === url) found.push(pointer);
    } else if (Array.isArray(value)) value.forEach((item, index) => walk(item, joinPointer(pointer, index)));
    else if (value && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) walk(item, joinPointer(pointer, key));
  };
  walk(tenant, '');
  return found;
}

const assets: FastifyPluginAsync = async (app) => {
  async function tenantOf(tenantId: string) {
    const record = await app.tenantStore.get(tenantId);
    if (!record) throw new UnknownTenantError(tenantId);
    return record.tenant;
  }

  async function describe(tenantId: string, tenant: Tenant, name: string) {
    const file = await app.storefrontAssets.find(tenantId, name);
    if (!file) return undefined;
    const url = `/assets/${tenantId}/${name}`;
    const bytes = name.endsWith('.png') || name.endsWith('.svg') ? await file.read() : undefined;
    return {
      id: name,
      url: `${url}?v=${file.hash}`,
      type: contentTypeOf(name),
      size: file.size,
      ...(bytes && imageSize(name, bytes)),
      usedBy: usesOf(tenant, url),
    };
  }

  app.get(
    '/api/tenants/:tenantId/assets',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['assets'],
        summary: "The tenant's images, with where each is used",
        params: tenantParams,
        querystring: listQuerySchema,
      },
      config: {
        docs: {
          success: { schema: { type: 'array', items: assetSchema }, headers: ['content-range'] },
          errors: STORED_TENANT_INVALID,
        },
      },
    },
    async (request, reply) => {
      const { tenantId } = request.params as { tenantId: string };
      const tenant = await tenantOf(tenantId);
      const names = [...(await app.storefrontAssets.ownFiles(tenantId)).keys()]
        .filter((name) => UPLOAD_NAME.test(name))
        .sort();
      const records = (await Promise.all(names.map((name) => describe(tenantId, tenant, name)))).filter(
        (record) => record !== undefined,
      );
      return sendList(reply, 'assets', records, request.query as ListQuery);
    },
  );

  app.get(
    '/api/tenants/:tenantId/assets/:id',
    {
      onRequest: app.requireTenant,
      schema: { tags: ['assets'], summary: 'One image', params: assetParams },
      config: { docs: { success: { schema: assetSchema }, errors: STORED_TENANT_INVALID } },
    },
    async (request) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const record = await describe(tenantId, await tenantOf(tenantId), id);
      if (!record) throw new AssetRefusedError(404, `No image ${JSON.stringify(id)}`);
      return record;
    },
  );

  app.put(
    '/api/tenants/:tenantId/assets/:id',
    {
      onRequest: app.requireTenant,
      bodyLimit: Math.ceil((MAX_ASSET_BYTES * 4) / 3) + 4096,
      schema: {
        tags: ['assets'],
        summary: `Upload an image (base64, at most ${MAX_ASSET_BYTES / 1024 / 1024} MB; SVGs that could run or fetch anything are refused)`,
        params: assetParams,
        body: {
          type: 'object',
          additionalProperties: true,
          required: ['data'],
          properties: { data: { type: 'string', contentEncoding: 'base64', description: 'The file, base64-encoded' } },
        },
      },
      config: { docs: { success: { schema: assetSchema }, errors: STORED_TENANT_INVALID } },
    },
    async (request) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const tenant = await tenantOf(tenantId);
      const bytes = Buffer.from((request.body as { data: string }).data, 'base64');
      const problem = uploadProblem(id, bytes);
      if (problem) throw new AssetRefusedError(400, `Not uploaded: ${problem}.`, 'data');
      await app.storefrontAssets.store.write(tenantId, 'assets', id, bytes);
      app.storefrontAssets.changed(tenantId);
      request.log.info({ tenantId, file: id, bytes: bytes.length, actor: request.account!.email }, 'asset uploaded');
      return describe(tenantId, tenant, id);
    },
  );

  app.delete(
    '/api/tenants/:tenantId/assets/:id',
    {
      onRequest: app.requireTenant,
      schema: { tags: ['assets'], summary: 'Remove an image the tenant no longer uses', params: assetParams },
      config: {
        docs: {
          success: { schema: assetSchema },
          errors: { 409: 'The tenant still uses the image', ...STORED_TENANT_INVALID },
        },
      },
    },
    async (request) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const record = await describe(tenantId, await tenantOf(tenantId), id);
      if (!record) throw new AssetRefusedError(404, `No image ${JSON.stringify(id)}`);
      if (record.usedBy.length)
        throw new AssetRefusedError(
          409,
          `${id} is still used by ${record.usedBy.join(', ')}: point those settings at another image first.`,
        );
      await app.storefrontAssets.store.remove(tenantId, 'assets', id);
      app.storefrontAssets.changed(tenantId);
      request.log.info({ tenantId, file: id, actor: request.account!.email }, 'asset removed');
      return record;
    },
  );
};

export default assets;
