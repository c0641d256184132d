/**
 * A house's monthly statement of orders through the platform (schema/marketplace/statements.ts),
 * read from its orders and written as CSV for platform staff and the house's office: one row per
 * order captured in the month, then the month's total. Text cells are made inert for
 * spreadsheets (a production named "=HYPERLINK(…)" stays text).
 */
import { stringify } from 'csv-stringify/sync';
import { statementOf, type Statement } from '../../schema/marketplace/statements';
import { inertCell } from '../../schema/spreadsheet-cells';
import type { QuoteRequest } from '../../schema/types.generated';
import type { QuoteRequestStore } from '../stores/quote-request-store';

/** The states a captured hold ends in: a closed hire, or a cancelled order that paid its fee. */
const CAPTURED_IN = ['closed', 'cancelled'] as const;
const PAGE = 500;

export async function houseStatement(
  quoteRequests: QuoteRequestStore,
  tenantId: string,
  timezone: string,
  month: string,
): Promise<Statement> {
  const orders: QuoteRequest[] = [];
  for (const state of CAPTURED_IN) {
    for (let offset = 0; ; offset += PAGE) {
      const { requests } = await quoteRequests.list(tenantId, { state, offset, limit: PAGE });
      orders.push(...requests.filter((request) => request.productionRequest && request.cardHold?.capturedAt));
      if (requests.length < PAGE) break;
    }
  }
  return statementOf(tenantId, month, timezone, orders);
}

const HEADER = [
  'House',
  'Order',
  'Production request',
  'Production',
  'Captured on',
  'Currency',
  'Captured',
  'Commission %',
  'Platform fee',
  'House receives',
];
const amount = (value: number) => value.toFixed(2);

export function statementCsv(statement: Statement, houseName: string): string {
  const rows = statement.lines.map((line) => [
    inertCell(houseName),
    line.orderId,
    line.productionRequest,
    inertCell(line.production),
    line.capturedOn,
    line.currency,
    amount(line.captured),
    String(line.commissionPercent),
    amount(line.platformFee),
    amount(line.houseReceives),
  ]);
  const currency = statement.lines[0]?.currency ?? '';
  const total = [
    inertCell(houseName),
    `Total ${statement.month}`,
    '',
    '',
    '',
    currency,
    amount(statement.totals.captured),
    '',
    amount(statement.totals.platformFee),
    amount(statement.totals.houseReceives),
  ];
  return stringify([HEADER, ...rows, total]);
}
