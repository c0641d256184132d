/**
 * Houses signing up (server/marketplace/house-applications.ts):
 * - POST /api/house-applications  on the platform's storefront, anyone: a house asks to be listed;
 *   201, or 400 naming each field taken or wrong (name, domain, admin's email).
 * - GET /api/house-applications[/:id]  platform staff: the applications, newest first (filter by
 *   `state`).
 * - POST /api/house-applications/:id/approve  platform staff: the house's tenant is made and its
 *   admin mailed the console link (answered too); 409 when it was decided already.
 * - POST /api/house-applications/:id/refuse  platform staff, with `reason`: the house is told.
 * - POST /api/auth/welcome  the link's token and a password: the house's console account, signed
 *   in; answers where the console opens (Items → Import of the new house).
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { schemaIds } from '../../../schema/documents';
import type { HouseApplicationInput } from '../../../schema/types.generated';
import { fetchHeaders } from '../../plugins/app/accounts';
import { listQuerySchema, sendList, type ListQuery } from '../../lib/ra-list';
import { AccountError } from '../../auth/accounts';
import { UnknownHouseApplicationError } from '../../stores/house-application-store';
import { requirePlatformStorefront } from './storefront-origin';

class WeakPasswordError extends Error {
  readonly statusCode = 400;
}

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_\\-]{8,64}$' } },
} as const;
const record = { $ref: schemaIds.houseApplication } as const;
/** The application as staff read it: everything but the link's hash. */
const shown = <A extends { id: string; welcomeToken?: unknown }>({ welcomeToken, ...application }: A) => ({
  ...application,
  ...(welcomeToken !== undefined && { linkSent: true }),
});

export interface HouseApplicationRoutesOptions {
  applicationsPerMinute?: number;
}

const houseApplicationRoutes: FastifyPluginAsync<HouseApplicationRoutesOptions> = async (app, options) => {
  app.post(
    '/api/house-applications',
    {
      schema: {
        tags: ['marketplace'],
        summary: 'A house asks to be listed (the platform’s storefront)',
        security: [],
        body: { $ref: `${schemaIds.houseApplication}#/$defs/houseApplicationInput` },
      },
      config: {
        rateLimit: { max: options.applicationsPerMinute ?? 5, timeWindow: '1 minute' },
        docs: {
          success: { status: 201, schema: record, description: 'Stored; the admin is mailed that it is received' },
          errors: {
            404: 'Not the platform’s storefront',
            429: 'Too many applications from this address: wait a minute',
          },
        },
      },
    },
    async (request, reply) => {
      requirePlatformStorefront(request, 'Houses apply on the platform’s storefront.');
      const application = await app.houseApplications.apply(request.body as HouseApplicationInput, new Date());
      request.log.info({ houseApplication: application.id, tenantId: application.tenantId }, 'house application');
      return reply.code(201).send(shown(application));
    },
  );

  app.get(
    '/api/house-applications',
    {
      onRequest: app.requirePlatform,
      schema: {
        tags: ['marketplace'],
        summary: 'Houses asking to be listed, newest first (platform staff)',
        querystring: listQuerySchema,
      },
      config: { docs: { success: { schema: { type: 'array', items: record }, headers: ['content-range'] } } },
    },
    async (request, reply: FastifyReply) => {
      const query = request.query as ListQuery;
      const state = (query.filter as { state?: string } | undefined)?.state;
      const applications = await app.houseApplications.list(
        state === 'pending' || state === 'approved' || state === 'refused' ? state : undefined,
      );
      return sendList(reply, 'house-applications', applications.map(shown), query);
    },
  );

  app.get(
    '/api/house-applications/:id',
    {
      onRequest: app.requirePlatform,
      schema: { tags: ['marketplace'], summary: 'One house application (platform staff)', params: idParams },
      config: { docs: { success: { schema: record }, errors: { 404: 'No such application' } } },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const application = await app.houseApplications.get(id);
      if (!application) throw new UnknownHouseApplicationError(id);
      return shown(application);
    },
  );

  app.post(
    '/api/house-applications/:id/approve',
    {
      onRequest: app.requirePlatform,
      schema: {
        tags: ['marketplace'],
        summary: 'Approve a house: its tenant is made and its admin mailed the console link (platform staff)',
        params: idParams,
      },
      config: {
        docs: {
          success: { schema: { type: 'object', additionalProperties: true, properties: { link: { type: 'string' } } } },
          errors: { 404: 'No such application', 409: 'Approved or refused already' },
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const origin = `${request.protocol}://${request.host}`;
      const { application, link } = await app.houseApplications.approve(id, request.account!.email, origin, new Date());
      request.log.info(
        { houseApplication: id, tenantId: application.tenantId, actor: request.account!.email },
        'house approved',
      );
      return { ...shown(application), link };
    },
  );

  app.post(
    '/api/house-applications/:id/refuse',
    {
      onRequest: app.requirePlatform,
      schema: {
        tags: ['marketplace'],
        summary: 'Refuse a house, saying why (platform staff)',
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['reason'],
          properties: { reason: { type: 'string', minLength: 1, maxLength: 1000 } },
        },
      },
      config: {
        docs: {
          success: { schema: record },
          errors: { 404: 'No such application', 409: 'Approved or refused already' },
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      return shown(
        await app.houseApplications.refuse(
          id,
          request.account!.email,
          (request.body as { reason: string }).reason.trim(),
          new Date(),
        ),
      );
    },
  );

  app.post(
    '/api/auth/welcome',
    {
      config: {
        rateLimit: { max: 10, timeWindow: '1 minute' },
        signsIn: true,
        docs: {
          success: { description: 'The house’s console account, signed in; `next` is where the console opens' },
          errors: { 400: 'The link is unknown, used or expired, or the password too short' },
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'A house’s admin follows the approval link and chooses a password',
        security: [],
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['token', 'password'],
          properties: {
            token: { type: 'string', minLength: 16, maxLength: 128 },
            password: { type: 'string', minLength: 1, maxLength: 256 },
          },
        },
      },
    },
    async (request, reply) => {
      const { token, password } = request.body as { token: string; password: string };
      let welcomed: { email: string; tenantId: string };
      try {
        welcomed = await app.houseApplications.welcome(token, password, new Date());
      } catch (error) {
        if (error instanceof AccountError)
          throw new WeakPasswordError(error.message.replace(/^password/, 'Your password'));
        throw error;
      }
      const response = await app.accounts.auth.api.signInEmail({
        body: { email: welcomed.email, password },
        headers: fetchHeaders(request),
        asResponse: true,
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) void reply.header('set-cookie', cookies);
      return { email: welcomed.email, tenantId: welcomed.tenantId, next: `/t/${welcomed.tenantId}/items/import` };
    },
  );
};

export default houseApplicationRoutes;
