/**
 * The quote conversation's transition table, walked exhaustively: every state × hold × action ×
 * actor is either one of the moves listed here or refused with a reason.
 */
import { describe, expect, it } from 'vitest';
import {
  actionsFor,
  actors,
  hireStateOf,
  isOpen,
  isOverdue,
  quoteActions,
  quoteStates,
  transition,
  type HoldKind,
} from '../../../schema/rental/quote-states';

const COUNTED = 'counted';
/** The counts every counted move is tried with (3 booked, 2 out, 1 back): partly returned. */
const counts = { booked: 3, out: 2, back: 1 };
// [state, action, actor, to, effect on the hold]: the whole table, written out once more by hand.
const allowed: Array<[string, string, string, string, string]> = [
  ['requested', 'quote', 'vendor', 'quoted', 'keep'],
  ['requested', 'change', 'vendor', 'quoted', 'keep'],
  ['quoted', 'change', 'vendor', 'quoted', 'keep'],
  ['accepted', 'change', 'vendor', 'quoted', 'keep'],
  ['declined', 'change', 'vendor', 'quoted', 'keep'],
  ['expired', 'change', 'vendor', 'quoted', 'keep'],
  // A change to an order places its stock again at once (as an order); the hire goes where its counts say.
  ['confirmed', 'change', 'vendor', 'confirmed', 'order'],
  ['partlyOut', 'change', 'vendor', COUNTED, 'order'],
  ['out', 'change', 'vendor', COUNTED, 'order'],
  ['partlyReturned', 'change', 'vendor', COUNTED, 'order'],
  ['requested', 'hold', 'vendor', 'requested', 'pencil'],
  ['requested', 'hold', 'visitor', 'requested', 'pencil'],
  ['requested', 'release', 'vendor', 'requested', 'release'],
  ['requested', 'release', 'visitor', 'requested', 'release'],
  ['requested', 'release', 'system', 'requested', 'release'],
  ['requested', 'extend', 'vendor', 'requested', 'keep'],
  ['requested', 'challenge', 'vendor', 'requested', 'keep'],
  ['requested', 'reorder', 'vendor', 'requested', 'keep'],
  ['requested', 'cancel', 'vendor', 'cancelled', 'release'],
  ['requested', 'cancel', 'visitor', 'cancelled', 'release'],
  ['requested', 'expire', 'system', 'expired', 'release'],
  ['quoted', 'quote', 'vendor', 'quoted', 'keep'],
  ['quoted', 'hold', 'vendor', 'quoted', 'pencil'],
  ['quoted', 'hold', 'visitor', 'quoted', 'pencil'],
  ['quoted', 'release', 'vendor', 'quoted', 'release'],
  ['quoted', 'release', 'visitor', 'quoted', 'release'],
  ['quoted', 'release', 'system', 'quoted', 'release'],
  ['quoted', 'extend', 'vendor', 'quoted', 'keep'],
  ['quoted', 'challenge', 'vendor', 'quoted', 'keep'],
  ['quoted', 'reorder', 'vendor', 'quoted', 'keep'],
  ['quoted', 'accept', 'visitor', 'accepted', 'keep'],
  ['quoted', 'decline', 'visitor', 'declined', 'release'],
  ['quoted', 'expire', 'system', 'expired', 'release'],
  ['quoted', 'cancel', 'vendor', 'cancelled', 'release'],
  ['quoted', 'cancel', 'visitor', 'cancelled', 'release'],
  ['accepted', 'quote', 'vendor', 'quoted', 'keep'],
  ['accepted', 'hold', 'vendor', 'accepted', 'pencil'],
  ['accepted', 'release', 'vendor', 'accepted', 'release'],
  ['accepted', 'release', 'visitor', 'accepted', 'release'],
  ['accepted', 'release', 'system', 'accepted', 'release'],
  ['accepted', 'extend', 'vendor', 'accepted', 'keep'],
  ['accepted', 'challenge', 'vendor', 'accepted', 'keep'],
  ['accepted', 'reorder', 'vendor', 'accepted', 'keep'],
  ['accepted', 'confirm', 'vendor', 'confirmed', 'order'],
  ['accepted', 'cancel', 'vendor', 'cancelled', 'release'],
  ['accepted', 'cancel', 'visitor', 'cancelled', 'release'],
  ['accepted', 'expire', 'system', 'expired', 'release'],
  ['declined', 'quote', 'vendor', 'quoted', 'keep'],
  ['expired', 'quote', 'vendor', 'quoted', 'keep'],
  ['confirmed', 'cancel', 'vendor', 'cancelled', 'release'],
  // The hire: a scan leads where the counts say (COUNTED below stands for that).
  ['confirmed', 'checkOut', 'vendor', COUNTED, 'keep'],
  ['partlyOut', 'checkOut', 'vendor', COUNTED, 'keep'],
  ['partlyOut', 'checkIn', 'vendor', COUNTED, 'keep'],
  ['out', 'checkIn', 'vendor', COUNTED, 'keep'],
  ['partlyReturned', 'checkOut', 'vendor', COUNTED, 'keep'],
  ['partlyReturned', 'checkIn', 'vendor', COUNTED, 'keep'],
  ['returned', 'checkOut', 'vendor', COUNTED, 'keep'],
  ['returned', 'close', 'vendor', 'closed', 'keep'],
];

