/** What a quote comes to, read with its items' groups (the tax rule is per group). */
import { invoiceRuleOf, itemGroupsOf, quoteDue, type QuoteDue } from '../../schema/rental/invoices';
import type { QuoteRequest, SiteSettings } from '../../schema/types.generated';
import type { ItemStore } from '../stores/item-store';
import { itemsOfQuotes } from './quote-conversation';

/** The latest version's total, tax and card processing in, as the quote's page and mails say it; none before it is priced. */
export async function dueOfQuote(
  itemStore: Pick<ItemStore, 'getMany'>,
  quote: QuoteRequest,
  site: SiteSettings,
): Promise<QuoteDue | undefined> {
  if (!quote.versions?.length) return undefined;
  const items = await itemsOfQuotes(itemStore, quote.tenantId, [quote]);
  return quoteDue(quote, itemGroupsOf(items), invoiceRuleOf(site));
}
