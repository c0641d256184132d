/**
 * How one unit of a quoted line was priced, step by step, in words: what the quote page shows
 * under each rental and what its invoices print beside it, so both explain every cent alike.
 */
import type { PricedLine, PriceStep } from '../types.generated';

/** The steps' words (the quote page's and the invoice's alike). */
const words = {
  weekRate: (amount: string) => `week rate ${amount}`,
  dayRates: (count: number, rate: string) => `${count} day rate${count === 1 ? '' : 's'} × ${rate}`,
  weeks: (count: number) => ` × ${count} weeks`,
  longHire: (factor: number) => ` × ${factor} (weeks 2 and on)`,
  dayRange: (first: number, last: number) => (first === last ? `Day ${first}` : `Days ${first}–${last}`),
  minimum: (amount: string) => `One-day minimum: + ${amount}`,
};
export function priceStepText(
  line: Pick<PricedLine, 'dayRate'>,
  step: PriceStep,
  money: (amount: number) => string,
): string {
  if (step.rate === 'minimum') return words.minimum(money(step.amount));
  const rate =
    step.rate === 'week'
      ? words.weekRate(money(step.each / step.factor))
      : words.dayRates(step.dayRates ?? 0, money(line.dayRate ?? 0));
  return `${words.dayRange(step.firstDay, step.lastDay)}: ${rate}${step.count > 1 ? words.weeks(step.count) : ''}${step.factor < 1 ? words.longHire(step.factor) : ''} = ${money(step.amount)}`;
}

/** Every step of a line, one sentence each, joined for print. */
export const priceStepsText = (line: Pick<PricedLine, 'dayRate' | 'steps'>, money: (amount: number) => string) =>
  (line.steps ?? []).map((step) => priceStepText(line, step, money)).join('; ');
