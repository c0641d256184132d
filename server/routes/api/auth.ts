/**
 * Console sessions: POST /api/auth/login sets the HttpOnly session cookie, POST /api/auth/logout
 * ends it, GET /api/auth/me returns the account. Logins are rate-limited per address.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { definitionRef } from '../../../schema/definitions';
import { endSessionStreams } from '../../lib/event-stream';
import { fetchHeaders } from '../../plugins/app/accounts';

const accountSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', enum: ['platform-staff', 'tenant-admin'] },
    tenants: { type: 'array', items: { type: 'string' } },
  },
} as const;

/** Copies better-auth's Set-Cookie headers onto the reply. */
function forwardCookies(response: Response, reply: FastifyReply) {
  const cookies = response.headers.getSetCookie();
  if (cookies.length) void reply.header('set-cookie', cookies);
}

const WRONG_LOGIN = { statusCode: 401, error: 'Unauthorized', message: 'Wrong email or password.' };

export interface AuthRoutesOptions {
  /** Logins allowed per address per minute. */
  loginsPerMinute?: number;
}

const auth: FastifyPluginAsync<AuthRoutesOptions> = async (app, options) => {
  app.post(
    '/api/auth/login',
    {
      config: {
        rateLimit: { max: options.loginsPerMinute ?? 10, timeWindow: '1 minute' },
        signsIn: true,
        docs: {
          success: { schema: accountSchema, description: 'Logged in: the session cookie is set' },
          errors: { 401: 'Wrong email or password', 429: 'Too many logins from this address; wait a minute' },
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'Log in to the console',
        security: [],
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['email', 'password'],
          properties: { email: definitionRef('email'), password: { type: 'string', minLength: 1, maxLength: 256 } },
        },
        response: {
          200: accountSchema,
          401: {
            type: 'object',
            properties: { statusCode: { type: 'integer' }, error: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body as { email: string; password: string };
      // Only console accounts: a storefront visitor's correct password opens no session here.
      const account = await app.accounts.findByEmail(email);
      if (!account) return reply.code(401).send(WRONG_LOGIN);
      const response = await app.accounts.auth.api.signInEmail({
        body: { email, password },
        headers: fetchHeaders(request),
        asResponse: true,
      });
      if (!response.ok) return reply.code(401).send(WRONG_LOGIN);
      forwardCookies(response, reply);
      return account;
    },
  );

  app.post(
    '/api/auth/logout',
    {
      schema: { tags: ['auth'], summary: 'End the session' },
      config: { docs: { success: { status: 204, description: 'Logged out; the session no longer works' } } },
    },
    async (request, reply) => {
      app.accounts.forgetSession(request.headers.cookie);
      // The console's live pages of this session stop at once, not at their next reconnect.
      endSessionStreams(app, request.headers.cookie);
      const response = await app.accounts.auth.api.signOut({ headers: fetchHeaders(request), asResponse: true });
      forwardCookies(response, reply);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/auth/me',
    {
      onRequest: app.authenticate,
      config: { docs: { success: { schema: accountSchema } } },
      schema: { tags: ['auth'], summary: 'The logged-in account', response: { 200: accountSchema } },
    },
    async (request) => request.account,
  );
};

export default auth;
