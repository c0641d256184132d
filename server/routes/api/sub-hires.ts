/**
 * Houses hiring from each other (issue 39), for a house's staff:
 * - GET /api/tenants/:tenantId/sub-hire-offers?objectID&quantity&from&to  the same or similar items
 *   free on those dates at the other listed houses that take this house's sub-hires, nearest first,
 *   each with its house's rates and the trade rates this house would pay; `lenders` says how many
 *   houses take them at all (none: no house lends to this one yet).
 * - GET /api/tenants/:tenantId/sub-hire-houses  the other listed houses, by name: whom a house may
 *   name as the only ones it takes sub-hires from.
 */
import type { FastifyPluginAsync } from 'fastify';
import { isGeoPoint } from '../../../schema/marketplace/distance';
import { housePlace } from '../../../schema/marketplace/houses';
import { dayCount } from '../../../schema/rental/quote-rules';
import { schemaIds } from '../../../schema/documents';
import { MAX_RANGE_DAYS } from '../../../storefront/lib/rental-dates';
import { UnknownItemError } from '../../catalogue/set-lists';
import { subHireOffers } from '../../marketplace/sub-hire-offers';
import { FieldProblemsError } from '../../stores/field-problems';
import { tenantParams } from './tenants/params';

const date = { $ref: `${schemaIds.defs}#/$defs/calendarDate` } as const;
const offer = {
  type: 'object',
  required: ['house', 'objectID', 'name', 'free', 'enough', 'rates', 'tradeRates', 'discountPercent'],
  properties: {
    house: { type: 'object', description: 'The house that has it, with `km` from the asking house' },
    objectID: { type: 'string', description: "The item's id at that house" },
    name: { type: 'string' },
    image: { type: 'string' },
    free: { type: 'integer', description: 'How many are free there over the whole of the dates' },
    enough: { type: 'boolean', description: 'Whether that covers the quantity asked for' },
    rates: { type: 'object', description: "The house's own rates, in its currency" },
    tradeRates: { type: 'object', description: 'What the asking house pays: the rates less the trade discount' },
    discountPercent: { type: 'number' },
  },
} as const;

const subHireRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/tenants/:tenantId/sub-hire-houses',
    {
      onRequest: app.requireTenant,
      schema: { tags: ['sub-hires'], summary: 'The other listed houses, by name', params: tenantParams },
      config: {
        docs: {
          success: { schema: { type: 'array', items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' }, place: { type: 'string' } } } } },
          errors: { 404: 'No such house' },
        },
      },
    },
    async (request) => {
      const { tenantId } = request.params as { tenantId: string };
      await app.marketplace.loaded();
      return app.marketplace
        .listedHouses()
        .filter((house) => house.id !== tenantId)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((house) => ({ id: house.id, name: house.name, place: housePlace(house) }));
    },
  );

  app.get(
    '/api/tenants/:tenantId/sub-hire-offers',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['sub-hires'],
        summary: 'The same or similar items free on dates at other houses that take sub-hires from this one, nearest first',
        params: tenantParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['objectID', 'quantity', 'from', 'to'],
          properties: {
            objectID: { type: 'string', minLength: 1, maxLength: 128, description: "This house's item that is short" },
            // A query string holds text: a whole number from 1, as digits.
            quantity: { type: 'string', pattern: '^[1-9][0-9]{0,3}$', description: 'How many more are needed (1 to 9,999)' },
            from: date,
            to: date,
          },
        },
      },
      config: {
        docs: {
          success: { schema: { type: 'object', required: ['offers', 'lenders'], properties: { offers: { type: 'array', items: offer }, lenders: { type: 'integer' } } } },
          errors: { 400: `A date that is not one, or a range backwards or longer than ${MAX_RANGE_DAYS} days`, 404: 'No such house or item' },
        },
      },
    },
    async (request) => {
      const { tenantId } = request.params as { tenantId: string };
      const { objectID, quantity, from, to } = request.query as { objectID: string; quantity: string; from: string; to: string };
      if (to < from || dayCount(from, to) > MAX_RANGE_DAYS) throw new FieldProblemsError([{ pointer: '/to', message: `must be on or after the first day, at most ${MAX_RANGE_DAYS} days on` }]);
      const [stored, [item]] = await Promise.all([app.tenantStore.get(tenantId), app.itemStore.getMany(tenantId, [objectID])]);
      if (!stored || !item) throw new UnknownItemError(objectID);
      await app.marketplace.loaded();
      const location = stored.tenant.vendor._geoloc;
      return subHireOffers(
        { catalogueSearch: app.catalogueSearch, marketplace: app.marketplace, quoteRequests: app.quoteRequests },
        { houseId: tenantId, ...(isGeoPoint(location) && { location: { lat: location.lat, lng: location.lng } }) },
        { item, wanted: Number(quantity), from, to },
        new Date(),
      );
    },
  );
};

export default subHireRoutes;
