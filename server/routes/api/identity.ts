/**
 * Storefront visitors (spec §4–§8), for the tenant the Host resolves to:
 * - GET  /api/identity/bot-check?action=signup  a bot-check token (local), or reCAPTCHA's site key and script
 * - POST /api/identity/signup   email, password, bot-check token → signed in, profile made
 * - POST /api/identity/login    email, password → signed in (a new session token every time), or
 *                                a second factor pending (a code is texted to the enrolled phone)
 * - POST /api/identity/second-factor/send     texts the pending sign-in's code (again)
 * - POST /api/identity/second-factor/confirm  the code → signed in
 * - POST /api/identity/phone/code  a code to prove a phone number; POST /api/identity/phone enrols it
 * - POST /api/identity/sign-in-link  mails a sign-in link; GET /api/identity/sign-in-link?token= follows it
 * - POST /api/identity/email-verification  mails the email confirmation link (again: sign-up and an
 *   email change send one); GET /api/identity/verify-email?token= follows it
 * - POST /api/identity/impersonation  redeems a staff view ticket (from the console); /stop ends it
 * - POST /api/identity/hand-off  (the platform) a house's link that signs this visitor in there;
 *   GET /api/identity/hand-off?token= follows it at the house
 * - POST /api/identity/password | /email | /delete  the account (§7), each with the current password;
 *   a new email is mailed a link (GET /api/identity/email-change) and changes only when it is
 *   followed; the old address is then mailed a week's undo (GET /api/identity/email-change/undo)
 * - POST /api/identity/logout   ends the session
 * - GET  /api/identity/session  who is signed in here, with their profile
 * - PUT  /api/identity/profile  the visitor's own details (the fields the schema lets them edit)
 * - GET  /api/identity/events   server-sent events: the profile as it changes, vendor changes
 * Failures answer §8's words with their `reason`. Sign-up and login are rate-limited per address
 * and, like the console's login, refused from a foreign page (login CSRF).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { definitionRef } from '../../../schema/definitions';
import { plainText } from '../../../schema/plain-text';
import { onboardingPath, PLATFORM_TENANT_ID } from '../../../schema/routes';
import { withDefaults } from '../../../schema/defaults';
import { VISITOR_EDITABLE_FIELDS, visitorProfileBodySchema } from '../../../schema/visitor-forms';
import type { UserProfile } from '../../../schema/types.generated';
import {
  isPermanentSecondFactorFailure,
  type SecondFactorNeeded,
  type SignedInAnswer,
  type SignedInVisitor,
  type VisitorEvents,
  type VisitorSession,
} from '../../../schema/visitor-session';
import { HAND_OFF_TICKET_SECONDS, type IdentityUser, type SignedIn } from '../../identity/identity-provider';
import { cookieHeader } from '../../identity/cookies';
import { AuthFailure } from '../../identity/messages';
import { fetchHeaders } from '../../plugins/app/accounts';
import { endSessionStreams, eventStreams } from '../../lib/event-stream';
import { ORIGIN_HEADER } from '../../plugins/app/identity';
import { emailChangedMessage, emailChangeMessage } from '../../mail/messages';
import { sendTenantMail } from '../../mail/tenant-mail';
import { requirePlatformStorefront, storefrontOrigin as houseOrigin } from './storefront-origin';
import { visitorHere } from './visitor-here';

export interface IdentityRoutesOptions {
  /** Sign-ups and logins allowed per address per minute. */
  attemptsPerMinute?: number;
}

const sessionSchema = {
  type: 'object',
  additionalProperties: true,
  required: ['status'],
  properties: { status: { type: 'string', enum: ['authenticated', 'anonymous', 'notAuthenticated'] } },
} as const;
const credentials = { email: definitionRef('email'), password: definitionRef('password') };
/** A phone number as it is stored and texted: its digits, with a leading + kept. */
const normalPhone = (phone: string) => phone.trim().replace(/(?!^\+)[^0-9]/g, '');

/** The request's headers with the cookies a reply just set, as the browser's next request would carry them. */
function withCookies(headers: Headers, setCookies: string[]): Headers {
  const next = new Headers(headers);
  next.set('cookie', cookieHeader(setCookies, headers.get('cookie') ?? ''));
  return next;
}

