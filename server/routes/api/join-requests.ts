/**
 * Visitors asking to order on their company's account, and the house deciding (issue 38):
 * - POST /api/account-requests                                   a signed-in visitor asks, on the house's storefront
 *   (one waiting at a time: asking again answers with the one waiting); the house is mailed
 * - GET  /api/account-requests                                   the visitor's requests at this house, newest first
 * - GET  /api/tenants/:tenantId/account-requests?state=pending   the house's requests (staff, platform staff)
 * - POST /api/tenants/:tenantId/account-requests/:id/decide      approve (the account to add them to) or decline
 *   (the reason they read); decided once, whoever decides first; the visitor is mailed
 */
import type { FastifyPluginAsync } from 'fastify';
import { randomUUID } from 'node:crypto';
import { schemaIds } from '../../../schema/documents';
import type { JoinDecision, JoinRequest, JoinRequestInput } from '../../../schema/types.generated';
import type { StorefrontConfiguration } from '../../../schema/configuration/configuration';
import { joinDecidedMessage, joinRequestMessage } from '../../mail/account-messages';
import type { MailContent } from '../../mail/messages';
import { sendTenantMail, TO_HOUSE } from '../../mail/tenant-mail';
import { shownAccount } from './customer-accounts';
import { tenantParams } from './tenants/params';
import { visitorHere } from './visitor-here';
import { picked } from '../../lib/picked';

/** What a visitor reads of their own request to join an account: never who on the house's staff decided it. */
const VISITOR_JOIN_FIELDS = [
  'id',
  'tenantId',
  'email',
  'name',
  'company',
  'message',
  'state',
  'account',
  'reason',
  'askedAt',
  'decidedAt',
] as const satisfies ReadonlyArray<keyof JoinRequest>;
const visitorJoinRequest = (request: JoinRequest) => picked(request, VISITOR_JOIN_FIELDS);

const tags = ['customer accounts'];
const SIGN_IN = 'Sign in on this storefront to ask to order on your company’s account.';
const request = { $ref: `${schemaIds.customerAccount}#/$defs/joinRequest` } as const;
const requestParams = {
  ...tenantParams,
  required: [...tenantParams.required, 'id'],
  properties: { ...tenantParams.properties, id: { type: 'string', maxLength: 80, description: 'The request' } },
} as const;

const joinRequestRoutes: FastifyPluginAsync = async (app) => {
  /** Mails one of the house's messages, logging (never failing the answer) when it cannot be sent. */
  const mail = async (tenantId: string, to: string, make: (configuration: StorefrontConfiguration) => MailContent) => {
    await sendTenantMail(app, tenantId, to === 'vendor' ? TO_HOUSE : to, make).catch((error: unknown) =>
      app.log.error({ err: error, tenantId }, 'join request mail not sent'),
    );
  };

  app.post(
    '/api/account-requests',
    {
      schema: {
        tags,
        summary: "Ask the house to let the signed-in visitor order on their company's account",
        body: { $ref: `${schemaIds.customerAccount}#/$defs/joinRequestInput` },
      },
      config: {
        docs: {
          success: {
            status: 201,
            schema: {
              type: 'object',
              required: ['request', 'repeat'],
              properties: { request, repeat: { type: 'boolean' } },
            },
          },
          errors: { 401: 'Nobody is signed in' },
        },
      },
    },
    async (incoming, reply) => {
      const { user, profile } = await visitorHere(app, incoming, SIGN_IN);
      const input = incoming.body as JoinRequestInput;
      const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ').trim();
      const { request: asked, repeat } = await app.customerAccounts.askToJoin({
        id: `join-${randomUUID()}`,
        tenantId: incoming.tenantId,
        email: user.email,
        ...(name && { name: name.slice(0, 200) }),
        company: input.company.trim(),
        ...(input.message?.trim() && { message: input.message.trim() }),
        state: 'pending',
        askedAt: new Date().toISOString(),
      });
      if (!repeat) {
        incoming.log.info({ tenantId: incoming.tenantId, joinRequest: asked.id }, 'asked to join an account');
        await mail(incoming.tenantId, 'vendor', (configuration) => joinRequestMessage(configuration, asked));
      }
      return reply.code(201).send({ request: visitorJoinRequest(asked), repeat });
    },
  );

  app.get(
    '/api/account-requests',
    {
      schema: { tags, summary: "The signed-in visitor's requests to order on an account at this house, newest first" },
      config: {
        docs: { success: { schema: { type: 'array', items: request } }, errors: { 401: 'Nobody is signed in' } },
      },
    },
    async (incoming, reply) => {
      const { user } = await visitorHere(app, incoming, SIGN_IN);
      void reply.header('cache-control', 'no-store');
      return (await app.customerAccounts.joinRequests(incoming.tenantId, { email: user.email })).map(
        visitorJoinRequest,
      );
    },
  );

  app.get(
    '/api/tenants/:tenantId/account-requests',
    {
      onRequest: app.requireTenant,
      schema: {
        tags,
        summary: "The house's requests to order on an account, newest first",
        params: tenantParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            state: {
              type: 'string',
              enum: ['pending', 'approved', 'declined'],
              description: 'Only those in this state',
            },
          },
        },
      },
      config: { docs: { success: { schema: { type: 'array', items: request } }, errors: { 404: 'No such house' } } },
    },
    async (incoming) => {
      const { tenantId } = incoming.params as { tenantId: string };
      const { state } = incoming.query as { state?: JoinRequest['state'] };
      return app.customerAccounts.joinRequests(tenantId, state ? { state } : {});
    },
  );

  app.post(
    '/api/tenants/:tenantId/account-requests/:id/decide',
    {
      onRequest: app.requireTenant,
      schema: {
        tags,
        summary: 'Approve a request to join (adding the visitor to an account) or decline it with a reason',
        params: requestParams,
        body: { $ref: `${schemaIds.customerAccount}#/$defs/joinDecision` },
      },
      config: {
        docs: {
          success: {
            schema: {
              type: 'object',
              required: ['request'],
              properties: { request, account: { $ref: schemaIds.customerAccount } },
            },
          },
          errors: { 404: 'No such house, request or account', 409: 'Decided already' },
        },
      },
    },
    async (incoming) => {
      const { tenantId, id } = incoming.params as { tenantId: string; id: string };
      const decision = incoming.body as JoinDecision;
      const by = incoming.account!.email;
      const verdict =
        'approve' in decision && decision.approve
          ? { approve: decision.approve, by, at: new Date() }
          : { decline: (decision as { decline: string }).decline.trim(), by, at: new Date() };
      const result = await app.customerAccounts.decideJoinRequest(tenantId, id, verdict);
      incoming.log.info(
        { tenantId, joinRequest: id, state: result.request.state, account: result.request.account, by },
        'join request decided',
      );
      await mail(tenantId, result.request.email, (configuration) =>
        joinDecidedMessage(configuration, result.request, result.account),
      );
      return { request: result.request, ...(result.account && { account: shownAccount(result.account) }) };
    },
  );
};

export default joinRequestRoutes;
