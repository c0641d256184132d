/**
 * Quote requests (the tenant's request verb, site.request: "Quote"); there is no payment.
 * - POST /api/quote-requests  a signed-in, approved visitor of the storefront the Host names asks
 *   for items and quantities on dates: checked against the catalogue (each item this tenant's, no
 *   more than its stock) and the calendar (maxRequestLeadTimeDays ahead, in the vendor's time zone),
 *   each problem named by field; the rates are the catalogue's, never the request's. Stored, counted
 *   on the profile (stats.quoteRequestCount), mailed to the vendor and to the visitor.
 * - GET /api/tenants/:tenantId/quote-requests  the console's read-only list, newest first.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { withDefaults } from '../../../schema/defaults';
import { schemaIds } from '../../../schema/documents';
import { checkQuoteRequest } from '../../../schema/quote-rules';
import type { QuoteRequest, QuoteRequestInput } from '../../../schema/types.generated';
import { storefrontConfiguration } from '../../../storefront/config/build-configuration';
import { FieldProblemsError } from '../../stores/field-problems';
import { listOf, recordSchema } from '../../lib/api-docs';
import { listQuerySchema, sendList, type ListQuery } from '../../lib/ra-list';
import { quoteConfirmationMessage, quoteRequestMessage, senderOf } from '../../mail/messages';
import { tenantParams } from './tenants/params';
import { visitorHere } from './visitor-here';

class NotApprovedError extends Error {
  readonly statusCode = 403;
  constructor(
    readonly reason: 'awaitingApproval' | 'denied',
    message: string,
  ) {
    super(message);
  }
}

const requestSchema = { type: 'object', required: ['id', 'lines', 'startDate', 'endDate'], additionalProperties: true, properties: { id: { type: 'string' } } } as const;

export interface QuoteRequestRoutesOptions {
  /** Quote requests allowed per address per minute (a production asks for many items in one request). */
  requestsPerMinute?: number;
}

const quoteRequests: FastifyPluginAsync<QuoteRequestRoutesOptions> = async (app, options) => {
  app.post(
    '/api/quote-requests',
    {
      schema: { tags: ['quotes'], summary: 'Ask for a quote (an approved visitor of this storefront)', body: { $ref: `${schemaIds.quoteRequest}#/$defs/quoteRequestInput` } },
      config: {
        // Each request mails two messages: a burst from one address is refused, as sign-ins are.
        rateLimit: { max: options.requestsPerMinute ?? 10, timeWindow: '1 minute' },
        docs: {
          success: { status: 201, schema: requestSchema, description: 'Stored and mailed to the vendor and the visitor' },
          errors: {
            401: 'Nobody is signed in on this storefront',
            403: 'The account is awaiting approval, or was not approved (`reason` says which)',
            429: 'Too many requests from this address: wait a minute',
          },
        },
      },
    },
    async (request, reply) => {
      const { tenantId } = request;
      const { user, profile } = await visitorHere(app, request, 'Log in on this storefront to send a request.');
      const stored = await app.tenantStore.get(tenantId);
      if (!stored) return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'No storefront here.' });
      const site = withDefaults('site', stored.tenant.site);
      const vendor = withDefaults('vendor', stored.tenant.vendor);
      const verb = site.request!.toLowerCase();
      if (profile.isAuthorized !== true) {
        throw profile.isAuthorized === false
          ? new NotApprovedError('denied', `${vendor.displayName} could not approve this account, so it cannot send ${verb} requests. Get in touch if you think that is a mistake.`)
          : new NotApprovedError('awaitingApproval', `${vendor.displayName} checks every new account first: you can send a ${verb} request once yours is approved. We will email you.`);
      }

      const input = request.body as QuoteRequestInput;
      const items = new Map(
        (
          await app.itemStore.getMany(
            tenantId,
            input.items.map((line) => line.objectID),
          )
        ).map((item) => [item.objectID, item]),
      );
      const now = new Date();
      // A vendor with no time zone set counts its days in UTC.
      const findings = checkQuoteRequest(input, { items, timezone: vendor.timezone ?? 'UTC', leadDays: site.maxRequestLeadTimeDays!, now });
      if (findings.length) throw new FieldProblemsError(findings, `Not sent: ${findings.length} problem${findings.length === 1 ? '' : 's'} to fix`);

      const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ') || profile.displayName;
      const quote: QuoteRequest = {
        id: randomUUID(),
        tenantId,
        uid: user.uid,
        email: user.email,
        ...(name && { name }),
        lines: input.items.map((line) => {
          const item = items.get(line.objectID)!;
          return { objectID: item.objectID, name: item.name, quantity: line.quantity, dayRate: item.rates.day, ...(item.rates.week !== undefined && { weekRate: item.rates.week }) };
        }) as QuoteRequest['lines'],
        startDate: input.startDate,
        endDate: input.endDate,
        ...(input.production?.trim() && { production: input.production.trim() }),
        ...(input.studio?.trim() && { studio: input.studio.trim() }),
        ...(input.notes?.trim() && { notes: input.notes.trim() }),
        createdAt: now.toISOString(),
      };
      await app.quoteRequests.add(quote);
      // Counted atomically with any other change to the profile (two tabs asking at once count twice).
      await app.profileStore.update(tenantId, user.uid, (current) => ({
        ...current,
        stats: { ...current.stats, quoteRequestCount: (current.stats?.quoteRequestCount ?? 0) + 1 },
        updatedAt: now.toISOString(),
      }));
      request.log.info({ tenantId, quoteRequest: quote.id, uid: user.uid, lines: quote.lines.length }, 'quote request');

      // The request stands whatever the mail does: a failure is logged for staff to follow up.
      const configuration = storefrontConfiguration(tenantId, stored.version, stored.tenant);
      const from = senderOf(configuration);
      for (const [to, content] of [
        [vendor.email, quoteRequestMessage(configuration, quote)],
        [user.email, quoteConfirmationMessage(configuration, { email: user.email, ...(profile.displayName && { displayName: profile.displayName }) }, quote)],
      ] as const) {
        await app.mailer
          .send({ ...content, to, from, tenantId })
          .catch((error: unknown) => request.log.error({ err: error, quoteRequest: quote.id, kind: content.kind }, 'quote request mail not sent'));
      }
      return reply.code(201).send(quote);
    },
  );

  app.get(
    '/api/tenants/:tenantId/quote-requests',
    {
      onRequest: app.requireTenant,
      schema: { tags: ['quotes'], summary: "The tenant's quote requests, newest first (read-only)", params: tenantParams, querystring: listQuerySchema },
      config: { docs: { success: { schema: listOf(recordSchema), headers: ['content-range'] } } },
    },
    async (request, reply) => {
      const { tenantId } = request.params as { tenantId: string };
      const { requests } = await app.quoteRequests.list(tenantId, { limit: 10_000 });
      const records = requests.map((quote) => ({ ...quote, version: quote.id, items: quote.lines.reduce((sum, line) => sum + line.quantity, 0) }));
      return sendList(reply, 'quote-requests', records, request.query as ListQuery);
    },
  );
};

export default quoteRequests;
