/**
 * Holds as the trade ranks them (schema/rental/holds.ts): by when they were placed, per item and
 * day; an order passes only the holds behind its own; a challenge's answer window counts working
 * hours in the house's time zone; a hold lasts the house's days, never into its hire.
 */
import { describe, expect, it } from 'vitest';
import type { Booking } from '../../../schema/rental/availability';
import {
  answerBy,
  holdRanks,
  holdsAhead,
  holdUntil,
  ordinal,
  pencilExpiresOn,
  rankedAheadOf,
  rankOfRequest,
  standsInTheWay,
} from '../../../schema/rental/holds';

const pencil = (quoteId: string, heldAt: string | undefined, overrides: Partial<Booking> = {}): Booking => ({
  quoteId,
  objectID: 'cockpit-shell',
  quantity: 1,
  firstDay: '2027-01-10',
  lastDay: '2027-01-20',
  kind: 'pencil',
  expiresOn: '2027-01-05',
  ...(heldAt && { heldAt }),
  ...overrides,
});
const today = '2026-12-05';

describe('ranking holds', () => {
  const booked = [
    pencil('night-ferry', '2026-12-01T09:00:00.000Z'),
    pencil('red-eye', '2026-12-02T09:00:00.000Z'),
    // Placed before ranks were kept: ahead of every ranked hold.
    pencil('legacy', undefined, { firstDay: '2027-01-18', lastDay: '2027-01-25' }),
    // Another item, and days apart beyond the turnaround: neither counts.
    pencil('other-item', '2026-11-01T00:00:00.000Z', { objectID: 'galley-cart' }),
    pencil('weeks-later', '2026-11-01T00:00:00.000Z', { firstDay: '2027-02-10', lastDay: '2027-02-12' }),
    // Lapsed yesterday: nobody's rank counts it.
    pencil('lapsed', '2026-11-01T00:00:00.000Z', { expiresOn: '2026-12-04' }),
    { ...pencil('ordered', undefined), kind: 'order' as const },
  ];

  it('ranks each line among the live holds on its item that share a day with it, first placed first', () => {
    expect(holdRanks('legacy', booked, 1, today)).toEqual(new Map([['cockpit-shell', 1]]));
    expect(holdRanks('night-ferry', booked, 1, today)).toEqual(new Map([['cockpit-shell', 2]]));
    expect(holdRanks('red-eye', booked, 1, today)).toEqual(new Map([['cockpit-shell', 3]]));
    expect(holdRanks('weeks-later', booked, 1, today)).toEqual(new Map([['cockpit-shell', 1]]));
    expect(holdRanks('ordered', booked, 1, today)).toEqual(new Map());
    expect(
      rankOfRequest(
        new Map([
          ['a', 1],
          ['b', 3],
        ]),
      ),
    ).toBe(3);
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
      '111th',
    ]);
  });

  it('lets no hold refuse a hold; lets an order pass only the holds behind its own, all of them when it held nothing', () => {
    const red = pencil('red-eye', '2026-12-02T09:00:00.000Z');
    const ferry = pencil('night-ferry', '2026-12-01T09:00:00.000Z');
    const order = { ...ferry, kind: 'order' as const };
    expect(standsInTheWay({ kind: 'pencil', quoteId: 'new' })(ferry)).toBe(false);
    expect(standsInTheWay({ kind: 'pencil', quoteId: 'new' })(order)).toBe(true);
    expect(standsInTheWay({ kind: 'order', quoteId: 'walk-in' })(red)).toBe(true);
    expect(standsInTheWay({ kind: 'order', quoteId: 'night-ferry', heldAt: ferry.heldAt })(red)).toBe(false);
    expect(standsInTheWay({ kind: 'order', quoteId: 'red-eye', heldAt: red.heldAt })(ferry)).toBe(true);
    // Placed at the same instant: the request's id decides, the same way everywhere.
    const twin = pencil('alpha', red.heldAt);
    expect(standsInTheWay({ kind: 'order', quoteId: 'red-eye', heldAt: red.heldAt })(twin)).toBe(true);
    expect(standsInTheWay({ kind: 'order', quoteId: 'alpha', heldAt: red.heldAt })(red)).toBe(false);
  });

  it('names the holds ahead of a confirmation, first first, live ones on its items only', () => {
    expect(
      holdsAhead(
        { quoteId: 'red-eye', heldAt: '2026-12-02T09:00:00.000Z', objectIDs: ['cockpit-shell'] },
        booked,
        today,
      ),
    ).toEqual(['legacy', 'weeks-later', 'night-ferry']);
    expect(holdsAhead({ quoteId: 'walk-in', objectIDs: ['galley-cart'] }, booked, today)).toEqual(['other-item']);
    // A hold placed before ranks were kept confirms past every ranked one ('' is its instant); holding nothing, past none.
    expect(holdsAhead({ quoteId: 'legacy', heldAt: '', objectIDs: ['cockpit-shell'] }, booked, today)).toEqual([]);
    expect(holdsAhead({ quoteId: 'legacy', objectIDs: ['cockpit-shell'] }, booked, today)).toContain('night-ferry');
  });
});

