/**
 * Console accounts and sessions, decorated as `app.accounts`, plus the guards routes use:
 * - `app.authenticate`: 401 unless the request carries a valid session;
 * - `app.requireTenant`: also 404 unless the account may reach the tenant in the URL
 *   (the same answer as for a tenant that does not exist, so none is disclosed);
 * - `app.requirePlatform`: 403 unless the account is platform staff.
 * Mutations authenticated by cookie must come from this server's own origin (CSRF).
 */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Accounts, canReach, SESSION_COOKIE, type Account } from '../../auth/accounts';
import type { ServerConfig } from '../../config';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts;
    authenticate: preHandlerAsyncHookHandler;
    requireTenant: preHandlerAsyncHookHandler;
    requirePlatform: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    account?: Account;
  }
}

export interface AccountsPluginOptions {
  config: ServerConfig;
  accounts?: Accounts;
}

/** The request's headers as the Fetch API's Headers (what better-auth reads). */
export function fetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Origins compared in URL's normal form (lowercase, default port dropped). */
function normalOrigin(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

function ownOrigin(request: FastifyRequest): string | undefined {
  return normalOrigin(`${request.protocol}://${request.host}`);
}

function hasSessionCookie(request: FastifyRequest): boolean {
  return (request.headers.cookie ?? '').split(';').some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`) || part.trim().startsWith(`__Secure-${SESSION_COOKIE}=`));
}

/** The origin a mutation came from: Origin, else Referer's origin. */
function requestOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') return normalOrigin(origin);
  const referer = request.headers.referer;
  return referer ? normalOrigin(referer) : undefined;
}

export default fp<AccountsPluginOptions>(
  async (app, options) => {
    const accounts = options.accounts ?? (await Accounts.open({ dataDir: options.config.dataDir, secureCookies: options.config.secureCookies }));
    app.decorate('accounts', accounts);
    app.addHook('onClose', async () => {
      if (!options.accounts) await accounts.close();
    });

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (SAFE_METHODS.has(request.method) || !hasSessionCookie(request)) return;
      const origin = requestOrigin(request);
      if (origin === undefined || origin !== ownOrigin(request)) {
        await reply.code(403).send({ statusCode: 403, error: 'Forbidden', message: 'Cross-site request refused: a change made with a session cookie must come from this site.' });
      }
    });

    const authenticate: preHandlerAsyncHookHandler = async (request, reply) => {
      request.account = await accounts.fromCookie(request.headers.cookie, () => fetchHeaders(request));
      if (!request.account) await reply.code(401).send({ statusCode: 401, error: 'Unauthorized', message: 'Log in to use the console.' });
    };
    app.decorate('authenticate', authenticate);

    app.decorate('requireTenant', async function requireTenant(request: FastifyRequest, reply: FastifyReply) {
      await authenticate.call(app, request, reply);
      if (reply.sent) return;
      const { tenantId } = request.params as { tenantId?: string };
      if (!tenantId || !canReach(request.account!, tenantId)) {
        await reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `No tenant ${JSON.stringify(tenantId)}` });
      }
    });

    app.decorate('requirePlatform', async function requirePlatform(request: FastifyRequest, reply: FastifyReply) {
      await authenticate.call(app, request, reply);
      if (reply.sent) return;
      if (request.account!.role !== 'platform') await reply.code(403).send({ statusCode: 403, error: 'Forbidden', message: 'Only platform staff may do this.' });
    });
  },
  { name: 'accounts' },
);
