/** Who is asking on a storefront's API: a signed-in visitor (not a guest) with a profile on the tenant the Host names. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserProfile } from '../../../schema/types.generated';
import type { IdentityUser } from '../../identity/identity-provider';
import { fetchHeaders } from '../../plugins/app/accounts';

export class NotSignedInError extends Error {
  readonly statusCode = 401;
}

export async function visitorHere(app: FastifyInstance, request: FastifyRequest, message: string): Promise<{ user: IdentityUser; profile: UserProfile }> {
  const user = await app.identity.userOf(fetchHeaders(request));
  const profile = user && !user.isAnonymous ? await app.visitors.profileHere(user, request.tenantId) : undefined;
  if (!user || !profile) throw new NotSignedInError(message);
  return { user, profile };
}
