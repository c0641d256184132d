/**
 * Availability over any range: the sweep behind freeByDay, freeOver and placementProblems counts
 * every day of every booking (the probe booked one unit twice through a hire longer than the old
 * day-by-day walk's 3,661 days), agrees with a plain day-by-day count, and the one date rule
 * refuses what the calendar cannot hold.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freeByDay, freeOver, placementProblems, type Booking } from '../../../schema/rental/availability';
import { calendarDateMessage, isCalendarDate } from '../../../schema/calendar-date';
import { addDays } from '../../../schema/rental/quote-rules';
import { getAjv } from '../../../schema/node/ajv';
import { schemaIds } from '../../../schema/documents';

const order = (quoteId: string, firstDay: string, lastDay: string, quantity = 1): Booking => ({
  quoteId,
  objectID: 'seat',
  quantity,
  firstDay,
  lastDay,
  kind: 'order',
});
const S = '2026-12-01';

describe('availability', () => {
  it('finds an order deep inside a long hire (the probe: A on S+3670…S+3675, B on S…S+3700)', () => {
    const a = order('a', addDays(S, 3670), addDays(S, 3675));
    const placement = {
      quoteId: 'b',
      lines: [{ objectID: 'seat', quantity: 1 }],
      firstDay: S,
      lastDay: addDays(S, 3700),
      stock: new Map([['seat', 1]]),
      turnaroundDays: 1,
      today: '2026-11-26',
    };
    expect(placementProblems(placement, [a])).toEqual([
      {
        pointer: '/lines/0/quantity',
        message: `only 0 of 1 free on ${addDays(S, 3669)}: other holds and orders have the rest`,
      },
    ]);
    expect(freeOver(1, [a], S, addDays(S, 3700), 1, '2026-11-26')).toBe(0);
  });

  it('agrees with counting day by day, for any bookings (stock hired in among them), range and turnaround', () => {
    const day = fc.integer({ min: 0, max: 60 }).map((offset) => addDays(S, offset));
    const booking = fc.record({
      first: day,
      length: fc.integer({ min: 0, max: 20 }),
      quantity: fc.integer({ min: 1, max: 3 }),
      pencil: fc.boolean(),
      hiredIn: fc.boolean(),
      lapse: day,
    });
    fc.assert(
      fc.property(
        fc.array(booking, { maxLength: 8 }),
        day,
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 6 }),
        (list, from, length, turnaround, stock) => {
          const to = addDays(from, length);
          const today = addDays(S, 20);
          const bookings: Booking[] = list.map((entry, index) => ({
            quoteId: `q${index}`,
            objectID: 'seat',
            quantity: entry.quantity,
            firstDay: entry.first,
            lastDay: addDays(entry.first, entry.length),
            kind: entry.hiredIn ? 'subHire' : entry.pencil ? 'pencil' : 'order',
            ...(entry.pencil && !entry.hiredIn && { expiresOn: entry.lapse }),
          }));
          const expected: number[] = [];
          for (let date = from; date <= to; date = addDays(date, 1)) {
            const taken = bookings
              .filter((entry) => entry.kind === 'order' || (entry.kind === 'pencil' && entry.expiresOn! >= today))
              .filter(
                (entry) => addDays(entry.firstDay, -turnaround) <= date && date <= addDays(entry.lastDay, turnaround),
              )
              .reduce((sum, entry) => sum + entry.quantity, 0);
            // Stock hired in is here from its first day to its last, with no turnaround.
            const hiredIn = bookings
              .filter((entry) => entry.kind === 'subHire' && entry.firstDay <= date && date <= entry.lastDay)
              .reduce((sum, entry) => sum + entry.quantity, 0);
            expected.push(Math.max(0, stock + hiredIn - taken));
          }
          expect(freeByDay(stock, bookings, from, to, turnaround, today)).toEqual(expected);
          expect(freeOver(stock, bookings, from, to, turnaround, today)).toBe(Math.min(...expected));
        },
      ),
    );
  });
});

describe('the date rule', () => {
  it('admits real days from 2000 to 2199 only, in the schema and in code alike', () => {
    const validate = getAjv().compile({ $ref: `${schemaIds.defs}#/$defs/calendarDate` });
    for (const [value, ok] of [
      ['2026-11-26', true],
      ['2000-01-01', true],
      ['2199-12-31', true],
      ['2028-02-29', true],
      ['2026-02-29', false],
      ['2026-02-30', false],
      ['9999-12-31', false],
      ['0001-01-01', false],
      ['1999-12-31', false],
      ['2026-1-5', false],
      ['2026-11-26T00:00', false],
    ] as const) {
      expect(isCalendarDate(value), value).toBe(ok);
      expect(validate(value), value).toBe(ok);
      if (!ok) expect(validate.errors?.[0]?.message, value).toBe(calendarDateMessage);
    }
  });
});
