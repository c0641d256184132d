/**
 * The price of a quote, every number explained: one pure, browser-safe function that the console
 * (pricing a request), the storefront (showing it) and the server (storing it) all call, so the
 * three never disagree. The server's result is the one stored.
 *
 * The rule, as the vendor schema's `weeklyDiscounts` describes it (eight factors f1…f8):
 * - A hire of N days (first and last day both counted) is cut into weeks of 7 days and a part week.
 * - Day d of any week costs the day rate × f_d; a whole week costs the day rate × (f1 + … + f7)
 *   (4 with the defaults: the film trade's four-day week), or the item's week rate when lower.
 *   A part week costs its days' factors, never more than a whole week.
 * - Every week after the first is multiplied by f8, the long-hire factor (0.75 by default).
 * - A hire never costs less than one day rate per unit.
 * - Each step is rounded to the cent; a line is quantity × the unit price, plus the vendor's
 *   adjustment (with its reason); services are quantity × unit price.
 * - The card authorisation (when the tenant takes one) holds the total plus
 *   `ccAuthProcessingPercentage`, shown as its own line. No card is charged or stored.
 * - Every line carries the GL code of its subcategory, else its category, else its group
 *   (`glCodeOf`); lines with none are listed in `missingGlCodes` for the vendor to fix.
 */
import { dayCount } from './quote-rules';
import type {
  CategoryTree,
  CategoryPath,
  LineAdjustment,
  PricedLine,
  PriceStep,
  PricingInput,
  QuoteBreakdown,
  QuoteLine,
  ServiceInput,
} from '../types.generated';

export interface PricingRule {
  /** The vendor's eight weekly discounts. */
  weeklyDiscounts: readonly number[];
  /** The processing percentage a card authorisation adds, or undefined when the tenant takes none. */
  cardProcessingPercent: number | undefined;
}

/** The pricing rule from a tenant's vendor and site settings (both merged with their defaults). */
export function pricingRuleOf(
  vendor: { weeklyDiscounts?: readonly number[] },
  site: { ccAuthEnabled?: boolean; ccAuthProcessingPercentage?: number },
): PricingRule {
  return {
    weeklyDiscounts: vendor.weeklyDiscounts ?? [],
    cardProcessingPercent: site.ccAuthEnabled ? (site.ccAuthProcessingPercentage ?? 0) : undefined,
  };
}

export interface ItemLineInput {
  objectID: string;
  name: string;
  quantity: number;
  dayRate: number;
  weekRate?: number;
  glCode?: string;
  adjustment?: LineAdjustment;
}

export interface PricingRequest {
  startDate: string;
  endDate: string;
  lines: readonly ItemLineInput[];
  services?: ReadonlyArray<ServiceInput & { glCode?: string }>;
}

/** Rounds to the cent, half away from zero (money here has at most two decimals). */
export function cents(amount: number): number {
  return (Math.sign(amount) * Math.round(Math.abs(amount) * 100 + 1e-7)) / 100;
}

/** One unit's price for `days` days, as steps (whole weeks merged while their price is the same). */
export function unitPriceSteps(
  days: number,
  dayRate: number,
  weekRate: number | undefined,
  weeklyDiscounts: readonly number[],
): PriceStep[] {
  const dayFactors = weeklyDiscounts.slice(0, 7);
  const longHire = weeklyDiscounts[7] ?? 1;
  const weekInDayRates = dayFactors.reduce((sum, factor) => sum + factor, 0);
  const weekByDays = dayRate * weekInDayRates;
  const weekUsesWeekRate = weekRate !== undefined && weekRate < weekByDays;
  const wholeWeek = weekUsesWeekRate ? weekRate : weekByDays;
  const steps: PriceStep[] = [];
  const weeks = Math.floor(days / 7);
  for (let week = 1; week <= weeks; week += 1) {
    const factor = week === 1 ? 1 : longHire;
    const each = cents(wholeWeek * factor);
    const last = steps.at(-1);
    if (last && last.rate !== 'minimum' && last.factor === factor && last.each === each) {
      last.count += 1;
      last.lastDay += 7;
      last.amount = cents(last.amount + each);
    } else {
      steps.push({
        firstDay: (week - 1) * 7 + 1,
        lastDay: week * 7,
        count: 1,
        rate: weekUsesWeekRate ? 'week' : 'day',
        ...(!weekUsesWeekRate && { dayRates: weekInDayRates }),
        factor,
        each,
        amount: each,
      });
    }
  }
  const partDays = days % 7;
  if (partDays > 0) {
    const factor = weeks === 0 ? 1 : longHire;
    const partInDayRates = dayFactors.slice(0, partDays).reduce((sum, value) => sum + value, 0);
    const byDays = dayRate * partInDayRates;
    // Only a week rate can undercut a part week: the day factors are never negative.
    const usesWeekRate = wholeWeek < byDays;
    const each = cents((usesWeekRate ? wholeWeek : byDays) * factor);
    steps.push({
      firstDay: weeks * 7 + 1,
      lastDay: days,
      count: 1,
      rate: usesWeekRate ? 'week' : 'day',
      ...(!usesWeekRate && { dayRates: partInDayRates }),
      factor,
      each,
      amount: each,
    });
  }
  const total = steps.reduce((sum, step) => sum + step.amount, 0);
  if (total < dayRate) {
    const topUp = cents(dayRate - total);
    steps.push({ firstDay: 1, lastDay: days, count: 1, rate: 'minimum', factor: 1, each: topUp, amount: topUp });
  }
  return steps;
}

