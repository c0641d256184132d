/**
 * GET /api/places?q=  the platform's places to measure distances from: the towns of every listed
 * house whose words start with the typed words, at most a dozen, by name. The platform's pages carry
 * only the dozen nearest houses, so a town further away is found here as the visitor types. Only
 * on the platform's host; a house's storefront has one place, its own.
 */
import type { FastifyPluginAsync } from 'fastify';
import { placesMatching } from '../../../schema/marketplace/houses';
import { PLATFORM_TENANT_ID } from '../../../schema/routes';

/** As many as a list under a field shows without scrolling. */
const PLACES_SHOWN = 12;

class NoPlacesHereError extends Error {
  readonly statusCode = 404;
}

const placesRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/places',
    {
      schema: {
        tags: ['marketplace'],
        summary: "Listed houses' towns whose words start with the typed words (the platform's place search)",
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { q: { type: 'string', maxLength: 80, default: '' } },
        },
      },
      config: {
        docs: {
          success: {
            schema: {
              type: 'object',
              required: ['places'],
              properties: {
                places: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['name', 'lat', 'lng'],
                    properties: { name: { type: 'string' }, lat: { type: 'number' }, lng: { type: 'number' } },
                  },
                },
              },
            },
          },
          errors: { 404: 'Not the platform: a house measures from its own place' },
        },
      },
    },
    async (request) => {
      if (request.tenantId !== PLATFORM_TENANT_ID)
        throw new NoPlacesHereError('Places to measure from are the platform’s; this storefront is one house.');
      await app.marketplace.loaded();
      const { q } = request.query as { q: string };
      return { places: placesMatching(app.marketplace.listedHouses(), q, PLACES_SHOWN) };
    },
  );
};

export default placesRoutes;
