/**
 * GET /api/availability/:objectID?from&to  how many of an item of the storefront the Host names are
 * free on each day (at most 92 days, as long as shoot dates may be; from today for four weeks by default): the item page's
 * calendar, with how many of those not free are on hold (pencilled: a request may still ask, behind
 * the holds). Only numbers: whose holds and orders they are stays with the vendor. On the platform a
 * listing id (`<house>~<item>`) is asked of its house, by the house's own rules.
 */
import { freeAtStores } from '../../../schema/rental/stores';
import { checkedDays, dayParam } from '../../lib/day-range';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type Booking, daysFrom } from '../../../schema/rental/availability';
import { fetchHeaders } from '../../plugins/app/accounts';
import { addDays, todayIn } from '../../../schema/rental/quote-rules';
import { dailyStock, quoteSettingsOf } from '../../rental';
import { isNotHold } from '../../../schema/rental/holds';
import { MAX_RANGE_DAYS } from '../../../schema/rental/rental-dates';
import { UnknownItemError } from '../../catalogue';
import { itemHome } from '../../marketplace';
import { PLATFORM_TENANT_ID } from '../../../schema/routes';

/** As long as shoot dates may be (schema/rental/rental-dates.ts), so "free on your dates" counts every day of them. */
const MAX_DAYS = MAX_RANGE_DAYS;

const availabilityRoutes: FastifyPluginAsync = async (app) => {
  /** The ids of the requests behind `booked` that the signed-in visitor (if any) made. */
  async function ownBookings(
    request: FastifyRequest,
    tenantId: string,
    booked: readonly Booking[],
  ): Promise<Set<string>> {
    if (!booked.length) return new Set();
    const user = await app.identity.userOf(fetchHeaders(request)).catch(() => undefined);
    if (!user || user.isAnonymous) return new Set();
    const quotes = await Promise.all(
      [...new Set(booked.map((booking) => booking.quoteId))].map((id) => app.quoteRequests.get(tenantId, id)),
    );
    return new Set(quotes.flatMap((quote) => (quote?.uid === user.uid ? [quote.id] : [])));
  }

  app.get(
    '/api/availability/:objectID',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'How many of an item are free on each day (the item page calendar)',
        params: {
          type: 'object',
          required: ['objectID'],
          properties: { objectID: { type: 'string', minLength: 1, maxLength: 128 } },
        },
        querystring: { type: 'object', additionalProperties: false, properties: { from: dayParam, to: dayParam } },
      },
      config: {
        docs: {
          success: {
            schema: {
              type: 'object',
              additionalProperties: true,
              properties: { stock: { type: 'integer' }, days: { type: 'array' } },
            },
          },
          errors: {
            400: `A date that is not one, or a range backwards or longer than ${MAX_DAYS} days`,
            404: 'No such item here',
          },
        },
      },
    },
    async (request, reply) => {
      const asked = (request.params as { objectID: string }).objectID;
      if (request.tenantId === PLATFORM_TENANT_ID) await app.marketplace.loaded();
      const home = itemHome(app.marketplace, PLATFORM_TENANT_ID, request.tenantId, asked);
      if (!home) throw new UnknownItemError(asked);
      const { tenantId, objectID } = home;
      const stored = await app.tenantStore.get(tenantId);
      const [item] = stored ? await app.itemStore.getMany(tenantId, [objectID]) : [];
      if (!stored || !item) throw new UnknownItemError(asked);
      const settings = quoteSettingsOf(stored.tenant);
      const today = todayIn(settings.timezone, new Date());
      const query = request.query as { from?: string; to?: string };
      const from = query.from ?? today;
      const to = query.to ?? addDays(from, 27);
      checkedDays(from, to, MAX_DAYS);
      const daily = await dailyStock(app, tenantId, item, { from, to, turnaroundDays: settings.turnaroundDays, today });
      const free = daily.freeByDay();
      // A signed-in visitor's own holds and orders, told apart: "none free" about their own order would mislead.
      const own = await ownBookings(request, tenantId, daily.booked);
      const besidesYours = own.size ? daily.freeByDay((booking) => !own.has(booking.quoteId)) : undefined;
      // Held for other productions (pencils), counted apart: "on hold" is not "booked", and a request may still ask behind it.
      const pastHolds = daily.freeByDay(isNotHold);
      // A house with several stores: how many each has free over the range (a kit's pieces are counted house-wide).
      const atStores =
        (settings.vendor.stores?.length ?? 0) > 1 && !item.kit
          ? freeAtStores(item, daily.booked, settings.vendor.stores!, {
              from,
              to,
              turnaroundDays: settings.turnaroundDays,
              today,
            })
          : undefined;
      void reply.header('cache-control', 'no-store');
      return {
        objectID: asked,
        stock: daily.stock,
        today,
        ...(atStores && { stores: atStores }),
        days: daysFrom(from, to).map((day, index) => ({
          date: day,
          free: free[index],
          ...(besidesYours && { freeBesidesYours: besidesYours[index] }),
          ...(pastHolds[index]! > free[index]! && { onHold: pastHolds[index]! - free[index]! }),
        })),
      };
    },
  );
};

export default availabilityRoutes;
