/**
 * Console accounts and sessions, decorated as `app.accounts`, plus the guards routes use:
 * - `app.authenticate`: 401 unless the request carries a valid session;
 * - `app.requireTenant`: also 404 unless the account may reach the tenant in the URL
 *   (the same answer as for a tenant that does not exist, so none is disclosed);
 * - `app.requirePlatform`: 403 unless the account is platform staff.
 * Routes run them as `onRequest` hooks, before the body is read or the parameters validated, so
 * an anonymous caller is answered 401 at once whatever it sends (a 16 MB body is never parsed,
 * and nothing tells it which tenant ids are well formed).
 * Mutations authenticated by cookie must come from this server's own origin (CSRF).
 */
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Accounts, canReach, sessionTokenOf, type Account } from '../../auth/accounts';
import { AuthLibrary } from '../../auth/auth-library';
import type { ServerConfig } from '../../config';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts;
    /** The auth library console accounts and visitors share. */
    authLibrary: AuthLibrary;
    authenticate: GuardHook;
    requireTenant: GuardHook;
    requirePlatform: GuardHook;
    /** Whether browsers on this origin may make changes (logins, cookie-authenticated writes). */
    isAllowedOrigin(request: FastifyRequest, origin: string): boolean;
  }
  interface FastifyRequest {
    account?: Account;
  }
  interface FastifyContextConfig {
    /** The route signs someone in: a browser must send it from this site (login CSRF), cookie or not. */
    signsIn?: boolean;
  }
}

/** A guard run as an onRequest hook; `guard` names it (the API documentation reads it). */
export type GuardHook = onRequestHookHandler & { guard: 'authenticate' | 'requireTenant' | 'requirePlatform' };

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
    const origin = new URL(value).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

function hasSessionCookie(request: FastifyRequest): boolean {
  return sessionTokenOf(request.headers.cookie) !== undefined;
}

/**
 * The origin a request says it came from: Origin, else Referer's origin; `null` when the
 * browser hid it (Origin: null, from a sandboxed frame or a privacy redirect), undefined when
 * neither header was sent (a client that is not a browser).
 */
function requestOrigin(request: FastifyRequest): string | null | undefined {
  const origin = request.headers.origin;
  if (origin !== undefined) return normalOrigin(origin) ?? null;
  const referer = request.headers.referer;
  return referer === undefined ? undefined : (normalOrigin(referer) ?? null);
}

