/**
 * What must stand before anything of an order goes out (the scan screen refuses an out-scan with
 * the reason, and the console's order page says it first): the card hold, when the tenant takes
 * cards and the order has one or its timing asks for one before check-out; and the certificate of
 * insurance, when the tenant asks for one. Pure: the server's scan step and the console share it.
 */
import { cardHoldRuleOf, holdStands } from './card-hold';
import { formatDay, formatMoney } from '../display/format';
import { coveredWords, insuranceStanding } from './insurance';
import { chosenCover, coverOptionsOf, type CoverChoice } from './cover';
import type { QuoteRequest, SiteSettings } from '../types.generated';

const holdWords: Partial<Record<NonNullable<QuoteRequest['cardHold']>['status'], string>> = {
  awaitingCard: 'is waiting for the card',
  needsAuthentication: "is waiting for the bank's check",
  declined: 'was declined',
  expired: 'has lapsed',
  released: 'was released',
  captured: 'was charged already',
};

/** Why the card hold keeps an order in (when the tenant takes cards and the order has a hold, or its timing asks for one before check-out), if it does. */
export function holdKeepsIn(
  order: Pick<QuoteRequest, 'cardHold' | 'account'>,
  site: SiteSettings,
  now: Date,
): string | undefined {
  const hold = order.cardHold;
  // An order on a customer account with no deposit is paid on the account's terms: no card holds it.
  if (order.account?.deposit === 'none') return undefined;
  if (!site.ccAuthEnabled || (!hold && cardHoldRuleOf(site).timing !== 'beforeCheckOut') || holdStands(hold, now))
    return undefined;
  return hold
    ? `The card hold on this order ${holdWords[hold.status] ?? 'does not stand'}: the visitor authorises their card again from their quote page before anything goes out.`
    : 'No card hold on this order yet: the visitor authorises their card from their quote page before anything goes out.';
}

/**
 * Why the certificate of insurance keeps an order in (when the tenant asks for one), if it does, in
 * words the crew can act on. `replacementValue` (what goes out would cost to replace), when known,
 * lets a house that refuses shortfalls refuse cover below it.
 */
export function insuranceKeepsIn(
  order: Pick<QuoteRequest, 'insurance' | 'startDate' | 'endDate' | 'production' | 'cover' | 'cardHold'>,
  site: SiteSettings,
  today: string,
  replacementValue?: number,
  now = new Date(),
): string | undefined {
  if (!site.insuranceRequired) return undefined;
  const cover = chosenCover(order, site);
  if (!cover)
    return `No cover chosen for this order: the production chooses ${coverOptionsOf(site)
      .map((option) => COVER_WORDS[option])
      .join(', or ')} on its quote page (or the house does on the order's page) before anything goes out.`;
  // The waiver is on the quote and its invoice: nothing more is asked.
  if (cover === 'waiver') return undefined;
  if (cover === 'cardHold') return cardCoverKeepsIn(order, site, now, replacementValue);
  const standing = insuranceStanding(order, today, replacementValue);
  const certificate = order.insurance;
  const whose = order.production ? `${order.production}'s certificate` : 'The certificate of insurance';
  if (standing === 'missing')
    return "No certificate of insurance on this order: upload it on the order's page (or the visitor does, from their quote page) before anything goes out.";
  if (standing === 'refused')
    return `${whose} was refused${certificate!.review!.note ? ` (${certificate!.review!.note})` : ''}: a new one is needed before anything goes out.`;
  if (standing === 'lapsed')
    return `${whose} lapsed after ${formatDay(certificate!.expiresOn, site)}: a current one is needed before anything goes out.`;
  if (site.insuranceShortfall !== 'refuse') return undefined;
  if (standing === 'startsLate')
    return `${whose} starts ${formatDay(certificate!.effectiveOn!, site)}; the hire starts ${formatDay(order.startDate, site)}: a certificate covering the whole hire is needed before anything goes out.`;
  if (standing === 'endsEarly')
    return `${whose} ends ${formatDay(certificate!.expiresOn, site)}; the hire ends ${formatDay(order.endDate, site)}: a certificate covering the whole hire is needed before anything goes out.`;
  if (standing === 'coverShort')
    return `${whose} covers ${coveredWords(certificate!, site)}; this order's replacement value is ${formatMoney(replacementValue!, site)}: cover at full replacement value is needed before anything goes out.`;
  return undefined;
}

const COVER_WORDS: Record<CoverChoice, string> = {
  certificate: 'its certificate of insurance',
  waiver: 'the damage waiver',
  cardHold: 'a card hold for the replacement value',
};

/** Why a hire covered by a card hold for its replacement value is kept in: the card not held, or held for less. */
function cardCoverKeepsIn(
  order: Pick<QuoteRequest, 'cardHold'>,
  site: SiteSettings,
  now: Date,
  replacementValue: number | undefined,
): string | undefined {
  const hold = order.cardHold;
  if (!holdStands(hold, now))
    return 'This hire is covered by a card hold for its replacement value, and the card is not held: the visitor authorises it from their quote page before anything goes out.';
  const deposit = hold!.parts?.deposit ?? 0;
  if (replacementValue !== undefined && deposit < replacementValue)
    return `The card hold's deposit is ${formatMoney(deposit, site)}; this order's replacement value is ${formatMoney(replacementValue, site)}: the visitor authorises the card again for the full value before anything goes out.`;
  return undefined;
}

/** The reasons nothing may go out on this order now, in the order to fix them (none: it may go out). */
export function outBlockedBy(
  order: Pick<QuoteRequest, 'cardHold' | 'account' | 'insurance' | 'startDate' | 'endDate' | 'production' | 'cover'>,
  site: SiteSettings,
  today: string,
  now: Date,
  replacementValue?: number,
): string[] {
  return [holdKeepsIn(order, site, now), insuranceKeepsIn(order, site, today, replacementValue, now)].filter(
    (reason) => reason !== undefined,
  );
}
