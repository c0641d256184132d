/**
 * How a hire is covered, when the house asks for cover (`insuranceRequired`): the ways it takes
 * (`coverOptions`: the production's certificate of insurance, the house's damage waiver, a card
 * hold for the full replacement value) and the one an order has (chosen by the production, or the
 * house's only way). Pure: the server's gate and prices, the console and the storefront share it.
 */
import type { QuoteRequest, SiteSettings } from '../types.generated';
import { cents } from './quote-pricing';
import { formatDay, formatMoney } from '../display/format';
import { coveredWords } from './insurance';

export type CoverChoice = NonNullable<QuoteRequest['cover']>['choice'];

/** The ways the house takes as cover (none when it asks for none); a waiver only when its terms are set. */
export function coverOptionsOf(
  site: Pick<SiteSettings, 'insuranceRequired' | 'coverOptions' | 'damageWaiver'>,
): CoverChoice[] {
  if (!site.insuranceRequired) return [];
  const options = site.coverOptions?.length ? site.coverOptions : (['certificate'] as const);
  const offered = options.filter((option) => option !== 'waiver' || site.damageWaiver !== undefined);
  // A house that asks for cover always takes some: a waiver without its terms falls back to certificates.
  return offered.length ? offered : ['certificate'];
}

/** The order's cover: the one chosen while the house still takes it, else the house's only way; undefined while a choice is open. */
export function chosenCover(
  order: Pick<QuoteRequest, 'cover'>,
  site: Pick<SiteSettings, 'insuranceRequired' | 'coverOptions' | 'damageWaiver'>,
): CoverChoice | undefined {
  const options = coverOptionsOf(site);
  if (order.cover && options.includes(order.cover.choice)) return order.cover.choice;
  return options.length === 1 ? options[0] : undefined;
}

/** The ways a house hiring stock on account may cover a sub-hire: not a card hold (it pays on account, with no card held). */
export const subHireCoverOptionsOf = (
  site: Pick<SiteSettings, 'insuranceRequired' | 'coverOptions' | 'damageWaiver'>,
) => coverOptionsOf(site).filter((option) => option !== 'cardHold');

/**
 * The cover an acceptance leaves on a quote: the way it names (one the house takes from this
 * customer), else the one already chosen stands, else a sub-hire's only way; or the problem, when
 * the way named is not taken or several are and none is chosen.
 */
export function coverAtAcceptance(
  order: Pick<QuoteRequest, 'cover' | 'subHire'>,
  named: CoverChoice | undefined,
  site: Pick<SiteSettings, 'insuranceRequired' | 'coverOptions' | 'damageWaiver'>,
): { cover?: CoverChoice; problem?: string } {
  const options = order.subHire ? subHireCoverOptionsOf(site) : coverOptionsOf(site);
  if (named)
    return options.includes(named)
      ? { cover: named }
      : {
          problem: options.length
            ? `is not taken for this hire: choose ${options.map((option) => COVER_WORDS[option]).join(' or ')}`
            : 'is not asked for by this house',
        };
  const chosen = chosenCover(order, site);
  if (chosen && options.includes(chosen)) return {};
  if (options.length === 1) return { cover: options[0] };
  return options.length ? { problem: 'choose how this hire is covered before you accept' } : {};
}

const COVER_WORDS: Record<CoverChoice, string> = {
  certificate: 'a certificate of insurance',
  waiver: 'the damage waiver',
  cardHold: 'a card hold for the replacement value',
};

/** The states a production may still choose its cover in: before it accepts (the waiver changes the price). */
export const coverOpen = (order: Pick<QuoteRequest, 'state'>) =>
  (order.state ?? 'requested') === 'requested' || order.state === 'quoted';

/** The damage waiver's price on the latest quote (before tax): its share of the rentals. */
export function waiverPrice(order: Pick<QuoteRequest, 'versions'>, percent: number): number {
  return cents(((order.versions?.at(-1)?.breakdown.rentalSubtotal ?? 0) * percent) / 100);
}

/** What covers a hire, in a sentence for its signed agreement: the waiver and its terms, the card, or the certificate on the order. */
export function coverStatement(
  order: Pick<QuoteRequest, 'cover' | 'versions' | 'insurance'>,
  site: SiteSettings,
): string {
  const cover = chosenCover(order, site);
  const money = (amount: number) => formatMoney(amount, site);
  const waiver = site.damageWaiver;
  if (cover === 'waiver' && waiver)
    return `Covered by the house's damage waiver: ${money(waiverPrice(order, waiver.percent))} (${waiver.percent}% of the rentals, before tax). It covers: ${waiver.covers}. It leaves out: ${waiver.excludes}. The production pays at most ${money(waiver.maxLiability)} for damage it covers.`;
  if (cover === 'cardHold')
    return 'Covered by a card hold for the full replacement value, held as a deposit until the hire is closed.';
  const certificate = order.insurance;
  if (!certificate) return 'No certificate of insurance was on the order when it was signed.';
  const parts = [
    certificate.insurer && `from ${certificate.insurer}`,
    certificate.policyNumber && `policy ${certificate.policyNumber}`,
    certificate.namedInsured && `insuring ${certificate.namedInsured}`,
    certificate.anyLessor
      ? 'naming any lessor as additional insured'
      : certificate.additionalInsured && `naming ${certificate.additionalInsured} as additional insured`,
    certificate.coverAmount !== undefined && `rented property covered to ${coveredWords(certificate, site)}`,
    `ending ${formatDay(certificate.expiresOn, site)}`,
  ].filter(Boolean);
  return `Certificate of insurance ${parts.join(', ')}.`;
}
