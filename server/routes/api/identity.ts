/**
 * Storefront visitors (spec §4–§8), for the tenant the Host resolves to:
 * - GET  /api/identity/bot-check?action=signup  a bot-check token (the local provider's)
 * - POST /api/identity/signup   email, password, bot-check token → signed in, profile made
 * - POST /api/identity/login    email, password → signed in (a new session token every time)
 * - POST /api/identity/logout   ends the session
 * - GET  /api/identity/session  who is signed in here, with their profile
 * - PUT  /api/identity/profile  the visitor's own details (the fields the schema lets them edit)
 * - GET  /api/identity/events   server-sent events: the profile as it changes, vendor changes
 * Failures answer §8's words with their `reason`. Sign-up and login are rate-limited per address
 * and, like the console's login, refused from a foreign page (login CSRF).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { definitionRef } from '../../../schema/definitions';
import { onboardingPath } from '../../../schema/routes';
import { VISITOR_EDITABLE_FIELDS, visitorProfileBodySchema } from '../../../schema/visitor-forms';
import type { UserProfile } from '../../../schema/types.generated';
import type { SignedInAnswer, SignedInVisitor, VisitorEvents, VisitorSession } from '../../../schema/visitor-session';
import type { IdentityUser, SignedIn } from '../../identity/identity-provider';
import { AuthFailure } from '../../identity/messages';
import { fetchHeaders } from '../../plugins/app/accounts';

export interface IdentityRoutesOptions {
  /** Sign-ups and logins allowed per address per minute. */
  attemptsPerMinute?: number;
}

const sessionSchema = { type: 'object', additionalProperties: true, required: ['status'], properties: { status: { type: 'string', enum: ['authenticated', 'notAuthenticated'] } } } as const;
const credentials = { email: definitionRef('email'), password: definitionRef('password') };
const NOT_SIGNED_IN = { statusCode: 401, error: 'Unauthorized', message: 'Log in on this storefront first.' };
/** How often an open event stream says it is alive, so proxies keep it open. */
const KEEP_ALIVE_MS = 25_000;