describe('moving a hold up the queue', () => {
  const first = pencil('first', '2026-12-01T09:00:00.000Z');
  const second = pencil('second', '2026-12-02T09:00:00.000Z');
  const third = pencil('third', '2026-12-03T09:00:00.000Z');

  it('ranks the moved hold halfway between the hold it passes and the one ahead of that, so it passes only one', () => {
    const rankedAt = rankedAheadOf('third', second, [first, second, third])!;
    expect(rankedAt).toBe('2026-12-01T21:00:00.000Z');
    const moved = pencil('third', rankedAt);
    expect(holdRanks('third', [first, second, moved], 0, today).get('cockpit-shell')).toBe(2);
    expect(holdRanks('second', [first, second, moved], 0, today).get('cockpit-shell')).toBe(3);
  });

  it('puts it a second ahead of the first hold, and refuses where no instant fits', () => {
    expect(rankedAheadOf('second', first, [first, second])).toBe('2026-12-01T08:59:59.000Z');
    // Placed a millisecond after the hold ahead of it, or in the same one: no instant between them.
    const twin = pencil('twin', '2026-12-01T09:00:00.000Z');
    const close = pencil('second', '2026-12-01T09:00:00.001Z');
    expect(rankedAheadOf('third', close, [first, close, third])).toBe(undefined);
    expect(rankedAheadOf('third', pencil('zz-twin', '2026-12-01T09:00:00.000Z'), [first, twin, third])).toBe(undefined);
    // A hold placed before ranks were kept ranks first: nothing gets ahead of it.
    expect(rankedAheadOf('third', pencil('legacy', undefined), [first, third])).toBe(undefined);
  });
});

describe("a hold's days", () => {
  it("lasts the house's hold days from today, and at the latest to the day before its hire", () => {
    expect(holdUntil('2026-12-05', 7, '2027-01-10')).toBe('2026-12-12');
    expect(holdUntil('2026-12-05', 7, '2026-12-09')).toBe('2026-12-08');
    expect(holdUntil('2026-12-05', 7, '2026-12-05')).toBe('2026-12-05');
  });

  it("ends on its hold's last day, or its quote's if sooner", () => {
    const request = {
      state: 'quoted' as const,
      startDate: '2027-01-10',
      versions: [{ expiresOn: '2026-12-10' }] as never,
      pencil: { placedAt: '2026-12-05T00:00:00Z', until: '2026-12-12', by: 'vendor' as const },
    };
    expect(pencilExpiresOn(request)).toBe('2026-12-10');
    expect(pencilExpiresOn({ ...request, pencil: { ...request.pencil, until: '2026-12-08' } })).toBe('2026-12-08');
    expect(pencilExpiresOn({ ...request, state: 'requested', pencil: undefined })).toBe('2027-01-09');
  });
});

describe('the answer window, in working hours', () => {
  const weekdays = [1, 2, 3, 4, 5];
  const la = 'America/Los_Angeles';

  it('counts 24 working hours from Friday 15:00 to Monday 15:00, the weekend left out', () => {
    // Friday 4 December 2026, 15:00 in Los Angeles (23:00 UTC).
    expect(answerBy(new Date('2026-12-04T23:00:00Z'), 24, la, weekdays).toISOString()).toBe('2026-12-07T23:00:00.000Z');
    // On a Tuesday it is the next day.
    expect(answerBy(new Date('2026-12-08T18:30:00Z'), 24, la, weekdays).toISOString()).toBe('2026-12-09T18:30:00.000Z');
  });

  it('starts counting on Monday when challenged at the weekend, in the house’s time zone, not UTC', () => {
    // Saturday 10:00 in LA: the window runs from Monday 00:00 there.
    expect(answerBy(new Date('2026-12-05T18:00:00Z'), 24, la, weekdays).toISOString()).toBe('2026-12-08T08:00:00.000Z');
    // Sunday 23:30 UTC is Monday morning in Sydney: it counts at once there.
    expect(answerBy(new Date('2026-12-06T23:30:00Z'), 1, 'Australia/Sydney', weekdays).toISOString()).toBe(
      '2026-12-07T00:30:00.000Z',
    );
  });

  it('counts hours as they pass across a change of the clocks, and every day when the house works every day', () => {
    // London's clocks go back on Sunday 25 October 2026: 24 hours from Saturday 12:00 are Sunday 11:00 on the wall.
    expect(answerBy(new Date('2026-10-24T11:00:00Z'), 24, 'Europe/London', [1, 2, 3, 4, 5, 6, 7]).toISOString()).toBe(
      '2026-10-25T11:00:00.000Z',
    );
    expect(answerBy(new Date('2026-12-05T18:00:00Z'), 48, la, []).toISOString()).toBe('2026-12-07T18:00:00.000Z');
  });
});
