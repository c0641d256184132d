/**
 * A house's sub-hire margins for a month as CSV (schema/marketplace/sub-hire-margins.ts): its
 * orders whose hire starts in the month, each sub-hire the lender confirmed with the lender's
 * request read where it is. Text cells are made inert for spreadsheets.
 */
import { stringify } from 'csv-stringify/sync';
import { withDefaults } from '../../schema/defaults';
import { subHireMargins, type SubHireMarginRow } from '../../schema/marketplace/sub-hire-margins';
import { monthDays } from '../../schema/accounts/statements';
import { isOrderState, quoteStates } from '../../schema/rental/quote-states';
import { inertCell } from '../../schema/spreadsheet-cells';
import type { QuoteRequest } from '../../schema/types.generated';
import type { QuoteRequestStore } from '../stores/quote-request-store';
import type { TenantStore } from '../stores/tenant-store';

const PAGE = 500;

export async function houseSubHireMargins(
  stores: { quoteRequests: QuoteRequestStore; tenantStore: Pick<TenantStore, 'get'> },
  tenantId: string,
  month: string,
): Promise<SubHireMarginRow[]> {
  const { from, to } = monthDays(month);
  const orders: QuoteRequest[] = [];
  for (const state of quoteStates.filter(isOrderState)) {
    for (let offset = 0; ; offset += PAGE) {
      const { requests } = await stores.quoteRequests.list(tenantId, { state, from, to, offset, limit: PAGE });
      orders.push(
        ...requests.filter((request) => request.subHires?.some((subHire) => (subHire.hiredIn?.quantity ?? 0) > 0)),
      );
      if (requests.length < PAGE) break;
    }
  }
  const lent = orders.flatMap((order) =>
    (order.subHires ?? []).filter((subHire) => (subHire.hiredIn?.quantity ?? 0) > 0),
  );
  const theirs = new Map(
    (await Promise.all(lent.map((subHire) => stores.quoteRequests.get(subHire.house, subHire.quoteId)))).flatMap(
      (request) => (request ? [[request.id, request] as const] : []),
    ),
  );
  const currencyOf = async (house: string) => {
    const stored = await stores.tenantStore.get(house);
    return stored ? withDefaults('site', stored.tenant.site).currency! : '';
  };
  const houses = [...new Set([tenantId, ...lent.map((subHire) => subHire.house)])];
  const currencies = new Map(await Promise.all(houses.map(async (house) => [house, await currencyOf(house)] as const)));
  return subHireMargins(orders, theirs, month, {
    own: currencies.get(tenantId)!,
    of: (house) => currencies.get(house) ?? '',
  });
}

const HEADER = [
  'Month',
  'Order',
  'Production',
  'Lent by',
  'Their request',
  'Item',
  'Hired in',
  'Currency',
  'Charged',
  'Their currency',
  'Their charge',
  'Margin',
];
const amount = (value: number | undefined) => (value === undefined ? '' : value.toFixed(2));

export function subHireMarginsCsv(rows: readonly SubHireMarginRow[]): string {
  return stringify([
    HEADER,
    ...rows.map((row) => [
      row.month,
      row.orderId,
      inertCell(row.production),
      inertCell(row.lender),
      row.theirRequest,
      inertCell(row.item),
      String(row.quantity),
      row.currency,
      amount(row.charged),
      row.theirCurrency,
      amount(row.cost),
      amount(row.margin),
    ]),
  ]);
}
