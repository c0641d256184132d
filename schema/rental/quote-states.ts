/**
 * The conversation after a quote request, as a pure transition table: which action each side may
 * take in each state, where it leads, and what it does to the stock the request holds. Every pair
 * off the table is refused with the reason (tests/unit/rental/quote-states.test.ts walks all of
 * them). The server applies it atomically with the holds (server/stores/quote-request-store.ts);
 * the console and the storefront read it to offer only the buttons that can work.
 *
 *   requested ──quote──▶ quoted ──accept──▶ accepted ──confirm──▶ confirmed
 *       │                 │  ▲ └─decline─▶ declined ──quote─┐        │
 *       │                 │  └──────────── quote (revise) ◀─┴────────┤ (accepted, declined, expired)
 *       │                 └─expire─▶ expired                         │
 *       └───── cancel (either side, until confirmed; the vendor after) ─▶ cancelled
 *
 * Expiry: a quote expires unanswered after its last valid day, and any open request (requested,
 * quoted, accepted) expires once its hire has started: nobody can accept or confirm a hire that
 * is already under way.
 *
 * Changes: the vendor may change the lines or dates (`change`: a new version) before confirmation,
 * which sends it as a quote; or of an order (confirmed, or out), which places its stock again at
 * once and waits on the visitor to accept it (`accept`, while changePending).
 *
 * Holds: either side may pencil a hold (`hold`) or release it (`release`) while the request is
 * open; the vendor extends it (`extend`), moves it up the queue (`reorder`) or challenges it for
 * a production behind it (`challenge`), and Backlot releases it when it lapses or a challenge goes unanswered (holds.ts
 * ranks them); `confirm` turns whatever is held into an order; decline, cancel and expire release it.
 *
 * The hire, after confirmation (the crew's scans, hire.ts):
 *
 *   confirmed ──checkOut─▶ partly out ──checkOut─▶ out ──checkIn─▶ partly returned ──checkIn─▶ returned ──close─▶ closed
 *
 * A check-out or check-in leads where the order's counts say (hireStateOf): partly out while some
 * lines have not all gone, out when all have, partly returned once something is back and
 * something is still out, returned when everything that went out is back. Nothing out can be
 * cancelled. Overdue is not a stored state: an order still out once its last day and the tenant's
 * grace have passed is overdue (isOverdue), whoever looks and whenever, without a write.
 */
import { schemaDocuments } from '../documents';
import { addDays, todayIn } from './quote-rules';
import type { QuoteRequest } from '../types.generated';

export type QuoteState = NonNullable<QuoteRequest['state']>;
export type HoldKind = NonNullable<QuoteRequest['hold']>;
export type QuoteAction = Exclude<NonNullable<QuoteRequest['history']>[number]['action'], 'request'>;
export type Actor = NonNullable<QuoteRequest['history']>[number]['by'];

const constsOf = (definition: { oneOf: ReadonlyArray<{ const: string }> }) =>
  definition.oneOf.map((option) => option.const);
/** Every state and action, in the schema's order (the schema is their one list). */
export const quoteStates = constsOf(schemaDocuments.quoteRequest.$defs.quoteState) as QuoteState[];
export const quoteActions = constsOf(schemaDocuments.quoteRequest.$defs.quoteAction).filter(
  (action) => action !== 'request',
) as QuoteAction[];
export const actors = constsOf(schemaDocuments.quoteRequest.$defs.actor) as Actor[];

/** What a transition does to the stock the request holds. */
export type HoldEffect = 'keep' | 'pencil' | 'release' | 'order';

interface Move {
  /** Where it leads; `counted`: where the hire's counts after the step say (hireStateOf). */
  to: QuoteState | 'counted';
  by: readonly Actor[];
  hold: HoldEffect;
}

const open = (state: QuoteState): Partial<Record<QuoteAction, Move>> => ({
  // The production asks for a hold itself on a request not yet accepted; the house places one any time it is open.
  hold: { to: state, by: state === 'accepted' ? ['vendor'] : ['vendor', 'visitor'], hold: 'pencil' },
  // The holder lets go, the house releases it, or Backlot does when it lapses or a challenge goes unanswered.
  release: { to: state, by: ['vendor', 'visitor', 'system'], hold: 'release' },
  extend: { to: state, by: ['vendor'], hold: 'keep' },
  challenge: { to: state, by: ['vendor'], hold: 'keep' },
  // The house moves a hold up the queue, past the hold ahead of it.
  reorder: { to: state, by: ['vendor'], hold: 'keep' },
  cancel: { to: 'cancelled', by: ['vendor', 'visitor'], hold: 'release' },
});

