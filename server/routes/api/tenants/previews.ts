/**
 * Previews of unsaved changes: POST /api/tenants/:tenantId/previews with one record of a
 * console resource as the form holds it (`{ resource, id, record, path }`) makes the tenant a
 * save would make, validates it like a save (400 with field errors when it would be refused),
 * and keeps it as a draft for ten minutes. The answer is the draft's address, under
 * /preview/<token>/, where the storefront renders it for this account only. Nothing is saved.
 */
import type { FastifyPluginAsync } from 'fastify';
import { renderTenant } from '../../../../schema/tenant-files';
import { assertMayChange } from '../../../auth/write-policy';
import { STORED_TENANT_INVALID } from '../../../lib/api-docs';
import { TENANT_BODY_LIMIT } from '../../../lib/body-limits';
import { validateTexts } from '../../../stores/tenant-documents';
import { UnknownTenantError } from '../../../stores/tenant-store';
import { copyFields, mapFields, requireRecord, type RecordBody } from './record-resource';
import { RESOURCES } from './resources';
import { tenantParams } from './params';

const previewBody = {
  type: 'object',
  additionalProperties: false,
  required: ['resource', 'id', 'record'],
  properties: {
    resource: {
      type: 'string',
      enum: RESOURCES.map((resource) => resource.name),
      description: 'The console resource the record belongs to',
    },
    id: { type: 'string', minLength: 1, maxLength: 100 },
    record: { type: 'object', description: 'The record as the form holds it (id and version are ignored)' },
    path: {
      type: 'string',
      pattern: '^/[^\\s?#]{0,500}$',
      default: '/',
      description: 'The storefront page to show first',
    },
  },
} as const;

const previewAnswer = {
  type: 'object',
  required: ['url', 'expiresAt'],
  properties: {
    url: { type: 'string', description: 'Where the storefront shows the draft (this session only)' },
    expiresAt: { type: 'string', format: 'date-time' },
  },
} as const;

const previews: FastifyPluginAsync = async (app) => {
  app.post(
    '/api/tenants/:tenantId/previews',
    {
      onRequest: app.requireTenant,
      bodyLimit: TENANT_BODY_LIMIT,
      schema: {
        tags: ['previews'],
        summary: 'Preview one record unsaved: the storefront as a save would make it',
        params: tenantParams,
        body: previewBody,
      },
      config: { docs: { success: { status: 201, schema: previewAnswer }, errors: STORED_TENANT_INVALID } },
    },
    async (request, reply) => {
      const { tenantId } = request.params as { tenantId: string };
      const {
        resource: name,
        id,
        record,
        path = '/',
      } = request.body as { resource: string; id: string; record: RecordBody; path?: string };
      const resource = RESOURCES.find((candidate) => candidate.name === name)!;
      const stored = await app.tenantStore.get(tenantId);
      if (!stored) throw new UnknownTenantError(tenantId);
      requireRecord(resource, stored.tenant, id);
      mapFields(request, resource, id);
      const draft = resource.update(structuredClone(stored.tenant), id, copyFields(record));
      // Refused exactly as a save of this record would be: the write policy, the schema and the rules.
      assertMayChange(request.account!, stored.tenant, draft);
      const tenant = validateTexts(tenantId, renderTenant(draft, {}));
      const { token, expiresAt } = app.previewDrafts.create(request.account!.id, tenantId, tenant);
      return reply.code(201).send({ url: `/preview/${token}${path}`, expiresAt: new Date(expiresAt).toISOString() });
    },
  );
};

export default previews;
