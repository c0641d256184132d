/**
 * A per-tenant resource the console edits, served the ra-data-simple-rest way under
 * /api/tenants/:tenantId/<name>:
 *   GET /<name>          its records (range, sort, filter; Content-Range)
 *   GET /<name>/:id      one record
 *   PUT /<name>/:id      replaces the record (If-Match: the tenant's version)
 *   POST, DELETE         405: every record exists while the tenant does
 *
 * Records have FIXED ids ("site", "colorMap", "headerLinks", "tree" …): a list the console
 * reorders or renames in is one record edited whole, so no id ever changes when an item moves
 * and react-admin's cache (keyed by id) stays right. Every record carries `version`, the
 * tenant's version, so a data provider sends If-Match from `previousData.version`.
 *
 * A write changes the whole tenant through the store, so it is validated (schema and rules)
 * and versioned like any other; issues are mapped back to the record's own fields.
 */
import type { TreeEdit } from '../../../../schema/category-moves';
import { writeWithItemsMoved } from '../../../catalogue';
import { storesKept } from './stores-kept';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Issue } from '../../../../schema/issue';
import type { Tenant } from '../../../../schema/types.generated';
import { assertMayChange } from '../../../auth/write-policy';
import { API_ERROR_ID, listOf, recordSchema, STORED_TENANT_INVALID } from '../../../lib/api-docs';
import { TENANT_BODY_LIMIT } from '../../../lib/body-limits';
import { listQuerySchema, sendList, type ListQuery } from '../../../lib/ra-list';
import { ifMatchVersion, withVersion } from '../../../lib/versions';
import { fieldPath } from '../../../plugins/app/errors';
import { UnknownTenantError, VersionConflictError, type TenantRecord } from '../../../stores/tenant-store';
import { tenantParams } from './params';

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

export interface RecordResource {
  name: string;
  summary: string;
  /** The records, without `version` (added here). */
  list(tenant: Tenant): ResourceRecord[];
  /** The tenant with record `id` replaced by `body` (already stripped of id and version). */
  update(tenant: Tenant, id: string, body: RecordBody): Tenant;
  /** Where record `id` lives in the tenant: its fields map to pointers below `pointer`, `field` below the record. */
  locationOf(id: string): { pointer: string; field?: string };
  /** What the write does to the catalogue's items (the category tree: moves and removals), if anything. */
  treeEdit?(before: Tenant, body: RecordBody): TreeEdit;
}

