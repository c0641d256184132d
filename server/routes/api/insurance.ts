/**
 * Certificates of insurance (server/rental/insurance.ts), uploaded and read back by the two who
 * may see them:
 * - PUT /api/quotes/:id/insurance                            the visitor, on their own request
 * - GET /api/quotes/:id/insurance                            …its file
 * - PUT /api/tenants/:tenantId/quote-requests/:id/insurance  the vendor (tenant admins, staff)
 * - GET /api/tenants/:tenantId/quote-requests/:id/insurance  …its file
 * - POST /api/tenants/:tenantId/quote-requests/:id/insurance/review  verified or refused (a
 *   refusal says why, and the production is mailed it); If-Match: the revision read
 * Files are sent as attachments, never shown inline on this origin, and never cached.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { schemaIds } from '../../../schema/documents';
import { certificateHouseOf } from '../../../schema/rental/insurance';
import { todayIn } from '../../../schema/rental/quote-rules';
import type {
  InsuranceCertificate,
  InsuranceReview,
  InsuranceUpload,
  QuoteRequest,
} from '../../../schema/types.generated';
import { certificateRefusedMessage } from '../../mail/messages';
import { sendTenantMail } from '../../mail/tenant-mail';
import { recordSchema } from '../../lib/api-docs';
import { ifMatchVersion, withVersion } from '../../lib/versions';
import { certificateFile, keepCertificate, quoteSettingsOf, reviewCertificate } from '../../rental';
import { sendPrivateFile } from './private-file';
import { revisionOf, UnknownQuoteError } from '../../stores/quote-request-store';
import { visitorQuoteView } from './quotes';
import { CERTIFICATE_BODY_LIMIT } from '../../lib/body-limits';
import { tenantParams } from './tenants/params';
import { visitorsQuote } from './visitor-here';

const SIGN_IN = 'Log in on this storefront to upload your certificate of insurance.';
const idProperty = { $ref: `${schemaIds.quoteRequest}#/properties/id` } as const;
const visitorParams = { type: 'object', required: ['id'], properties: { id: idProperty } } as const;
const vendorParams = {
  ...tenantParams,
  required: [...tenantParams.required, 'id'],
  properties: { ...tenantParams.properties, id: idProperty },
} as const;
const body = { $ref: `${schemaIds.quoteRequest}#/$defs/insuranceUpload` } as const;
const bodyLimit = CERTIFICATE_BODY_LIMIT;
const fileDocs = { success: { description: 'The certificate as uploaded (a PDF, PNG or JPEG), as an attachment' } };

class NoCertificateError extends Error {
  readonly statusCode = 404;
  constructor() {
    super('No certificate of insurance on this request.');
  }
}

const insuranceRoutes: FastifyPluginAsync = async (app) => {
  const tags = ['insurance'];
  const mailParts = { tenantStore: app.tenantStore, storefrontAssets: app.storefrontAssets, mailer: app.mailer };
  const settingsOf = async (tenantId: string, id: string) => {
    const stored = await app.tenantStore.get(tenantId);
    if (!stored) throw new UnknownQuoteError(id);
    return quoteSettingsOf(stored.tenant);
  };
  const keep = async (tenantId: string, id: string, input: InsuranceUpload, by: InsuranceCertificate['uploadedBy']) => {
    const settings = await settingsOf(tenantId, id);
    const now = new Date();
    const stores = {
      quoteRequests: app.quoteRequests,
      assets: app.storefrontAssets.store,
      documentCheck: app.documentCheck,
    };
    return {
      request: await keepCertificate(stores, app.log, {
        tenantId,
        id,
        input,
        by,
        now,
        today: todayIn(settings.timezone, now),
        house: certificateHouseOf(settings.vendor, settings.site),
      }),
      settings,
      now,
    };
  };
  const send = async (reply: FastifyReply, quote: QuoteRequest) => {
    const found = await certificateFile(app.storefrontAssets.store, quote);
    if (!found) throw new NoCertificateError();
    return sendPrivateFile(reply, found.certificate, found.bytes);
  };

  app.put(
    '/api/quotes/:id/insurance',
    {
      bodyLimit,
      schema: {
        tags,
        summary: 'Upload the certificate of insurance for one of the visitor’s requests (replacing any earlier one)',
        params: visitorParams,
        body,
      },
      config: {
        docs: {
          success: { schema: recordSchema, headers: ['etag'] },
          errors: {
            400: 'Not a PDF, PNG or JPEG, too large, or cover already ended',
            401: 'Nobody is signed in',
            404: 'No such request of this visitor',
          },
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      await visitorsQuote(app, request, id, SIGN_IN);
      const kept = await keep(request.tenantId, id, request.body as InsuranceUpload, 'visitor');
      withVersion(reply, String(revisionOf(kept.request)));
      return visitorQuoteView(app, kept.request, kept.settings, kept.now);
    },
  );

  app.get(
    '/api/quotes/:id/insurance',
    {
      schema: { tags, summary: 'The certificate of insurance on one of the visitor’s requests', params: visitorParams },
      config: {
        docs: { ...fileDocs, errors: { 401: 'Nobody is signed in', 404: 'No such request, or no certificate' } },
      },
    },
    async (request, reply) => {
      const { quote } = await visitorsQuote(app, request, (request.params as { id: string }).id, SIGN_IN);
      return send(reply, quote);
    },
  );

  app.put(
    '/api/tenants/:tenantId/quote-requests/:id/insurance',
    {
      onRequest: app.requireTenant,
      bodyLimit,
      schema: {
        tags,
        summary:
          'Upload the certificate of insurance for a request on the production’s behalf (replacing any earlier one)',
        params: vendorParams,
        body,
      },
      config: {
        docs: {
          success: { schema: recordSchema, headers: ['etag'] },
          errors: { 400: 'Not a PDF, PNG or JPEG, too large, or cover already ended', 404: 'No such request' },
        },
      },
    },
    async (request, reply) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const kept = await keep(tenantId, id, request.body as InsuranceUpload, 'vendor');
      request.log.info(
        { tenantId, quoteRequest: id, actor: request.account!.email },
        'certificate uploaded by the vendor',
      );
      withVersion(reply, String(revisionOf(kept.request)));
      return kept.request;
    },
  );

  app.post(
    '/api/tenants/:tenantId/quote-requests/:id/insurance/review',
    {
      onRequest: app.requireTenant,
      schema: {
        tags,
        summary: 'Verify the certificate on a request, or refuse it with the reason the production reads',
        params: vendorParams,
        body: { $ref: `${schemaIds.quoteRequest}#/$defs/insuranceReview` },
      },
      config: {
        docs: {
          success: { schema: recordSchema, headers: ['etag'] },
          errors: {
            400: 'No certificate to review, or a refusal without its reason',
            404: 'No such request',
            412: 'The request changed since it was read (a newer certificate, a step)',
            428: 'No If-Match',
          },
        },
      },
    },
    async (request, reply) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const input = request.body as InsuranceReview;
      const reviewed = await reviewCertificate(app.quoteRequests, {
        tenantId,
        id,
        revision: Number(ifMatchVersion(request)),
        input,
        by: request.account!.name,
        now: new Date(),
      });
      request.log.info(
        { tenantId, quoteRequest: id, actor: request.account!.email, review: input.state },
        'certificate reviewed',
      );
      if (input.state === 'refused')
        await sendTenantMail(mailParts, tenantId, reviewed.email, (configuration) =>
          certificateRefusedMessage(configuration, reviewed),
        ).catch((error: unknown) =>
          request.log.error({ err: error, tenantId, quoteRequest: id }, 'the production was not mailed the refusal'),
        );
      withVersion(reply, String(revisionOf(reviewed)));
      return reviewed;
    },
  );

  app.get(
    '/api/tenants/:tenantId/quote-requests/:id/insurance',
    {
      onRequest: app.requireTenant,
      schema: { tags, summary: 'The certificate of insurance on a request', params: vendorParams },
      config: { docs: { ...fileDocs, errors: { 404: 'No such request, or no certificate' } } },
    },
    async (request, reply) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const quote = await app.quoteRequests.get(tenantId, id);
      if (!quote) throw new UnknownQuoteError(id);
      return send(reply, quote);
    },
  );
};

export default insuranceRoutes;
