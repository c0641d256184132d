/** The quote request's rules: stock, unknown items, and the lead time counted in the vendor's time zone. */
import { describe, expect, it } from 'vitest';
import { addDays, checkQuoteRequest, dayCount, earliestStart, todayIn } from '../../../schema/rental/quote-rules';

const items = new Map([
  ['seat', { objectID: 'seat', quantity: 4 }],
  ['cart', { objectID: 'cart', quantity: 1 }],
]);

const bounds = { maxHireDays: 400, horizonDays: 1095 };

describe('the quote rules', () => {
  it("count the lead time from the vendor's own date, across a time zone boundary", () => {
    // 06:30 UTC on 24 November is still 23 November (10:30 pm) in Los Angeles.
    const now = new Date('2026-11-24T06:30:00Z');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-11-23');
    expect(todayIn('UTC', now)).toBe('2026-11-24');
    expect(earliestStart('America/Los_Angeles', 2, now)).toBe('2026-11-25');
    expect(earliestStart('Asia/Tokyo', 2, now)).toBe('2026-11-26');
    const ask = (startDate: string, timezone: string) =>
      checkQuoteRequest(
        { items: [{ objectID: 'seat', quantity: 1 }], startDate, endDate: '2026-12-31' },
        { items, timezone, leadDays: 2, ...bounds, now },
      );
    expect(ask('2026-11-25', 'America/Los_Angeles')).toEqual([]);
    expect(ask('2026-11-25', 'UTC')).toEqual([
      {
        pointer: '/startDate',
        message: "must be 2026-11-26 or later (2 days' notice, counted in the vendor's time zone)",
      },
    ]);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    // Across the spring daylight-saving change in Los Angeles (2 am on 8 March 2026 became 3 am):
    // 11:30 pm on the 7th is still the 7th, 3:30 am on the 8th is the 8th, and the lead counts from each.
    expect(earliestStart('America/Los_Angeles', 2, new Date('2026-03-08T07:30:00Z'))).toBe('2026-03-09');
    expect(earliestStart('America/Los_Angeles', 2, new Date('2026-03-08T10:30:00Z'))).toBe('2026-03-10');
    // And the autumn one (2 am on 1 November 2026 became 1 am): 11:30 pm on the 1st is the 1st.
    expect(todayIn('America/Los_Angeles', new Date('2026-11-02T07:30:00Z'))).toBe('2026-11-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('name each line asked for beyond stock, unknown, or twice, and a reversed range', () => {
    const findings = checkQuoteRequest(
      {
        items: [
          { objectID: 'seat', quantity: 5 },
          { objectID: 'ghost', quantity: 1 },
          { objectID: 'cart', quantity: 1 },
          { objectID: 'cart', quantity: 1 },
        ],
        startDate: '2027-01-10',
        endDate: '2027-01-09',
      },
      { items, timezone: 'America/Los_Angeles', leadDays: 2, ...bounds, now: new Date('2026-11-24T12:00:00Z') },
    );
    expect(findings).toEqual([
      { pointer: '/items/0/quantity', message: 'only 4 in stock' },
      { pointer: '/items/1/objectID', message: 'no item "ghost" in this catalogue' },
      { pointer: '/items/3/objectID', message: 'is also line 3: ask for one line per item' },
      { pointer: '/endDate', message: 'must be on or after the first day' },
    ]);
  });

  it('bound a hire: at most maxHireDays long, ending within the horizon, each refused at the last day', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const ask = (startDate: string, endDate: string) =>
      checkQuoteRequest(
        { items: [{ objectID: 'seat', quantity: 1 }], startDate, endDate },
        { items, timezone: 'UTC', leadDays: 2, ...bounds, now },
      );
    expect(ask('2026-12-01', addDays('2026-12-01', 399))).toEqual([]);
    expect(ask('2026-12-01', addDays('2026-12-01', 400))).toEqual([
      {
        pointer: '/endDate',
        message: 'must be at most 400 days after the first day, both counted: split a longer hire into requests',
      },
    ]);
    // The probe's request: from today to the last day a date input takes.
    expect(ask('2026-11-26', '2199-12-31')).toEqual([expect.objectContaining({ pointer: '/endDate' })]);
    expect(ask('2029-11-01', '2029-11-30')).toEqual([
      { pointer: '/endDate', message: 'must be 2029-11-23 or earlier: hires are booked up to 1095 days ahead' },
    ]);
  });

  it('count days in every year the calendar holds, without listing them', () => {
    expect(dayCount('2026-01-01', '2026-01-05')).toBe(5);
    expect(dayCount('0001-01-01', '0001-01-05')).toBe(5);
    expect(addDays('0001-01-01', 1)).toBe('0001-01-02');
    expect(dayCount('2000-01-01', '2199-12-31')).toBe(73_049);
    expect(dayCount('2026-01-05', '2026-01-01')).toBe(0);
  });
});
