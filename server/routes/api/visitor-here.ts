/** Who is asking on a storefront's API: a signed-in visitor (not a guest) with a profile on the tenant the Host names. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { QuoteRequest, UserProfile } from '../../../schema/types.generated';
import { UnknownQuoteError } from '../../stores/quote-request-store';
import type { IdentityUser } from '../../identity/identity-provider';
import { fetchHeaders } from '../../plugins/app/accounts';

export class NotSignedInError extends Error {
  readonly statusCode = 401;
}

export async function visitorHere(
  app: FastifyInstance,
  request: FastifyRequest,
  message: string,
): Promise<{ user: IdentityUser; profile: UserProfile }> {
  const user = await app.identity.userOf(fetchHeaders(request));
  const profile = user && !user.isAnonymous ? await app.visitors.profileHere(user, request.tenantId) : undefined;
  if (!user || !profile) throw new NotSignedInError(message);
  return { user, profile };
}

/** One of the signed-in visitor's own quote requests on this storefront; another's, or none, answers 404 (never the data). */
export async function visitorsQuote(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  message: string,
): Promise<{ user: IdentityUser; quote: QuoteRequest }> {
  const { user } = await visitorHere(app, request, message);
  const quote = await app.quoteRequests.get(request.tenantId, id);
  if (!quote || quote.uid !== user.uid) throw new UnknownQuoteError(id);
  return { user, quote };
}
