/**
 * Storefront visitors' identity, decorated for the routes:
 * - `app.identity`: the IdentityProvider BACKLOT_IDENTITY names: local (better-auth on the library
 *   console accounts use) or firebase (Firebase Authentication);
 * - `app.visitors`: sign-up and sign-in's effects on a tenant (membership, profile);
 * - `app.botCheck`: the sign-up's bot check (local signed tokens by default; reCAPTCHA v3 when configured);
 * - `app.sms`: where codes are texted (the outbox, or the configured provider).
 * It also delivers the library's codes and links in the tenant's name: texts through `app.sms`,
 * sign-in and email confirmation links through `app.mailer`, in the branding of the tenant the
 * asking request was for.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CODE_LIMITS, type Delivery } from '../../auth/auth-library';
import type { ServerConfig } from '../../config';
import { LocalBotCheck, RecaptchaBotCheck, type BotCheck } from '../../identity/bot-check';
import type { IdentityProvider } from '../../identity/identity-provider';
import { LocalIdentity } from '../../identity/local-identity';
import { createSmsSender, textMessages, type SmsSender } from '../../identity/sms';
import { Visitors } from '../../identity/visitors';
import { magicLinkMessage, verifyEmailMessage } from '../../mail/messages';
import { sendAs } from '../../mail/tenant-mail';
import { tenantConfiguration } from '../../mail/tenant-mail';

/** Tells the delivery of a sign-in link which origin the link is for (set by the route from the request, whatever the browser sent). */
export const ORIGIN_HEADER = 'x-backlot-link-origin';

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityProvider;
    visitors: Visitors;
    botCheck: BotCheck;
    sms: SmsSender;
  }
}

/** The firebase provider on its own firebase-admin app (deleted when the server closes). */
async function openFirebaseIdentity(
  app: FastifyInstance,
  config: ServerConfig,
  delivery: Delivery,
): Promise<IdentityProvider> {
  if (config.identity.provider !== 'firebase') throw new Error('not the firebase provider');
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const [{ initializeApp, deleteApp }, { getAuth }, { FirebaseIdentity }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/auth'),
    import('../../identity/firebase-identity'),
  ]);
  const firebaseApp = initializeApp(undefined, `backlot-identity-${randomUUID()}`);
  app.addHook('onClose', () => deleteApp(firebaseApp));
  return new FirebaseIdentity({
    auth: getAuth(firebaseApp),
    apiKey: config.identity.apiKey,
    emulatorHost: config.identity.emulatorHost,
    secureCookies: config.secureCookies,
    delivery,
    tickets: app.authLibrary,
  });
}

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    const sms = createSmsSender(config);
    app.decorate('sms', sms);

    const configurationFor = (headers: Headers | undefined) =>
      tenantConfiguration(app, app.resolveTenant(headers?.get('host') ?? undefined));
    // The library swallows a failed delivery: it is logged here (never the code), and the visitor can ask again.
    const logged = async (what: string, send: () => Promise<void>) => {
      try {
        await send();
      } catch (error) {
        app.log.error({ err: error }, `could not deliver ${what}`);
        throw error;
      }
    };
    /** The storefront origin a mailed link leads to: as the asking browser reached it (set by the route). */
    const linkOrigin = (headers: Headers | undefined) => {
      const origin = headers?.get(ORIGIN_HEADER);
      if (!origin) throw new Error('a mailed link needs the origin it leads to');
      return origin;
    };
    const delivery: Delivery = {
      signInCode: (user, code, headers) =>
        logged('a sign-in code', async () => {
          if (!user.phoneNumber) throw new Error('the account has no phone for its second factor');
          const configuration = await configurationFor(headers);
          await sms.send({
            to: user.phoneNumber,
            body: textMessages.signInCode(configuration.site.appTitle, code, CODE_LIMITS.signInCodeMinutes),
            tenantId: configuration.tenantId,
          });
        }),
      phoneCode: (phoneNumber, code, headers) =>
        logged('a phone code', async () => {
          const configuration = await configurationFor(headers);
          await sms.send({
            to: phoneNumber,
            body: textMessages.phoneCode(configuration.site.appTitle, code, CODE_LIMITS.phoneCodeMinutes),
            tenantId: configuration.tenantId,
          });
        }),
      signInLink: (email, token, headers) =>
        logged('a sign-in link', async () => {
          const configuration = await configurationFor(headers);
          const link = `${linkOrigin(headers)}/api/identity/sign-in-link?token=${encodeURIComponent(token)}`;
          await sendAs(
            app.mailer,
            configuration,
            email,
            magicLinkMessage(configuration, { email }, link, CODE_LIMITS.linkMinutes),
          );
        }),
      verificationLink: (email, token, headers) =>
        logged('an email confirmation link', async () => {
          const configuration = await configurationFor(headers);
          const link = `${linkOrigin(headers)}/api/identity/verify-email?token=${encodeURIComponent(token)}`;
          await sendAs(
            app.mailer,
            configuration,
            email,
            verifyEmailMessage(configuration, { email }, link, CODE_LIMITS.verificationHours),
          );
        }),
    };
    app.authLibrary.deliverWith(delivery);

    const identity =
      config.identity.provider === 'firebase'
        ? await openFirebaseIdentity(app, config, delivery)
        : new LocalIdentity(app.authLibrary);
    app.decorate('identity', identity);
    app.decorate('visitors', new Visitors(identity, app.profileStore));
    const botCheck: BotCheck =
      config.botCheck.provider === 'recaptcha' ? RecaptchaBotCheck.fromSettings(config.botCheck) : new LocalBotCheck();
    app.decorate('botCheck', botCheck);
  },
  { name: 'identity', dependencies: ['accounts', 'profile-store', 'mailer'] },
);