/** Sets `key` as an own data property, so a "__proto__" key from a request stays an ordinary key (and is refused by validation). */
export function setField(target: RecordBody, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The fields of a request body to write, without the view-only ones react-admin sends back (`id`, `version`, and `omit`). */
export function copyFields(body: RecordBody, omit: readonly string[] = []): RecordBody {
  const data: RecordBody = {};
  for (const key of Object.keys(body))
    if (key !== 'id' && key !== 'version' && !omit.includes(key)) setField(data, key, body[key]);
  return data;
}

/** Record `id` of a resource in a tenant; RecordNotFoundError, naming the records there are, when it has none. */
export function requireRecord(resource: RecordResource, tenant: Tenant, id: string): ResourceRecord {
  const record = resource.list(tenant).find((candidate) => candidate.id === id);
  if (!record)
    throw new RecordNotFoundError(
      `${resource.name} has no record ${JSON.stringify(id)}; its records are ${resource
        .list(tenant)
        .map((r) => JSON.stringify(r.id))
        .join(', ')}`,
    );
  return record;
}

/** Issues inside the written record map to its own fields; others keep their full path (`site.footerLinks.1.target`). */
export function mapFields(request: FastifyRequest, resource: RecordResource, id: string): void {
  const { pointer: prefix, field } = resource.locationOf(id);
  request.fieldOf = (issue: Issue) => {
    const pointer = `/${issue.file}${issue.pointer}`;
    if (pointer === prefix || pointer.startsWith(`${prefix}/`))
      return fieldPath(field ?? '', pointer.slice(prefix.length));
    return fieldPath(issue.file, issue.pointer);
  };
}

export function registerRecordResource(app: FastifyInstance, resource: RecordResource): void {
  const base = `/api/tenants/:tenantId/${resource.name}`;
  const recordParams = {
    ...tenantParams,
    required: ['tenantId', 'id'],
    properties: { ...tenantParams.properties, id: { type: 'string', minLength: 1, maxLength: 100 } },
  };
  const tags = [resource.name];

  async function current(request: FastifyRequest): Promise<TenantRecord> {
    const { tenantId } = request.params as { tenantId: string };
    const record = await app.tenantStore.get(tenantId);
    if (!record) throw new UnknownTenantError(tenantId);
    return record;
  }

  const records = ({ tenant, version }: TenantRecord) =>
    resource.list(tenant).map((record) => ({ ...record, version }));

  const findRecord = (stored: TenantRecord, id: string): ResourceRecord => ({
    ...requireRecord(resource, stored.tenant, id),
    version: stored.version,
  });

  app.get(
    base,
    {
      onRequest: app.requireTenant,
      schema: { tags, summary: `List ${resource.summary}`, params: tenantParams, querystring: listQuerySchema },
      config: {
        docs: {
          success: { schema: listOf(recordSchema), headers: ['content-range', 'etag'] },
          errors: STORED_TENANT_INVALID,
        },
      },
    },
    async (request, reply) => {
      const stored = await current(request);
      return sendList(withVersion(reply, stored.version), resource.name, records(stored), request.query as ListQuery);
    },
  );

  app.get(
    `${base}/:id`,
    {
      onRequest: app.requireTenant,
      schema: { tags, summary: `One of ${resource.summary}`, params: recordParams },
      config: { docs: { success: { schema: recordSchema, headers: ['etag'] }, errors: STORED_TENANT_INVALID } },
    },
    async (request, reply) => {
      const stored = await current(request);
      return withVersion(reply, stored.version).send(findRecord(stored, (request.params as { id: string }).id));
    },
  );

  app.put(
    `${base}/:id`,
    {
      onRequest: app.requireTenant,
      bodyLimit: TENANT_BODY_LIMIT,
      schema: {
        tags,
        summary: `Replace one of ${resource.summary} (If-Match)`,
        params: recordParams,
        body: {
          type: 'object',
          description: `A record of ${resource.summary}; it is validated with the whole tenant.`,
        },
      },
      config: {
        docs: { ifMatch: true, success: { schema: recordSchema, headers: ['etag'] }, errors: STORED_TENANT_INVALID },
      },
    },
    async (request, reply) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const ifMatch = ifMatchVersion(request);
      const before = await current(request);
      findRecord(before, id);
      mapFields(request, resource, id);
      const body = copyFields(request.body as RecordBody);
      const updated = resource.update(structuredClone(before.tenant), id, body);
      assertMayChange(request.account!, before.tenant, updated);
      const after = await storesKept(app, tenantId, before.tenant, updated);
      const write = () => app.tenantStore.put(tenantId, after, { ifMatch, actor: request.account!.email });
      // A tree edit that moves or removes categories takes their items along in the same change.
      const edit = resource.treeEdit?.(before.tenant, body);
      // A stale tree is refused before any item moves (the tenant write would refuse it after).
      if (edit && ifMatch !== before.version) throw new VersionConflictError(tenantId, before.version);
      const saved =
        edit && (edit.moves.length || edit.removed.length)
          ? await writeWithItemsMoved(app.itemStore, { tenantId, after, edit, write, log: request.log })
          : await write();
      return withVersion(reply, saved.version).send(findRecord(saved, id));
    },
  );

  const notAllowed = (what: string) => async (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(405)
      .header('allow', what === 'created' ? 'GET' : 'GET, PUT')
      .send({
        statusCode: 405,
        error: 'Method Not Allowed',
        message: `${resource.name} records cannot be ${what}: each exists as long as the tenant does; edit it instead`,
      });
  const refused = {
    docs: {
      success: {
        status: 405,
        description: 'Never allowed: edit the record instead',
        schema: { $ref: `${API_ERROR_ID}#` },
      },
    },
  };
  app.post(
    base,
    {
      onRequest: app.requireTenant,
      schema: { tags, summary: `Not allowed: ${resource.name} records cannot be created`, params: tenantParams },
      config: refused,
    },
    notAllowed('created'),
  );
  app.delete(
    `${base}/:id`,
    {
      onRequest: app.requireTenant,
      schema: { tags, summary: `Not allowed: ${resource.name} records cannot be deleted`, params: recordParams },
      config: refused,
    },
    notAllowed('deleted'),
  );
}
