/**
 * What a card authorisation holds and what it captures, as pure, browser-safe arithmetic the
 * server (asking the provider), the console and the storefront (explaining it) share.
 *
 * - The hold: the quote's total with its tax and the tenant's processing percentage (worked out as
 *   its invoice would be: schema/rental/invoices.ts), plus a deposit (a share of the replacement
 *   value of every unit on the order, or a flat amount, or none).
 * - At close-out it captures the final invoice's total (the quote, late, loss and damage charges,
 *   tax and processing), never more than is held: anything beyond is outstanding (the invoice's
 *   balance), and the rest of the hold, the deposit with it, is released.
 * - A cancelled order captures the tenant's cancellation fee (a share of the quote's total) and
 *   releases the rest; a request cancelled, declined or expired before confirmation releases all.
 * - Providers count in the currency's minor unit (cents, pence; yen have none): `toMinor` and
 *   `fromMinor` convert at their edge, from the currency's own digits.
 */
import { cents } from './quote-pricing';
import { addDays } from './quote-rules';
import { quotedTotal } from './hire-charges';
import type { CardHold, QuoteRequest, SiteSettings } from '../types.generated';

export interface CardHoldRule {
  /** Undefined when the tenant takes no card authorisation. */
  processingPercent: number | undefined;
  deposit: { basis: NonNullable<SiteSettings['depositBasis']>; percent: number; flat: number };
  cancellationFeePercent: number;
  renewHours: number;
  timing: NonNullable<SiteSettings['cardHoldTiming']>;
  backoff: Required<NonNullable<SiteSettings['retryBackoff']>>;
}

/** The rule from a tenant's site settings, merged with their defaults. */
export function cardHoldRuleOf(site: SiteSettings): CardHoldRule {
  return {
    processingPercent: site.ccAuthEnabled ? (site.ccAuthProcessingPercentage ?? 0) : undefined,
    deposit: {
      basis: site.depositBasis ?? 'none',
      percent: site.depositPercent ?? 0,
      flat: site.depositFlatAmount ?? 0,
    },
    cancellationFeePercent: site.cancellationFeePercent ?? 0,
    renewHours: site.cardHoldRenewHours ?? 24,
    timing: site.cardHoldTiming ?? 'atAcceptance',
    backoff: site.retryBackoff as CardHoldRule['backoff'],
  };
}

/** The deposit on an order worth `replacementValue` to replace (insurance.ts's replacementValueOf): the share of it, or the flat amount. */
export function depositFor(replacementValue: number, rule: CardHoldRule['deposit']): number {
  if (rule.basis === 'none') return 0;
  if (rule.basis === 'flat') return cents(rule.flat);
  return cents(replacementValue * (rule.percent / 100));
}

/** What a hold is made of (the quote, its tax and processing, as schema/rental/invoices.ts's quoteDue works them out, and the deposit), and its amount. */
export function holdParts(
  due: { net: number; waiver?: number; tax: number; processing: number },
  deposit: number,
): { parts: CardHold['parts']; amount: number } {
  // The damage waiver, when it is the hire's cover, is held as its own part of the quote.
  const waiver = due.waiver ?? 0;
  return {
    parts: {
      total: due.net,
      ...(waiver > 0 && { waiver }),
      ...(due.tax > 0 && { tax: due.tax }),
      processing: due.processing,
      deposit,
    },
    amount: cents(due.net + waiver + due.tax + due.processing + deposit),
  };
}

/** What closing an order captures: its final invoice's total (the hire, charges, tax and processing), up to what is held; the rest is outstanding. */
export function closingCapture(due: number, hold: Pick<CardHold, 'amount'>): { capture: number; outstanding: number } {
  return { capture: Math.min(due, hold.amount), outstanding: cents(Math.max(0, due - hold.amount)) };
}

