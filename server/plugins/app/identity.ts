/**
 * Storefront visitors' identity, decorated for the routes:
 * - `app.identity`: the IdentityProvider (local: better-auth on the library console accounts use);
 * - `app.visitors`: sign-up and sign-in's effects on a tenant (membership, profile);
 * - `app.botCheck`: the sign-up's bot check (local signed tokens: no internet here).
 */
import fp from 'fastify-plugin';
import { LocalBotCheck } from '../../identity/bot-check';
import type { IdentityProvider } from '../../identity/identity-provider';
import { LocalIdentity } from '../../identity/local-identity';
import { Visitors } from '../../identity/visitors';

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityProvider;
    visitors: Visitors;
    botCheck: LocalBotCheck;
  }
}

export default fp(
  async (app) => {
    const identity = new LocalIdentity(app.authLibrary);
    app.decorate('identity', identity);
    app.decorate('visitors', new Visitors(identity, app.profileStore));
    app.decorate('botCheck', new LocalBotCheck());
  },
  { name: 'identity', dependencies: ['accounts', 'profile-store'] },
);
