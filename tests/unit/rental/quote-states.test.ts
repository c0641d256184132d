/**
 * The quote conversation's transition table, walked exhaustively: every state × hold × action ×
 * actor is either one of the moves listed here or refused with a reason.
 */
import { describe, expect, it } from 'vitest';
import { actionsFor, actors, isOpen, quoteActions, quoteStates, transition, type HoldKind } from '../../../schema/rental/quote-states';

// [state, action, actor, to, effect on the hold]: the whole table, written out once more by hand.
const allowed: Array<[string, string, string, string, string]> = [
  ['requested', 'quote', 'vendor', 'quoted', 'keep'],
  ['requested', 'hold', 'vendor', 'requested', 'pencil'],
  ['requested', 'release', 'vendor', 'requested', 'release'],
  ['requested', 'cancel', 'vendor', 'cancelled', 'release'],
  ['requested', 'cancel', 'visitor', 'cancelled', 'release'],
  ['requested', 'expire', 'system', 'expired', 'release'],
  ['quoted', 'quote', 'vendor', 'quoted', 'keep'],
  ['quoted', 'hold', 'vendor', 'quoted', 'pencil'],
  ['quoted', 'release', 'vendor', 'quoted', 'release'],
  ['quoted', 'accept', 'visitor', 'accepted', 'keep'],
  ['quoted', 'decline', 'visitor', 'declined', 'release'],
  ['quoted', 'expire', 'system', 'expired', 'release'],
  ['quoted', 'cancel', 'vendor', 'cancelled', 'release'],
  ['quoted', 'cancel', 'visitor', 'cancelled', 'release'],
  ['accepted', 'quote', 'vendor', 'quoted', 'keep'],
  ['accepted', 'hold', 'vendor', 'accepted', 'pencil'],
  ['accepted', 'release', 'vendor', 'accepted', 'release'],
  ['accepted', 'confirm', 'vendor', 'confirmed', 'order'],
  ['accepted', 'cancel', 'vendor', 'cancelled', 'release'],
  ['accepted', 'cancel', 'visitor', 'cancelled', 'release'],
  ['accepted', 'expire', 'system', 'expired', 'release'],
  ['declined', 'quote', 'vendor', 'quoted', 'keep'],
  ['expired', 'quote', 'vendor', 'quoted', 'keep'],
  ['confirmed', 'cancel', 'vendor', 'cancelled', 'release'],
];

describe('the quote transition table', () => {
  it('lists the schema states, actions and actors', () => {
    expect(quoteStates).toEqual(['requested', 'quoted', 'accepted', 'declined', 'confirmed', 'cancelled', 'expired']);
    expect(quoteActions).toEqual(['quote', 'hold', 'release', 'accept', 'decline', 'confirm', 'cancel', 'expire']);
    expect(actors).toEqual(['visitor', 'vendor', 'system']);
  });

  const holds: HoldKind[] = ['none', 'pencil', 'order'];
  const pairs = quoteStates.flatMap((state) => holds.flatMap((hold) => quoteActions.flatMap((action) => actors.map((actor) => [state, hold, action, actor] as const))));

  it('allows exactly the listed moves and refuses every other state, hold, action and actor with a reason', () => {
    let refused = 0;
    for (const [state, hold, action, actor] of pairs) {
      const listed = allowed.find(([s, a, who]) => s === state && a === action && who === actor);
      const holdAllows = action === 'hold' ? hold === 'none' : action === 'release' ? hold === 'pencil' : true;
      const result = transition({ state, hold }, action, actor);
      if (listed && holdAllows) expect(result, `${state}/${hold} ${action} by ${actor}`).toEqual({ ok: true, to: listed[3], hold: listed[4] });
      else {
        refused += 1;
        expect(result.ok, `${state}/${hold} ${action} by ${actor}`).toBe(false);
        expect((result as { reason: string }).reason).toMatch(/\S\.$/);
      }
    }
    expect(refused).toBeGreaterThan(400);
  });

  it('says why a move is refused', () => {
    expect(transition({ state: 'confirmed', hold: 'order' }, 'accept', 'visitor')).toEqual({ ok: false, reason: 'A confirmed request cannot be accepted.' });
    expect(transition({ state: 'quoted', hold: 'none' }, 'accept', 'vendor')).toEqual({ ok: false, reason: 'Only the visitor can do that.' });
    expect(transition({ state: 'requested', hold: 'none' }, 'cancel', 'system')).toEqual({ ok: false, reason: 'Only the vendor or the visitor can do that.' });
    expect(transition({ state: 'quoted', hold: 'pencil' }, 'hold', 'vendor')).toEqual({ ok: false, reason: 'Its items are already held.' });
    expect(transition({ state: 'quoted', hold: 'none' }, 'release', 'vendor')).toEqual({ ok: false, reason: 'It holds nothing to release.' });
  });

  it('offers each side only the buttons that work', () => {
    expect(actionsFor({ state: 'quoted', hold: 'pencil' }, 'visitor')).toEqual(['accept', 'decline', 'cancel']);
    expect(actionsFor({ state: 'quoted', hold: 'pencil' }, 'vendor')).toEqual(['quote', 'release', 'cancel']);
    expect(actionsFor({ state: 'accepted', hold: 'none' }, 'vendor')).toEqual(['quote', 'hold', 'confirm', 'cancel']);
    expect(actionsFor({ state: 'cancelled', hold: 'none' }, 'vendor')).toEqual([]);
    expect(quoteStates.filter(isOpen)).toEqual(['requested', 'quoted', 'accepted']);
  });
});
