/**
 * The cover chosen for a hire (schema/rental/cover.ts): among the house's ways, while the request
 * is open (a waiver changes its price, so an accepted order's cover is fixed), on the revision read.
 * The card hold, if any, is then asked for again when the amount it needs has changed.
 */
import { coverOpen, coverOptionsOf } from '../../schema/rental/cover';
import type { CoverChoice, QuoteRequest, SiteSettings } from '../../schema/types.generated';
import { FieldProblemsError } from '../stores/field-problems';
import { revisionOf, StaleQuoteError, UnknownQuoteError, type QuoteRequestStore } from '../stores/quote-request-store';

const OPTION_WORDS: Record<CoverChoice['choice'], string> = {
  certificate: 'a certificate of insurance',
  waiver: 'its damage waiver',
  cardHold: 'a card hold for the replacement value',
};

export async function chooseCover(
  quoteRequests: QuoteRequestStore,
  choice: {
    tenantId: string;
    id: string;
    input: CoverChoice;
    by: NonNullable<QuoteRequest['cover']>['by'];
    site: SiteSettings;
    houseName: string;
    now: Date;
    /** The revision the house read (If-Match); the production's choice reads it afresh. */
    revision?: number;
  },
): Promise<QuoteRequest> {
  const { tenantId, id, input, site } = choice;
  const options = coverOptionsOf(site);
  if (!options.includes(input.choice))
    throw new FieldProblemsError(
      [
        {
          pointer: '/choice',
          message: `${choice.houseName} does not take ${OPTION_WORDS[input.choice]}${
            options.length ? `: choose ${options.map((option) => OPTION_WORDS[option]).join(' or ')}` : ''
          }`,
        },
      ],
      'Not chosen',
    );
  for (let attempt = 0; ; attempt += 1) {
    const current = await quoteRequests.get(tenantId, id);
    if (!current) throw new UnknownQuoteError(id);
    try {
      return await quoteRequests.change(tenantId, id, {
        revision: choice.revision ?? revisionOf(current),
        apply: (request) => {
          // A certificate may still be chosen for an order; the waiver and the card's cover change what was accepted.
          if (input.choice !== 'certificate' && !coverOpen(request))
            throw new FieldProblemsError(
              [
                {
                  pointer: '/choice',
                  message: `this request is ${request.state}: the waiver or the card's cover is chosen before it is accepted`,
                },
              ],
              'Not chosen',
            );
          return { ...request, cover: { choice: input.choice, at: choice.now.toISOString(), by: choice.by } };
        },
      });
    } catch (error) {
      if (!(error instanceof StaleQuoteError) || choice.revision !== undefined || attempt >= 5) throw error;
    }
  }
}