/** What cancelling captures: the fee for a confirmed order (up to the hold), nothing before confirmation. */
export function cancellationCapture(
  order: Pick<QuoteRequest, 'versions'>,
  hold: Pick<CardHold, 'amount'>,
  wasOrder: boolean,
  feePercent: number,
): number {
  if (!wasOrder || feePercent <= 0) return 0;
  return Math.min(cents((quotedTotal(order) * feePercent) / 100), hold.amount);
}

/**
 * How many days before its hire a hold is asked for with the 'before check-out' timing: a card
 * network keeps a hold about 7 days (Stripe's online cards), so one taken 5 days before the first
 * day still stands on it, and is renewed from then until the hire closes.
 */
export const HOLD_ASKED_DAYS_BEFORE = 5;

/**
 * The first day a hold is asked for: undefined when it is asked at acceptance (the tenant's
 * 'atAcceptance' timing, or a hire that starts within `HOLD_ASKED_DAYS_BEFORE` days), else that
 * many days before the hire's first day; until then, accepting needs no card.
 */
export function holdAskedFrom(
  request: { startDate: string },
  timing: CardHoldRule['timing'],
  today: string,
): string | undefined {
  if (timing === 'atAcceptance') return undefined;
  const from = addDays(request.startDate, -HOLD_ASKED_DAYS_BEFORE);
  return from > today ? from : undefined;
}

/** Whether a hold stands now: authorised and not lapsed (what anything going out needs, whatever it covers). */
export const holdStands = (hold: Pick<CardHold, 'status' | 'amount' | 'expiresAt'> | undefined, now: Date) =>
  holdCovers(hold, 0, now);

/** Whether an authorised hold lapses within `renewHours` of `now` (and so is authorised again). */
export function renewalDue(
  hold: Pick<CardHold, 'status' | 'expiresAt' | 'pending'>,
  now: Date,
  renewHours: number,
): boolean {
  if (hold.status !== 'authorised' || !hold.expiresAt || hold.pending) return false;
  return Date.parse(hold.expiresAt) - renewHours * 3_600_000 <= now.getTime();
}

/** Whether a hold covers `amount` now: authorised for at least that, and not lapsed. */
export function holdCovers(
  hold: Pick<CardHold, 'status' | 'amount' | 'expiresAt'> | undefined,
  amount: number,
  now: Date,
): boolean {
  return (
    hold?.status === 'authorised' &&
    hold.amount >= amount &&
    (!hold.expiresAt || Date.parse(hold.expiresAt) > now.getTime())
  );
}

/** The digits after the point in a currency's minor unit (2 for USD and GBP, 0 for JPY). */
export function minorDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** An amount in the provider's minor units (an integer). */
export const toMinor = (amount: number, currency: string) => Math.round(amount * 10 ** minorDigits(currency));
/** An amount from the provider's minor units. */
export const fromMinor = (minor: number, currency: string) => minor / 10 ** minorDigits(currency);

/** The most a card payment providers take in one authorisation: Stripe's eight digits of minor units (99,999,999). */
export const MAX_HOLD_MINOR = 99_999_999;
/** Whether an amount is more than one card hold can be. */
export const beyondOneHold = (amount: number, currency: string) => toMinor(amount, currency) > MAX_HOLD_MINOR;

/**
 * The wait before retry `attempt` (1 = the first) of a provider call that failed: the tenant's
 * `retryBackoff` (the spec's base 1 s, factor 2, jitter, cap 4 hours), by the formula p-retry uses
 * for the storefront's calls (storefront/lib/retry.ts), kept here because a server's retries are
 * stored as a time (`pending.nextAttemptAt`) that any server may pick up.
 */
export function retryDelayMs(
  attempt: number,
  backoff: Required<NonNullable<SiteSettings['retryBackoff']>>,
  random: () => number = Math.random,
): number {
  const delay = backoff.baseMs * backoff.factor ** Math.max(0, attempt - 1) * (backoff.jitter ? 1 + random() : 1);
  return Math.round(Math.min(backoff.capMs, delay));
}
