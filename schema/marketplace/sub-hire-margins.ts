/**
 * A house's margin on what it sub-hired (issue 39), by month of the hire's first day: per sub-hire
 * the lender confirmed, what this house charges its production for the units hired in (its own
 * line's priced subtotal, the share of the units hired in) against what the lender charges it (the
 * lender's priced total before tax). A margin is worked out only in one currency: a sub-hire from a
 * house in another currency shows both sides and leaves the margin empty, never converted.
 */
import { cents } from '../rental/quote-pricing';
import type { QuoteRequest } from '../types.generated';

export interface SubHireMarginRow {
  month: string;
  orderId: string;
  production: string;
  lender: string;
  theirRequest: string;
  item: string;
  quantity: number;
  currency: string;
  /** What this house charges for the units hired in; undefined before it priced the order. */
  charged?: number;
  theirCurrency: string;
  /** What the lender charges, before tax; undefined before it priced. */
  cost?: number;
  /** Charged less cost, in one currency only. */
  margin?: number;
}

const latestTotal = (request: QuoteRequest | undefined) => request?.versions?.at(-1)?.breakdown.total;

/** The sub-hires of `orders` hired in (confirmed by their lender) on hires starting in `month` (YYYY-MM). */
export function subHireMargins(
  orders: readonly QuoteRequest[],
  theirs: ReadonlyMap<string, QuoteRequest>,
  month: string,
  currencies: { own: string; of: (house: string) => string },
): SubHireMarginRow[] {
  const rows: SubHireMarginRow[] = [];
  for (const order of [...orders].sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id))) {
    if (order.startDate.slice(0, 7) !== month) continue;
    const priced = order.versions?.at(-1)?.breakdown.lines;
    for (const subHire of order.subHires ?? []) {
      const quantity = subHire.hiredIn?.quantity ?? 0;
      if (quantity === 0) continue;
      const line = priced?.find((entry) => entry.kind === 'item' && entry.objectID === subHire.objectID);
      const charged =
        line && line.quantity > 0
          ? cents((line.subtotal * Math.min(quantity, line.quantity)) / line.quantity)
          : undefined;
      const cost = latestTotal(theirs.get(subHire.quoteId));
      const theirCurrency = currencies.of(subHire.house);
      rows.push({
        month,
        orderId: order.id,
        production: order.production ?? '',
        lender: subHire.houseName,
        theirRequest: subHire.quoteId,
        item: order.lines.find((entry) => entry.objectID === subHire.objectID)?.name ?? subHire.objectID,
        quantity,
        currency: currencies.own,
        ...(charged !== undefined && { charged }),
        theirCurrency,
        ...(cost !== undefined && { cost }),
        ...(charged !== undefined &&
          cost !== undefined &&
          theirCurrency === currencies.own && { margin: cents(charged - cost) }),
      });
    }
  }
  return rows;
}