/** Host names that only ever reach this machine: a DNS name pointed here by someone else is not one. */
export const LOOPBACK_HOST = /^(?:localhost|[a-z0-9-]+\.localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

const CROSS_SITE_MESSAGE = 'Cross-site request refused: a change made with a session cookie must come from this site.';
const LOGIN_CROSS_SITE_MESSAGE = 'Cross-site login refused: log in from this site.';

export default fp<AccountsPluginOptions>(
  async (app, options) => {
    const library =
      options.accounts?.library ??
      (await AuthLibrary.open({
        dataDir: options.config.dataDir,
        databaseUrl: options.config.databaseUrl,
        secret: options.config.authSecret,
        secureCookies: options.config.secureCookies,
        publicOrigins: options.config.publicOrigins,
      }));
    const accounts = options.accounts ?? (await Accounts.open({ library }));
    app.decorate('authLibrary', library);
    app.decorate('accounts', accounts);
    app.addHook('onClose', async () => {
      if (!options.accounts) await library.close();
    });

    const { publicOrigins } = options.config;
    /**
     * Whether browsers on `origin` may change things here. With BACKLOT_PUBLIC_URL set, its
     * origins (the Host header is the caller's to choose, so it is never trusted alone); on a
     * local install, the request's own origin when its host is loopback. Either way, a tenant's
     * configured storefront domain served by this server is its own origin.
     */
    const isAllowedOrigin = (request: FastifyRequest, origin: string): boolean => {
      if (publicOrigins.includes(origin)) return true;
      if (origin !== normalOrigin(`${request.protocol}://${request.host}`)) return false;
      const hostname = new URL(origin).hostname;
      return (
        (publicOrigins.length === 0 && LOOPBACK_HOST.test(hostname)) ||
        app.tenantStore.tenantForDomain(hostname) !== undefined
      );
    };
    app.decorate('isAllowedOrigin', isAllowedOrigin);

    // Callback-style hooks with synchronous fast paths: every request passes here, and each
    // promise costs more while better-auth's AsyncLocalStorage keeps async hooks on.
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
      if (SAFE_METHODS.has(request.method)) return done();
      const origin = requestOrigin(request);
      if (hasSessionCookie(request)) {
        // Browsers send Origin on every cross-site POST, PUT and DELETE: a cookie without one is refused too.
        if (!origin || !isAllowedOrigin(request, origin))
          return void reply.code(403).send({ statusCode: 403, error: 'Forbidden', message: CROSS_SITE_MESSAGE });
      } else if (request.routeOptions.config?.signsIn && origin !== undefined) {
        // Login CSRF: a foreign page must not log a visitor into an account of its choosing. A
        // client that sends no Origin at all is not a browser (browsers always send it here).
        if (origin === null || !isAllowedOrigin(request, origin))
          return void reply.code(403).send({ statusCode: 403, error: 'Forbidden', message: LOGIN_CROSS_SITE_MESSAGE });
      }
      done();
    });

    /**
     * A guard: finds the account (from the session cache without I/O when it can), answers 401
     * without one, then lets `check` refuse; otherwise the request goes on.
     */
    const guard = (
      name: GuardHook['guard'],
      check: (request: FastifyRequest, reply: FastifyReply) => void,
      then?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
    ): GuardHook => {
      const hook: onRequestHookHandler = (request, reply, done) => {
        const decide = (account: Account | undefined) => {
          request.account = account;
          if (!account)
            return void reply
              .code(401)
              .send({ statusCode: 401, error: 'Unauthorized', message: 'Log in to use the console.' });
          check(request, reply);
          if (reply.sent) return;
          if (!then) return done();
          then(request, reply).then(() => {
            if (!reply.sent) done();
          }, done);
        };
        const known = accounts.remembered(request.headers.cookie);
        if (known) return decide(known.account);
        accounts
          .fromCookie(request.headers.cookie, () => fetchHeaders(request))
          .then(decide)
          .catch(done);
      };
      return Object.assign(hook, { guard: name });
    };

    /**
     * A tenant closed (archived) or never made: nobody reaches it, whatever their account still
     * lists, except platform staff reading what it kept (for its accountant), never writing. Known
     * tenants pass without I/O; a miss asks the store (a tenant made a moment ago on another server).
     */
    const closedTenant = async (request: FastifyRequest, reply: FastifyReply) => {
      const { tenantId } = request.params as { tenantId: string };
      if (app.tenantStore.has(tenantId) || (await app.tenantStore.get(tenantId).catch(() => null)) !== undefined)
        return;
      const closed = await app.tenantStore.everUsed(tenantId);
      if (closed && request.account!.role === 'platform-staff' && SAFE_METHODS.has(request.method)) return;
      void reply.code(closed ? 410 : 404).send(
        closed
          ? {
              statusCode: 410,
              error: 'Gone',
              message: `${tenantId} was closed: what it kept is read-only, for platform staff`,
            }
          : { statusCode: 404, error: 'Not Found', message: `No tenant ${JSON.stringify(tenantId)}` },
      );
    };

    app.decorate(
      'authenticate',
      guard('authenticate', () => undefined),
    );
    app.decorate(
      'requireTenant',
      guard(
        'requireTenant',
        (request, reply) => {
          const { tenantId } = request.params as { tenantId?: string };
          if (!tenantId || !canReach(request.account!, tenantId))
            void reply
              .code(404)
              .send({ statusCode: 404, error: 'Not Found', message: `No tenant ${JSON.stringify(tenantId)}` });
        },
        closedTenant,
      ),
    );
    app.decorate(
      'requirePlatform',
      guard('requirePlatform', (request, reply) => {
        if (request.account!.role !== 'platform-staff')
          void reply
            .code(403)
            .send({ statusCode: 403, error: 'Forbidden', message: 'Only platform staff may do this.' });
      }),
    );
  },
  { name: 'accounts', dependencies: ['tenant-store'] },
);
