/**
 * The planner, for the console (tenant staff):
 * - GET /api/tenants/:tenantId/planner?from=…&to=…&group=…&category=…&q=…&rows=items|units  every item's
 *   bars and shortages over the range, or (rows=units) a row per unit of the items tracked unit by unit
 * One answer for the range, whatever the number of items: one read of the bookings
 * (bookingsBetween) and the catalogue (and the units, for rows per unit), laid out by
 * schema/rental/planner.ts. Kits have no stock of their own and no row: their bookings are their components'.
 */
import { atStore, mainStoreOf, stockAtStore, stockOnDay, transfersByItem } from '../../../../schema/rental/stores';
import { checkedDays, dayParam } from '../../../lib/day-range';
import type { FastifyPluginAsync } from 'fastify';
import { bookingWindow } from '../../../../schema/rental/availability';
import { plannerOf, unitPlannerOf } from '../../../../schema/rental/planner';
import { addDays, todayIn } from '../../../../schema/rental/quote-rules';
import { allItems } from '../../../catalogue';
import { allUnits, quoteSettingsOf } from '../../../rental';
import { storeQuery, tenantParams } from './params';

/** Three months and a little: the longest range the planner draws. */
const MAX_DAYS = 93;

const planner: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/tenants/:tenantId/planner',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['hire'],
        summary: "Every item's orders, holds, repairs and shortages over a range of days (the planner), in one answer",
        params: tenantParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            from: dayParam,
            to: dayParam,
            group: { type: 'string', maxLength: 100 },
            category: { type: 'string', maxLength: 100 },
            q: { type: 'string', maxLength: 100 },
            store: storeQuery,
            rows: {
              type: 'string',
              enum: ['items', 'units'],
              description: 'A row per item (the default), or per unit of the items tracked unit by unit',
            },
          },
        },
      },
      config: {
        docs: {
          success: { schema: { type: 'object', additionalProperties: true } },
          errors: { 400: `A range backwards or longer than ${MAX_DAYS} days` },
        },
      },
    },
    async (request) => {
      const { tenantId } = request.params as { tenantId: string };
      const query = request.query as {
        from?: string;
        to?: string;
        group?: string;
        category?: string;
        q?: string;
        store?: string;
        rows?: 'items' | 'units';
      };
      const settings = quoteSettingsOf((await app.tenantStore.get(tenantId))!.tenant);
      const today = todayIn(settings.timezone, new Date());
      const from = query.from ?? today;
      const to = query.to ?? addDays(from, 13);
      checkedDays(from, to, MAX_DAYS);
      const words = query.q?.trim().toLowerCase();
      const [items, booked] = await Promise.all([
        allItems(app.itemStore, tenantId),
        (async () => {
          const window = bookingWindow(from, to, settings.turnaroundDays);
          return app.quoteRequests.bookingsBetween(tenantId, window.from, window.to);
        })(),
      ]);
      const shown = items
        .filter(
          (item) =>
            !item.kit &&
            (!query.group || item.category.group === query.group) &&
            (!query.category || item.category.category === query.category) &&
            (!words || item.name.toLowerCase().includes(words) || item.objectID.includes(words)),
        )
        .sort(
          (a, b) =>
            a.category.group.localeCompare(b.category.group) ||
            a.category.category.localeCompare(b.category.category) ||
            a.name.localeCompare(b.name),
        );
      const range = { from, to, turnaroundDays: settings.turnaroundDays, today };
      if (query.rows === 'units') {
        // Each unit where it has been; one out now runs to its order's last day.
        const main = settings.vendor.stores?.length ? mainStoreOf(settings.vendor.stores) : undefined;
        const tracked = shown.filter((item) => item.tracking === 'units');
        const wanted = new Set(tracked.map((item) => item.objectID));
        const units = (await allUnits(app.quoteRequests, tenantId)).filter(
          (unit) => wanted.has(unit.objectID) && (!query.store || (unit.store ?? main) === query.store),
        );
        const lastDays = new Map(booked.map((booking) => [`${booking.quoteId}\n${booking.objectID}`, booking.lastDay]));
        return unitPlannerOf(tracked, units, { from, to, today, timezone: settings.timezone }, (orderId, objectID) =>
          lastDays.get(`${orderId}\n${objectID}`),
        );
      }
      if (!query.store || !settings.vendor.stores?.length) return plannerOf(shown, booked, range);
      // One store: its share of each item, and only the bookings that take its stock.
      const main = mainStoreOf(settings.vendor.stores);
      const atThisStore = booked.filter(atStore(query.store, main));
      const answer = plannerOf(
        shown.map((item) => ({ ...item, quantity: stockAtStore(item, query.store!, main) })),
        atThisStore,
        range,
      );
      // What each row says it has: the store's share as transfers left it on the first day shown.
      const moves = transfersByItem(atThisStore);
      answer.rows.forEach((row, index) => {
        row.stock = stockOnDay(shown[index]!, moves.get(row.objectID) ?? [], query.store!, main, from);
      });
      return answer;
    },
  );
};

export default planner;
