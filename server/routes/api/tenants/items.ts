/**
 * A tenant's catalogue items, for its admins, the ra-data-simple-rest way:
 * - GET    /api/tenants/:tenantId/items        items (range, sort, filter: q, id, group, category, colors, tags, vendorId, priceBin,
 *                                              customFields: { <field slug>: option slugs }; Content-Range)
 * - GET    /api/tenants/:tenantId/items/:id    one, with its version as ETag
 * - POST   /api/tenants/:tenantId/items        a new item (409 when its objectID is taken)
 * - PUT    /api/tenants/:tenantId/items/:id    replaces it; If-Match: its version (412 when stale)
 * - DELETE /api/tenants/:tenantId/items/:id    removes it (If-Match optional; 409 while a kit holds it)
 * - POST   /api/tenants/:tenantId/items/bulk   adds or removes tags, or moves to a category, on many at once
 * - GET    /api/tenants/:tenantId/item-tags    the tags the items carry, each with how many (for the tag filter)
 * - POST   /api/tenants/:tenantId/item-photos  uploads a photo ({ name, data: base64 }) through the asset rules
 *                                              (lib/asset-upload.ts) into the AssetStore's items/, served at
 *                                              /items/<tenantId>/<file> (routes/assets.ts)
 * List filters work as the storefront's facets do: several values of one filter match any of them
 * (OR), and the filters all apply together (AND). A filter value that cannot match (not a slug, a
 * custom field the tenant lacks, an option the field lacks) answers 400 naming the filter.
 * Every write is checked against the item schema and the tenant (its categories, colours, custom
 * fields: schema/catalogue-rules.ts); problems answer 400 with `errors` keyed by field, as
 * react-admin shows them. Records are the items with `id` (the objectID) and `version`.
 */
import { allItems as allItemsOf, kitProblemsOf, kitUnitProblemsOf, pricedKit, repriceKits } from '../../../catalogue';
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { checkItemRules } from '../../../../schema/catalogue-rules';
import { PRICE_BINS, priceBinOf } from '../../../../schema/catalogue-search';
import { schemaIds } from '../../../../schema/documents';
import { itemPhotoFileName, itemPhotoKindProblem } from '../../../../schema/item-photos';
import { checkDefinition } from '../../../../schema/node/ajv';
import type { Item, Tenant } from '../../../../schema/types.generated';
import { listOf, recordSchema, STORED_TENANT_INVALID } from '../../../lib/api-docs';
import { imageSize, MAX_ASSET_BYTES, uploadProblem } from '../../../lib/asset-upload';
import { listQuerySchema, ListQueryError, parseListFilter, sendList, type ListQuery } from '../../../lib/ra-list';
import { contentTypeOf } from '../../../assets/asset-store';
import { ifMatchVersion, withVersion } from '../../../lib/versions';
import { ItemInvalidError, itemVersion, UnknownItemError } from '../../../stores/item-store';
import { UnknownTenantError } from '../../../stores/tenant-store';
import { tenantParams } from './params';

const itemParams = {
  ...tenantParams,
  required: ['tenantId', 'id'],
  properties: { ...tenantParams.properties, id: { $ref: `${schemaIds.item}#/properties/objectID` } },
};
const itemBody = { $ref: schemaIds.item };

class ItemExistsError extends Error {
  readonly statusCode = 409;
}

/** An item a kit holds: removing it would leave the kit naming nothing. */
class ItemInKitError extends Error {
  readonly statusCode = 409;
}

class ItemVersionConflictError extends Error {
  readonly statusCode = 412;
  constructor(readonly currentVersion: string) {
    super(
      'Someone else saved a change to this item since you loaded it. Reload to see it, then make your change again.',
    );
  }
}

/** A bulk change: tags to add and to remove, and/or a new category, for the listed items. */
const bulkBody = {
  type: 'object',
  additionalProperties: false,
  required: ['ids'],
  properties: {
    ids: {
      type: 'array',
      minItems: 1,
      maxItems: 1000,
      uniqueItems: true,
      items: { $ref: `${schemaIds.item}#/properties/objectID` },
    },
    addTags: { $ref: `${schemaIds.item}#/properties/tags` },
    removeTags: { $ref: `${schemaIds.item}#/properties/tags` },
    category: { $ref: `${schemaIds.item}#/$defs/categoryPath` },
  },
} as const;

