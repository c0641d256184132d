/**
 * A tenant's history of accepted writes:
 * - GET  /api/tenants/:tenantId/history                    versions, newest first (id = version)
 * - GET  /api/tenants/:tenantId/history/:version           that version, with its diff from the one before
 * - POST /api/tenants/:tenantId/history/:version/restore   writes it back as a new version (If-Match)
 */
import type { FastifyPluginAsync } from 'fastify';
import { listQuerySchema, sendList, type ListQuery } from '../../../lib/ra-list';
import { ifMatchVersion, withVersion } from '../../../lib/versions';
import { UnknownVersionError, VersionUnusableError } from '../../../stores/tenant-store';
import { tenantParams } from './index';

const versionParams = { ...tenantParams, required: ['tenantId', 'version'], properties: { ...tenantParams.properties, version: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } } };

const history: FastifyPluginAsync = async (app) => {
  app.get('/api/tenants/:tenantId/history', { onRequest: app.requireTenant, schema: { tags: ['history'], summary: 'Accepted writes, newest first', params: tenantParams, querystring: listQuerySchema } }, async (request, reply) => {
    const { tenantId } = request.params as { tenantId: string };
    const entries = await app.tenantStore.history(tenantId);
    return sendList(reply, 'history', entries.map((entry) => ({ id: entry.version, ...entry })), request.query as ListQuery);
  });

  app.get('/api/tenants/:tenantId/history/:version', { onRequest: app.requireTenant, schema: { tags: ['history'], summary: 'One version and what it changed', params: versionParams } }, async (request) => {
    const { tenantId, version } = request.params as { tenantId: string; version: string };
    const entry = (await app.tenantStore.history(tenantId)).find((e) => e.version === version);
    if (!entry) throw new UnknownVersionError(tenantId, version);
    const tenant = await app.tenantStore.atVersion(tenantId, version);
    // A previous version kept by an older server from hand-broken files cannot be diffed against: say so instead of failing.
    const diff = entry.previousVersion ? await app.tenantStore.diff(tenantId, entry.previousVersion, version).catch((error: unknown) => {
      if (error instanceof VersionUnusableError) return null;
      throw error;
    }) : [];
    return { id: version, ...entry, tenant, diff };
  });

  app.post('/api/tenants/:tenantId/history/:version/restore', { onRequest: app.requireTenant, schema: { tags: ['history'], summary: 'Restore a version (If-Match)', params: versionParams } }, async (request, reply) => {
    const { tenantId, version } = request.params as { tenantId: string; version: string };
    const record = await app.tenantStore.restore(tenantId, version, { ifMatch: ifMatchVersion(request), actor: request.account!.email });
    return withVersion(reply, record.version).send({ id: tenantId, ...record.tenant });
  });
};

export default history;
