/**
 * Each house paid on its own account (server/marketplace/payouts.ts) over HTTP.
 * A house's staff (and platform staff):
 * - GET  /api/tenants/:tenantId/payouts                   its account as the provider says it stands now
 * - POST /api/tenants/:tenantId/payouts/connect           opens its account if need be; answers where
 *                                                         to finish the provider's onboarding
 * - GET  /api/tenants/:tenantId/payouts/statements/:month the month's orders through the platform
 *                                                         and the commission, as CSV
 * Platform staff:
 * - GET  /api/marketplace/houses                          every house with its payouts (a list)
 * - PUT  /api/marketplace/houses/:tenantId                the platform's commission on a house
 */
import { CSV, sendDownload } from '../../lib/downloads';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { schemaIds } from '../../../schema/documents';
import { listQuerySchema, sendList, type ListQuery } from '../../lib/ra-list';
import { houseStatement, statementCsv, UnknownHouseError } from '../../marketplace';
import { ProviderUnavailableError } from '../../payments';
import { monthParams, tenantParams } from './tenants/params';

const tags = ['marketplace'];
const payoutRecord = { $ref: schemaIds.payoutAccount } as const;
const payoutRoutes: FastifyPluginAsync = async (app) => {
  /** Where the provider sends the house back to: its payouts screen in the console, on the origin it connected from. */
  const consoleUrls = (request: FastifyRequest, tenantId: string) => {
    const screen = `${request.protocol}://${request.host}/admin/#/t/${encodeURIComponent(tenantId)}/payouts`;
    return { returnUrl: `${screen}?back=done`, refreshUrl: `${screen}?back=again` };
  };
  const withProvider = (record: object) => ({
    ...record,
    providerKind: app.payouts.kind,
    testMode: app.cardHolds.provider.testMode,
  });

  app.get(
    '/api/tenants/:tenantId/payouts',
    {
      onRequest: app.requireTenant,
      schema: {
        tags,
        summary:
          "The house's account at the payment provider, read again from the provider, and the platform's commission on it",
        params: tenantParams,
      },
      config: { docs: { success: { schema: payoutRecord }, errors: { 404: 'No such house' } } },
    },
    async (request) => {
      const { tenantId } = request.params as { tenantId: string };
      // The provider out of reach: what was last heard from it, rather than no answer.
      const record = await app.payouts.refresh(tenantId).catch(async (error: unknown) => {
        if (!(error instanceof ProviderUnavailableError)) throw error;
        request.log.warn(
          { tenantId, reason: error.message },
          'payout account not read again: the provider is out of reach',
        );
        return app.payouts.of(tenantId);
      });
      return withProvider(record);
    },
  );

  app.post(
    '/api/tenants/:tenantId/payouts/connect',
    {
      onRequest: app.requireTenant,
      schema: {
        tags,
        summary: "Open the house's account at the provider (once) and answer where to finish the provider's onboarding",
        params: tenantParams,
      },
      config: {
        docs: {
          success: { schema: { type: 'object', properties: { url: { type: 'string' }, payouts: payoutRecord } } },
          errors: {
            404: 'No such house (the platform itself is paid on its own account)',
            409: 'The provider refused to open the account',
            503: 'The provider is out of reach',
          },
        },
      },
    },
    async (request) => {
      const { tenantId } = request.params as { tenantId: string };
      const { url, record } = await app.payouts.connect(tenantId, consoleUrls(request, tenantId));
      request.log.info(
        { tenantId, account: record.accountId, actor: request.account?.email },
        'house connecting its payout account',
      );
      return { url, payouts: withProvider(record) };
    },
  );

  app.get(
    '/api/tenants/:tenantId/payouts/statements/:month',
    {
      onRequest: app.requireTenant,
      schema: {
        tags,
        summary:
          "The month's orders through the platform, what was captured, the platform's fee and what the house received (CSV)",
        params: monthParams,
      },
      config: {
        docs: {
          success: {
            description: 'One row per order captured in the month, then the total',
            contentTypes: ['text/csv'],
          },
          errors: { 404: 'No such house' },
        },
      },
    },
    async (request, reply) => {
      const { tenantId, month } = request.params as { tenantId: string; month: string };
      const stored = tenantId === app.payouts.platformId ? undefined : await app.tenantStore.get(tenantId);
      if (!stored) throw new UnknownHouseError(tenantId);
      const statement = await houseStatement(
        app.quoteRequests,
        tenantId,
        stored.tenant.vendor.timezone ?? 'UTC',
        month,
      );
      return sendDownload(reply, {
        type: CSV,
        name: `backlot-statement-${tenantId}-${month}.csv`,
        body: statementCsv(statement, stored.tenant.vendor.name),
      });
    },
  );

  app.get(
    '/api/marketplace/houses',
    {
      onRequest: app.requirePlatform,
      schema: {
        tags,
        summary: 'Every house with its payout account and the platform’s commission (platform staff)',
        querystring: listQuerySchema,
      },
      config: {
        docs: {
          success: {
            schema: { type: 'array', items: { type: 'object', additionalProperties: true } },
            headers: ['content-range'],
          },
        },
      },
    },
    async (request, reply) =>
      sendList(
        reply,
        'marketplace/houses',
        (await app.payouts.houses()).map((house) => ({ id: house.tenantId, ...house })),
        request.query as ListQuery,
      ),
  );

  app.put(
    '/api/marketplace/houses/:tenantId',
    {
      onRequest: app.requirePlatform,
      schema: {
        tags,
        summary:
          "Set the platform's commission on a house's orders through the platform (platform staff; from the next card hold on)",
        params: tenantParams,
        body: {
          type: 'object',
          required: ['commissionPercent'],
          properties: { commissionPercent: { $ref: `${schemaIds.payoutAccount}#/properties/commissionPercent` } },
        },
      },
      config: {
        docs: {
          success: { schema: payoutRecord },
          errors: { 400: 'Not a percentage from 0 to 50 with at most two decimals', 404: 'No such house' },
        },
      },
    },
    async (request) => {
      const { tenantId } = request.params as { tenantId: string };
      const { commissionPercent } = request.body as { commissionPercent: number };
      const record = await app.payouts.setCommission(tenantId, commissionPercent, request.account!.email);
      request.log.info({ tenantId, commissionPercent, actor: request.account!.email }, 'platform commission set');
      return { id: tenantId, ...record };
    },
  );
};

export default payoutRoutes;
