/**
 * The cover chosen for a hire (server/rental/cover.ts), among the house's ways:
 * - PUT /api/quotes/:id/cover                            the production, on its open request
 * - PUT /api/tenants/:tenantId/quote-requests/:id/cover  the house (If-Match: the revision read)
 */
import type { FastifyPluginAsync } from 'fastify';
import { schemaIds } from '../../../schema/documents';
import type { CoverChoice } from '../../../schema/types.generated';
import { recordSchema } from '../../lib/api-docs';
import { ifMatchVersion, withVersion } from '../../lib/versions';
import { chooseCover, quoteSettingsOf } from '../../rental';
import { revisionOf, UnknownQuoteError } from '../../stores/quote-request-store';
import { visitorQuoteView } from './quotes';
import { tenantParams } from './tenants/params';
import { visitorsQuote } from './visitor-here';

const idProperty = { $ref: `${schemaIds.quoteRequest}#/properties/id` } as const;
const body = { $ref: `${schemaIds.quoteRequest}#/$defs/coverChoice` } as const;
const refused = 'A way the house does not take, or a request already accepted';

const coverRoutes: FastifyPluginAsync = async (app) => {
  const tags = ['insurance'];
  const settingsOf = async (tenantId: string, id: string) => {
    const stored = await app.tenantStore.get(tenantId);
    if (!stored) throw new UnknownQuoteError(id);
    return quoteSettingsOf(stored.tenant);
  };

  app.put(
    '/api/quotes/:id/cover',
    {
      schema: {
        tags,
        summary: 'Choose how one of the visitor’s hires is covered, among the house’s ways',
        params: { type: 'object', required: ['id'], properties: { id: idProperty } },
        body,
      },
      config: {
        docs: {
          success: { schema: recordSchema, headers: ['etag'] },
          errors: { 400: refused, 401: 'Nobody is signed in', 404: 'No such request of this visitor' },
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      await visitorsQuote(app, request, id, 'Log in on this storefront to choose your cover.');
      const settings = await settingsOf(request.tenantId, id);
      const now = new Date();
      const chosen = await chooseCover(app.quoteRequests, {
        tenantId: request.tenantId,
        id,
        input: request.body as CoverChoice,
        by: 'visitor',
        site: settings.site,
        houseName: settings.vendor.displayName,
        now,
      });
      withVersion(reply, String(revisionOf(chosen)));
      return visitorQuoteView(app, chosen, settings, now);
    },
  );

  app.put(
    '/api/tenants/:tenantId/quote-requests/:id/cover',
    {
      onRequest: app.requireTenant,
      schema: {
        tags,
        summary: 'Choose how a hire is covered on the production’s behalf',
        params: {
          ...tenantParams,
          required: [...tenantParams.required, 'id'],
          properties: { ...tenantParams.properties, id: idProperty },
        },
        body,
      },
      config: {
        docs: {
          success: { schema: recordSchema, headers: ['etag'] },
          errors: {
            400: refused,
            404: 'No such request',
            412: 'The request changed since it was read',
            428: 'No If-Match',
          },
        },
      },
    },
    async (request, reply) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const settings = await settingsOf(tenantId, id);
      const chosen = await chooseCover(app.quoteRequests, {
        tenantId,
        id,
        input: request.body as CoverChoice,
        by: 'vendor',
        site: settings.site,
        houseName: settings.vendor.displayName,
        now: new Date(),
        revision: Number(ifMatchVersion(request)),
      });
      request.log.info(
        { tenantId, quoteRequest: id, actor: request.account!.email, cover: chosen.cover?.choice },
        'cover chosen by the house',
      );
      withVersion(reply, String(revisionOf(chosen)));
      return chosen;
    },
  );
};

export default coverRoutes;
