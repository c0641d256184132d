/**
 * A tenant's catalogue items, for its admins, the ra-data-simple-rest way:
 * - GET    /api/tenants/:tenantId/items        items (range, sort, filter: q, id, group, category, tags, colors; Content-Range)
 * - GET    /api/tenants/:tenantId/items/:id    one, with its version as ETag
 * - POST   /api/tenants/:tenantId/items        a new item (409 when its objectID is taken)
 * - PUT    /api/tenants/:tenantId/items/:id    replaces it; If-Match: its version (412 when stale)
 * - DELETE /api/tenants/:tenantId/items/:id    removes it (If-Match optional)
 * - POST   /api/tenants/:tenantId/items/bulk   adds or removes tags, or moves to a category, on many at once
 * Every write is checked against the item schema and the tenant (its categories, colours, custom
 * fields: schema/catalogue-rules.ts); problems answer 400 with `errors` keyed by field, as
 * react-admin shows them. Records are the items with `id` (the objectID) and `version`.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { checkItemRules } from '../../../../schema/catalogue-rules';
import { schemaIds } from '../../../../schema/documents';
import type { Item, Tenant } from '../../../../schema/types.generated';
import { listOf, recordSchema, STORED_TENANT_INVALID } from '../../../lib/api-docs';
import { listQuerySchema, ListQueryError, sendList, type ListQuery } from '../../../lib/ra-list';
import { ifMatchVersion, withVersion } from '../../../lib/versions';
import { ItemInvalidError, itemVersion, UnknownItemError } from '../../../stores/item-store';
import { UnknownTenantError } from '../../../stores/tenant-store';
import { tenantParams } from './params';

const itemParams = { ...tenantParams, required: ['tenantId', 'id'], properties: { ...tenantParams.properties, id: { $ref: `${schemaIds.item}#/properties/objectID` } } };
const itemBody = { $ref: schemaIds.item };

class ItemExistsError extends Error {
  readonly statusCode = 409;
}

class ItemVersionConflictError extends Error {
  readonly statusCode = 412;
  constructor(readonly currentVersion: string) {
    super('Someone else saved a change to this item since you loaded it. Reload to see it, then make your change again.');
  }
}

/** A bulk change: tags to add and to remove, and/or a new category, for the listed items. */
const bulkBody = {
  type: 'object',
  additionalProperties: false,
  required: ['ids'],
  properties: {
    ids: { type: 'array', minItems: 1, maxItems: 1000, uniqueItems: true, items: { $ref: `${schemaIds.item}#/properties/objectID` } },
    addTags: { $ref: `${schemaIds.item}#/properties/tags` },
    removeTags: { $ref: `${schemaIds.item}#/properties/tags` },
    category: { $ref: `${schemaIds.item}#/$defs/categoryPath` },
  },
} as const;

const record = (item: Item) => ({ id: item.objectID, version: itemVersion(item), ...item });

/**
 * react-admin sends a record back whole: its `id` and `version` are the record's, not the item's,
 * so they are taken off before the body meets the item schema (which refuses unknown keys).
 */
async function withoutRecordKeys(request: FastifyRequest) {
  const body = request.body as Record<string, unknown> | undefined;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    delete body.id;
    delete body.version;
  }
}

