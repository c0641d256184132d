/**
 * The `tenants` resource (ra-data-simple-rest):
 * - GET  /api/tenants               the tenants the caller may reach (range, sort, filter; Content-Range)
 * - POST /api/tenants               platform staff create a tenant (same scaffold as `backlot new`)
 * - GET  /api/tenants/:tenantId     the whole tenant (site, vendor, categories) with its ETag
 * - PUT  /api/tenants/:tenantId     replaces it; If-Match required (412 when stale, 400 with fields when invalid)
 */
import { inferredTreeEdit, redirectsAfter, type TreeEdit } from '../../../../schema/category-moves';
import { categoryPaths, RENTALS_BASE_PATH } from '../../../../schema/routes';
import { writeWithItemsMoved } from '../../../catalogue';
import { storesKept } from './stores-kept';
import type { FastifyPluginAsync } from 'fastify';
import { getAjv } from '../../../../schema/node/ajv';
import { definitionRef } from '../../../../schema/definitions';
import { buildTenant } from '../../../../schema/node/scaffold';
import { schemaIds } from '../../../../schema/documents';
import type { Tenant } from '../../../../schema/types.generated';
import { canReach } from '../../../auth/accounts';
import { assertMayChange } from '../../../auth/write-policy';
import { listOf, STORED_TENANT_INVALID } from '../../../lib/api-docs';
import { TENANT_BODY_LIMIT } from '../../../lib/body-limits';
import { listQuerySchema, sendList, type ListQuery } from '../../../lib/ra-list';
import { BodyCache, ifMatchVersion, ifNoneMatchVersion, withVersion } from '../../../lib/versions';
import { UnknownTenantError } from '../../../stores/tenant-store';
import { tenantParams } from './params';

export { tenantParams };

/** A tenant in the list (and as DELETE answers it). */
const tenantSummary = {
  type: 'object',
  required: ['id'],
  properties: {
    id: definitionRef('tenantId'),
    displayName: { type: ['string', 'null'] },
    domain: { type: ['string', 'null'] },
    version: { type: 'string' },
  },
} as const;

/** The whole tenant as PUT takes it (and as OpenAPI documents it): `id` and `version` are read-only echoes. */
const tenantBody = {
  type: 'object',
  additionalProperties: false,
  required: ['site', 'vendor', 'categories', 'pages'],
  properties: {
    id: definitionRef('tenantId'),
    version: { type: 'string', description: 'The version the record was read at (ignored: send it in If-Match).' },
    site: { $ref: schemaIds.site },
    vendor: { $ref: schemaIds.vendor },
    categories: { $ref: schemaIds.categories },
    pages: { $ref: schemaIds.pages },
  },
} as const;

/**
 * The body is validated once. The route checks only the envelope (known keys, three objects);
 * the store validates the parts with the cross-field rules in one pass, so one answer names
 * every problem and the parts are never validated twice. OpenAPI still shows the full schema.
 */
const envelopeOnly = (schema: typeof tenantBody) => ({
  ...schema,
  properties: {
    ...schema.properties,
    site: { type: 'object' },
    vendor: { type: 'object' },
    categories: { type: 'object' },
  },
});

const createBody = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'domain'],
  properties: {
    id: definitionRef('tenantId'),
    name: definitionRef('label'),
    domain: definitionRef('hostname'),
    email: definitionRef('email'),
    from: {
      ...definitionRef('tenantId'),
      description: 'Copy the links, colours, facets, categories and constants of this tenant.',
    },
  },
} as const;

/** What the new tree does to the old; nothing when the body's tree is malformed (the store then refuses it, naming the field). */
function treeEditOf(before: Tenant, after: Tenant): TreeEdit {
  try {
    return inferredTreeEdit(before.categories, after.categories);
  } catch {
    return { moves: [], removed: [] };
  }
}

/** The tenant with a redirect from each moved category's old page to its new one, as a tree edit in the console leaves it. */
function withMovedPages(before: Tenant, after: Tenant, edit: TreeEdit): Tenant {
  if (!edit.moves.length || !Array.isArray(after.categories?.groups)) return after;
  const live = [...categoryPaths(after.categories)].map((page) => page.slice(RENTALS_BASE_PATH.length + 1));
  const redirects = redirectsAfter(
    [...(before.categories.redirects ?? []), ...(after.categories.redirects ?? [])],
    edit.moves,
    live,
  );
  return { ...after, categories: { ...after.categories, ...(redirects.length && { redirects }) } };
}

