/**
 * The accountant's file, read back with a real CSV parser (csv-parse), not string matching: a
 * production, a name or a service line holding a line break cannot start a row of its own, no
 * line of any cell starts a formula, orders are filed by the month they were confirmed in (the
 * file's name says so), and reversed months are refused naming `to`.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart, todayIn } from '../../schema/rental/quote-rules';
import { inertCell, liveCell } from '../../schema/spreadsheet-cells';
import { acceptWithCard } from '../helpers/card-hold';
import { buildTestApp, type TestApp } from '../helpers/server';
import { AVIATION_HOST, storefrontVisitor } from '../helpers/storefront-visitor';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ identity: { attemptsPerMinute: 1000 }, quotes: { requestsPerMinute: 1000 } });
});
afterAll(() => t.close());

const TZ = 'America/Los_Angeles';
const ITEM = '1950s-propliner-triple-seat-row-orange-vinyl';
const hostile = ["Night\n=cmd|' /C calc'!A0", "'\r=1+1", 'Dusk\r\n@SUM(A1:A9)', '+1 555', '-2+3', '\t=x'];

const storefront = (
  method: 'POST' | 'PUT',
  url: string,
  cookie: string,
  payload: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { host: AVIATION_HOST, origin: `http://${AVIATION_HOST}`, cookie, ...headers },
  });
const vendor = (url: string, revision: string, payload?: object) =>
  t.as('aviationAdmin', {
    method: 'POST',
    url: `/api/tenants/aviation/quote-requests/${url}`,
    ...(payload && { payload }),
    headers: { 'if-match': `"${revision}"` },
  });

/** A visitor with a hostile name asks, the vendor quotes with a hostile service line, the visitor accepts, the vendor confirms. */
async function confirmedOrder(production: string, index: number) {
  const who = await storefrontVisitor(t, `probe${index}@csv.example`);
  await storefront('PUT', '/api/identity/profile', who.cookie, {
    firstName: production.slice(0, 90),
    lastName: 'Probe',
  });
  const from = addDays(earliestStart(TZ, 2, new Date()), 10 * index);
  const asked = await storefront('POST', '/api/quote-requests', who.cookie, {
    items: [{ objectID: ITEM, quantity: 1 }],
    startDate: from,
    endDate: addDays(from, 1),
    production,
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const id = asked.json().id as string;
  const service = {
    category: { group: 'services', category: 'labor', subcategory: 'overtime' },
    name: production.replace(/\s/g, ' ').trim() || 'x',
    quantity: 1,
    unitPrice: 10,
  };
  expect((await vendor(`${id}/quote`, '0', { adjustments: {}, services: [service] })).statusCode).toBe(200);
  expect((await vendor(`${id}/confirm`, await acceptWithCard(t.app, id, who.cookie))).statusCode).toBe(200);
  return id;
}

describe("the accountant's file", () => {
  it('keeps hostile text inside its cells and never starts a line with a formula', async () => {
    const ids = [];
    for (const [index, production] of hostile.entries()) ids.push(await confirmedOrder(production, index));
    const month = todayIn(TZ, new Date()).slice(0, 7);
    const csv = await t.as('aviationAdmin', { url: `/api/tenants/aviation/orders.csv?from=${month}&to=${month}` });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="aviation-orders-confirmed-${month}-to-${month}.csv"`,
    );

    const rows: string[][] = parse(csv.body, { relax_column_count: false });
    const [header, ...records] = rows;
    expect(header).toEqual([
      'GL code',
      'Month confirmed',
      'Confirmed on',
      'Amount',
      'Order',
      'Production',
      'Customer',
      'Kind',
      'Item',
      'Item id',
      'Quantity',
      'First day',
      'Last day',
      'Quote version',
    ]);
    // Every row is one of the orders' lines: none was split by a line break.
    expect(records).toHaveLength(ids.length * 2);
    for (const record of records) {
      expect(ids).toContain(record[4]);
      for (const cell of record)
        for (const line of cell.split(/\r\n|\r|\n/)) expect(line, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t]/);
    }
    // The text is all there, each dangerous line behind an apostrophe.
    const productions = records.map((record) => record[5]);
    expect(productions).toContain("Night\n'=cmd|' /C calc'!A0");
    expect(productions).toContain("'\r'=1+1");
    expect(productions).toContain("Dusk\r\n'@SUM(A1:A9)");
  });

  it('guards each line of a cell', () => {
    expect(inertCell('a\n=b\r+c\r\n-d\n@e\n\tf')).toBe("a\n'=b\r'+c\r\n'-d\n'@e\n'\tf");
    expect(inertCell('=SUM(1)')).toBe("'=SUM(1)");
    // The import takes the guard off again.
    expect(liveCell(inertCell('a\n=b\r+c\r\n-d\n@e\n\tf'))).toBe('a\n=b\r+c\r\n-d\n@e\n\tf');
    expect(inertCell('plain')).toBe('plain');
  });

  it('files orders by the month they were confirmed in, and refuses reversed months naming `to`', async () => {
    const nextYear = `${Number(todayIn(TZ, new Date()).slice(0, 4)) + 1}-01`;
    const later = await t.as('aviationAdmin', {
      url: `/api/tenants/aviation/orders.csv?from=${nextYear}&to=${nextYear}`,
    });
    expect(parse(later.body)).toHaveLength(1);
    const reversed = await t.as('aviationAdmin', { url: '/api/tenants/aviation/orders.csv?from=2027-12&to=2026-01' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors).toEqual({ to: 'must be 2027-12 or later: the months run from `from` to `to`' });
  });
});