const record = (item: Item) => ({ id: item.objectID, version: itemVersion(item), ...item });

/** A photo upload: the file's name (as the asset rules take it) and its bytes, base64-encoded. */
const photoBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'data'],
  properties: {
    name: {
      type: 'string',
      maxLength: 120,
      description: 'The file name, e.g. jump-seat.png (lib/asset-upload.ts says which names and kinds)',
    },
    data: { type: 'string', contentEncoding: 'base64', description: 'The file, base64-encoded' },
  },
} as const;

const photoSchema = {
  type: 'object',
  required: ['url', 'type', 'size'],
  properties: {
    url: { type: 'string', description: "The photo's address: an item image's url" },
    type: { type: 'string' },
    size: { type: 'integer', description: 'Bytes' },
    width: { type: 'number', description: 'Pixels, where the file says it simply (PNG, SVG)' },
    height: { type: 'number' },
  },
} as const;

const tagCountSchema = {
  type: 'object',
  required: ['id', 'count'],
  properties: {
    id: { type: 'string', description: 'The tag' },
    count: { type: 'integer', description: 'Items with it' },
  },
} as const;

class PhotoRefusedError extends Error {
  readonly statusCode = 400;
  readonly field = 'data';
}

/** A list filter that cannot match: 400, with the filter named (`filter.tags`, `filter.customFields.eras`). */
const filterProblem = (filter: string, problem: string) =>
  Object.assign(new ListQueryError(`The ${filter} filter ${problem}`), { field: `filter.${filter}` });

/**
 * A filter's wanted values: one slug or a list of them; undefined when not filtering (absent,
 * null, '' or [], as react-admin sends a cleared input).
 */
function slugsOf(filter: string, value: unknown): string[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const values = [value].flat();
  const bad = values.find((candidate) => typeof candidate !== 'string' || checkDefinition('slug', candidate) !== true);
  if (bad !== undefined)
    throw filterProblem(
      filter,
      `takes slugs (lowercase words joined by hyphens, e.g. "hero-prop"), one or a list; ${JSON.stringify(bad)} is not one`,
    );
  return values.length ? (values as string[]) : undefined;
}

/** The custom field filter: for each field slug of the tenant, the option slugs wanted (any of them). */
function customFieldsWanted(
  value: unknown,
  tenant: () => Promise<Tenant>,
): Promise<Array<[string, string[]]>> | Array<[string, string[]]> {
  if (value === undefined || value === null || value === '') return [];
  if (typeof value !== 'object' || Array.isArray(value))
    throw filterProblem(
      'customFields',
      'takes an object: for each custom field by its slug, option slugs, e.g. {"eras":["1960s-jet-age"]}',
    );
  const entries = Object.entries(value as Record<string, unknown>).flatMap(([field, options]) => {
    const wanted = slugsOf(`customFields.${field}`, options);
    return wanted ? [[field, wanted] as [string, string[]]] : [];
  });
  if (!entries.length) return [];
  return tenant().then(({ site }) => {
    const fields = site.customFields ?? [];
    for (const [slug, wanted] of entries) {
      const field = fields.find((candidate) => candidate.slug === slug);
      if (!field)
        throw filterProblem(
          `customFields.${slug}`,
          `names no custom field of this tenant (${fields.length ? `its fields: ${fields.map((f) => f.slug).join(', ')}` : 'it has none'})`,
        );
      const unknown = wanted.filter((option) => !field.options.some((candidate) => candidate.slug === option));
      if (unknown.length)
        throw filterProblem(
          `customFields.${slug}`,
          `has ${unknown.map((option) => JSON.stringify(option)).join(', ')}, not ${unknown.length === 1 ? 'an option' : 'options'} of ${field.name} (its options: ${field.options.map((o) => o.slug).join(', ')})`,
        );
    }
    return entries;
  });
}

/**
 * react-admin sends a record back whole: its `id` and `version` are the record's, not the item's,
 * so they are taken off before the body meets the item schema (which refuses unknown keys).
 */