const identity: FastifyPluginAsync<IdentityRoutesOptions> = async (app, options) => {
  const attempts = { rateLimit: { max: options.attemptsPerMinute ?? 10, timeWindow: '1 minute' }, signsIn: true };

  const vendorNameOf = async (tenantId: string) => (await app.tenantStore.get(tenantId))?.tenant.vendor.name ?? tenantId;

  /** Sets the session cookie, then makes the visitor a user of this tenant (membership, profile). */
  const answerSignedIn = async (request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn, botCheckToken?: string): Promise<SignedInAnswer> => {
    void reply.header('set-cookie', signedIn.setCookies);
    const { tenantId } = request;
    const entered = await app.visitors.enter(signedIn.user, { tenantId, vendorName: await vendorNameOf(tenantId), ipAddress: request.ip, botCheckToken, now: new Date() });
    return {
      status: 'authenticated',
      uid: signedIn.user.uid,
      email: signedIn.user.email,
      vendors: entered.vendors,
      profile: entered.profile,
      ...(entered.isNewHere && { next: onboardingPath(tenantId) }),
    };
  };

  /** A new session replaces the one the browser had (session rotation): the old one is ended first. */
  const endPreviousSession = async (request: FastifyRequest) => {
    if (request.headers.cookie) await app.identity.signOut(fetchHeaders(request)).catch(() => undefined);
  };

  const signedInHere = async (request: FastifyRequest): Promise<{ user?: IdentityUser; session: VisitorSession }> => {
    const user = await app.identity.userOf(fetchHeaders(request));
    if (!user) return { session: { status: 'notAuthenticated', reason: 'noToken' } };
    const profile = await app.visitors.profileHere(user, request.tenantId);
    if (!profile) return { user, session: { status: 'notAuthenticated', reason: 'tokenDoesntMatchUser' } };
    const visitor: SignedInVisitor = { status: 'authenticated', uid: user.uid, email: user.email, vendors: user.vendors, profile };
    return { user, session: visitor };
  };

  app.get(
    '/api/identity/bot-check',
    {
      config: { docs: { success: { description: 'A token for the action, good for two minutes' } } },
      schema: {
        tags: ['identity'],
        summary: 'A bot-check token from the local provider (dev and tests; production uses reCAPTCHA)',
        security: [],
        querystring: { type: 'object', additionalProperties: false, required: ['action'], properties: { action: { type: 'string', enum: ['signup'] } } },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { token: app.botCheck.issue((request.query as { action: string }).action) };
    },
  );

  app.post(
    '/api/identity/signup',
    {
      config: {
        ...attempts,
        docs: {
          success: { status: 201, schema: sessionSchema, description: 'Signed up and in; `next` is the onboarding page' },
          errors: { 409: 'This email address is already registered', 429: 'Too many attempts from this address' },
        },
      },
      schema: {
        tags: ['identity'],
        summary: 'Sign up with email and password',
        security: [],
        // The email may be missing: §5 names that failure itself ('Missing email address').
        body: { type: 'object', additionalProperties: false, required: ['password'], properties: { ...credentials, botCheckToken: { type: 'string', maxLength: 4096 } } },
      },
    },
    async (request, reply) => {
      const body = request.body as { email?: string; password: string; botCheckToken?: string };
      if (!body.email?.trim()) throw new AuthFailure('missingEmail');
      await app.botCheck.verify(body.botCheckToken, 'signup');
      await endPreviousSession(request);
      const signedIn = await app.identity.signUp({ email: body.email, password: body.password }, fetchHeaders(request));
      return reply.code(201).send(await answerSignedIn(request, reply, signedIn, body.botCheckToken));
    },
  );

  app.post(
    '/api/identity/login',
    {
      config: {
        ...attempts,
        docs: { success: { schema: sessionSchema, description: 'Signed in' }, errors: { 401: 'Unknown email or wrong password (`reason` says which)', 429: 'Too many attempts from this address' } },
      },
      schema: {
        tags: ['identity'],
        summary: 'Log in with email and password',
        security: [],
        body: { type: 'object', additionalProperties: false, required: ['email', 'password'], properties: credentials },
      },
    },
    async (request, reply) => {
      const body = request.body as { email: string; password: string };
      await endPreviousSession(request);
      const signedIn = await app.identity.signIn(body, fetchHeaders(request));
      return answerSignedIn(request, reply, signedIn);
    },
  );

  app.post('/api/identity/logout', { schema: { tags: ['identity'], summary: 'Log out' }, config: { docs: { success: { status: 204, description: 'Logged out' } } } }, async (request, reply) => {
    app.accounts.forgetSession(request.headers.cookie);
    void reply.header('set-cookie', await app.identity.signOut(fetchHeaders(request)));
    return reply.code(204).send();
  });

  app.get(
    '/api/identity/session',
    { schema: { tags: ['identity'], summary: 'Who is signed in on this storefront', security: [] }, config: { docs: { success: { schema: sessionSchema } } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return (await signedInHere(request)).session;
    },
  );

  app.put(
    '/api/identity/profile',
    {
      schema: { tags: ['identity'], summary: "The signed-in visitor's own details; a field left out or empty is cleared", body: visitorProfileBodySchema },
      config: { docs: { success: { description: 'The profile as saved' }, errors: { 401: 'Nobody is signed in on this storefront' } } },
    },
    async (request, reply) => {
      const { user, session } = await signedInHere(request);
      if (!user || session.status !== 'authenticated') return reply.code(401).send(NOT_SIGNED_IN);
      const edits = request.body as Record<string, string | undefined>;
      const now = new Date().toISOString();
      return app.profileStore.update(request.tenantId, user.uid, (current) => {
        const next: Record<string, unknown> = { ...current, updatedAt: now };
        for (const name of VISITOR_EDITABLE_FIELDS) {
          const value = edits[name]?.trim();
          if (value) next[name] = value;
          else delete next[name];
        }
        return next as unknown as UserProfile;
      });
    },
  );

  const streams = new Set<FastifyReply>();
  app.addHook('preClose', async () => {
    for (const reply of streams) reply.raw.end();
  });

  app.get(
    '/api/identity/events',
    {
      schema: { tags: ['identity'], summary: "The signed-in visitor's profile, live (server-sent events)" },
      config: { docs: { success: { description: 'text/event-stream: `profile`, `vendors` and `signedOut` events' }, errors: { 401: 'Nobody is signed in on this storefront' } } },
    },
    async (request, reply) => {
      const { user, session } = await signedInHere(request);
      if (!user || session.status !== 'authenticated') return reply.code(401).send(NOT_SIGNED_IN);
      const { tenantId } = request;
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
      const send = <E extends keyof VisitorEvents>(event: E, data: VisitorEvents[E]) => reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      streams.add(reply);
      const unsubscribe = app.profileStore.subscribe(tenantId, user.uid, (profile) => (profile ? send('profile', profile) : send('signedOut', {})));
      let vendors = user.vendors;
      const onMembership = async (uid: string) => {
        if (uid !== user.uid) return;
        const now = await app.authLibrary.membershipsOf(uid);
        const next = now.map((m) => m.tenantId).sort();
        if (next.join() !== vendors.join()) send('vendors', (vendors = next));
      };
      app.authLibrary.events.on('membership', onMembership);
      const keepAlive = setInterval(() => reply.raw.write(': alive\n\n'), KEEP_ALIVE_MS);
      reply.raw.write('retry: 3000\n\n');
      request.raw.once('close', () => {
        clearInterval(keepAlive);
        unsubscribe();
        app.authLibrary.events.off('membership', onMembership);
        streams.delete(reply);
      });
    },
  );
};

export default identity;
