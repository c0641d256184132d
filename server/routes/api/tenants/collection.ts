/**
 * A per-tenant resource the console edits (settings, vendor, colors, links, categories),
 * served the ra-data-simple-rest way under /api/tenants/:tenantId/<name>:
 *   GET  /<name>          list (range, sort, filter; Content-Range)
 *   GET  /<name>/:id      one record
 *   POST /<name>          create          (If-Match: the tenant's version)
 *   PUT  /<name>/:id      replace         (If-Match)
 *   DELETE /<name>/:id    delete          (If-Match)
 * Every write changes the whole tenant through the store, so it is validated (schema and rules)
 * and versioned like any other; issues are mapped back to the record's own fields.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Issue } from '../../../../schema/issue';
import type { Tenant } from '../../../../schema/types.generated';
import { assertMayChange } from '../../../auth/write-policy';
import { fieldPath } from '../../../plugins/app/errors';
import { TENANT_BODY_LIMIT } from '../../../lib/body-limits';
import { listQuerySchema, sendList, type ListQuery } from '../../../lib/ra-list';
import { ifMatchVersion, withVersion } from '../../../lib/versions';
import { UnknownTenantError, type TenantRecord } from '../../../stores/tenant-store';
import { tenantParams } from './index';

export type RecordBody = Record<string, unknown>;
export interface ResourceRecord {
  id: string;
  [field: string]: unknown;
}

export class RecordNotFoundError extends Error {
  readonly statusCode = 404;
}

/** A request the resource refuses as such (changing what cannot change), named by field. */
export class RecordRejectedError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export interface CollectionResource {
  name: string;
  summary: string;
  list(tenant: Tenant): ResourceRecord[];
  create?(tenant: Tenant, body: RecordBody): { tenant: Tenant; id: string };
  update?(tenant: Tenant, id: string, body: RecordBody): { tenant: Tenant; id: string };
  remove?(tenant: Tenant, id: string): Tenant;
  /** The tenant pointer (with its part, e.g. "/site/colorMap/2") where a record lives. */
  pointerOf(tenant: Tenant, id: string): string | undefined;
}

/** Sets `key` as an own data property, so a "__proto__" key from a request stays an ordinary key (and is refused by validation). */
export function setField(target: RecordBody, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * The fields of a request body to write, without the record's view fields (`id` and any in
 * `omit`): react-admin sends them back, but they are never written.
 */
export function copyFields(body: RecordBody, omit: readonly string[] = ['id']): RecordBody {
  const data: RecordBody = {};
  for (const key of Object.keys(body)) if (!omit.includes(key)) setField(data, key, body[key]);
  return data;
}

export function registerCollection(app: FastifyInstance, resource: CollectionResource): void {
  const base = `/api/tenants/:tenantId/${resource.name}`;
  const params = tenantParams;
  const recordParams = { ...tenantParams, required: ['tenantId', 'id'], properties: { ...tenantParams.properties, id: { type: 'string', minLength: 1, maxLength: 400 } } };
  const tags = [resource.name];

  async function current(request: FastifyRequest): Promise<TenantRecord> {
    const { tenantId } = request.params as { tenantId: string };
    const record = await app.tenantStore.get(tenantId);
    if (!record) throw new UnknownTenantError(tenantId);
    return record;
  }

  function findRecord(tenant: Tenant, id: string): ResourceRecord {
    const record = resource.list(tenant).find((r) => r.id === id);
    if (!record) throw new RecordNotFoundError(`${resource.name} has no record ${JSON.stringify(id)}`);
    return record;
  }

  /** Maps issues inside the written record to its own fields; others keep their full path. */
  function fieldsFor(request: FastifyRequest, tenant: Tenant, id: string) {
    const prefix = resource.pointerOf(tenant, id);
    request.fieldOf = (issue: Issue) => {
      const pointer = `/${issue.file}${issue.pointer}`;
      if (prefix && (pointer === prefix || pointer.startsWith(`${prefix}/`))) return fieldPath('', pointer.slice(prefix.length));
      return fieldPath(issue.file, issue.pointer);
    };
  }

  async function write(request: FastifyRequest, reply: FastifyReply, change: (tenant: Tenant) => { tenant: Tenant; id?: string; deleted?: ResourceRecord }, status = 200) {
    const { tenantId } = request.params as { tenantId: string };
    const ifMatch = ifMatchVersion(request);
    const before = await current(request);
    const outcome = change(structuredClone(before.tenant));
    if (outcome.id !== undefined) fieldsFor(request, outcome.tenant, outcome.id);
    assertMayChange(request.account!, before.tenant, outcome.tenant);
    const saved = await app.tenantStore.put(tenantId, outcome.tenant, { ifMatch, actor: request.account!.email });
    const body = outcome.deleted ?? findRecord(saved.tenant, outcome.id!);
    return withVersion(reply.code(status), saved.version).send(body);
  }

  app.get(base, { onRequest: app.requireTenant, schema: { tags, summary: `List ${resource.summary}`, params, querystring: listQuerySchema } }, async (request, reply) => {
    const record = await current(request);
    return sendList(withVersion(reply, record.version), resource.name, resource.list(record.tenant), request.query as ListQuery);
  });

  app.get(`${base}/:id`, { onRequest: app.requireTenant, schema: { tags, summary: `One of ${resource.summary}`, params: recordParams } }, async (request, reply) => {
    const record = await current(request);
    return withVersion(reply, record.version).send(findRecord(record.tenant, (request.params as { id: string }).id));
  });

  const notAllowed = (verb: string) => async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.code(405).send({ statusCode: 405, error: 'Method Not Allowed', message: `${resource.name} records cannot be ${verb}` });
  const bodySchema = { type: 'object', description: `A record of ${resource.summary}; it is validated with the whole tenant.` };

  if (resource.update) {
    const update = resource.update;
    app.put(`${base}/:id`, { onRequest: app.requireTenant, bodyLimit: TENANT_BODY_LIMIT, schema: { tags, summary: `Replace one of ${resource.summary} (If-Match)`, params: recordParams, body: bodySchema } }, (request, reply) =>
      write(request, reply, (tenant) => update(tenant, (request.params as { id: string }).id, request.body as RecordBody)),
    );
  } else app.put(`${base}/:id`, { onRequest: app.requireTenant }, notAllowed('replaced'));

  if (resource.create) {
    const create = resource.create;
    app.post(base, { onRequest: app.requireTenant, bodyLimit: TENANT_BODY_LIMIT, schema: { tags, summary: `Add to ${resource.summary} (If-Match)`, params, body: bodySchema } }, (request, reply) =>
      write(request, reply, (tenant) => create(tenant, request.body as RecordBody), 201),
    );
  } else app.post(base, { onRequest: app.requireTenant }, notAllowed('created'));

  if (resource.remove) {
    const remove = resource.remove;
    app.delete(`${base}/:id`, { onRequest: app.requireTenant, schema: { tags, summary: `Delete one of ${resource.summary} (If-Match)`, params: recordParams } }, (request, reply) =>
      write(request, reply, (tenant) => {
        const id = (request.params as { id: string }).id;
        const deleted = findRecord(tenant, id);
        return { tenant: remove(tenant, id), deleted };
      }),
    );
  } else app.delete(`${base}/:id`, { onRequest: app.requireTenant }, notAllowed('deleted'));
}
