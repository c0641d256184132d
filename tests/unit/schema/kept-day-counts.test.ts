/**
 * The kept day counts (takenByDay, what server/rental/kept-availability.ts keeps per item) give the
 * same free quantity as the one rule (freeOver) for any range inside them: random bookings of every
 * kind (orders, pencils expired and live, repairs, lost units, units out early or overdue, stock
 * hired in, open-ended rows), with a turnaround, against random ranges.
 */
import { describe, expect, it } from 'vitest';
import { freeOver, OPEN_END, takenByDay, type Booking, type BookingKind } from '../../../schema/rental/availability';
import { addDays, dayCount } from '../../../schema/rental/quote-rules';
import { seededRandom } from '../../bench/figures';

const TODAY = '2027-03-10';
const KINDS: BookingKind[] = ['order', 'pencil', 'repair', 'lost', 'outEarly', 'subHire'];

function randomBookings(random: () => number, count: number): Booking[] {
  const pick = (n: number) => Math.floor(random() * n);
  return Array.from({ length: count }, (_, index) => {
    const firstDay = addDays(TODAY, pick(120) - 40);
    const kind = KINDS[pick(KINDS.length)]!;
    return {
      quoteId: `q${index}`,
      objectID: 'item',
      quantity: 1 + pick(3),
      firstDay,
      lastDay: pick(15) === 0 ? OPEN_END : addDays(firstDay, pick(20)),
      kind,
      ...(kind === 'pencil' && { expiresOn: addDays(TODAY, pick(20) - 10) }),
      ...(kind === 'order' && pick(3) === 0 && { out: 1 + pick(2) }),
    };
  });
}

describe('the kept day counts', () => {
  it('say what the one rule says, for every range inside them', () => {
    const random = seededRandom(11);
    const from = addDays(TODAY, -31);
    const to = addDays(TODAY, 200);
    let compared = 0;
    for (let round = 0; round < 60; round++) {
      const bookings = randomBookings(random, 1 + Math.floor(random() * 25));
      const turnaround = Math.floor(random() * 3);
      const stock = 2 + Math.floor(random() * 6);
      const taken = takenByDay(bookings, from, to, turnaround, TODAY);
      expect(taken.length).toBe(dayCount(from, to));
      for (let range = 0; range < 30; range++) {
        const first = addDays(from, Math.floor(random() * 200));
        const last = addDays(first, Math.floor(random() * 25));
        if (last > to) continue;
        const slice = taken.slice(dayCount(from, first) - 1, dayCount(from, last));
        const kept = Math.max(0, stock - Math.max(...slice));
        expect(kept, `round ${round}: ${first}…${last}`).toBe(
          freeOver(stock, bookings, first, last, turnaround, TODAY),
        );
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