describe('the quote transition table', () => {
  it('lists the schema states, actions and actors', () => {
    expect(quoteStates).toEqual([
      'requested',
      'quoted',
      'accepted',
      'declined',
      'confirmed',
      'cancelled',
      'expired',
      'partlyOut',
      'out',
      'partlyReturned',
      'returned',
      'closed',
    ]);
    expect(quoteActions).toEqual([
      'quote',
      'change',
      'hold',
      'release',
      'extend',
      'challenge',
      'reorder',
      'accept',
      'decline',
      'confirm',
      'cancel',
      'expire',
      'checkOut',
      'checkIn',
      'close',
    ]);
    expect(actors).toEqual(['visitor', 'vendor', 'system']);
  });

  const holds: HoldKind[] = ['none', 'pencil', 'order'];
  const pairs = quoteStates.flatMap((state) =>
    holds.flatMap((hold) =>
      quoteActions.flatMap((action) => actors.map((actor) => [state, hold, action, actor] as const)),
    ),
  );

  it('allows exactly the listed moves and refuses every other state, hold, action and actor with a reason', () => {
    let refused = 0;
    for (const [state, hold, action, actor] of pairs) {
      const listed = allowed.find(([s, a, who]) => s === state && a === action && who === actor);
      const holdAllows =
        action === 'hold'
          ? hold === 'none'
          : ['release', 'extend', 'challenge', 'reorder'].includes(action)
            ? hold === 'pencil'
            : true;
      const result = transition({ state, hold }, action, actor, counts);
      if (listed && holdAllows)
        expect(result, `${state}/${hold} ${action} by ${actor}`).toEqual({
          ok: true,
          to: listed[3] === COUNTED ? 'partlyReturned' : listed[3],
          hold: listed[4],
        });
      else {
        refused += 1;
        expect(result.ok, `${state}/${hold} ${action} by ${actor}`).toBe(false);
        expect((result as { reason: string }).reason).toMatch(/\S\.$/);
      }
    }
    expect(refused).toBeGreaterThan(1000);
  });

  it("lets the visitor accept a change to their order only while one waits, leading where the order's counts say", () => {
    const orderStates = ['confirmed', 'partlyOut', 'out', 'partlyReturned'] as const;
    for (const state of quoteStates)
      for (const changePending of [false, true]) {
        const result = transition({ state, hold: 'order', changePending }, 'accept', 'visitor', counts);
        const expected =
          (orderStates as readonly string[]).includes(state) && changePending
            ? { ok: true, to: state === 'confirmed' ? 'confirmed' : 'partlyReturned', hold: 'keep' }
            : undefined;
        if (expected) expect(result, `${state} pending`).toEqual(expected);
        else if (state !== 'quoted') expect(result.ok, `${state} ${changePending}`).toBe(false);
      }
    expect(transition({ state: 'out', hold: 'order', changePending: true }, 'accept', 'vendor', counts)).toEqual({
      ok: false,
      reason: 'Only the visitor can do that.',
    });
  });

  it('says why a move is refused', () => {
    expect(transition({ state: 'confirmed', hold: 'order' }, 'accept', 'visitor')).toEqual({
      ok: false,
      reason: 'There is no change to this order to accept.',
    });
    expect(transition({ state: 'returned', hold: 'order' }, 'change', 'vendor')).toEqual({
      ok: false,
      reason: 'A returned order cannot be changed.',
    });
    expect(transition({ state: 'quoted', hold: 'none' }, 'accept', 'vendor')).toEqual({
      ok: false,
      reason: 'Only the visitor can do that.',
    });
    expect(transition({ state: 'requested', hold: 'none' }, 'cancel', 'system')).toEqual({
      ok: false,
      reason: 'Only the vendor or the visitor can do that.',
    });
    expect(transition({ state: 'quoted', hold: 'pencil' }, 'hold', 'vendor')).toEqual({
      ok: false,
      reason: 'Its items are already held.',
    });
    expect(transition({ state: 'quoted', hold: 'none' }, 'release', 'vendor')).toEqual({
      ok: false,
      reason: 'It holds nothing to release.',
    });
    // Nothing out can be cancelled, and a cancelled order never goes out or comes back.
    expect(transition({ state: 'partlyOut', hold: 'order' }, 'cancel', 'vendor')).toEqual({
      ok: false,
      reason: 'A partly out order cannot be cancelled.',
    });
    expect(transition({ state: 'cancelled', hold: 'none' }, 'checkIn', 'vendor')).toEqual({
      ok: false,
      reason: 'A cancelled request cannot be checked in.',
    });
    expect(transition({ state: 'out', hold: 'order' }, 'checkOut', 'visitor')).toMatchObject({ ok: false });
  });

  it('leads each scan where the counts say, and calls an order overdue only once its last day and the grace have passed', () => {
    expect(hireStateOf({ booked: 3, out: 0, back: 0 })).toBe('confirmed');
    expect(hireStateOf({ booked: 3, out: 1, back: 0 })).toBe('partlyOut');
    expect(hireStateOf({ booked: 3, out: 3, back: 0 })).toBe('out');
    expect(hireStateOf({ booked: 3, out: 3, back: 2 })).toBe('partlyReturned');
    expect(hireStateOf({ booked: 3, out: 2, back: 2 })).toBe('returned');
    expect(
      transition({ state: 'confirmed', hold: 'order' }, 'checkOut', 'vendor', { booked: 2, out: 2, back: 0 }),
    ).toEqual({ ok: true, to: 'out', hold: 'keep' });
    const order = { state: 'out' as const, endDate: '2026-12-07' };
    // Los Angeles: the 7th ends at 08:00 UTC on the 8th; four hours of grace make it 12:00 UTC.
    expect(isOverdue(order, new Date('2026-12-08T11:59:00Z'), 'America/Los_Angeles', 4)).toBe(false);
    expect(isOverdue(order, new Date('2026-12-08T12:01:00Z'), 'America/Los_Angeles', 4)).toBe(true);
    expect(isOverdue({ ...order, state: 'returned' }, new Date('2027-01-01T00:00:00Z'), 'UTC', 0)).toBe(false);
    expect(isOverdue({ ...order, state: 'confirmed' }, new Date('2027-01-01T00:00:00Z'), 'UTC', 0)).toBe(false);
  });

  it('offers each side only the buttons that work', () => {
    // The production holds its items itself, and lets go of its own hold; a challenge is the house's, for another request (no button).
    expect(actionsFor({ state: 'quoted', hold: 'pencil' }, 'visitor')).toEqual([
      'release',
      'accept',
      'decline',
      'cancel',
    ]);
    expect(actionsFor({ state: 'quoted', hold: 'none' }, 'visitor')).toEqual(['hold', 'accept', 'decline', 'cancel']);
    expect(actionsFor({ state: 'quoted', hold: 'pencil' }, 'vendor')).toEqual([
      'quote',
      'change',
      'release',
      'extend',
      'cancel',
    ]);
    expect(actionsFor({ state: 'accepted', hold: 'none' }, 'vendor')).toEqual([
      'quote',
      'change',
      'hold',
      'confirm',
      'cancel',
    ]);
    expect(actionsFor({ state: 'confirmed', hold: 'order', changePending: true }, 'visitor')).toEqual(['accept']);
    expect(actionsFor({ state: 'confirmed', hold: 'order' }, 'visitor')).toEqual([]);
    expect(actionsFor({ state: 'cancelled', hold: 'none' }, 'vendor')).toEqual([]);
    expect(quoteStates.filter(isOpen)).toEqual(['requested', 'quoted', 'accepted']);
  });
});