/** A texted code, as the forms send it. */
const codeSchema = { type: 'string', pattern: '^[0-9]{4,10}$' } as const;

/** An email change's tickets: the link to the new address (a day), and the old address's undo (a week). */
const EMAIL_CHANGE = 'email-change';
const EMAIL_CHANGE_UNDO = 'email-change-undo';
const EMAIL_CHANGE_HOURS = 24;
const EMAIL_CHANGE_UNDO_DAYS = 7;
/** The platform's hand-off of a signed-in production to a house. */
const HAND_OFF = 'hand-off';

const NOT_SIGNED_IN = { statusCode: 401, error: 'Unauthorized', message: 'Log in on this storefront first.' };

const identity: FastifyPluginAsync<IdentityRoutesOptions> = async (app, options) => {
  const attempts = { rateLimit: { max: options.attemptsPerMinute ?? 10, timeWindow: '1 minute' }, signsIn: true };

  const vendorNameOf = async (tenantId: string) =>
    (await app.tenantStore.get(tenantId))?.tenant.vendor.name ?? tenantId;

  /** Sets the session cookie, then makes the visitor a user of this tenant (membership, profile). */
  const answerSignedIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    signedIn: SignedIn,
    extra: { botCheckToken?: string; wasAnonymous?: boolean } = {},
  ): Promise<SignedInAnswer> => {
    void reply.header('set-cookie', signedIn.setCookies);
    const { tenantId } = request;
    const entered = await app.visitors.enter(signedIn.user, {
      tenantId,
      vendorName: await vendorNameOf(tenantId),
      ipAddress: request.ip,
      ...extra,
      now: new Date(),
    });
    return {
      status: 'authenticated',
      uid: signedIn.user.uid,
      email: signedIn.user.email,
      vendors: entered.vendors,
      profile: entered.profile,
      ...(signedIn.user.phoneHint && { phoneHint: signedIn.user.phoneHint }),
      ...(entered.isNewHere && { next: onboardingPath(tenantId) }),
    };
  };

  /**
   * A new session replaces the one the browser had (session rotation): the old one is ended first,
   * except a guest's, which the library links to the account it becomes (and then removes). Answers
   * whether the browser was a guest, and the headers to sign in with: without the ended session's
   * cookie (the library would otherwise clear the new session's cookie as it finds the old one gone).
   */
  const endPreviousSession = async (request: FastifyRequest): Promise<{ wasAnonymous: boolean; headers: Headers }> => {
    const headers = fetchHeaders(request);
    if (!request.headers.cookie) return { wasAnonymous: false, headers };
    const previous = await app.identity.userOf(headers).catch(() => undefined);
    if (previous?.isAnonymous) return { wasAnonymous: true, headers };
    await app.identity.signOut(headers).catch(() => undefined);
    headers.delete('cookie');
    return { wasAnonymous: false, headers };
  };

  /** The headers of a call whose mailed link leads back to this storefront, as the browser reached it. */
  /** The storefront's origin as the asking browser reached it: where a mailed link leads back to. */
  const storefrontOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
  const linkingBack = (request: FastifyRequest, headers = fetchHeaders(request)): Headers => {
    const linking = new Headers(headers);
    linking.set(ORIGIN_HEADER, storefrontOrigin(request));
    return linking;
  };

  /**
   * Mails the session's owner a link confirming their email. A mail that cannot go out now does not
   * undo the sign-up or change that asked for it: it is logged, and the account page sends another.
   */
  const mailEmailConfirmation = async (request: FastifyRequest, headers: Headers) => {
    try {
      await app.identity.sendEmailVerification(linkingBack(request, headers));
    } catch (error) {
      request.log.error({ err: error }, 'the email confirmation link could not be sent');
    }
  };

  const signedInHere = async (request: FastifyRequest): Promise<{ user?: IdentityUser; session: VisitorSession }> => {
    const user = await app.identity.userOf(fetchHeaders(request));
    if (!user) return { session: { status: 'notAuthenticated', reason: 'noToken' } };
    if (user.isAnonymous) return { user, session: { status: 'anonymous' } };
    const profile = await app.visitors.profileHere(user, request.tenantId);
    if (!profile) return { user, session: { status: 'notAuthenticated', reason: 'tokenDoesntMatchUser' } };
    const visitor: SignedInVisitor = {
      status: 'authenticated',
      uid: user.uid,
      email: user.email,
      vendors: user.vendors,
      profile,
      ...(user.phoneHint && { phoneHint: user.phoneHint }),
      ...(user.impersonatedBy && { impersonatedBy: { email: user.impersonatedBy.email } }),
    };
    return { user, session: visitor };
  };

  app.get(
    '/api/identity/bot-check',
    {
      config: {
        docs: {
          success: {
            description:
              "The local provider: `{ provider: 'local', token }`, good for two minutes. reCAPTCHA v3: `{ provider: 'recaptcha', siteKey, scriptUrl }`, for the browser to ask it",
          },
        },
      },
      schema: {
        tags: ['identity'],
        summary: "How the browser gets the sign-up's bot-check token",
        security: [],
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['action'],
          properties: { action: { type: 'string', enum: ['signup'] } },
        },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return app.botCheck.forBrowser((request.query as { action: string }).action);
    },
  );

  app.post(
    '/api/identity/anonymous',
    {
      config: {
        ...attempts,
        docs: {
          success: { schema: sessionSchema, description: 'A guest session; signing up later keeps it as the account' },
        },
      },
      schema: { tags: ['identity'], summary: 'Continue as a guest (§4 anonymous login)', security: [] },
    },
    async (request, reply) => {
      const { session } = await signedInHere(request);
      // Already someone here (a guest or a visitor): nothing new is made.
      if (session.status !== 'notAuthenticated') return session;
      void reply.header('set-cookie', (await app.identity.signInAnonymously(fetchHeaders(request))).setCookies);
      const guest: VisitorSession = { status: 'anonymous' };
      return guest;
    },
  );

  app.post(
    '/api/identity/signup',
    {
      config: {
        ...attempts,
        docs: {
          success: {
            status: 201,
            schema: sessionSchema,
            description: 'Signed up and in; `next` is the onboarding page',
          },
          errors: { 409: 'This email address is already registered', 429: 'Too many attempts from this address' },
        },
      },
      schema: {
        tags: ['identity'],
        summary: 'Sign up with email and password',
        security: [],
        // The email may be missing: §5 names that failure itself ('Missing email address').
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['password'],
          properties: { ...credentials, botCheckToken: { type: 'string', maxLength: 4096 } },
        },
      },
    },
    async (request, reply) => {
      const body = request.body as { email?: string; password: string; botCheckToken?: string };
      if (!body.email?.trim()) throw new AuthFailure('missingEmail');
      await app.botCheck.verify(body.botCheckToken, 'signup');
      const { wasAnonymous, headers } = await endPreviousSession(request);
      const signedIn = await app.identity.signUp({ email: body.email, password: body.password }, headers);
      const answer = await answerSignedIn(request, reply, signedIn, {
        botCheckToken: body.botCheckToken,
        wasAnonymous,
      });
      await mailEmailConfirmation(request, withCookies(headers, signedIn.setCookies));
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/api/identity/login',
    {
      config: {
        ...attempts,
        docs: {
          success: { schema: sessionSchema, description: 'Signed in' },
          errors: {
            401: 'Unknown email or wrong password (`reason` says which)',
            429: 'Too many attempts from this address',
          },
        },
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
      const { headers } = await endPreviousSession(request);
      const result = await app.identity.signIn(body, headers);
      if ('secondFactorPending' in result) {
        // The code goes out at once; the page offers to send another.
        const kept = await app.identity.sendSecondFactorCode(withCookies(headers, result.setCookies));
        void reply.header('set-cookie', [...result.setCookies, ...kept]);
        const pending: SecondFactorNeeded = {
          status: 'notAuthenticated',
          reason: 'waitingFor2ndFactor',
          phoneHint: result.phoneHint,
        };
        return pending;
      }
      return answerSignedIn(request, reply, result);
    },
  );

  app.post(
    '/api/identity/second-factor/send',
    {
      config: {
        ...attempts,
        docs: {
          success: { status: 204, description: 'A new code is on its way' },
          errors: { 401: 'No sign-in is waiting for a code', 429: 'Too many attempts' },
        },
      },
      schema: { tags: ['identity'], summary: "Text the pending sign-in's code again", security: [] },
    },
    async (request, reply) => {
      const kept = await app.identity.sendSecondFactorCode(fetchHeaders(request));
      if (kept.length) void reply.header('set-cookie', kept);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/identity/second-factor/confirm',
    {
      config: {
        ...attempts,
        docs: {
          success: { schema: sessionSchema, description: 'Signed in' },
          errors: {
            400: 'A wrong or expired code: try again',
            401: 'No sign-in is waiting (it timed out): log in again',
            429: 'Too many wrong codes: log in again',
          },
        },
      },
      schema: {
        tags: ['identity'],
        summary: 'Finish a sign-in with the texted code',
        security: [],
        body: { type: 'object', additionalProperties: false, required: ['code'], properties: { code: codeSchema } },
      },
    },
    async (request, reply) => {
      try {
        const signedIn = await app.identity.confirmSecondFactor(
          (request.body as { code: string }).code,
          fetchHeaders(request),
        );
        return await answerSignedIn(request, reply, signedIn);
      } catch (error) {
        // §4's permanent failure ends the pending sign-in: the next try starts from the password.
        if (error instanceof AuthFailure && isPermanentSecondFactorFailure(error.statusCode))
          void reply.header('set-cookie', app.identity.endPendingSignIn());
        throw error;
      }
    },
  );

  app.post(
    '/api/identity/phone/code',
    {
      config: {
        ...attempts,
        docs: {
          success: { status: 204, description: 'A code is on its way to the phone' },
          errors: { 401: 'Nobody is signed in on this storefront' },
        },
      },
      schema: {
        tags: ['identity'],
        summary: 'Text a code that proves a phone number',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['phoneNumber'],
          properties: { phoneNumber: definitionRef('phone') },
        },
      },
    },
    async (request, reply) => {
      const { user } = await signedInHere(request);
      if (!user) return reply.code(401).send(NOT_SIGNED_IN);
      const kept = await app.identity.sendPhoneCode(
        normalPhone((request.body as { phoneNumber: string }).phoneNumber),
        fetchHeaders(request),
      );
      if (kept.length) void reply.header('set-cookie', kept);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/identity/phone',
    {
      config: {
        ...attempts,
        docs: {
          success: { status: 204, description: 'The phone now carries the second factor' },
          errors: {
            401: 'Nobody is signed in, or the password is wrong',
            409: 'The phone number is used by another account',
          },
        },
      },
      schema: {
        tags: ['identity'],
        summary: 'Enrol the proven phone as the second factor',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['phoneNumber', 'code', 'password'],
          properties: { phoneNumber: definitionRef('phone'), code: codeSchema, password: definitionRef('password') },
        },
      },
    },
    async (request, reply) => {
      const { user } = await signedInHere(request);
      if (!user) return reply.code(401).send(NOT_SIGNED_IN);
      const body = request.body as { phoneNumber: string; code: string; password: string };
      const setCookies = await app.identity.enrolPhone(
        { ...body, phoneNumber: normalPhone(body.phoneNumber) },
        fetchHeaders(request),
      );
      if (setCookies.length) void reply.header('set-cookie', setCookies);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/identity/sign-in-link',
    {
      config: {
        ...attempts,
        docs: {
          success: {
            status: 202,
            description: 'If the email has an account, a link is on its way (the answer is the same either way)',
          },
        },
      },
      schema: {
        tags: ['identity'],
        summary: 'Mail a sign-in link',
        security: [],
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['email'],
          properties: { email: definitionRef('email') },
        },
      },
    },
    async (request, reply) => {
      await app.identity.sendSignInLink((request.body as { email: string }).email, linkingBack(request));
      return reply.code(202).send({ sent: true });
    },
  );

  /**
   * A GET that follows a mailed link (its token in the query), then redirects: to where `follow`
   * says, or, when the link is refused, to `refusedAt` with the reason for the page to say.
   */
  const linkRoute = (
    url: string,
    docs: { summary: string; description: string; maxLength: number },
    follow: (token: string, request: FastifyRequest, reply: FastifyReply) => Promise<string>,
    refusedAt: (request: FastifyRequest) => string,
  ) =>
    app.get(
      url,
      {
        config: { docs: { success: { status: 302, description: docs.description } } },
        schema: {
          tags: ['identity'],
          summary: docs.summary,
          security: [],
          querystring: {
            type: 'object',
            required: ['token'],
            properties: { token: { type: 'string', minLength: 1, maxLength: docs.maxLength } },
          },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
        try {
          return reply.redirect(await follow((request.query as { token: string }).token, request, reply), 302);
        } catch (error) {
          if (!(error instanceof AuthFailure)) throw error;
          return reply.redirect(`${refusedAt(request)}?problem=${error.reason}`, 302);
        }
      },
    );

  linkRoute(
    '/api/identity/sign-in-link',
    {
      summary: 'Follow a sign-in link',
      description: 'Signed in: on to onboarding or the home page; a bad link goes to the login page, which says why',
      maxLength: 512,
    },
    async (token, request, reply) => {
      const { headers } = await endPreviousSession(request);
      const answer = await answerSignedIn(request, reply, await app.identity.signInWithLink(token, headers));
      return answer.next ?? '/?signedIn=link';
    },
    () => '/auth/login',
  );

  app.post(
    '/api/identity/email-verification',
    {
      config: {
        ...attempts,
        docs: {
          success: {
            status: 204,
            description: 'A confirmation link is on its way (nothing is sent for an email already confirmed)',
          },
          errors: { 401: 'Nobody is signed in on this storefront' },
        },
      },
      schema: { tags: ['identity'], summary: 'Mail the link that confirms the email address again' },
    },
    async (request, reply) => {
      const { user, session } = await signedInHere(request);
      if (!user || session.status !== 'authenticated') return reply.code(401).send(NOT_SIGNED_IN);
      await app.identity.sendEmailVerification(linkingBack(request));
      return reply.code(204).send();
    },
  );

  linkRoute(
    '/api/identity/verify-email',
    {
      summary: 'Follow an email confirmation link',
      description:
        'On to the onboarding page, which says the email is confirmed, or why the link did not work (where a new one is a button away)',
      maxLength: 2048,
    },
    async (token, request) => {
      const user = await app.identity.verifyEmail(token);
      await app.visitors.emailVerified(user, new Date());
      request.log.info({ uid: user.uid }, 'email confirmed');
      return `${onboardingPath(request.tenantId)}?emailConfirmed=1`;
    },
    (request) => onboardingPath(request.tenantId),
  );

  app.post(
    '/api/identity/logout',
    {
      schema: { tags: ['identity'], summary: 'Log out' },
      config: { docs: { success: { status: 204, description: 'Logged out' } } },
    },
    async (request, reply) => {
      app.accounts.forgetSession(request.headers.cookie);
      endSessionStreams(app, request.headers.cookie);
      void reply.header('set-cookie', await app.identity.signOut(fetchHeaders(request)));
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/identity/session',
    {
      schema: { tags: ['identity'], summary: 'Who is signed in on this storefront', security: [] },
      config: { docs: { success: { schema: sessionSchema } } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return (await signedInHere(request)).session;
    },
  );

  app.put(
    '/api/identity/profile',
    {
      schema: {
        tags: ['identity'],
        summary: "The signed-in visitor's own details; a field left out or empty is cleared",
        body: visitorProfileBodySchema,
      },
      config: {
        docs: {
          success: { description: 'The profile as saved' },
          errors: { 401: 'Nobody is signed in on this storefront' },
        },
      },
    },
    async (request, reply) => {
      const { user, session } = await signedInHere(request);
      if (!user || session.status !== 'authenticated') return reply.code(401).send(NOT_SIGNED_IN);
      const edits = request.body as Record<string, string | undefined>;
      const now = new Date().toISOString();
      return app.profileStore.update(request.tenantId, user.uid, (current) => {
        const next: Record<string, unknown> = { ...current, updatedAt: now };
        for (const name of VISITOR_EDITABLE_FIELDS) {
          // Names are kept as text people read: no NUL, controls or direction marks.
          const value = edits[name] === undefined ? undefined : plainText(edits[name]).trim();
          if (value) next[name] = value;
          else delete next[name];
        }
        return next as unknown as UserProfile;
      });
    },
  );

  /** Open event streams and how to let each go: at shutdown they end at once, so the process can exit. */
  app.post(
    '/api/identity/impersonation',
    {
      config: {
        ...attempts,
        docs: {
          success: { schema: sessionSchema, description: 'Signed in as the visitor, bannered as a staff view' },
          errors: { 400: 'The ticket was used or has expired' },
        },
      },
      schema: {
        tags: ['identity'],
        summary: 'Redeem a staff view ticket (a custom token)',
        security: [],
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['ticket'],
          properties: { ticket: { type: 'string', minLength: 1, maxLength: 4096 } },
        },
      },
    },
    async (request, reply) => {
      // The staff session this browser may hold here stays: the library keeps it aside, and ending the view restores it.
      const signedIn = await app.identity.signInWithTicket(
        (request.body as { ticket: string }).ticket,
        fetchHeaders(request),
      );
      const profile = await app.visitors.profileHere(signedIn.user, request.tenantId);
      if (!profile) throw new AuthFailure('invalidImpersonationTicket');
      void reply.header('set-cookie', signedIn.setCookies);
      request.log.info(
        { staff: signedIn.user.impersonatedBy?.email, visitor: signedIn.user.uid, tenantId: request.tenantId },
        'impersonation started',
      );
      const { uid, email, vendors, impersonatedBy } = signedIn.user;
      const answer: SignedInVisitor = {
        status: 'authenticated',
        uid,
        email,
        vendors,
        profile,
        ...(impersonatedBy && { impersonatedBy: { email: impersonatedBy.email } }),
      };
      return answer;
    },
  );

  app.post(
    '/api/identity/impersonation/stop',
    {
      schema: { tags: ['identity'], summary: 'End a staff view' },
      config: { docs: { success: { status: 204, description: 'The staff view is over' } } },
    },
    async (request, reply) => {
      const user = await app.identity.userOf(fetchHeaders(request));
      // Only a staff view ends here: anyone else's session is left as it is.
      if (!user?.impersonatedBy) return reply.code(204).send();
      app.accounts.forgetSession(request.headers.cookie);
      void reply.header('set-cookie', await app.identity.stopImpersonating(fetchHeaders(request)));
      request.log.info(
        { staff: user.impersonatedBy.email, visitor: user.uid, tenantId: request.tenantId },
        'impersonation ended',
      );
      return reply.code(204).send();
    },
  );

  /**
   * The platform hands a signed-in production to a house (point 18 of the trust issue): cookies
   * are per host, so the platform makes a one-minute, one-time ticket naming the user, the house
   * and the page, and the house's GET below makes the same identity a session there.
   */
  interface HandOff {
    uid: string;
    house: string;
    path: string;
  }
  app.post(
    '/api/identity/hand-off',
    {
      config: {
        docs: {
          success: {
            description:
              "`{ url }`: the house's link that signs this visitor in there and opens the page (one use, a minute)",
          },
          errors: { 401: 'Nobody is signed in here', 404: 'No such house, or not on the platform' },
        },
      },
      schema: {
        tags: ['identity'],
        summary: "Open a page at one of the platform's houses, signed in as this visitor",
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['house', 'path'],
          properties: {
            house: { type: 'string', minLength: 1, maxLength: 64 },
            path: { type: 'string', pattern: '^/(?![/\\\\])[^\\s]*$', maxLength: 512 },
          },
        },
      },
    },
    async (request, reply) => {
      requirePlatformStorefront(request, 'Houses are opened from the platform’s storefront.');
      const { user } = await visitorHere(app, request, 'Log in on the platform first.');
      // A staff view stays on the host it was opened for: it never becomes a session elsewhere.
      if (user.impersonatedBy)
        return reply
          .code(403)
          .send({ statusCode: 403, error: 'Forbidden', message: 'A staff view cannot open a house as the visitor.' });
      const { house, path } = request.body as { house: string; path: string };
      const stored = house === PLATFORM_TENANT_ID ? undefined : await app.tenantStore.get(house);
      if (!stored)
        return reply.code(404).send({
          statusCode: 404,
          error: 'Not Found',
          message: `No house ${JSON.stringify(house)} is listed on the platform.`,
        });
      const handOff: HandOff = { uid: user.uid, house, path };
      const ticket = await app.authLibrary.issueTicket(HAND_OFF, JSON.stringify(handOff), HAND_OFF_TICKET_SECONDS);
      const origin = houseOrigin(request, house, withDefaults('site', stored.tenant.site).domain);
      void reply.header('cache-control', 'no-store');
      return { url: `${origin}/api/identity/hand-off?token=${ticket}` };
    },
  );

  linkRoute(
    '/api/identity/hand-off',
    {
      summary: "Follow the platform's hand-off to this house",
      description:
        "Signed in here as the platform's visitor, on to the page it named; a used or expired one goes to the login page, which says why",
      maxLength: 128,
    },
    async (token, request, reply) => {
      const value = await app.authLibrary.redeemTicket(HAND_OFF, token);
      const handOff = value ? (JSON.parse(value) as HandOff) : undefined;
      // A ticket made for one house is nothing at another.
      if (!handOff || handOff.house !== request.tenantId) throw new AuthFailure('invalidHandOffTicket');
      const here = await app.identity.userOf(fetchHeaders(request)).catch(() => undefined);
      if (here?.uid === handOff.uid && !here.impersonatedBy && (await app.visitors.profileHere(here, request.tenantId)))
        return handOff.path;
      const { headers } = await endPreviousSession(request);
      await answerSignedIn(request, reply, await app.identity.handOffSession(handOff.uid, headers));
      request.log.info({ uid: handOff.uid, tenantId: request.tenantId }, 'signed in from the platform');
      return handOff.path;
    },
    () => '/auth/login',
  );

  const reauthenticated = (extra: Record<string, object>) =>
    ({
      type: 'object',
      additionalProperties: false,
      required: ['password', ...Object.keys(extra)],
      properties: { password: { type: 'string', minLength: 1, maxLength: 256 }, ...extra },
    }) as const;
  const accountChange = (summary: string, body: object, success: string) => ({
    config: {
      ...attempts,
      docs: {
        success: { status: 204, description: success },
        errors: { 401: 'The password is wrong, the session is too old for this change, or nobody is signed in' },
      },
    },
    schema: { tags: ['identity'], summary, body },
  });

  app.post(
    '/api/identity/password',
    accountChange(
      'Change the password (other sessions end)',
      reauthenticated({ newPassword: definitionRef('password') }),
      'Changed; this browser stays signed in',
    ),
    async (request, reply) => {
      const body = request.body as { password: string; newPassword: string };
      const user = await app.identity.userOf(fetchHeaders(request));
      void reply.header('set-cookie', await app.identity.changePassword(body, fetchHeaders(request)));
      request.log.info({ uid: user?.uid }, 'password changed');
      return reply.code(204).send();
    },
  );

  /** An email change as its tickets carry it: whose, from which address to which. */
  interface EmailChange {
    uid: string;
    from: string;
    to: string;
  }
  const redeemedChange = async (purpose: string, token: string): Promise<EmailChange> => {
    const value = await app.authLibrary.redeemTicket(purpose, token);
    if (!value) throw new AuthFailure('invalidEmailVerificationLink');
    return JSON.parse(value) as EmailChange;
  };
  /** The address becomes the user's, proven, on the account and every profile. */
  const applyEmailChange = async (change: EmailChange) => {
    const user = await app.identity.setProvenEmail(change.uid, change);
    await app.visitors.emailChanged(user, change.to, new Date());
    return user;
  };
  app.post(
    '/api/identity/email',
    {
      config: {
        ...attempts,
        docs: {
          success: {
            status: 202,
            description:
              'A link is mailed to the new address; the address changes only when it is followed (204: it is the address already)',
          },
          errors: { 401: 'The password is wrong, the session is too old for this change, or nobody is signed in' },
        },
      },
      schema: {
        tags: ['identity'],
        summary: 'Ask to change the email address',
        body: reauthenticated({ newEmail: definitionRef('email') }),
      },
    },
    async (request, reply) => {
      const body = request.body as { password: string; newEmail: string };
      const { user, email } = await app.identity.checkEmailChange(body, fetchHeaders(request));
      if (email === user.email) return reply.code(204).send();
      const change: EmailChange = { uid: user.uid, from: user.email, to: email };
      const token = await app.authLibrary.issueTicket(EMAIL_CHANGE, JSON.stringify(change), EMAIL_CHANGE_HOURS * 3600);
      const link = `${storefrontOrigin(request)}/api/identity/email-change?token=${encodeURIComponent(token)}`;
      await sendTenantMail(app, request.tenantId, email, (configuration) =>
        emailChangeMessage(configuration, { email }, user.email, link, EMAIL_CHANGE_HOURS),
      );
      request.log.info({ uid: user.uid }, 'email change asked');
      return reply.code(202).send({ pendingEmail: email });
    },
  );

  linkRoute(
    '/api/identity/email-change',
    {
      summary: 'Follow the link mailed to a new email address',
      description:
        'The address changes, proven, and the old one is mailed a link that undoes it for a week; on to the onboarding page, which says the email is confirmed',
      maxLength: 512,
    },
    async (token, request) => {
      const change = await redeemedChange(EMAIL_CHANGE, token);
      await applyEmailChange(change);
      const undo = await app.authLibrary.issueTicket(
        EMAIL_CHANGE_UNDO,
        JSON.stringify({ uid: change.uid, from: change.to, to: change.from }),
        EMAIL_CHANGE_UNDO_DAYS * 86400,
      );
      const undoLink = `${storefrontOrigin(request)}/api/identity/email-change/undo?token=${encodeURIComponent(undo)}`;
      try {
        await sendTenantMail(app, request.tenantId, change.from, (configuration) =>
          emailChangedMessage(configuration, { email: change.from }, change.to, undoLink, EMAIL_CHANGE_UNDO_DAYS),
        );
      } catch (error) {
        // The change stands (its owner proved the new address); the old address not told is logged loudly.
        request.log.error({ err: error, uid: change.uid }, 'the old address could not be told of an email change');
      }
      request.log.info({ uid: change.uid }, 'email changed');
      return `${onboardingPath(request.tenantId)}?emailConfirmed=1`;
    },
    (request) => onboardingPath(request.tenantId),
  );

  linkRoute(
    '/api/identity/email-change/undo',
    {
      summary: 'Undo an email change from the old address',
      description: 'The old address is back and every session of the account ends; on to the login page, which says so',
      maxLength: 512,
    },
    async (token, request) => {
      const change = await redeemedChange(EMAIL_CHANGE_UNDO, token);
      await applyEmailChange(change);
      await app.identity.endSessionsOf(change.uid);
      request.log.warn({ uid: change.uid }, 'email change undone by the old address');
      throw new AuthFailure('emailChangeUndone');
    },
    () => '/auth/login',
  );

  app.post(
    '/api/identity/delete',
    accountChange('Delete the account and its profiles', reauthenticated({}), 'Deleted; this browser is signed out'),
    async (request, reply) => {
      app.accounts.forgetSession(request.headers.cookie);
      endSessionStreams(app, request.headers.cookie);
      const { user, setCookies } = await app.identity.deleteAccount(
        (request.body as { password: string }).password,
        fetchHeaders(request),
      );
      await app.visitors.forget(user);
      for (const tenantId of user.vendors) await app.setLists.forget({ tenantId, uid: user.uid });
      request.log.info({ uid: user.uid }, 'account deleted');
      void reply.header('set-cookie', setCookies);
      return reply.code(204).send();
    },
  );

  const startStream = eventStreams(app);

  app.get(
    '/api/identity/events',
    {
      schema: { tags: ['identity'], summary: "The signed-in visitor's profile, live (server-sent events)" },
      config: {
        docs: {
          success: { description: '`profile`, `vendors` and `signedOut` events', contentTypes: ['text/event-stream'] },
          errors: {
            401: 'Nobody is signed in on this storefront',
            429: 'This session already holds the most live streams it may',
          },
        },
      },
    },
    async (request, reply) => {
      const { user, session } = await signedInHere(request);
      if (!user || session.status !== 'authenticated') return reply.code(401).send(NOT_SIGNED_IN);
      const { tenantId } = request;
      const stream = startStream<VisitorEvents>(request, reply);
      stream.onEnd(
        app.profileStore.subscribe(tenantId, user.uid, (profile) =>
          profile ? stream.send('profile', profile) : stream.send('signedOut', {}),
        ),
      );
      let vendors = user.vendors;
      const headers = fetchHeaders(request);
      // Memberships as the provider has them now (the local library's, or Firebase's custom claims).
      const onMembership = (uid: string) => {
        if (uid !== user.uid) return;
        void app.identity
          .userOf(headers)
          .catch(() => undefined)
          .then((next) => {
            if (next && next.vendors.join() !== vendors.join()) stream.send('vendors', (vendors = next.vendors));
          });
      };
      app.visitors.events.on('membership', onMembership);
      stream.onEnd(() => app.visitors.events.off('membership', onMembership));
    },
  );
};

export default identity;
