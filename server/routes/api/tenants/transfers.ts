/**
 * Stock moved between a house's stores, for the console (tenant staff):
 * - GET  /api/tenants/:tenantId/transfers?from=…&to=…  transfers on the way or arrived in the range (30 days back to a year on, unless said)
 * - POST /api/tenants/:tenantId/transfers              a transfer (a TransferInput): 409 when it would leave an order short, or a hold unless told to
 * The rules: schema/rental/stores.ts; the step: server/rental/transfers.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { schemaIds } from '../../../../schema/documents';
import { addDays, todayIn } from '../../../../schema/rental/quote-rules';
import type { TransferInput } from '../../../../schema/types.generated';
import { checkedDays, dayParam } from '../../../lib/day-range';
import { listTransfers, makeTransfer, quoteSettingsOf, quoteStoresOf } from '../../../rental';
import { tenantParams } from './params';

const objectSchema = { type: 'object', additionalProperties: true } as const;

const transfers: FastifyPluginAsync = async (app) => {
  const stores = quoteStoresOf(app);
  const settingsOf = async (tenantId: string) => quoteSettingsOf((await app.tenantStore.get(tenantId))!.tenant);

  app.get(
    '/api/tenants/:tenantId/transfers',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['hire'],
        summary: "Stock moved between the house's stores: on the way, due, or arrived in the range",
        params: tenantParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { from: dayParam, to: dayParam },
        },
      },
      config: { docs: { success: { schema: objectSchema }, errors: { 400: 'A range past 731 days' } } },
    },
    async (request) => {
      const { tenantId } = request.params as { tenantId: string };
      const settings = await settingsOf(tenantId);
      const today = todayIn(settings.timezone, new Date());
      const query = request.query as { from?: string; to?: string };
      const range = checkedDays(query.from ?? addDays(today, -30), query.to ?? addDays(today, 365), 731);
      return { ...range, today, transfers: await listTransfers(stores, settings, { tenantId, ...range }) };
    },
  );

  app.post(
    '/api/tenants/:tenantId/transfers',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['hire'],
        summary: 'Move stock from one store to another: out on a day, in on the same day or later',
        params: tenantParams,
        body: { $ref: `${schemaIds.unit}#/$defs/transferInput` },
      },
      config: {
        docs: {
          success: { schema: objectSchema },
          errors: {
            400: 'A store the house lacks, the same store twice, or dates out of order',
            409: 'It would leave an order short (or a hold, unless told to), or the item is a kit',
          },
        },
      },
    },
    async (request, reply) => {
      const { tenantId } = request.params as { tenantId: string };
      const input = request.body as TransferInput;
      const who = request.account!.email;
      const transfer = await makeTransfer(stores, await settingsOf(tenantId), {
        tenantId,
        input,
        who,
        now: new Date(),
      });
      request.log.info({ tenantId, transfer: transfer.id, objectID: input.objectID, by: who }, 'stock transferred');
      return reply.code(201).send(transfer);
    },
  );
};

export default transfers;
