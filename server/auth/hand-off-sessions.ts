/**
 * A better-auth plugin with one server-only call: a new session for a user who proved who they
 * are on another of the platform's hosts a moment ago (the platform's hand-off ticket). Cookies
 * are per host, so a production signed in on the platform has no session at a house until one is
 * made there; this makes it, with the library's own session and cookie code. The library's HTTP
 * handler is never mounted, and the endpoint is SERVER_ONLY besides: only the server calls it.
 */
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import * as z from 'zod';

export const handOffSessions = () =>
  ({
    id: 'backlot-hand-off-sessions',
    endpoints: {
      handOffSession: createAuthEndpoint(
        '/backlot/hand-off-session',
        { method: 'POST', body: z.object({ userId: z.string().min(1) }), metadata: { SERVER_ONLY: true } },
        async (ctx) => {
          const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!user) throw new APIError('NOT_FOUND', { message: 'no such user' });
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ userId: user.id });
        },
      ),
    },
  }) satisfies BetterAuthPlugin;
