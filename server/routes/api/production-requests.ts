/**
 * A production's requests on the platform (server/marketplace/production-requests.ts), on the
 * platform's storefront only (any other Host answers 404):
 * - POST /api/production-requests  a signed-in visitor asks for items of any listed houses on one
 *   set of dates: one request per house, each that house's own; 201 with each part's state (sent,
 *   awaiting the house's approval, refused, or failed with why); the same key again answers 200
 *   with the request as it stands, its failed parts sent again.
 * - GET /api/production-requests  the visitor's requests, newest first.
 * - GET /api/production-requests/:id  one, each sent part with its quote's state and total at its
 *   house, and the address of its page on the house's storefront.
 * - POST /api/production-requests/:id/retry  sends its failed parts again.
 * - POST /api/production-requests/:id/hold  pencils every part still open at its house (each house
 *   ranks it by its own rules); what each house answered comes back with the request.
 * - GET /api/marketplace/production-requests  platform staff: every production's requests, newest
 *   first, each part's state at its house (the console's list; houses see only their own parts, in
 *   their own consoles).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { schemaIds } from '../../../schema/documents';
import type {
  PartDates as ProductionPartDates,
  ProductionRequest,
  ProductionRequestInput,
} from '../../../schema/types.generated';
import { productionWithQuotes, productionWithQuoteStates } from '../../marketplace';
import { holdParts } from '../../workflows/hold-parts';
import { UnknownProductionRequestError } from '../../stores/production-request-store';
import { visitorHere } from './visitor-here';
import { requirePlatformStorefront, storefrontOrigin } from './storefront-origin';
import { applyListQuery, listQuerySchema, sendPage, type ListQuery } from '../../lib/ra-list';

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { $ref: `${schemaIds.productionRequest}#/$defs/requestKey` } },
} as const;
const requestRecord = { $ref: schemaIds.productionRequest } as const;

export interface ProductionRequestRoutesOptions {
  requestsPerMinute?: number;
}

const productionRequestRoutes: FastifyPluginAsync<ProductionRequestRoutesOptions> = async (app, options) => {
  async function visitor(request: FastifyRequest) {
    requirePlatformStorefront(request, 'Production requests are made on the platform’s storefront.');
    return visitorHere(app, request, 'Log in to send a request to the houses.');
  }

  const withQuotes = (request: FastifyRequest, production: ProductionRequest) =>
    productionWithQuotes(app, production, (house, domain) => storefrontOrigin(request, house, domain));
  const withQuoteStates = (production: ProductionRequest) => productionWithQuoteStates(app, production);

  app.post(
    '/api/production-requests',
    {
      schema: {
        tags: ['marketplace'],
        summary: 'Ask several houses at once (the platform)',
        body: { $ref: `${schemaIds.productionRequest}#/$defs/productionRequestInput` },
      },
      config: {
        rateLimit: { max: options.requestsPerMinute ?? 10, timeWindow: '1 minute' },
        docs: {
          success: {
            status: 201,
            schema: requestRecord,
            description: 'Stored, and each house’s part sent, waiting for its approval, or failed with why',
          },
          errors: {
            401: 'Nobody is signed in on the platform',
            404: 'Not the platform’s storefront',
            409: 'The key was used by another account',
            429: 'Too many requests from this address: wait a minute',
          },
        },
      },
    },
    async (request, reply) => {
      const { user, profile } = await visitor(request);
      const { request: production, created } = await app.productionRequests.send(
        user,
        profile,
        request.body as ProductionRequestInput,
        new Date(),
      );
      return reply.code(created ? 201 : 200).send(await withQuotes(request, production));
    },
  );

  app.get(
    '/api/production-requests',
    {
      schema: { tags: ['marketplace'], summary: 'The visitor’s production requests, newest first' },
      config: {
        docs: {
          success: { schema: { type: 'array', items: requestRecord } },
          errors: { 401: 'Nobody is signed in on the platform', 404: 'Not the platform’s storefront' },
        },
      },
    },
    async (request) => {
      const { user } = await visitor(request);
      return Promise.all(
        (await app.productionRequests.listFor(user.uid)).map((production) => withQuotes(request, production)),
      );
    },
  );

  app.get(
    '/api/marketplace/production-requests',
    {
      onRequest: app.requirePlatform,
      schema: {
        tags: ['marketplace'],
        summary: 'Every production request, newest first (platform staff)',
        querystring: listQuerySchema,
      },
      config: { docs: { success: { schema: { type: 'array', items: requestRecord }, headers: ['content-range'] } } },
    },
    async (request, reply) => {
      // One page, each sent part with its quote's state at its house (confirmed, closed …), not only "sent".
      const { page, ...range } = applyListQuery(await app.productionRequests.listAll(), request.query as ListQuery);
      return sendPage(
        reply,
        'production-requests',
        range,
        await Promise.all(page.map((production) => withQuoteStates(production))),
      );
    },
  );

  /** What a call on one of the visitor's own requests may answer besides success. */
  const ownRequestErrors = {
    401: 'Nobody is signed in on the platform',
    404: 'No such request of this visitor, or not the platform’s storefront',
  };

  app.get(
    '/api/production-requests/:id',
    {
      schema: {
        tags: ['marketplace'],
        summary: 'One production request, each part with its quote at its house',
        params: idParams,
      },
      config: {
        docs: {
          success: { schema: requestRecord },
          errors: ownRequestErrors,
        },
      },
    },
    async (request) => {
      const { user } = await visitor(request);
      const { id } = request.params as { id: string };
      const found = await app.productionRequests.get(user.uid, id);
      if (!found) throw new UnknownProductionRequestError(id);
      return withQuotes(request, found);
    },
  );

  app.post(
    '/api/production-requests/:id/retry',
    {
      schema: { tags: ['marketplace'], summary: 'Send a production request’s failed parts again', params: idParams },
      config: {
        docs: {
          success: { schema: requestRecord },
          errors: ownRequestErrors,
        },
      },
    },
    async (request) => {
      const { user, profile } = await visitor(request);
      const { id } = request.params as { id: string };
      const retried = await app.productionRequests.retry(user, profile, id, new Date());
      if (!retried) throw new UnknownProductionRequestError(id);
      return withQuotes(request, retried);
    },
  );

  app.post(
    '/api/production-requests/:id/hold',
    {
      schema: {
        tags: ['marketplace'],
        summary: 'Hold (pencil) every part still open, each at its house by its rules',
        params: idParams,
      },
      config: {
        docs: {
          success: { schema: { ...requestRecord, description: 'The request, and `held`: what each house answered' } },
          errors: ownRequestErrors,
        },
      },
    },
    async (request) => {
      const { user } = await visitor(request);
      const { id } = request.params as { id: string };
      const found = await app.productionRequests.get(user.uid, id);
      if (!found) throw new UnknownProductionRequestError(id);
      const held = await holdParts(app, request.log, user, found, new Date());
      return { ...(await withQuotes(request, found)), held };
    },
  );

  const partParams = {
    ...idParams,
    required: ['id', 'house'],
    properties: { ...idParams.properties, house: { $ref: `${schemaIds.defs}#/$defs/tenantId` } },
  } as const;
  const partErrors = {
    401: 'Nobody is signed in on the platform',
    404: 'No such request of this visitor, or part at that house',
    409: 'The part is not one to do that to (sent already, or refused)',
  };

  app.post(
    '/api/production-requests/:id/parts/:house/dates',
    {
      schema: {
        tags: ['marketplace'],
        summary: 'Send one part that was not sent again, on dates of its own (its house refused the request’s)',
        params: partParams,
        body: { $ref: `${schemaIds.productionRequest}#/$defs/partDates` },
      },
      config: {
        docs: { success: { schema: requestRecord }, errors: { ...partErrors, 400: 'Dates backwards or in the past' } },
      },
    },
    async (request) => {
      const { user, profile } = await visitor(request);
      const { id, house } = request.params as { id: string; house: string };
      const sent = await app.productionRequests.resendPart(
        user,
        profile,
        id,
        house,
        request.body as ProductionPartDates,
        new Date(),
      );
      if (!sent) throw new UnknownProductionRequestError(id);
      return withQuotes(request, sent);
    },
  );

  app.post(
    '/api/production-requests/:id/parts/:house/withdraw',
    {
      schema: {
        tags: ['marketplace'],
        summary: 'Drop one part not sent yet (failed, or waiting for its house’s approval)',
        params: partParams,
      },
      config: { docs: { success: { schema: requestRecord }, errors: partErrors } },
    },
    async (request) => {
      const { user } = await visitor(request);
      const { id, house } = request.params as { id: string; house: string };
      const withdrawn = await app.productionRequests.withdrawPart(user.uid, id, house, new Date());
      if (!withdrawn) throw new UnknownProductionRequestError(id);
      return withQuotes(request, withdrawn);
    },
  );
};

export default productionRequestRoutes;
