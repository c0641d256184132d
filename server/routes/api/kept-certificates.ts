/**
 * The production's certificates of insurance, kept once (server/rental/kept-certificates.ts), for
 * the signed-in visitor on this storefront:
 * - GET    /api/certificates                   kept here, and on the platform (offered to every house),
 *                                              each with why it cannot serve this house, if it cannot
 * - POST   /api/certificates                   keep one (checked for this house when it is one)
 * - GET    /api/certificates/:certificateId    its file
 * - DELETE /api/certificates/:certificateId    remove one kept here (orders keep their copies)
 * - PUT    /api/quotes/:id/insurance/choice    choose one for a request (copied to the house)
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { schemaIds } from '../../../schema/documents';
import { certificateHouseOf, type KeptCertificateView } from '../../../schema/rental/insurance';
import { todayIn } from '../../../schema/rental/quote-rules';
import { PLATFORM_TENANT_ID } from '../../../schema/routes';
import type { CertificateChoice, CertificateUpload } from '../../../schema/types.generated';
import { recordSchema } from '../../lib/api-docs';
import { CERTIFICATE_BODY_LIMIT } from '../../lib/body-limits';
import { withVersion } from '../../lib/versions';
import {
  chooseKeptCertificate,
  keepProductionCertificate,
  keptCertificateFile,
  keptCertificates,
  quoteSettingsOf,
  removeKeptCertificate,
  type KeptCertificateOffer,
} from '../../rental';
import { revisionOf, UnknownQuoteError } from '../../stores/quote-request-store';
import { sendPrivateFile } from './private-file';
import { visitorQuoteView } from './quotes';
import type { IdentityUser } from '../../identity/identity-provider';
import { visitorHere, visitorsQuote } from './visitor-here';

const SIGN_IN = 'Log in on this storefront to keep your certificates of insurance.';
const idProperty = { $ref: `${schemaIds.quoteRequest}#/$defs/keptCertificate/properties/id` } as const;
const certificateParams = {
  type: 'object',
  required: ['certificateId'],
  properties: { certificateId: idProperty },
} as const;
const quoteParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { $ref: `${schemaIds.quoteRequest}#/properties/id` } },
} as const;
const listSchema = {
  type: 'object',
  required: ['certificates'],
  properties: {
    certificates: {
      type: 'array',
      description:
        'Kept here, then on the platform; each with keptOn and problems (why it cannot serve this house: none, it can)',
      items: { type: 'object', additionalProperties: true },
    },
  },
} as const;

/** A kept certificate as its owner reads it: without the stored file's name. */
const shown = ({ file: _file, ...certificate }: KeptCertificateOffer): KeptCertificateView => certificate;

const keptCertificateRoutes: FastifyPluginAsync = async (app) => {
  const tags = ['insurance'];
  const stores = {
    profileStore: app.profileStore,
    quoteRequests: app.quoteRequests,
    assets: app.storefrontAssets.store,
    documentCheck: app.documentCheck,
  };
  /**
   * The visitor (signed in, or `user` when the route has read them already), and this tenant's
   * checks when it is a house (the platform checks where a certificate is chosen).
   */
  const here = async (request: FastifyRequest, signedIn?: IdentityUser) => {
    const user = signedIn ?? (await visitorHere(app, request, SIGN_IN)).user;
    const stored = await app.tenantStore.get(request.tenantId);
    if (!stored) throw new UnknownQuoteError(request.tenantId);
    const settings = quoteSettingsOf(stored.tenant);
    const now = new Date();
    return {
      visitor: { tenantId: request.tenantId, uid: user.uid, vendors: user.vendors },
      settings,
      house: request.tenantId === PLATFORM_TENANT_ID ? undefined : certificateHouseOf(settings.vendor, settings.site),
      now,
      today: todayIn(settings.timezone, now),
    };
  };
  const listed = async ({ visitor, house, today }: Awaited<ReturnType<typeof here>>) => {
    return { certificates: (await keptCertificates(app.profileStore, visitor, house, today)).map(shown) };
  };

  app.get(
    '/api/certificates',
    {
      schema: { tags, summary: 'The visitor’s kept certificates of insurance offered on this storefront' },
      config: { docs: { success: { schema: listSchema }, errors: { 401: 'Nobody is signed in' } } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return listed(await here(request));
    },
  );

  app.post(
    '/api/certificates',
    {
      bodyLimit: CERTIFICATE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Keep a certificate of insurance for the visitor’s hires',
        body: { $ref: `${schemaIds.quoteRequest}#/$defs/certificateUpload` },
      },
      config: {
        docs: {
          success: { status: 201, schema: listSchema, description: 'Kept; every certificate offered here' },
          errors: {
            400: 'Not a PDF, PNG or JPEG that opens, too large, dates that end before they start or have ended, another currency or house than this one, or 20 kept already',
            401: 'Nobody is signed in',
          },
        },
      },
    },
    async (request, reply) => {
      const placed = await here(request);
      const { visitor, house, now, today } = placed;
      const input = request.body as CertificateUpload;
      await keepProductionCertificate(stores, request.log, { ...visitor, input, house, now, today });
      return reply.code(201).send(await listed(placed));
    },
  );

  app.get(
    '/api/certificates/:certificateId',
    {
      schema: { tags, summary: 'A kept certificate’s file', params: certificateParams },
      config: {
        docs: {
          success: { description: 'The certificate as uploaded (a PDF, PNG or JPEG), as an attachment' },
          errors: { 401: 'Nobody is signed in', 404: 'No such certificate kept for this visitor' },
        },
      },
    },
    async (request, reply) => {
      const { visitor } = await here(request);
      const { certificateId } = request.params as { certificateId: string };
      const found = await keptCertificateFile(stores, visitor, certificateId);
      return sendPrivateFile(reply, found.certificate, found.bytes);
    },
  );

  app.delete(
    '/api/certificates/:certificateId',
    {
      schema: { tags, summary: 'Remove a certificate kept on this storefront', params: certificateParams },
      config: {
        docs: {
          success: { status: 204, description: 'Removed (orders it was chosen for keep their copies)' },
          errors: { 401: 'Nobody is signed in', 404: 'No such certificate kept here' },
        },
      },
    },
    async (request, reply) => {
      const { visitor } = await here(request);
      await removeKeptCertificate(
        stores,
        request.log,
        visitor,
        (request.params as { certificateId: string }).certificateId,
      );
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/quotes/:id/insurance/choice',
    {
      schema: {
        tags,
        summary: 'Choose a kept certificate for one of the visitor’s requests (replacing any earlier one)',
        params: quoteParams,
        body: { $ref: `${schemaIds.quoteRequest}#/$defs/certificateChoice` },
      },
      config: {
        docs: {
          success: { schema: recordSchema, headers: ['etag'] },
          errors: {
            400: 'The certificate cannot cover a hire here (its dates, its currency, the lessor it names), or the request is over',
            401: 'Nobody is signed in',
            404: 'No such request or certificate of this visitor',
          },
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const { user, quote } = await visitorsQuote(app, request, id, SIGN_IN);
      const { visitor, house, settings, now, today } = await here(request, user);
      const { certificate } = request.body as CertificateChoice;
      const chosen = await chooseKeptCertificate(stores, request.log, {
        visitor,
        request: quote,
        certificateId: certificate,
        house: house ?? certificateHouseOf(settings.vendor, settings.site),
        now,
        today,
      });
      withVersion(reply, String(revisionOf(chosen)));
      return visitorQuoteView(app, chosen, settings, now);
    },
  );
};

export default keptCertificateRoutes;
