/** A quote's priced total as the visitor pays it (dueLines' last line: with tax and card processing), its tax named when it charges one. */
import { quoteMessages } from '../i18n/quote-messages';
import { formatMoney } from '../../schema/display/format';
import type { VisitorQuote } from './quotes-api';

export function pricedTotalSaid(
  quote: Pick<VisitorQuote, 'due' | 'total'>,
  site: Parameters<typeof formatMoney>[1],
): string {
  if (quote.due)
    return quote.due.tax > 0
      ? quoteMessages.withTax(formatMoney(quote.due.total, site), quote.due.taxName)
      : formatMoney(quote.due.total, site);
  return quote.total === undefined ? '' : formatMoney(quote.total, site);
}
