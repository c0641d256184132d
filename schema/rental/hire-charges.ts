/**
 * What a hire costs beyond its quote, as pure rules: late days, damage and losses found at
 * check-in. judgeScan (hire.ts) calls `chargesAfterReturn` inside the store transaction that
 * records the return, so a charge is written with the scan that found it or not at all; the
 * console and the storefront word each one with `chargeBasis`, so the two never disagree.
 *
 * - **Late**: a return after the hire's last day plus the tenant's grace (the rule `isOverdue`
 *   uses) is late by the days from the last day to the day of return, grace taken off. Priced as
 *   more hire days by the order's own weekly rule (the hire as if booked that much longer, less
 *   what it cost), or as the day rate × the late-day factor for each day; the rates are the ones
 *   the visitor accepted. One line per item and number of late days.
 * - **Damage**: a share of the replacement value per unit (the tenant's percentage), which the
 *   vendor adjusts to the repair's cost with a reason.
 * - **Loss**: the replacement value per unit.
 * Late lines post to the item's rental GL code; loss and damage to the tenant's loss-and-damage
 * code, else the item's.
 */
import { cents, unitPriceSteps } from './quote-pricing';
import { dayCount, todayIn } from './quote-rules';
import type { HireCharge, LineAdjustment, QuoteRequest, SiteSettings } from '../types.generated';

export interface ChargeRule {
  weeklyDiscounts: readonly number[];
  lateCharge: NonNullable<SiteSettings['lateCharge']>;
  lateDayFactor: number;
  /** The damage share, 0 to 1. */
  damageShare: number;
  graceHours: number;
  lossDamageGlCode?: string;
}

/** The rule from a tenant's settings, both merged with their schema defaults. */
export function chargeRuleOf(site: SiteSettings, vendor: { weeklyDiscounts?: readonly number[] }): ChargeRule {
  return {
    weeklyDiscounts: vendor.weeklyDiscounts ?? [],
    lateCharge: site.lateCharge ?? 'pricing',
    lateDayFactor: site.lateDayFactor ?? 1,
    damageShare: (site.damageChargePercent ?? 0) / 100,
    graceHours: site.returnGraceHours ?? 0,
    ...(site.lossDamageGlCode !== undefined && { lossDamageGlCode: site.lossDamageGlCode }),
  };
}

/** Days a return made now is late: the days after the hire's last day to today with the grace taken off (0 on time). */
export function lateDays(
  order: Pick<QuoteRequest, 'endDate'>,
  now: Date,
  timezone: string,
  graceHours: number,
): number {
  const graced = todayIn(timezone, new Date(now.getTime() - graceHours * 3_600_000));
  return graced > order.endDate ? dayCount(order.endDate, graced) - 1 : 0;
}

/** What the visitor agreed to pay for one of an item: its priced line in the last version sent, if any. */
function agreedLine(order: Pick<QuoteRequest, 'versions'>, objectID: string) {
  return order.versions?.at(-1)?.breakdown.lines.find((line) => line.kind === 'item' && line.objectID === objectID);
}

export interface ReturnFound {
  scanId: string;
  objectID: string;
  name: string;
  tag?: string;
  count: number;
  condition: 'fine' | 'damaged' | 'lost';
  note?: string;
  photos?: string[];
  at: string;
  /** From lateDays. */
  late: number;
  /** The item as it is now: its rates (when the order has no priced line) and replacement value. */
  item: { rates?: { day: number; week?: number }; replacementValue?: number } | undefined;
}

const withSubtotal = (charge: Omit<HireCharge, 'subtotal'>): HireCharge => ({
  ...charge,
  subtotal: Math.max(0, cents(charge.unitPrice * charge.quantity + (charge.adjustment?.amount ?? 0))),
});