const items: FastifyPluginAsync = async (app) => {
  const tenantOf = async (request: FastifyRequest): Promise<{ tenantId: string; tenant: Tenant }> => {
    const { tenantId } = request.params as { tenantId: string };
    const stored = await app.tenantStore.get(tenantId);
    if (!stored) throw new UnknownTenantError(tenantId);
    return { tenantId, tenant: stored.tenant };
  };

  /** The item as it would be saved, refused with every problem the tenant finds in it. */
  const checkedAgainst = (tenant: Tenant, item: Item): Item => {
    const findings = checkItemRules(item, tenant);
    if (findings.length) throw new ItemInvalidError(item.objectID, findings);
    return item;
  };

  app.get(
    '/api/tenants/:tenantId/items',
    {
      onRequest: app.requireTenant,
      schema: { tags: ['items'], summary: "The tenant's catalogue items", params: tenantParams, querystring: listQuerySchema },
      config: { docs: { success: { schema: listOf(recordSchema), headers: ['content-range'] }, errors: STORED_TENANT_INVALID } },
    },
    async (request, reply) => {
      const { tenantId } = request.params as { tenantId: string };
      const query = request.query as ListQuery;
      // Category, tag and colour filters read inside the item; the rest is the generic list query.
      let filter: Record<string, unknown> = {};
      try {
        filter = query.filter ? (JSON.parse(query.filter) as Record<string, unknown>) : {};
      } catch {
        throw new ListQueryError('filter must be JSON, e.g. {"q":"seat"}');
      }
      const { group, category, tags, colors, ...rest } = filter ?? {};
      const all: Item[] = [];
      for (let page = await app.itemStore.list(tenantId); page.length; page = await app.itemStore.list(tenantId, { after: page.at(-1)!.objectID })) all.push(...page);
      const wanted = (values: unknown) => (values === undefined ? undefined : [values].flat().map(String));
      const [tagsWanted, colorsWanted] = [wanted(tags), wanted(colors)];
      const matching = all.filter(
        (item) =>
          (group === undefined || item.category.group === group) &&
          (category === undefined || item.category.category === category) &&
          (!tagsWanted || tagsWanted.every((tag) => item.tags?.includes(tag))) &&
          (!colorsWanted || colorsWanted.some((colour) => item.colors?.includes(colour))),
      );
      return sendList(reply, 'items', matching.map(record), { ...query, filter: JSON.stringify(rest) });
    },
  );

  app.get(
    '/api/tenants/:tenantId/items/:id',
    { onRequest: app.requireTenant, schema: { tags: ['items'], summary: 'One item', params: itemParams }, config: { docs: { success: { schema: recordSchema, headers: ['etag'] } } } },
    async (request, reply) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const item = await app.itemStore.get(tenantId, id);
      if (!item) throw new UnknownItemError(`No item ${JSON.stringify(id)}`);
      withVersion(reply, itemVersion(item));
      return record(item);
    },
  );

  app.post(
    '/api/tenants/:tenantId/items',
    {
      onRequest: app.requireTenant,
      preValidation: withoutRecordKeys,
      schema: { tags: ['items'], summary: 'Add an item', params: tenantParams, body: itemBody },
      config: { docs: { success: { status: 201, schema: recordSchema, headers: ['etag'] }, errors: { 409: 'An item with this objectID exists', ...STORED_TENANT_INVALID } } },
    },
    async (request, reply) => {
      const { tenantId, tenant } = await tenantOf(request);
      const item = checkedAgainst(tenant, request.body as Item);
      if (await app.itemStore.get(tenantId, item.objectID)) throw Object.assign(new ItemExistsError(`An item with the id ${JSON.stringify(item.objectID)} exists`), { field: 'objectID' });
      await app.itemStore.put(tenantId, item);
      request.log.info({ tenantId, objectID: item.objectID, actor: request.account?.email }, 'item added');
      return withVersion(reply.code(201), itemVersion(item)).send(record(item));
    },
  );

  app.put(
    '/api/tenants/:tenantId/items/:id',
    {
      onRequest: app.requireTenant,
      preValidation: withoutRecordKeys,
      schema: { tags: ['items'], summary: "Replace an item (the record's own `id` and `version` may come along)", params: itemParams, body: itemBody },
      config: { docs: { success: { schema: recordSchema, headers: ['etag'] }, ifMatch: true, errors: STORED_TENANT_INVALID } },
    },
    async (request, reply) => {
      const { tenantId, tenant } = await tenantOf(request);
      const { id } = request.params as { id: string };
      const expected = ifMatchVersion(request);
      const body = request.body as Item;
      if (body.objectID !== id) throw Object.assign(new ItemInvalidError(id, [{ pointer: '/objectID', message: `must stay ${JSON.stringify(id)}: an item's id does not change` }]));
      const saved = await app.itemStore.update(tenantId, id, (current) => {
        const version = itemVersion(current);
        if (version !== expected) throw new ItemVersionConflictError(version);
        return checkedAgainst(tenant, body);
      });
      request.log.info({ tenantId, objectID: id, actor: request.account?.email }, 'item changed');
      return withVersion(reply, itemVersion(saved)).send(record(saved));
    },
  );

  app.delete(
    '/api/tenants/:tenantId/items/:id',
    {
      onRequest: app.requireTenant,
      schema: { tags: ['items'], summary: 'Remove an item', params: itemParams },
      config: { docs: { success: { schema: recordSchema, description: 'Removed; the item as it was' }, errors: { 412: 'If-Match (optional) named an older version of the item' } } },
    },
    async (request) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const current = await app.itemStore.get(tenantId, id);
      if (!current) throw new UnknownItemError(`No item ${JSON.stringify(id)}`);
      const expected = request.headers['if-match'] ? ifMatchVersion(request) : undefined;
      if (expected && expected !== itemVersion(current)) throw new ItemVersionConflictError(itemVersion(current));
      await app.itemStore.delete(tenantId, id);
      request.log.info({ tenantId, objectID: id, actor: request.account?.email }, 'item removed');
      return record(current);
    },
  );

  app.post(
    '/api/tenants/:tenantId/items/bulk',
    {
      onRequest: app.requireTenant,
      schema: { tags: ['items'], summary: 'Add or remove tags, or move to a category, on many items at once', params: tenantParams, body: bulkBody },
      config: { docs: { success: { schema: { type: 'object', properties: { updated: { type: 'integer' } } }, description: 'How many items changed' }, errors: STORED_TENANT_INVALID } },
    },
    async (request) => {
      const { tenantId, tenant } = await tenantOf(request);
      const body = request.body as { ids: string[]; addTags?: string[]; removeTags?: string[]; category?: Item['category'] };
      const change = (item: Item): Item => {
        const tags = [...new Set([...(item.tags ?? []), ...(body.addTags ?? [])])].filter((tag) => !body.removeTags?.includes(tag));
        return { ...item, tags, ...(body.category && { category: body.category }), updatedAt: new Date().toISOString() };
      };
      // Every item is checked before any is written, so a bad category changes none of them.
      const current = await app.itemStore.getMany(tenantId, body.ids);
      const missing = body.ids.filter((id) => !current.some((item) => item.objectID === id));
      if (missing.length) throw new UnknownItemError(`No item ${missing.map((id) => JSON.stringify(id)).join(', ')}`);
      for (const item of current) checkedAgainst(tenant, change(item));
      const counts = await app.itemStore.putMany(tenantId, current.map(change));
      request.log.info({ tenantId, items: body.ids.length, actor: request.account?.email }, 'items changed in bulk');
      return { updated: counts.updated };
    },
  );
};

export default items;
