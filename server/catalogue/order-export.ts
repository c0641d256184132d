/**
 * Confirmed orders' lines for the accounts: one row per line (rentals and services) of the priced
 * version each order was confirmed on, with its GL code, the month the hire starts in, the amount
 * (the line's subtotal after any adjustment; card processing is not revenue and is left out), the
 * item, the order and the dates. Sorted by GL code, then month, then order, as an accountant
 * imports them. Text cells that a spreadsheet would run as a formula are quoted with a leading
 * apostrophe (OWASP's CSV-injection advice).
 */
import { stringify } from 'csv-stringify/sync';
import type { QuoteRequest } from '../../schema/types.generated';
import { latestVersion } from './quote-conversation';

export interface OrderLineRow {
  glCode: string;
  month: string;
  amount: number;
  order: string;
  production: string;
  customer: string;
  kind: 'rental' | 'service';
  item: string;
  itemId: string;
  quantity: number;
  firstDay: string;
  lastDay: string;
  version: number;
}

/** The rows of confirmed orders whose hire starts in [fromMonth, toMonth] (YYYY-MM, both included). */
export function orderLineRows(quotes: readonly QuoteRequest[], fromMonth: string, toMonth: string): OrderLineRow[] {
  const rows: OrderLineRow[] = [];
  for (const quote of quotes) {
    const month = quote.startDate.slice(0, 7);
    const version = latestVersion(quote);
    if (quote.state !== 'confirmed' || !version || month < fromMonth || month > toMonth) continue;
    for (const line of version.breakdown.lines) {
      rows.push({
        glCode: line.glCode ?? '',
        month,
        amount: line.subtotal,
        order: quote.id,
        production: quote.production ?? '',
        customer: quote.name ? `${quote.name} <${quote.email}>` : quote.email,
        kind: line.kind === 'item' ? 'rental' : 'service',
        item: line.name,
        itemId: line.objectID ?? [line.category?.group, line.category?.category, line.category?.subcategory].filter(Boolean).join('/'),
        quantity: line.quantity,
        firstDay: quote.startDate,
        lastDay: quote.endDate,
        version: version.version,
      });
    }
  }
  const order = (row: OrderLineRow) => [row.glCode, row.month, row.order];
  return rows.sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    for (let index = 0; index < x.length; index += 1) if (x[index] !== y[index]) return x[index]! < y[index]! ? -1 : 1;
    return 0;
  });
}

const COLUMNS: Array<[keyof OrderLineRow, string]> = [
  ['glCode', 'GL code'],
  ['month', 'Month'],
  ['amount', 'Amount'],
  ['order', 'Order'],
  ['production', 'Production'],
  ['customer', 'Customer'],
  ['kind', 'Kind'],
  ['item', 'Item'],
  ['itemId', 'Item id'],
  ['quantity', 'Quantity'],
  ['firstDay', 'First day'],
  ['lastDay', 'Last day'],
  ['version', 'Quote version'],
];

const FORMULA_START = /^[=+\-@\t\r]/;

export function orderLinesCsv(rows: readonly OrderLineRow[]): string {
  return stringify(
    rows.map((row) => COLUMNS.map(([key]) => (typeof row[key] === 'string' && FORMULA_START.test(row[key]) ? `'${row[key]}` : key === 'amount' ? row.amount.toFixed(2) : row[key]))),
    { header: true, columns: COLUMNS.map(([, header]) => header), record_delimiter: 'windows' },
  );
}
