/**
 * A production request's parts pencilled at every house at once (the platform's "Hold at every
 * house"): each part still open is held at its house as its production would hold it there, so each
 * house ranks it and times it by its own rules. A part a house will not hold (confirmed already, its
 * hire started) says why; the others are held all the same.
 */
import type { ProductionRequest } from '../../schema/types.generated';
import type { IdentityUser } from '../identity/identity-provider';
import { quoteSettingsOf } from '../rental';
import { revisionOf } from '../stores/quote-request-store';
import { quoteStep, type QuoteStepLog, type QuoteStepStores } from './quote-step';

/** What one house answered. */
export interface PartHeld {
  house: string;
  outcome: 'held' | 'alreadyHeld' | 'refused';
  message?: string;
}

export async function holdParts(
  stores: QuoteStepStores,
  log: QuoteStepLog,
  user: Pick<IdentityUser, 'uid' | 'email' | 'emailVerified'>,
  production: ProductionRequest,
  now: Date,
): Promise<PartHeld[]> {
  const sent = production.parts.filter((part) => part.state === 'sent' && part.quoteId);
  return Promise.all(
    sent.map(async (part): Promise<PartHeld> => {
      const quote = await stores.quoteRequests.get(part.house, part.quoteId!);
      if (!quote || quote.uid !== user.uid)
        return { house: part.house, outcome: 'refused', message: 'This part is no longer at the house.' };
      if (quote.hold === 'pencil') return { house: part.house, outcome: 'alreadyHeld' };
      const stored = await stores.tenantStore.get(part.house);
      if (!stored) return { house: part.house, outcome: 'refused', message: 'This house is no longer listed.' };
      try {
        await quoteStep(stores, log, quoteSettingsOf(stored.tenant), {
          tenantId: part.house,
          id: quote.id,
          action: 'hold',
          actor: 'visitor',
          who: { uid: user.uid, email: user.email, emailVerified: user.emailVerified },
          revision: revisionOf(quote),
          now,
        });
        return { house: part.house, outcome: 'held' };
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        // A refusal in words (4xx) is the house's answer for this part; anything else is not ours to hide.
        if (status === undefined || status >= 500) throw error;
        return { house: part.house, outcome: 'refused', message: (error as Error).message };
      }
    }),
  );
}