/** The GL code revenue from a catalogue entry posts to: its subcategory's, else its category's, else its group's. */
export function glCodeOf(categories: Pick<CategoryTree, 'groups'> | undefined, path: CategoryPath): string | undefined {
  const group = categories?.groups.find((entry) => entry.slug === path.group);
  const category = group?.categories.find((entry) => entry.slug === path.category);
  const subcategory =
    path.subcategory === undefined
      ? undefined
      : category?.subcategories?.find((entry) => entry.slug === path.subcategory);
  return subcategory?.glCode ?? category?.glCode ?? group?.glCode;
}

/** Prices a quote: lines first (rentals in the request's order, then services), then the totals. */
export function priceQuote(request: PricingRequest, rule: PricingRule): QuoteBreakdown {
  const days = dayCount(request.startDate, request.endDate);
  const lines: PricedLine[] = [];
  for (const line of request.lines) {
    const steps = unitPriceSteps(days, line.dayRate, line.weekRate, rule.weeklyDiscounts);
    const unitPrice = cents(steps.reduce((sum, step) => sum + step.amount, 0));
    const computed = cents(unitPrice * line.quantity);
    lines.push({
      kind: 'item',
      objectID: line.objectID,
      name: line.name,
      quantity: line.quantity,
      ...(line.glCode !== undefined && { glCode: line.glCode }),
      dayRate: line.dayRate,
      ...(line.weekRate !== undefined && { weekRate: line.weekRate }),
      steps,
      unitPrice,
      ...(line.adjustment && { adjustment: line.adjustment }),
      subtotal: Math.max(0, cents(computed + (line.adjustment?.amount ?? 0))),
    });
  }
  for (const service of request.services ?? []) {
    lines.push({
      kind: 'service',
      category: service.category,
      name: service.name,
      quantity: service.quantity,
      ...(service.glCode !== undefined && { glCode: service.glCode }),
      unitPrice: service.unitPrice,
      subtotal: cents(service.unitPrice * service.quantity),
    });
  }
  const sum = (kind: PricedLine['kind']) =>
    cents(lines.filter((line) => line.kind === kind).reduce((total, line) => total + line.subtotal, 0));
  const rentalSubtotal = sum('item');
  const servicesSubtotal = sum('service');
  const total = cents(rentalSubtotal + servicesSubtotal);
  const percent = rule.cardProcessingPercent;
  const processing = percent === undefined ? 0 : cents((total * percent) / 100);
  return {
    days,
    lines,
    rentalSubtotal,
    servicesSubtotal,
    total,
    ...(percent !== undefined && {
      cardAuthorisation: { processingPercent: percent, processing, amount: cents(total + processing) },
    }),
    missingGlCodes: lines.flatMap((line, index) => (line.glCode === undefined ? [index] : [])),
  };
}

/**
 * A request priced with the vendor's pricing: each line joined to its adjustment and GL code,
 * each service to its GL code. What the console previews as the vendor types and what the server
 * stores when the quote is sent are this one call.
 */
export function priceRequest(
  request: { startDate: string; endDate: string; lines: readonly QuoteLine[] },
  pricing: PricingInput,
  glCodes: { line(objectID: string): string | undefined; service(path: CategoryPath): string | undefined },
  rule: PricingRule,
): QuoteBreakdown {
  return priceQuote(
    {
      startDate: request.startDate,
      endDate: request.endDate,
      lines: request.lines.map((line) => {
        const glCode = glCodes.line(line.objectID);
        const adjustment = pricing.adjustments[line.objectID];
        return { ...line, ...(glCode !== undefined && { glCode }), ...(adjustment && { adjustment }) };
      }),
      services: pricing.services.map((service) => {
        const glCode = glCodes.service(service.category);
        return { ...service, ...(glCode !== undefined && { glCode }) };
      }),
    },
    rule,
  );
}