const tenants: FastifyPluginAsync = async (app) => {
  const bodies = new BodyCache();

  app.get(
    '/api/tenants',
    {
      onRequest: app.authenticate,
      schema: { tags: ['tenants'], summary: 'Tenants you may reach', querystring: listQuerySchema },
      config: { docs: { success: { schema: listOf(tenantSummary), headers: ['content-range'] } } },
    },
    async (request, reply) => {
      const reachable = (await app.tenantStore.list()).filter((t) => canReach(request.account!, t.tenantId));
      const records = reachable.map((t) => ({
        id: t.tenantId,
        displayName: t.displayName,
        domain: t.domain,
        version: t.version,
      }));
      return sendList(reply, 'tenants', records, request.query as ListQuery);
    },
  );

  app.post(
    '/api/tenants',
    {
      onRequest: app.requirePlatform,
      schema: { tags: ['tenants'], summary: 'Create a tenant (platform staff)', body: createBody },
      config: {
        docs: {
          success: { status: 201, description: 'Created', schema: tenantBody, headers: ['etag'] },
          errors: { 404: 'The tenant named in `from` does not exist', 409: 'A tenant with this id already exists' },
        },
      },
    },
    async (request, reply) => {
      const body = request.body as { id: string; name: string; domain: string; email?: string; from?: string };
      let from: Tenant | undefined;
      if (body.from) {
        const source = await app.tenantStore.get(body.from);
        if (!source) throw new UnknownTenantError(body.from);
        from = source.tenant;
      }
      const record = await app.tenantStore.create(
        body.id,
        buildTenant({ tenantId: body.id, name: body.name, domain: body.domain, email: body.email }, from),
        request.account!.email,
      );
      return withVersion(reply.code(201), record.version).send({
        id: record.tenantId,
        version: record.version,
        ...record.tenant,
      });
    },
  );

  app.get(
    '/api/tenants/:tenantId',
    {
      onRequest: app.requireTenant,
      schema: { tags: ['tenants'], summary: 'The whole tenant', params: tenantParams },
      config: {
        docs: {
          success: { schema: tenantBody, headers: ['etag'] },
          errors: { 304: 'Not modified: If-None-Match names the current version', ...STORED_TENANT_INVALID },
        },
      },
    },
    async (request, reply) => {
      const { tenantId } = request.params as { tenantId: string };
      const record = await app.tenantStore.get(tenantId);
      if (!record) throw new UnknownTenantError(tenantId);
      withVersion(reply, record.version);
      if (ifNoneMatchVersion(request) === record.version) return reply.code(304).send();
      return reply
        .type('application/json; charset=utf-8')
        .send(
          bodies.body(tenantId, record.version, () => ({ id: tenantId, version: record.version, ...record.tenant })),
        );
    },
  );

  app.put(
    '/api/tenants/:tenantId',
    // The body schema documents the shape; the store validates it (schema and cross-field rules
    // together), so one answer names every problem instead of the schema's first.
    {
      onRequest: app.requireTenant,
      bodyLimit: TENANT_BODY_LIMIT,
      schema: {
        tags: ['tenants'],
        summary: 'Replace the whole tenant (If-Match required)',
        params: tenantParams,
        body: tenantBody,
      },
      config: {
        docs: { ifMatch: true, success: { schema: tenantBody, headers: ['etag'] }, errors: STORED_TENANT_INVALID },
      },
      validatorCompiler: ({ schema, httpPart }) =>
        getAjv().compile(httpPart === 'body' ? envelopeOnly(tenantBody) : schema),
    },
    async (request, reply) => {
      const { tenantId } = request.params as { tenantId: string };
      // `id` and `version` are how the record is shown, never written.
      const { id: _id, version: _version, ...sent } = request.body as Tenant & { id?: string; version?: string };
      const ifMatch = ifMatchVersion(request);
      const before = await app.tenantStore.get(tenantId);
      if (!before) throw new UnknownTenantError(tenantId);
      assertMayChange(request.account!, before.tenant, sent);
      const tenant = await storesKept(app, tenantId, before.tenant, sent);
      // A category moved in the tree takes its items along, as the console's tree editor does;
      // one removed while items are filed there is refused naming them.
      const edit = treeEditOf(before.tenant, tenant);
      const write = () =>
        app.tenantStore.put(tenantId, withMovedPages(before.tenant, tenant, edit), {
          ifMatch,
          actor: request.account!.email,
        });
      const record =
        edit.moves.length || edit.removed.length
          ? await writeWithItemsMoved(app.itemStore, { tenantId, after: tenant, edit, write, log: request.log })
          : await write();
      return withVersion(reply, record.version).send({ id: tenantId, version: record.version, ...record.tenant });
    },
  );

  app.delete(
    '/api/tenants/:tenantId',
    {
      onRequest: app.requirePlatform,
      schema: {
        tags: ['tenants'],
        summary: 'Archive a tenant (platform staff; If-Match): out of service, kept with its history',
        params: tenantParams,
      },
      config: {
        docs: {
          ifMatch: true,
          success: { schema: tenantSummary, description: 'Archived: the tenant as it was' },
          errors: { 404: 'No such tenant' },
        },
      },
    },
    async (request, reply) => {
      const { tenantId } = request.params as { tenantId: string };
      const ifMatch = ifMatchVersion(request);
      const record = await app.tenantStore.get(tenantId).catch(() => undefined);
      await app.tenantStore.archive(tenantId, { ifMatch, actor: request.account!.email });
      // react-admin expects the deleted record back.
      return reply.send(
        record
          ? {
              id: tenantId,
              version: record.version,
              displayName: record.tenant.vendor.displayName,
              domain: record.tenant.site.domain,
            }
          : { id: tenantId },
      );
    },
  );
};

export default tenants;
