/**
 * What each piece earns, for the console (tenant staff):
 * - GET /api/tenants/:tenantId/earnings?from=…&to=…&by=item|category|unit|store&format=json|csv|xlsx
 * Per item, category, unit or store over the period: days out and available (utilisation), hire revenue, what
 * stock hired in earned and cost, service costs, return on purchase cost, idle days (the rules:
 * schema/rental/earnings.ts). As JSON for the screen, or as a CSV or XLSX file to download.
 */
import { mainStoreOf, storesOf } from '../../../../schema/rental/stores';
import { checkedDays, dayParam } from '../../../lib/day-range';
import type { FastifyPluginAsync } from 'fastify';
import { EARNINGS_COLUMNS } from '../../../../schema/rental/earnings';
import { addDays, todayIn } from '../../../../schema/rental/quote-rules';
import { allItems } from '../../../catalogue';
import { sheetFile } from '../../../lib/sheet-file';
import { earningsReport, quoteSettingsOf, quoteStoresOf, type EarningsBy } from '../../../rental';
import { storeQuery, tenantParams } from './params';

/** Two years: the longest period the report answers. */
const MAX_DAYS = 731;

const earnings: FastifyPluginAsync = async (app) => {
  const stores = quoteStoresOf(app);
  app.get(
    '/api/tenants/:tenantId/earnings',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['hire'],
        summary:
          'What each item or category earned over a period: utilisation, revenue, sub-hires, service, return on cost',
        params: tenantParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            from: dayParam,
            to: dayParam,
            by: {
              type: 'string',
              enum: ['item', 'category', 'unit', 'store'],
              description:
                'A row per item (the default), per category, per unit of the items tracked unit by unit, or per store',
            },
            format: { type: 'string', enum: ['json', 'csv', 'xlsx'] },
            store: storeQuery,
          },
        },
      },
      config: {
        docs: {
          success: { schema: { type: 'object', additionalProperties: true } },
          errors: { 400: `A period backwards or longer than ${MAX_DAYS} days` },
        },
      },
    },
    async (request, reply) => {
      const { tenantId } = request.params as { tenantId: string };
      const query = request.query as {
        from?: string;
        to?: string;
        by?: EarningsBy;
        format?: string;
        store?: string;
      };
      const stored = (await app.tenantStore.get(tenantId))!;
      const today = todayIn(quoteSettingsOf(stored.tenant).timezone, new Date());
      const to = query.to ?? today;
      const from = query.from ?? addDays(to, -364);
      checkedDays(from, to, MAX_DAYS);
      const names = new Map(
        stored.tenant.categories.groups.flatMap((group) =>
          group.categories.map((category) => [`${group.slug}/${category.slug}`, `${group.name} › ${category.name}`]),
        ),
      );
      const items = await allItems(app.itemStore, tenantId);
      const houseStores = stored.tenant.vendor.stores ?? [];
      const store = query.store && houseStores.length ? { id: query.store, main: mainStoreOf(houseStores) } : undefined;
      const report = await earningsReport(stores, tenantId, items, { from, to }, query.by ?? 'item', {
        names,
        ...(store && { store }),
        houseStores: storesOf(stored.tenant.vendor),
        timezone: quoteSettingsOf(stored.tenant).timezone,
        today,
      });
      request.log.info({ tenantId, from, to, orders: report.orders }, 'earnings report');
      if (query.format !== 'csv' && query.format !== 'xlsx') return report;
      const rows = report.rows.map((row) => EARNINGS_COLUMNS.map(({ key }) => row[key] ?? ''));
      const file = await sheetFile(
        EARNINGS_COLUMNS.map((column) => column.title),
        rows,
        query.format,
        'Earnings',
      );
      return reply
        .type(
          query.format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header('content-disposition', `attachment; filename="${tenantId}-earnings-${from}-${to}.${query.format}"`)
        .send(file);
    },
  );
};

export default earnings;
