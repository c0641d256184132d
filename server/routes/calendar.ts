/**
 * Calendar feeds, read by calendar apps with no session: the secret in the link is the key
 * (server/rental/calendar-feeds.ts builds them; /api/…/calendar-feed makes, replaces and ends links).
 * - GET /calendar/:tenantId/:secret/hires.ics            the vendor's pick-ups and returns, and units' tests due
 * - GET /calendar/:tenantId/:secret/items/:objectID.ics  one item's hires, holds, repairs and losses
 * - GET /calendar/:tenantId/visitors/:uid/:secret.ics    one visitor's hires
 * A wrong, replaced or ended secret is a 404, the same as an unknown tenant: a link tells nothing
 * it does not open.
 */
import { allItems } from '../catalogue';
import {
  quoteStoresOf,
  feedScope,
  itemFeed,
  testsDue,
  vendorFeed,
  visitorFeed,
  type Feed,
  quoteSettingsOf,
} from '../rental';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { definitionRef } from '../../schema/definitions';
import { schemaDocuments, schemaIds } from '../../schema/documents';
import type { Item } from '../../schema/types.generated';

/** The secrets AuthLibrary.standingSecret makes (24 random bytes, base64url). */
const SECRET = '^[A-Za-z0-9_-]{32}$';
const itemFile = new RegExp(`^(${schemaDocuments.defs.$defs.slug.pattern.replace(/^\^|\$$/g, '')})\\.ics$`);
const secretFile = new RegExp(`^(${SECRET.slice(1, -1)})\\.ics$`);
/** How far ahead the vendor's feed shows units' tests due. */
const TEST_DAYS = 30;

class NoSuchFeedError extends Error {
  readonly statusCode = 404;
  constructor() {
    super('No such calendar: the link may have been replaced or turned off.');
  }
}

const same = (a: string, b: string | undefined) =>
  b !== undefined && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const calendar: FastifyPluginAsync = async (app) => {
  const stores = quoteStoresOf(app);
  const tenantParam = definitionRef('tenantId');
  const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
  const orderLink = (request: FastifyRequest, tenantId: string) => (id: string) =>
    `${origin(request)}/admin/#/t/${tenantId}/dispatch/${encodeURIComponent(id)}`;

  /**
   * Each tenant's items tracked unit by unit (only units fall due), read once per catalogue version
   * (calendar apps poll every few minutes): testsDue finds their tests, their categories' among
   * them, with the categories as they are now. The rest of a catalogue is not kept per house.
   */
  const tested = new Map<string, { version: number; items: Promise<Item[]> }>();
  const catalogueOf = (tenantId: string) => {
    const version = app.catalogueVersion(tenantId);
    let kept = tested.get(tenantId);
    if (kept?.version !== version) {
      const items = allItems(app.itemStore, tenantId).then((all) => all.filter((item) => item.tracking === 'units'));
      kept = { version, items };
      tested.set(tenantId, kept);
      items.catch(() => tested.get(tenantId)?.items === items && tested.delete(tenantId));
    }
    return kept.items;
  };

  /** The tenant's settings once the link's secret is its scope's; else 404. */
  async function opened(tenantId: string, scope: string, secret: string) {
    const stored = await app.tenantStore.get(tenantId).catch(() => undefined);
    if (!stored || !same(secret, await app.authLibrary.readStandingSecret(scope))) throw new NoSuchFeedError();
    return quoteSettingsOf(stored.tenant);
  }
  /**
   * A feed, with what lets a polling calendar app skip a download: an ETag of its text and its
   * Last-Modified (its latest event change); 304 when the app already holds this text.
   */
  const send = (request: FastifyRequest, reply: FastifyReply, name: string, feed: Feed) => {
    const { etag } = feed;
    void reply
      .header('etag', etag)
      .header('last-modified', feed.lastModified.toUTCString())
      // Calendar apps poll; the link is a secret, so no shared cache keeps it.
      .header('cache-control', 'private, max-age=300');
    const held = request.headers['if-none-match'];
    if (held !== undefined && held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
      return reply.code(304).send();
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `inline; filename="${name}.ics"`)
      .send(feed.body);
  };
  const docs = { hide: true };

  app.get(
    '/calendar/:tenantId/:secret/hires.ics',
    {
      schema: {
        params: { type: 'object', properties: { tenantId: tenantParam, secret: { type: 'string', pattern: SECRET } } },
        ...docs,
      },
    },
    async (request, reply) => {
      const { tenantId, secret } = request.params as { tenantId: string; secret: string };
      const settings = await opened(tenantId, feedScope.vendor(tenantId), secret);
      const now = new Date();
      // Units' tests due over the next weeks (and overdue), beside the pick-ups and returns.
      const { due } = await testsDue(stores, settings, tenantId, await catalogueOf(tenantId), now, TEST_DAYS);
      const links = { order: orderLink(request, tenantId), tests: `${origin(request)}/admin/#/t/${tenantId}/tests` };
      return send(request, reply, `${tenantId}-hires`, await vendorFeed(stores, settings, tenantId, links, now, due));
    },
  );

  app.get(
    '/calendar/:tenantId/:secret/items/:file',
    {
      schema: {
        params: {
          type: 'object',
          properties: {
            tenantId: tenantParam,
            secret: { type: 'string', pattern: SECRET },
            file: { type: 'string', pattern: itemFile.source },
          },
        },
        ...docs,
      },
    },
    async (request, reply) => {
      const { tenantId, secret, file } = request.params as { tenantId: string; secret: string; file: string };
      const settings = await opened(tenantId, feedScope.vendor(tenantId), secret);
      const objectID = itemFile.exec(file)![1]!;
      const body = await itemFeed(
        stores,
        settings,
        tenantId,
        objectID,
        { order: orderLink(request, tenantId) },
        new Date(),
      );
      if (body === undefined) throw new NoSuchFeedError();
      return send(request, reply, objectID, body);
    },
  );

  app.get(
    '/calendar/:tenantId/visitors/:uid/:file',
    {
      schema: {
        params: {
          type: 'object',
          properties: {
            tenantId: tenantParam,
            uid: { $ref: `${schemaIds.quoteRequest}#/properties/uid` },
            file: { type: 'string', pattern: secretFile.source },
          },
        },
        ...docs,
      },
    },
    async (request, reply) => {
      const { tenantId, uid, file } = request.params as { tenantId: string; uid: string; file: string };
      const settings = await opened(tenantId, feedScope.visitor(tenantId, uid), secretFile.exec(file)![1]!);
      return send(
        request,
        reply,
        'hires',
        await visitorFeed(stores, settings, tenantId, uid, {
          quote: (id) => `${origin(request)}/quotes/${encodeURIComponent(id)}`,
        }),
      );
    },
  );
};

export default calendar;
