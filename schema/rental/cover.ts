/**
 * How a hire is covered, when the house asks for cover (`insuranceRequired`): the ways it takes
 * (`coverOptions`: the production's certificate of insurance, the house's damage waiver, a card
 * hold for the full replacement value) and the one an order has (chosen by the production, or the
 * house's only way). Pure: the server's gate and prices, the console and the storefront share it.
 */
import type { QuoteRequest, SiteSettings } from '../types.generated';
import { cents } from './quote-pricing';

export type CoverChoice = NonNullable<QuoteRequest['cover']>['choice'];

/** The ways the house takes as cover (none when it asks for none); a waiver only when its terms are set. */
export function coverOptionsOf(
  site: Pick<SiteSettings, 'insuranceRequired' | 'coverOptions' | 'damageWaiver'>,
): CoverChoice[] {
  if (!site.insuranceRequired) return [];
  const options = site.coverOptions?.length ? site.coverOptions : (['certificate'] as const);
  return options.filter((option) => option !== 'waiver' || site.damageWaiver !== undefined);
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

/** The states a production may still choose its cover in: before it accepts (the waiver changes the price). */
export const coverOpen = (order: Pick<QuoteRequest, 'state'>) =>
  (order.state ?? 'requested') === 'requested' || order.state === 'quoted';

/** The damage waiver's price on the latest quote (before tax): its share of the rentals. */
export function waiverPrice(order: Pick<QuoteRequest, 'versions'>, percent: number): number {
  return cents(((order.versions?.at(-1)?.breakdown.rentalSubtotal ?? 0) * percent) / 100);
}