/** A check-out or check-in: the crew (the vendor's side) scans; the order keeps its stock. */
const scan: Move = { to: 'counted', by: ['vendor'], hold: 'keep' };

/** A change of lines or dates before confirmation: a new version sent, the stock held (if any) moved with it. */
const changeOpen: Move = { to: 'quoted', by: ['vendor'], hold: 'keep' };
/** A change of an order: its stock placed again on the new lines and dates at once; the visitor accepts it again. */
const changeOrder = (to: QuoteState | 'counted'): Move => ({ to, by: ['vendor'], hold: 'order' });
/** The visitor's acceptance of a change to their order (only while one waits: changePending). */
const acceptChange = (to: QuoteState | 'counted'): Move => ({ to, by: ['visitor'], hold: 'keep' });

const table: Record<QuoteState, Partial<Record<QuoteAction, Move>>> = {
  requested: {
    ...open('requested'),
    quote: { to: 'quoted', by: ['vendor'], hold: 'keep' },
    change: changeOpen,
    expire: { to: 'expired', by: ['system'], hold: 'release' },
  },
  quoted: {
    ...open('quoted'),
    quote: { to: 'quoted', by: ['vendor'], hold: 'keep' },
    change: changeOpen,
    accept: { to: 'accepted', by: ['visitor'], hold: 'keep' },
    decline: { to: 'declined', by: ['visitor'], hold: 'release' },
    expire: { to: 'expired', by: ['system'], hold: 'release' },
  },
  accepted: {
    ...open('accepted'),
    quote: { to: 'quoted', by: ['vendor'], hold: 'keep' },
    change: changeOpen,
    confirm: { to: 'confirmed', by: ['vendor'], hold: 'order' },
    expire: { to: 'expired', by: ['system'], hold: 'release' },
  },
  declined: { quote: { to: 'quoted', by: ['vendor'], hold: 'keep' }, change: changeOpen },
  expired: { quote: { to: 'quoted', by: ['vendor'], hold: 'keep' }, change: changeOpen },
  confirmed: {
    cancel: { to: 'cancelled', by: ['vendor'], hold: 'release' },
    checkOut: scan,
    change: changeOrder('confirmed'),
    accept: acceptChange('confirmed'),
  },
  partlyOut: { checkOut: scan, checkIn: scan, change: changeOrder('counted'), accept: acceptChange('counted') },
  out: { checkIn: scan, change: changeOrder('counted'), accept: acceptChange('counted') },
  partlyReturned: { checkOut: scan, checkIn: scan, change: changeOrder('counted'), accept: acceptChange('counted') },
  returned: { checkOut: scan, close: { to: 'closed', by: ['vendor'], hold: 'keep' } },
  closed: {},
  cancelled: {},
};

export type TransitionResult = { ok: true; to: QuoteState; hold: HoldEffect } | { ok: false; reason: string };

/**
 * Whether `actor` may take `action` on a request in `state` holding `hold`, and if so where it
 * leads. Pencilling needs nothing held yet; releasing needs a pencil (an order is released only by
 * cancelling it).
 */
export function transition(
  current: { state: QuoteState; hold: HoldKind; changePending?: boolean },
  action: QuoteAction,
  actor: Actor,
  counts?: HireCounts,
): TransitionResult {
  const move = table[current.state][action];
  // An order is accepted again only while a change to it waits on the visitor.
  if (move && action === 'accept' && isOrderState(current.state) && !current.changePending)
    return { ok: false, reason: 'There is no change to this order to accept.' };
  if (!move)
    return {
      ok: false,
      reason: `${/^[aeiou]/.test(stateNames[current.state]) ? 'An' : 'A'} ${stateNames[current.state]} ${isHireState(current.state) ? 'order' : 'request'} cannot be ${pastTense[action]}.`,
    };
  if (!move.by.includes(actor))
    return { ok: false, reason: `Only ${move.by.map((who) => actorNames[who]).join(' or ')} can do that.` };
  if (action === 'hold' && current.hold !== 'none') return { ok: false, reason: 'Its items are already held.' };
  if (
    (action === 'release' || action === 'extend' || action === 'challenge' || action === 'reorder') &&
    current.hold !== 'pencil'
  )
    return { ok: false, reason: `It holds nothing to ${action}.` };
  return {
    ok: true,
    to: move.to === 'counted' ? hireStateOf(counts ?? { booked: 0, out: 0, back: 0 }) : move.to,
    hold: move.hold,
  };
}

