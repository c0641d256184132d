/**
 * The signed rental agreement of an order, as a PDF (server/rental/agreement-pdf.ts):
 * - GET /api/quotes/:id/agreement.pdf  the production's own (another visitor's answers 404)
 * - GET /api/tenants/:tenantId/quote-requests/:id/agreement.pdf  the house's
 * 404 while nothing is signed. Drawn from the order as stored: the terms of the version signed.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { withDefaults } from '../../../schema/defaults';
import { schemaIds } from '../../../schema/documents';
import type { QuoteRequest } from '../../../schema/types.generated';
import { agreementPdf, itemsOfQuotes } from '../../rental';
import { UnknownQuoteError } from '../../stores/quote-request-store';
import { tenantParams } from './tenants/params';
import { visitorsQuote } from './visitor-here';

class NotSignedError extends Error {
  readonly statusCode = 404;
  constructor() {
    super('Nothing is signed on this request yet: its rental terms are signed when its quote is accepted.');
  }
}

const id = { $ref: `${schemaIds.quoteRequest}#/properties/id` } as const;
const docs = (errors: Record<number, string> = {}) => ({
  docs: {
    success: { description: 'The signed agreement (PDF)', contentTypes: ['application/pdf'] },
    errors: { 404: 'No such request, or nothing signed on it yet', ...errors },
  },
});

const agreementRoutes: FastifyPluginAsync = async (app) => {
  const send = async (reply: FastifyReply, order: QuoteRequest) => {
    if (!order.agreement) throw new NotSignedError();
    const stored = await app.tenantStore.get(order.tenantId);
    if (!stored) throw new UnknownQuoteError(order.id);
    const items = await itemsOfQuotes(app.itemStore, order.tenantId, [order]);
    const bytes = await agreementPdf(
      order,
      items,
      withDefaults('site', stored.tenant.site),
      withDefaults('vendor', stored.tenant.vendor),
    );
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="agreement-${order.id.slice(0, 8)}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(bytes);
  };

  app.get(
    '/api/quotes/:id/agreement.pdf',
    {
      schema: {
        tags: ['quotes'],
        summary: 'The rental agreement the visitor signed on their order (PDF)',
        params: { type: 'object', required: ['id'], properties: { id } },
      },
      config: docs({ 401: 'Nobody is signed in on this storefront' }),
    },
    async (request, reply) => {
      const { quote } = await visitorsQuote(
        app,
        request,
        (request.params as { id: string }).id,
        'Log in on this storefront to read your agreement.',
      );
      return send(reply, quote);
    },
  );

  app.get(
    '/api/tenants/:tenantId/quote-requests/:id/agreement.pdf',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['quotes'],
        summary: 'The rental agreement the production signed on an order (PDF)',
        params: { type: 'object', required: ['tenantId', 'id'], properties: { ...tenantParams.properties, id } },
      },
      config: docs(),
    },
    async (request, reply) => {
      const { tenantId, id: quoteId } = request.params as { tenantId: string; id: string };
      const order = await app.quoteRequests.get(tenantId, quoteId);
      if (!order) throw new UnknownQuoteError(quoteId);
      return send(reply, order);
    },
  );
};

export default agreementRoutes;