/**
 * Before validation: the record's own keys (`id`, `version`) go, and the fields the server owns are
 * set, whatever the body says: when the item was made and last changed (a replacement keeps the
 * stored item's `createdAt`, in the handler), and the house it belongs to. A client need not send them.
 */
async function withoutRecordKeys(request: FastifyRequest) {
  const body = request.body as Record<string, unknown> | undefined;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    delete body.id;
    delete body.version;
    const now = new Date().toISOString();
    body.createdAt = now;
    body.updatedAt = now;
    body.vendorId = (request.params as { tenantId: string }).tenantId;
  }
}

const items: FastifyPluginAsync = async (app) => {
  const tenantOf = async (request: FastifyRequest): Promise<{ tenantId: string; tenant: Tenant }> => {
    const { tenantId } = request.params as { tenantId: string };
    const stored = await app.tenantStore.get(tenantId);
    if (!stored) throw new UnknownTenantError(tenantId);
    return { tenantId, tenant: stored.tenant };
  };

  /** Every item of the tenant, read page by page from the store. */
  const allItems = (tenantId: string) => allItemsOf(app.itemStore, tenantId);

  /**
   * A kit's components, read from the catalogue: refused by field when one is unknown, twice, or
   * contains the kit; then its own units, when it names them, against the units stored.
   */
  const checkedKit = async (tenantId: string, item: Item) => {
    const problems = await kitProblemsOf(app.itemStore, tenantId, item);
    if (!problems.length && item.kit?.components.some((component) => component.tags?.length))
      problems.push(
        ...(await kitUnitProblemsOf((tag) => app.quoteRequests.getUnit(tenantId, tag), item, await allItems(tenantId))),
      );
    if (problems.length) throw new ItemInvalidError(item.objectID, problems);
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
      schema: {
        tags: ['items'],
        summary: "The tenant's catalogue items",
        params: tenantParams,
        querystring: listQuerySchema,
      },
      config: {
        docs: { success: { schema: listOf(recordSchema), headers: ['content-range'] }, errors: STORED_TENANT_INVALID },
      },
    },
    async (request, reply) => {
      const { tenantId } = request.params as { tenantId: string };
      const query = request.query as ListQuery;
      // Category, colour, tag, vendor, day-rate bin and custom field filters read inside the item; the rest is the generic list query.
      const { group, category, tags, colors, customFields, priceBin, vendorId, ...rest } = parseListFilter(
        query.filter,
      );
      const wanted = (values: unknown) => (values === undefined ? undefined : [values].flat().map(String));
      const [tagsWanted, colorsWanted, vendorsWanted, binsWanted] = [
        slugsOf('tags', tags),
        wanted(colors),
        slugsOf('vendorId', vendorId),
        slugsOf('priceBin', priceBin),
      ];
      const unknownBin = binsWanted?.find((bin) => !PRICE_BINS.some((known) => known.slug === bin));
      if (unknownBin)
        throw filterProblem(
          'priceBin',
          `has ${JSON.stringify(unknownBin)}, not a day-rate bin (the bins: ${PRICE_BINS.map((bin) => bin.slug).join(', ')})`,
        );
      const customWanted = await customFieldsWanted(customFields, async () => (await tenantOf(request)).tenant);
      const matching = (await allItems(tenantId)).filter(
        (item) =>
          (group === undefined || item.category.group === group) &&
          (category === undefined || item.category.category === category) &&
          (!tagsWanted || tagsWanted.some((tag) => item.tags?.includes(tag))) &&
          (!colorsWanted || colorsWanted.some((colour) => item.colors?.includes(colour))) &&
          (!vendorsWanted || vendorsWanted.includes(item.vendorId)) &&
          (!binsWanted || binsWanted.includes(priceBinOf(item.rates.day))) &&
          customWanted.every(([field, options]) =>
            options.some((option) => item.customFields?.[field]?.includes(option)),
          ),
      );
      return sendList(reply, 'items', matching.map(record), { ...query, filter: JSON.stringify(rest) });
    },
  );

  app.get(
    '/api/tenants/:tenantId/items/:id',
    {
      onRequest: app.requireTenant,
      schema: { tags: ['items'], summary: 'One item', params: itemParams },
      config: { docs: { success: { schema: recordSchema, headers: ['etag'] } } },
    },
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
      schema: {
        tags: ['items'],
        summary: 'Add an item (the server sets createdAt, updatedAt and vendorId)',
        params: tenantParams,
        body: itemBody,
      },
      config: {
        docs: {
          success: { status: 201, schema: recordSchema, headers: ['etag'] },
          errors: { 409: 'An item with this objectID exists', ...STORED_TENANT_INVALID },
        },
      },
    },
    async (request, reply) => {
      const { tenantId, tenant } = await tenantOf(request);
      const item = await pricedKit(app.itemStore, tenantId, checkedAgainst(tenant, request.body as Item));
      await checkedKit(tenantId, item);
      if (await app.itemStore.get(tenantId, item.objectID))
        throw Object.assign(new ItemExistsError(`An item with the id ${JSON.stringify(item.objectID)} exists`), {
          field: 'objectID',
        });
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
      schema: {
        tags: ['items'],
        summary:
          "Replace an item (the record's own `id` and `version` may come along; the server sets createdAt, updatedAt and vendorId)",
        params: itemParams,
        body: itemBody,
      },
      config: {
        docs: { success: { schema: recordSchema, headers: ['etag'] }, ifMatch: true, errors: STORED_TENANT_INVALID },
      },
    },
    async (request, reply) => {
      const { tenantId, tenant } = await tenantOf(request);
      const { id } = request.params as { id: string };
      const expected = ifMatchVersion(request);
      const body = request.body as Item;
      if (body.objectID !== id)
        throw Object.assign(
          new ItemInvalidError(id, [
            { pointer: '/objectID', message: `must stay ${JSON.stringify(id)}: an item's id does not change` },
          ]),
        );
      await checkedKit(tenantId, body);
      const priced = await pricedKit(app.itemStore, tenantId, body);
      let ratesBefore: Item['rates'] | undefined;
      const saved = await app.itemStore.update(tenantId, id, (current) => {
        const version = itemVersion(current);
        if (version !== expected) throw new ItemVersionConflictError(version);
        ratesBefore = current.rates;
        return checkedAgainst(tenant, { ...priced, createdAt: current.createdAt });
      });
      // Kits priced from their components follow a component's new rates.
      if (ratesBefore?.day !== saved.rates.day || ratesBefore.week !== saved.rates.week)
        await repriceKits(app.itemStore, tenantId);
      request.log.info({ tenantId, objectID: id, actor: request.account?.email }, 'item changed');
      return withVersion(reply, itemVersion(saved)).send(record(saved));
    },
  );

  app.delete(
    '/api/tenants/:tenantId/items/:id',
    {
      onRequest: app.requireTenant,
      schema: { tags: ['items'], summary: 'Remove an item', params: itemParams },
      config: {
        docs: {
          success: { schema: recordSchema, description: 'Removed; the item as it was' },
          errors: {
            409: 'A kit holds it: take it out of the kit first',
            412: 'If-Match (optional) named an older version of the item',
          },
        },
      },
    },
    async (request) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const current = await app.itemStore.get(tenantId, id);
      if (!current) throw new UnknownItemError(`No item ${JSON.stringify(id)}`);
      const expected = request.headers['if-match'] ? ifMatchVersion(request) : undefined;
      if (expected && expected !== itemVersion(current)) throw new ItemVersionConflictError(itemVersion(current));
      const holders = (await allItems(tenantId)).filter((item) =>
        item.kit?.components.some((component) => component.objectID === id),
      );
      if (holders.length)
        throw new ItemInKitError(
          `${holders.map((kit) => kit.name).join(', ')} ${holders.length === 1 ? 'holds' : 'hold'} ${current.name}: take it out of ${holders.length === 1 ? 'that kit' : 'those kits'} first.`,
        );
      await app.itemStore.delete(tenantId, id);
      request.log.info({ tenantId, objectID: id, actor: request.account?.email }, 'item removed');
      return record(current);
    },
  );

  app.get(
    '/api/tenants/:tenantId/category-counts',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['items'],
        summary: 'How many items are filed at each category path (a group or category counts those below it too)',
        params: tenantParams,
      },
      config: {
        docs: {
          success: {
            schema: {
              type: 'object',
              additionalProperties: { type: 'integer' },
              description: '"group", "group/category", "group/category/subcategory" → items',
            },
          },
        },
      },
    },
    async (request) => {
      const { tenantId } = request.params as { tenantId: string };
      const counts: Record<string, number> = {};
      for (const item of await allItems(tenantId)) {
        const { group, category, subcategory } = item.category;
        for (const key of [
          group,
          `${group}/${category}`,
          ...(subcategory !== undefined ? [`${group}/${category}/${subcategory}`] : []),
        ])
          counts[key] = (counts[key] ?? 0) + 1;
      }
      return counts;
    },
  );

  app.post(
    '/api/tenants/:tenantId/items/bulk',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['items'],
        summary: 'Add or remove tags, or move to a category, on many items at once',
        params: tenantParams,
        body: bulkBody,
      },
      config: {
        docs: {
          success: {
            schema: { type: 'object', properties: { updated: { type: 'integer' } } },
            description: 'How many items changed',
          },
          errors: STORED_TENANT_INVALID,
        },
      },
    },
    async (request) => {
      const { tenantId, tenant } = await tenantOf(request);
      const body = request.body as {
        ids: string[];
        addTags?: string[];
        removeTags?: string[];
        category?: Item['category'];
      };
      const change = (item: Item): Item => {
        const tags = [...new Set([...(item.tags ?? []), ...(body.addTags ?? [])])].filter(
          (tag) => !body.removeTags?.includes(tag),
        );
        return {
          ...item,
          tags,
          ...(body.category && { category: body.category }),
          updatedAt: new Date().toISOString(),
        };
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

  app.get(
    '/api/tenants/:tenantId/item-tags',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['items'],
        summary: "The tags the tenant's items carry, each with how many items have it",
        params: tenantParams,
        querystring: listQuerySchema,
      },
      config: {
        docs: {
          success: { schema: listOf(tagCountSchema), headers: ['content-range'] },
          errors: STORED_TENANT_INVALID,
        },
      },
    },
    async (request, reply) => {
      const { tenantId } = request.params as { tenantId: string };
      const counts = new Map<string, number>();
      for (const item of await allItems(tenantId))
        for (const tag of item.tags ?? []) counts.set(tag, (counts.get(tag) ?? 0) + 1);
      const records = [...counts].map(([id, count]) => ({ id, count })).sort((a, b) => a.id.localeCompare(b.id));
      return sendList(reply, 'item-tags', records, request.query as ListQuery);
    },
  );

  app.post(
    '/api/tenants/:tenantId/item-photos',
    {
      onRequest: app.requireTenant,
      bodyLimit: Math.ceil((MAX_ASSET_BYTES * 4) / 3) + 4096,
      schema: {
        tags: ['items'],
        summary: `Upload an item photo (base64, at most ${MAX_ASSET_BYTES / 1024 / 1024} MB; the tenant image rules): its address goes in an item image's url`,
        params: tenantParams,
        body: photoBody,
      },
      config: { docs: { success: { status: 201, schema: photoSchema }, errors: STORED_TENANT_INVALID } },
    },
    async (request, reply) => {
      const { tenantId } = await tenantOf(request);
      const { name, data } = request.body as { name: string; data: string };
      const bytes = Buffer.from(data, 'base64');
      const problem = uploadProblem(name, bytes) ?? itemPhotoKindProblem(name);
      if (problem) throw new PhotoRefusedError(`Not uploaded: ${problem}.`);
      // The name carries the content's hash: the same file uploaded again is the same photo.
      const file = itemPhotoFileName(name, createHash('sha256').update(bytes).digest('hex').slice(0, 10));
      await app.storefrontAssets.store.write(tenantId, 'items', file, bytes);
      request.log.info({ tenantId, file, bytes: bytes.length, actor: request.account?.email }, 'item photo uploaded');
      return reply.code(201).send({
        url: `/items/${tenantId}/${file}`,
        type: contentTypeOf(file),
        size: bytes.length,
        ...imageSize(file, bytes),
      });
    },
  );
};

export default items;