/** An order's hire in three numbers: units booked, checked out (all told), and checked back in. */
export interface HireCounts {
  booked: number;
  out: number;
  back: number;
}

/** Where a confirmed order's hire stands from its counts (see the diagram at the top). */
export function hireStateOf(counts: HireCounts): QuoteState {
  if (counts.out === 0) return 'confirmed';
  if (counts.back >= counts.out) return 'returned';
  if (counts.back > 0) return 'partlyReturned';
  return counts.out < counts.booked ? 'partlyOut' : 'out';
}

/** The states in which something of an order is out of the warehouse. */
const outStates: ReadonlySet<QuoteState> = new Set(['partlyOut', 'out', 'partlyReturned']);
export const isOutState = (state: QuoteState) => outStates.has(state);
/** The states after confirmation: the hire itself. */
export const isHireState = (state: QuoteState) => isOutState(state) || state === 'returned' || state === 'closed';
/** Whether a request is an order (confirmed, and not cancelled since): what the accounts export counts. */
export const isOrderState = (state: QuoteState) => state === 'confirmed' || isHireState(state);

/**
 * Whether an order is overdue at `now`: something is still out and the end of its last day (in
 * the vendor's time zone) plus the tenant's grace has passed. Worked out, never stored, so no
 * sweep can be late.
 */
export function isOverdue(
  order: Pick<QuoteRequest, 'state' | 'endDate'>,
  now: Date,
  timezone: string,
  graceHours: number,
): boolean {
  return (
    isOutState(order.state ?? 'requested') &&
    todayIn(timezone, new Date(now.getTime() - graceHours * 3_600_000)) > order.endDate
  );
}

/** Check-out and check-in: taken one scan at a time on the scan screen (hire.ts), never as a button. */
export const isScanAction = (action: QuoteAction) => action === 'checkOut' || action === 'checkIn';

/** The actions `actor` can take now, in the schema's order: the buttons to show (scans are not buttons). */
export function actionsFor(
  current: { state: QuoteState; hold: HoldKind; changePending?: boolean },
  actor: Actor,
): QuoteAction[] {
  // A challenge is taken on a hold for another request (the one behind it), and a move up past
  // another hold on the hold board: never as a button of their own.
  return quoteActions.filter(
    (action) =>
      !isScanAction(action) && action !== 'challenge' && action !== 'reorder' && transition(current, action, actor).ok,
  );
}

/**
 * Whether a change to an order waits on the visitor: its last version is newer than the last one
 * they accepted (the confirmation stands on the accepted one until then).
 */
export function changePending(request: Pick<QuoteRequest, 'state' | 'versions' | 'history'>): boolean {
  if (!isOrderState(request.state ?? 'requested')) return false;
  const accepted = request.history?.findLast((entry) => entry.action === 'accept')?.version ?? 0;
  return (request.versions?.at(-1)?.version ?? 0) > accepted;
}

/** Whether a request in this state still waits on someone (not declined, confirmed, cancelled or expired). */
export const isOpen = (state: QuoteState) => state === 'requested' || state === 'quoted' || state === 'accepted';

/**
 * The last day an open request stays open: its quote's last valid day while quoted, and in any
 * case the day before its hire starts; undefined once it is closed. After that day it is due to
 * expire (the stores index this day, so the due ones are found without reading every request).
 */
export function openUntil(request: Pick<QuoteRequest, 'state' | 'startDate' | 'versions'>): string | undefined {
  const state = request.state ?? 'requested';
  if (!isOpen(state)) return undefined;
  const dayBefore = addDays(request.startDate, -1);
  const quoteEnds = state === 'quoted' ? request.versions?.at(-1)?.expiresOn : undefined;
  return quoteEnds !== undefined && quoteEnds < dayBefore ? quoteEnds : dayBefore;
}

const pastTense: Record<QuoteAction, string> = {
  quote: 'quoted',
  change: 'changed',
  hold: 'held',
  release: 'released',
  extend: 'extended',
  challenge: 'challenged',
  reorder: 'moved up',
  accept: 'accepted',
  decline: 'declined',
  confirm: 'confirmed',
  cancel: 'cancelled',
  expire: 'expired',
  checkOut: 'checked out',
  checkIn: 'checked in',
  close: 'closed',
};

/** The states as the refusals name them (the schema's titles, in lower case). */
const stateNames = Object.fromEntries(
  schemaDocuments.quoteRequest.$defs.quoteState.oneOf.map((option) => [option.const, option.title.toLowerCase()]),
) as Record<QuoteState, string>;

const actorNames: Record<Actor, string> = { visitor: 'the visitor', vendor: 'the vendor', system: 'Backlot' };
