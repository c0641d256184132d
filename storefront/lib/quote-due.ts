/** A quote's priced total as the visitor pays it: with the tenant's tax named when it charges tax, else as priced. */
import { quoteMessages } from '../i18n/quote-messages';
import { formatMoney } from './format';
import type { VisitorQuote } from './quotes-api';

export function pricedTotalSaid(quote: Pick<VisitorQuote, 'due' | 'total'>, site: Parameters<typeof formatMoney>[1]): string {
  if (quote.due && quote.due.tax > 0) return quoteMessages.withTax(formatMoney(quote.due.net + quote.due.tax, site), quote.due.taxName);
  return quote.total === undefined ? '' : formatMoney(quote.total, site);
}
