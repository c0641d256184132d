/**
 * The secret links of calendar feeds (the feeds themselves: server/routes/calendar.ts):
 * - GET|POST|DELETE /api/tenants/:tenantId/calendar-feed   tenant staff: the vendor's link (pick-ups and
 *   returns) and the pattern of each item's; POST makes one, or replaces it (the old link stops working)
 * - GET|POST|DELETE /api/calendar-feed                     a signed-in visitor: their own hires' link
 * DELETE turns the link off. Answers `{ url: null }` while there is none.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { feedScope } from '../../rental';
import { tenantParams } from './tenants/params';
import { visitorHere } from './visitor-here';

const feedSchema = {
  type: 'object',
  required: ['url'],
  properties: {
    url: { type: ['string', 'null'], description: 'The link a calendar app subscribes to; null while there is none' },
    itemUrl: { type: ['string', 'null'], description: "The vendor's: an item's link, with {objectID} to fill in" },
  },
} as const;

const calendarFeeds: FastifyPluginAsync = async (app) => {
  const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
  const library = app.authLibrary;

  for (const method of ['GET', 'POST', 'DELETE'] as const) {
    const summary = {
      GET: 'The link',
      POST: 'Make the link, or replace it (the old one stops working)',
      DELETE: 'Turn the link off',
    }[method];
    app.route({
      method,
      url: '/api/tenants/:tenantId/calendar-feed',
      onRequest: app.requireTenant,
      schema: {
        tags: ['hire'],
        summary: `${summary}: the vendor's calendar of pick-ups and returns, and each item's`,
        params: tenantParams,
      },
      config: { docs: { success: { schema: feedSchema } } },
      handler: async (request) => {
        const { tenantId } = request.params as { tenantId: string };
        const scope = feedScope.vendor(tenantId);
        if (method === 'DELETE') await library.revokeStandingSecret(scope);
        const secret =
          method === 'POST'
            ? await library.standingSecret(scope, true)
            : method === 'GET'
              ? await library.readStandingSecret(scope)
              : undefined;
        if (method !== 'GET')
          request.log.info(
            { tenantId, by: request.account!.email, feed: method === 'POST' ? 'made' : 'turned off' },
            'calendar feed',
          );
        const base = secret && `${origin(request)}/calendar/${tenantId}/${secret}`;
        return { url: base ? `${base}/hires.ics` : null, itemUrl: base ? `${base}/items/{objectID}.ics` : null };
      },
    });

    app.route({
      method,
      url: '/api/calendar-feed',
      schema: { tags: ['quotes'], summary: `${summary}: the visitor's calendar of their hires` },
      config: { docs: { success: { schema: feedSchema }, errors: { 401: 'Nobody is signed in on this storefront' } } },
      handler: async (request, reply) => {
        const { user } = await visitorHere(app, request, 'Log in on this storefront to add your hires to a calendar.');
        const scope = feedScope.visitor(request.tenantId, user.uid);
        if (method === 'DELETE') await library.revokeStandingSecret(scope);
        const secret =
          method === 'POST'
            ? await library.standingSecret(scope, true)
            : method === 'GET'
              ? await library.readStandingSecret(scope)
              : undefined;
        void reply.header('cache-control', 'no-store');
        return {
          url: secret
            ? `${origin(request)}/calendar/${request.tenantId}/visitors/${encodeURIComponent(user.uid)}/${secret}.ics`
            : null,
        };
      },
    });
  }
};

export default calendarFeeds;
