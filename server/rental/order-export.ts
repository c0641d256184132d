/**
 * Confirmed orders' lines for the accounts: one row per line (rentals and services) of the priced
 * version each order was confirmed on, with its GL code, the month it was confirmed in (in the
 * vendor's time zone: the booking is what the books record that month, whenever the hire runs),
 * the amount (the line's subtotal after any adjustment; card processing is not revenue and is
 * left out), the item, the order and the dates. Sorted by GL code, then month, then order, as an
 * accountant imports them.
 *
 * Text is untrusted (a production's name, a visitor's name): every field holding a line break is
 * quoted, and every line of a text field that a spreadsheet would run as a formula starts with an
 * apostrophe (OWASP's CSV-injection advice), not just the field's first line.
 */
import { inertCell } from '../../schema/spreadsheet-cells';
import { stringify } from 'csv-stringify/sync';
import type { QuoteRequest } from '../../schema/types.generated';
import { todayIn } from '../../schema/rental/quote-rules';
import { isOrderState } from '../../schema/rental/quote-states';
import { confirmedAt, type QuoteRequestStore } from '../stores/quote-request-store';
import { latestVersion } from './quote-conversation';

export interface OrderLineRow {
  glCode: string;
  month: string;
  confirmedOn: string;
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

/** Orders read per page for an export. */
const EXPORT_PAGE = 1000;

/** Every order confirmed in [fromMonth, toMonth] in some time zone, read from the store a page at a time (none left out). */
export async function confirmedBetween(
  store: QuoteRequestStore,
  tenantId: string,
  fromMonth: string,
  toMonth: string,
): Promise<QuoteRequest[]> {
  // The months' UTC bounds, widened by the largest time zone offset (14 h); orderLineRows keeps the vendor's months exactly.
  const [year, month] = toMonth.split('-').map(Number) as [number, number];
  const widen = (instant: number, hours: number) => new Date(instant + hours * 3_600_000).toISOString();
  // Any state once confirmed (out, back, closed …): only a confirmed time is asked for; cancelled orders are left out below.
  const query = {
    confirmedFrom: widen(Date.parse(`${fromMonth}-01T00:00:00Z`), -14),
    confirmedBefore: widen(Date.UTC(year, month, 1), 14),
  };
  const all: QuoteRequest[] = [];
  for (let offset = 0; ; offset += EXPORT_PAGE) {
    const { requests } = await store.list(tenantId, {
      ...query,
      sort: { field: 'createdAt', order: 'asc' },
      offset,
      limit: EXPORT_PAGE,
    });
    all.push(...requests);
    if (requests.length < EXPORT_PAGE) return all;
  }
}
/** The day an order was confirmed, in the vendor's time zone (its last confirm step). */
export function confirmedOn(quote: QuoteRequest, timezone: string): string | undefined {
  const at = confirmedAt(quote);
  return at === null ? undefined : todayIn(timezone, new Date(at));
}

/** The rows of orders confirmed in [fromMonth, toMonth] (YYYY-MM, both included, in the vendor's time zone). */
export function orderLineRows(
  quotes: readonly QuoteRequest[],
  fromMonth: string,
  toMonth: string,
  timezone: string,
): OrderLineRow[] {
  const rows: OrderLineRow[] = [];
  for (const quote of quotes) {
    const version = latestVersion(quote);
    const confirmed = confirmedOn(quote, timezone);
    const month = confirmed?.slice(0, 7);
    if (
      !isOrderState(quote.state ?? 'requested') ||
      !version ||
      !confirmed ||
      !month ||
      month < fromMonth ||
      month > toMonth
    )
      continue;
    for (const line of version.breakdown.lines) {
      rows.push({
        glCode: line.glCode ?? '',
        month,
        confirmedOn: confirmed,
        amount: line.subtotal,
        order: quote.id,
        production: quote.production ?? '',
        customer: quote.name ? `${quote.name} <${quote.email}>` : quote.email,
        kind: line.kind === 'item' ? 'rental' : 'service',
        item: line.name,
        itemId:
          line.objectID ??
          [line.category?.group, line.category?.category, line.category?.subcategory].filter(Boolean).join('/'),
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
  ['month', 'Month confirmed'],
  ['confirmedOn', 'Confirmed on'],
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

export function orderLinesCsv(rows: readonly OrderLineRow[]): string {
  return stringify(
    rows.map((row) =>
      COLUMNS.map(([key]) =>
        key === 'amount' ? row.amount.toFixed(2) : typeof row[key] === 'string' ? inertCell(row[key]) : row[key],
      ),
    ),
    // Rows end with CRLF; a lone CR or LF inside a field is quoted too, or a parser would start a row there.
    { header: true, columns: COLUMNS.map(([, header]) => header), record_delimiter: 'windows', quoted_match: /[\r\n]/ },
  );
}
