/**
 * What each piece earns, on the real app over HTTP (issue 53): an order's days and revenue count on
 * its item over the period, pro rata; days with nothing out are idle; revenue is set against the
 * purchase cost; a category sums its items; the report downloads as CSV and XLSX that a CSV parser
 * and an XLSX reader read back with the same figures.
 */
import { parse } from 'csv-parse/sync';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EarningsRow } from '../../schema/rental/earnings';
import { addDays, dayCount } from '../../schema/rental/quote-rules';
import { confirmedOrder } from '../helpers/confirmed-order';
import { buildTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ identity: { attemptsPerMinute: 1000 }, quotes: { requestsPerMinute: 1000 } });
});
afterAll(() => t.close());

/** Four in stock. */
const SEATS = '1950s-propliner-triple-seat-row-brown-houndstooth';

describe('the earnings report', () => {
  it("counts an order's days and revenue on its item, idle days, return on cost, by category, and as CSV and XLSX", async () => {
    await t.app.itemStore.update('aviation', SEATS, (item) => ({ ...item, purchaseCost: 500 }));
    const order = await confirmedOrder(
      t,
      'earnings@studio.example',
      [{ objectID: SEATS, quantity: 2 }],
      5,
      'Earning Shoot',
    );
    const stored = await t.app.quoteRequests.get('aviation', order.id);
    const revenue = stored!.versions!.at(-1)!.breakdown.lines.find((line) => line.objectID === SEATS)!.subtotal;
    // The period starts on the hire's second day: two of its three days count, and two thirds of its revenue.
    const from = addDays(order.startDate, 1);
    const to = addDays(order.endDate, 7);
    const period = dayCount(from, to);
    const report = async (query: string) =>
      t.as('aviationAdmin', { url: `/api/tenants/aviation/earnings?from=${from}&to=${to}${query}` });
    const rows = (await report('')).json().rows as EarningsRow[];
    const seats = rows.find((row) => row.key === SEATS)!;
    const earned = Math.round(((revenue * 2) / 3) * 100) / 100;
    expect(seats).toMatchObject({
      stock: 4,
      daysOut: 4,
      daysAvailable: 4 * period,
      utilisation: Math.round((4 / (4 * period)) * 10000) / 10000,
      revenue: earned,
      purchaseCost: 2000,
      returnOnCost: Math.round((earned / 2000) * 100) / 100,
      idleDays: period - 2,
      serviceCost: 0,
    });
    const untouched = rows.find((row) => row.key === 'airport-luggage-trolley')!;
    expect(untouched).toMatchObject({ daysOut: 0, revenue: 0, idleDays: period });

    const categories = (await report('&by=category')).json().rows as EarningsRow[];
    const ofSeats = categories.filter((row) => row.key === `${seats.group}/${seats.category}`);
    expect(ofSeats).toHaveLength(1);
    expect(ofSeats[0]!.revenue).toBeGreaterThanOrEqual(earned);
    expect(ofSeats[0]!.daysOut).toBeGreaterThanOrEqual(4);

    const csv = await report('&format=csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const table = parse(csv.body.replace(/^\ufeff/, ''), { columns: true }) as Array<Record<string, string>>;
    const line = table.find((row) => row.Id === SEATS)!;
    expect([line['Days out'], line['Hire revenue'], line['Idle days']]).toEqual([
      '4',
      String(earned),
      String(period - 2),
    ]);
    const xlsx = await report('&format=xlsx');
    const sheet = (await readXlsxFile(xlsx.rawPayload))[0]!.data;
    expect(sheet[0]!.slice(0, 4)).toEqual(['Name', 'Id', 'Stock', 'Days out']);
    const seatRow = sheet.find((row) => row[1] === SEATS)!;
    expect([seatRow[3], seatRow[6]]).toEqual([4, earned]);

    const tooLong = await t.as('aviationAdmin', {
      url: `/api/tenants/aviation/earnings?from=2020-01-01&to=2026-01-01`,
    });
    expect(tooLong.statusCode).toBe(400);
  });
});
