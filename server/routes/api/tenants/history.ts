/**
 * A tenant's history of accepted writes (react-admin's `history` resource, read-only):
 * - GET  /api/tenants/:tenantId/history               entries, newest first
 * - GET  /api/tenants/:tenantId/history/:id           one entry, with the tenant then and its diff from the one before
 * - POST /api/tenants/:tenantId/history/:id/restore   writes that version back as a new write (If-Match: the current version)
 *
 * An entry's id is its place in the append-only log (1 for the first write), so ids are unique
 * and stable even when a write returns to earlier content (whose `version`, a content hash,
 * repeats). The list's ETag is the tenant's current version, for the restore's If-Match.
 */
import type { FastifyPluginAsync } from 'fastify';
import { assertMayChange } from '../../../auth/write-policy';
import { listOf, STORED_TENANT_INVALID } from '../../../lib/api-docs';
import { listQuerySchema, sendList, type ListQuery } from '../../../lib/ra-list';
import { ifMatchVersion, withVersion } from '../../../lib/versions';
import {
  lastValidVersion,
  TenantInvalidError,
  UnknownTenantError,
  UnknownVersionError,
  VersionUnusableError,
  type HistoryEntry,
  type TenantStore,
} from '../../../stores/tenant-store';
import { tenantParams } from './params';

const entrySchema = {
  type: 'object',
  required: ['id', 'version', 'actor', 'at', 'changed'],
  properties: {
    id: { type: 'string', description: "The entry's place in the history, 1 for the first write" },
    version: { type: 'string', description: 'The version this write produced' },
    previousVersion: { type: ['string', 'null'] },
    actor: { type: 'string' },
    at: { type: 'string', format: 'date-time' },
    changed: { type: 'array', items: { type: 'string' }, description: 'JSON pointers of what changed' },
  },
} as const;

const entryParams = {
  ...tenantParams,
  required: ['tenantId', 'id'],
  properties: {
    ...tenantParams.properties,
    id: {
      type: 'string',
      pattern: '^[1-9][0-9]{0,8}$',
      description: "The entry's place in the history, 1 for the first write",
    },
  },
};

/** The entries newest first, each with its id; and the tenant's current version. */
async function entriesOf(
  store: TenantStore,
  tenantId: string,
): Promise<{ entries: Array<HistoryEntry & { id: string }>; version: string }> {
  const [log, version] = await Promise.all([store.history(tenantId), storedVersion(store, tenantId)]);
  return { entries: log.map((entry, index) => ({ id: String(log.length - index), ...entry })), version };
}

/**
 * The tenant's stored version, valid or not: the history is how a tenant broken by hand is
 * repaired, so it is read and restored from whatever state the files are in.
 */
async function storedVersion(store: TenantStore, tenantId: string): Promise<string> {
  try {
    const record = await store.get(tenantId);
    if (!record) throw new UnknownTenantError(tenantId);
    return record.version;
  } catch (error) {
    if (error instanceof TenantInvalidError && error.version !== undefined) return error.version;
    throw error;
  }
}

const history: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/tenants/:tenantId/history',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['history'],
        summary: 'Accepted writes, newest first',
        params: tenantParams,
        querystring: listQuerySchema,
      },
      config: {
        docs: {
          success: { schema: listOf(entrySchema), headers: ['content-range', 'etag'] },
          errors: STORED_TENANT_INVALID,
        },
      },
    },
    async (request, reply) => {
      const { tenantId } = request.params as { tenantId: string };
      const { entries, version } = await entriesOf(app.tenantStore, tenantId);
      return sendList(withVersion(reply, version), 'history', entries, request.query as ListQuery);
    },
  );

  async function entry(tenantId: string, id: string) {
    const { entries, version } = await entriesOf(app.tenantStore, tenantId);
    const found = entries.find((e) => e.id === id);
    if (!found) throw new UnknownVersionError(tenantId, `#${id}`);
    return { found, version };
  }

  app.get(
    '/api/tenants/:tenantId/history/:id',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['history'],
        summary: 'One entry: the tenant then, and what the write changed',
        params: entryParams,
      },
      config: {
        docs: {
          success: {
            schema: {
              ...entrySchema,
              properties: {
                ...entrySchema.properties,
                tenant: { type: 'object' },
                diff: {
                  type: ['array', 'null'],
                  description: 'JSON Patch from the version before; null when that version cannot be read',
                },
              },
            },
            headers: ['etag'],
          },
          errors: {
            409: 'That version does not validate (kept by an older server from hand-broken files)',
            ...STORED_TENANT_INVALID,
          },
        },
      },
    },
    async (request, reply) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const { found, version } = await entry(tenantId, id);
      const tenant = await app.tenantStore.atVersion(tenantId, found.version);
      // A previous version kept by an older server from hand-broken files cannot be diffed against: say so instead of failing.
      const diff = found.previousVersion
        ? await app.tenantStore.diff(tenantId, found.previousVersion, found.version).catch((error: unknown) => {
            if (error instanceof VersionUnusableError) return null;
            throw error;
          })
        : [];
      return withVersion(reply, version).send({ ...found, tenant, diff });
    },
  );

  app.post(
    '/api/tenants/:tenantId/history/:id/restore',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['history'],
        summary: 'Restore the version an entry wrote (If-Match: the current version)',
        params: entryParams,
      },
      config: {
        docs: {
          ifMatch: true,
          success: { schema: { type: 'object' }, headers: ['etag'] },
          errors: {
            400: 'The restored version no longer passes validation with the other tenants (its domain is taken, say)',
            409: 'That version does not validate',
            ...STORED_TENANT_INVALID,
          },
        },
      },
    },
    async (request, reply) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const ifMatch = ifMatchVersion(request);
      const { found } = await entry(tenantId, id);
      // A restore is a write like any other: the same policy (a tenant admin cannot bring back another
      // domain). Over a tenant broken by hand, the policy compares with the last valid version.
      const current = await app.tenantStore.get(tenantId).catch(async (error: unknown) => {
        if (!(error instanceof TenantInvalidError)) throw error;
        return (await lastValidVersion(app.tenantStore, tenantId))?.record;
      });
      if (!current) throw new UnknownTenantError(tenantId);
      assertMayChange(request.account!, current.tenant, await app.tenantStore.atVersion(tenantId, found.version));
      const record = await app.tenantStore.restore(tenantId, found.version, { ifMatch, actor: request.account!.email });
      return withVersion(reply, record.version).send({ id: tenantId, version: record.version, ...record.tenant });
    },
  );
};

export default history;