/** The order's charges after one return: a late line merged into the item's line for as many days, a damage or loss line of its own. */
export function chargesAfterReturn(
  order: Pick<QuoteRequest, 'startDate' | 'endDate' | 'versions' | 'hire'>,
  found: ReturnFound,
  rule: ChargeRule,
): HireCharge[] {
  const charges = [...(order.hire?.charges ?? [])];
  const agreed = agreedLine(order, found.objectID);
  const dayRate = agreed?.dayRate ?? found.item?.rates?.day ?? 0;
  const weekRate = agreed?.dayRate !== undefined ? agreed.weekRate : found.item?.rates?.week;
  const about = { objectID: found.objectID, name: found.name, at: found.at };
  if (found.late > 0 && rule.lateCharge !== 'none') {
    const hireDays = dayCount(order.startDate, order.endDate);
    const priceOf = (days: number) =>
      cents(unitPriceSteps(days, dayRate, weekRate, rule.weeklyDiscounts).reduce((sum, step) => sum + step.amount, 0));
    const unitPrice =
      rule.lateCharge === 'pricing'
        ? Math.max(0, cents(priceOf(hireDays + found.late) - priceOf(hireDays)))
        : cents(dayRate * rule.lateDayFactor * found.late);
    const id = `late:${found.objectID}:${found.late}`;
    const index = charges.findIndex((charge) => charge.id === id);
    const glCode = agreed?.glCode;
    const base = index >= 0 ? charges[index]! : undefined;
    const late = withSubtotal({
      ...(base ?? {
        id,
        kind: 'late',
        rule: rule.lateCharge === 'pricing' ? 'extraDays' : 'dayFactor',
        ...about,
        days: found.late,
        ...(rule.lateCharge === 'pricing' ? { hireDays } : { factor: rule.lateDayFactor }),
        rate: dayRate,
        unitPrice,
        ...(glCode !== undefined && { glCode }),
      }),
      quantity: (base?.quantity ?? 0) + found.count,
    });
    if (index >= 0) charges[index] = late;
    else charges.push(late);
  }
  if (found.condition !== 'fine') {
    const value = found.item?.replacementValue ?? 0;
    const damage = found.condition === 'damaged';
    const glCode = rule.lossDamageGlCode ?? agreed?.glCode;
    charges.push(
      withSubtotal({
        id: `${damage ? 'damage' : 'loss'}:${found.scanId}`,
        kind: damage ? 'damage' : 'loss',
        rule: damage ? 'damageShare' : 'replacement',
        ...about,
        ...(found.tag && { tag: found.tag }),
        quantity: found.count,
        rate: value,
        ...(damage && { factor: rule.damageShare }),
        unitPrice: cents(damage ? value * rule.damageShare : value),
        ...(glCode !== undefined && { glCode }),
        ...(found.note?.trim() && { note: found.note.trim() }),
        ...(found.photos?.length && { photos: found.photos }),
      }),
    );
  }
  return charges;
}

/** A charge with the vendor's adjustment (or none again), its subtotal worked out again. */
export function adjustedCharge(charge: HireCharge, adjustment: LineAdjustment | null): HireCharge {
  const { adjustment: _previous, subtotal: _subtotal, ...rest } = charge;
  return withSubtotal({ ...rest, ...(adjustment && { adjustment }) });
}

/** The order's amount so far: the quote the visitor accepted (`quoted`), the charges after it, and both. */
export function hireTotals(
  quoted: number,
  charges: readonly Pick<HireCharge, 'subtotal'>[] = [],
): { quoted: number; charges: number; total: number } {
  const added = cents(charges.reduce((sum, charge) => sum + charge.subtotal, 0));
  return { quoted, charges: added, total: cents(quoted + added) };
}

/** What the visitor accepted: the last version's total (0 before any was sent). */
export const quotedTotal = (order: Pick<QuoteRequest, 'versions'>) => order.versions?.at(-1)?.breakdown.total ?? 0;

/** How a charge was priced, in words, with money as the caller writes it: the console and the storefront show the same sentence. */
export function chargeBasis(charge: HireCharge, money: (amount: number) => string): string {
  const days = (count: number) => `${count} day${count === 1 ? '' : 's'}`;
  switch (charge.rule) {
    case 'extraDays':
      return `${days(charge.days ?? 0)} late: the ${charge.hireDays ?? 0}-day hire priced as ${days((charge.hireDays ?? 0) + (charge.days ?? 0))} at ${money(charge.rate ?? 0)} a day, less what it cost`;
    case 'dayFactor':
      return `${days(charge.days ?? 0)} late × ${money(charge.rate ?? 0)} day rate${charge.factor === 1 ? '' : ` × ${charge.factor ?? 0}`}`;
    case 'damageShare':
      return charge.rate
        ? `${Math.round((charge.factor ?? 0) * 100)}% of the ${money(charge.rate)} replacement value`
        : 'No replacement value is set for this item: the vendor prices the repair';
    case 'replacement':
      return charge.rate
        ? `The ${money(charge.rate)} replacement value`
        : 'No replacement value is set for this item: the vendor prices the loss';
  }
}
