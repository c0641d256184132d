/**
 * What a tenant's stock is doing, for the console:
 * - GET /api/tenants/:tenantId/availability/:objectID?from&to  one item's free quantity on each day
 *   and the holds and orders behind it (with whose request, its production and state): the
 *   console's availability timeline. At most 92 days at a time.
 * - GET /api/tenants/:tenantId/orders.csv?from=YYYY-MM&to=YYYY-MM  the lines of orders confirmed in
 *   those months (in the vendor's time zone), by GL code, for the accounts (server/rental/order-export.ts).
 */
import { CSV, sendDownload } from '../../../lib/downloads';
import { lenderOfHiredIn } from '../../../../schema/marketplace/sub-hires';
import { checkedDays, dayParam } from '../../../lib/day-range';
import type { FastifyPluginAsync } from 'fastify';
import { daysFrom } from '../../../../schema/rental/availability';
import { withHoldRanks } from '../../../../schema/rental/holds';
import { addDays, todayIn } from '../../../../schema/rental/quote-rules';
import { confirmedBetween, dailyStock, orderLineRows, orderLinesCsv, quoteSettingsOf, stateOf } from '../../../rental';
import { UnknownItemError } from '../../../catalogue';
import { FieldProblemsError } from '../../../stores/field-problems';
import { tenantParams } from './params';

const MAX_DAYS = 92;
const month = { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'A month, YYYY-MM' } as const;

const bookings: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/tenants/:tenantId/availability/:objectID',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['quotes'],
        summary: "One item's free quantity per day, and the holds and orders on it",
        params: {
          type: 'object',
          required: ['tenantId', 'objectID'],
          properties: { ...tenantParams.properties, objectID: { type: 'string', minLength: 1, maxLength: 128 } },
        },
        querystring: { type: 'object', additionalProperties: false, properties: { from: dayParam, to: dayParam } },
      },
      config: {
        docs: {
          success: {
            schema: {
              type: 'object',
              additionalProperties: true,
              properties: { days: { type: 'array' }, bookings: { type: 'array' } },
            },
          },
          errors: { 400: 'A range backwards or longer than 92 days', 404: 'No such item' },
        },
      },
    },
    async (request) => {
      const { tenantId, objectID } = request.params as { tenantId: string; objectID: string };
      const settings = quoteSettingsOf((await app.tenantStore.get(tenantId))!.tenant);
      const today = todayIn(settings.timezone, new Date());
      const query = request.query as { from?: string; to?: string };
      const from = query.from ?? today;
      const to = query.to ?? addDays(from, 27);
      checkedDays(from, to, MAX_DAYS);
      const [item] = await app.itemStore.getMany(tenantId, [objectID]);
      if (!item) throw new UnknownItemError(objectID);
      // A kit's count is its components': their bookings are the ones shown.
      const daily = await dailyStock(app, tenantId, item, { from, to, turnaroundDays: settings.turnaroundDays, today });
      const { booked } = daily;
      const free = daily.freeByDay();
      const quotes = new Map(
        (
          await Promise.all(
            [...new Set(booked.map((booking) => booking.quoteId))].map((id) => app.quoteRequests.get(tenantId, id)),
          )
        ).flatMap((quote) => (quote ? [[quote.id, quote] as const] : [])),
      );
      return {
        objectID,
        name: item.name,
        stock: daily.stock,
        turnaroundDays: settings.turnaroundDays,
        days: daysFrom(from, to).map((day, index) => ({ date: day, free: free[index] })),
        // Each live hold with its rank on the item ("1st hold").
        bookings: withHoldRanks(booked, booked, settings.turnaroundDays, today).map((booking) => {
          const quote = quotes.get(booking.quoteId);
          // Stock hired in: who lent it, by name.
          const lender = lenderOfHiredIn(booking.quoteId);
          return {
            ...booking,
            lapsed: booking.kind === 'pencil' && booking.expiresOn !== undefined && booking.expiresOn < today,
            ...(quote && { who: quote.name ?? quote.email, production: quote.production, state: stateOf(quote) }),
            ...(lender && { who: app.marketplace.house(lender)?.name ?? lender }),
          };
        }),
      };
    },
  );

  app.get(
    '/api/tenants/:tenantId/orders.csv',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['quotes'],
        summary: 'The lines of orders confirmed in some months, by GL code (CSV)',
        params: tenantParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['from', 'to'],
          properties: { from: month, to: month },
        },
      },
      config: {
        docs: {
          success: {
            description:
              'GL code, month confirmed, confirmed on, amount, order, production, customer, kind, item, item id, quantity, first day, last day, quote version',
            contentTypes: ['text/csv'],
          },
          errors: { 400: 'A month that is not YYYY-MM, or `to` before `from`' },
        },
      },
    },
    async (request, reply) => {
      const { tenantId } = request.params as { tenantId: string };
      const { from, to } = request.query as { from: string; to: string };
      if (to < from)
        throw new FieldProblemsError(
          [{ pointer: '/to', message: `must be ${from} or later: the months run from \`from\` to \`to\`` }],
          'Not exported: the months are reversed',
        );
      const settings = quoteSettingsOf((await app.tenantStore.get(tenantId))!.tenant);
      const requests = await confirmedBetween(app.quoteRequests, tenantId, from, to);
      return sendDownload(reply, {
        type: CSV,
        name: `${tenantId}-orders-confirmed-${from}-to-${to}.csv`,
        body: orderLinesCsv(orderLineRows(requests, from, to, settings.timezone)),
      });
    },
  );
};

export default bookings;
