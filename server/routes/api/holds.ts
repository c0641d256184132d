/**
 * Holds (pencils), for the house (server/rental/holds.ts has the reads, the hold watch the releases):
 * - GET  /api/tenants/:tenantId/holds  the hold board: every live hold from today on, by item and
 *   days, with whose it is, its rank (1st, 2nd …), its last day and any challenge's deadline.
 * - POST /api/tenants/:tenantId/quote-requests/:id/challenge-holds  challenges every hold ahead of
 *   this request on its items: each holder is mailed to confirm or release within the house's answer
 *   window (working hours); silence releases it, and this request's production and the house are
 *   told the outcome. Holds already challenged are left as they are.
 * - POST /api/tenants/:tenantId/quote-requests/:id/move-ahead  `{ of }`: moves this request's hold
 *   up the queue, just past `of`'s (one of the holds ahead of it on its items). If-Match names the
 *   revision read. The holds it passed are told their rank now; answers its rank.
 * Placing, extending and releasing a hold are steps of the request (quote-requests.ts, quotes.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { schemaIds } from '../../../schema/documents';
import { isOpen } from '../../../schema/rental/quote-states';
import {
  heldAheadOf,
  holdBoard,
  holdOf,
  QuoteRefusedError,
  quoteSettingsOf,
  quoteStoresOf,
  rankAhead,
} from '../../rental';
import { ifMatchVersion, withVersion } from '../../lib/versions';
import { revisionOf, UnknownQuoteError } from '../../stores/quote-request-store';
import { quoteStep } from '../../workflows/quote-step';
import { tenantParams } from './tenants/params';

const holdRoutes: FastifyPluginAsync = async (app) => {
  const stores = quoteStoresOf(app);
  const settingsOf = async (tenantId: string) => quoteSettingsOf((await app.tenantStore.get(tenantId))!.tenant);

  app.get(
    '/api/tenants/:tenantId/holds',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['quotes'],
        summary: 'The hold board: every live hold, by item and day, ranked',
        params: tenantParams,
      },
      config: {
        docs: { success: { schema: { type: 'object', properties: { holds: { type: 'array' } } } } },
      },
    },
    async (request, reply) => {
      const { tenantId } = request.params as { tenantId: string };
      void reply.header('cache-control', 'no-store');
      return { holds: await holdBoard(stores, await settingsOf(tenantId), tenantId, new Date()) };
    },
  );

  const requestParams = {
    type: 'object',
    required: ['tenantId', 'id'],
    properties: { ...tenantParams.properties, id: { $ref: `${schemaIds.quoteRequest}#/properties/id` } },
  } as const;

  app.post(
    '/api/tenants/:tenantId/quote-requests/:id/move-ahead',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['quotes'],
        summary: "Move this request's hold up the queue, past one of the holds ahead of it",
        params: requestParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['of'],
          properties: {
            of: {
              $ref: `${schemaIds.quoteRequest}#/properties/id`,
              description: 'The request whose hold this one moves ahead of: one ahead of it on its items.',
            },
          },
        },
      },
      config: {
        docs: {
          ifMatch: true,
          success: {
            schema: { type: 'object', properties: { rank: { type: 'integer' }, passed: { type: 'string' } } },
            headers: ['etag'],
          },
          errors: {
            404: 'No such request',
            409: 'It holds nothing, or that hold is not ahead of it, or is challenged for it',
            412: 'The request changed since it was read',
          },
        },
      },
    },
    async (request, reply) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const { of } = request.body as { of: string };
      // The revision read is named before anything is looked up (428 without it).
      const revision = Number(ifMatchVersion(request));
      const settings = await settingsOf(tenantId);
      const quote = await app.quoteRequests.get(tenantId, id);
      if (!quote) throw new UnknownQuoteError(id);
      const now = new Date();
      const { rankedAt, passing } = await rankAhead(stores, settings, quote, of, now);
      const moved = await quoteStep(app, request.log, settings, {
        tenantId,
        id,
        action: 'reorder',
        actor: 'vendor',
        who: { email: request.account!.email },
        revision: Number.isInteger(revision) ? revision : -1,
        rankedAt,
        now,
      });
      withVersion(reply, String(revisionOf(moved)));
      return { rank: (await holdOf(stores, settings, moved, now))?.rank ?? 1, passed: passing.who };
    },
  );

  app.post(
    '/api/tenants/:tenantId/quote-requests/:id/challenge-holds',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['quotes'],
        summary:
          'Challenge every hold ahead of this request: each holder confirms or releases within the answer window',
        params: requestParams,
      },
      config: {
        docs: {
          success: { schema: { type: 'object', properties: { challenged: { type: 'array' } } } },
          errors: { 404: 'No such request', 409: 'Nothing holds its items ahead of it, or it is not open' },
        },
      },
    },
    async (request) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const settings = await settingsOf(tenantId);
      const quote = await app.quoteRequests.get(tenantId, id);
      if (!quote) throw new UnknownQuoteError(id);
      // Only a request still to be confirmed has a reason to ask the holds ahead to move.
      if (!isOpen(quote.state ?? 'requested'))
        throw new QuoteRefusedError(
          'Only an open request (requested, quoted or accepted) challenges the holds ahead of it.',
        );
      const now = new Date();
      const ahead = await heldAheadOf(stores, settings, quote, now);
      if (!ahead.length) throw new QuoteRefusedError('Nothing holds these items ahead of this request: confirm it.');
      const challenged = [];
      for (const hold of ahead) {
        if (hold.challenge) {
          challenged.push({ id: hold.id, who: hold.who, answerBy: hold.challenge.answerBy, already: true });
          continue;
        }
        const held = await app.quoteRequests.get(tenantId, hold.id);
        if (!held) continue;
        const changed = await quoteStep(app, request.log, settings, {
          tenantId,
          id: hold.id,
          action: 'challenge',
          actor: 'vendor',
          who: { email: request.account!.email },
          revision: revisionOf(held),
          challenger: id,
          now,
        });
        challenged.push({ id: hold.id, who: hold.who, answerBy: changed.pencil!.challenge!.answerBy, already: false });
      }
      return { challenged };
    },
  );
};

export default holdRoutes;
