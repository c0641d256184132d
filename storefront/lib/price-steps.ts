/**
 * How one unit of a quoted line was priced, step by step, in words: what the quote page shows
 * under each rental and what its invoices print beside it, so both explain every cent alike.
 */
import type { PricedLine, PriceStep } from '../../schema/types.generated';
import { quoteMessages as words } from '../i18n/quote-messages';

export function priceStepText(line: Pick<PricedLine, 'dayRate'>, step: PriceStep, money: (amount: number) => string): string {
  if (step.rate === 'minimum') return words.minimum(money(step.amount));
  const rate = step.rate === 'week' ? words.weekRate(money(step.each / step.factor)) : words.dayRates(step.dayRates ?? 0, money(line.dayRate ?? 0));
  return `${words.dayRange(step.firstDay, step.lastDay)}: ${rate}${step.count > 1 ? words.weeks(step.count) : ''}${step.factor < 1 ? words.longHire(step.factor) : ''} = ${money(step.amount)}`;
}

/** Every step of a line, one sentence each, joined for print. */
export const priceStepsText = (line: Pick<PricedLine, 'dayRate' | 'steps'>, money: (amount: number) => string) => (line.steps ?? []).map((step) => priceStepText(line, step, money)).join('; ');
