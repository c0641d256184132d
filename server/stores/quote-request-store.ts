/**
 * The QuoteRequestStore port: visitors' quote requests per tenant, each checked against the
 * quote-request schema when written, listed newest first (createdAt descending, then id) for the
 * console. A request is added once: adding an id the tenant already has is refused
 * (QuoteRequestExistsError) and the first stays.
 *
 * `list()` answers a query in the store (state, dates, visitor, confirmation time; sorted and
 * paged there, indexed, with the exact total), so no list reads a tenant's requests to filter
 * them in memory; `due()` finds the open requests past their last open day (openUntil, indexed).
 *
 * After that it changes only through `change()`: one step of the conversation, made on a named
 * revision (a stale one is refused, StaleQuoteError) and applied atomically with the stock the
 * request holds. Placing a hold or an order checks the request's lines against every other live
 * booking on its items in the same transaction, so two servers confirming the last unit at once
 * cannot both succeed (OverbookedError names the line and the day). `bookings()` reads what is
 * booked on some items over some days, for availability.
 *
 * Adapters: `sqlite-quote-request-store.ts` (embedded default) and
 * `firestore-quote-request-store.ts` (BACKLOT_STORE=firestore); both run
 * tests/contract/quote-request-store.contract.ts.
 */
import { problemsFromAjv } from '../../schema/ajv-messages';
import { schemaIds } from '../../schema/documents';
import { getAjv } from '../../schema/node/ajv';
import { placementProblems, shortLines, type Booking, type Placement } from '../../schema/rental/availability';
import { stockOfLines } from '../../schema/rental/kits';
import { holdKeyOf, holdsAhead, standsInTheWay } from '../../schema/rental/holds';
import { openUntil, type QuoteState } from '../../schema/rental/quote-states';
import { outByItem, type ScanResult } from '../../schema/rental/hire';
import type { QuoteRequest, ScanRecord, Unit } from '../../schema/types.generated';
import { FieldProblemsError } from './field-problems';
import { listedProblems, schemaChecked } from './schema-checked';

export interface QuoteRequestStore {
  /** Stores a new request; QuoteRequestExistsError when the tenant has one with this id. */
  add(request: QuoteRequest): Promise<QuoteRequest>;
  get(tenantId: string, id: string): Promise<QuoteRequest | undefined>;
  /** A tenant's requests that match `query`, sorted (newest first unless it says otherwise) and paged, with how many match in all. */
  list(tenantId: string, query?: QuoteListQuery): Promise<{ total: number; requests: QuoteRequest[] }>;
  /** Open requests whose last open day (openUntil) is before `today`: due to expire. At most `limit`. */
  due(tenantId: string, today: string, limit: number): Promise<QuoteRequest[]>;
  /** Applies one change to a request with its bookings, atomically; returns the request as stored. */
  change(tenantId: string, id: string, change: QuoteChange): Promise<QuoteRequest>;
  /** Bookings on these items that reach into [from, to] (the caller widens it by the turnaround). */
  bookings(tenantId: string, objectIDs: readonly string[], from: string, to: string): Promise<Booking[]>;
  /** Every booking of a tenant that reaches into [from, to]: what "available only" leaves out. */
  bookingsBetween(tenantId: string, from: string, to: string): Promise<Booking[]>;
  /** Adds units of items tracked unit by unit; UnitExistsError names a tag the tenant has already (none is added then). */
  /**
   * Writes stock rows (a transfer's two halves) once `move.check` passes on every row already on
   * their items, in one transaction: a move and a confirmation at once never both take the last
   * piece. A row whose key is taken is refused (StockMoveExistsError): an id is never given twice.
   */
  moveStock(tenantId: string, move: StockMove): Promise<void>;
  addUnits(tenantId: string, units: readonly Unit[]): Promise<void>;
  getUnit(tenantId: string, tag: string): Promise<Unit | undefined>;
  /** A tenant's units that match `query`, by tag, paged, with how many match in all. */
  listUnits(tenantId: string, query?: UnitListQuery): Promise<{ total: number; units: Unit[] }>;
  /**
   * One step on the warehouse floor (a scan, a count, a unit sent to repair or back), applied
   * atomically with the order it is on, the unit it names, the order's bookings (their units out)
   * and the stock rows it starts or ends, and recorded as a scan. A step id stored before is not
   * applied again: its record comes back with `repeat`.
   */
  hireStep(tenantId: string, step: HireStep): Promise<HireStepDone>;
  /**
   * A token that changes whenever any of the tenant's bookings changes, as this server's reads of
   * bookings see them (any server's writes on a shared store); undefined when it cannot say (then
   * nothing worked out from bookings may be kept). Pages that show availability are kept by it.
   */
  bookingsVersion(tenantId: string): string | undefined;
  /** The scans recorded on an order, oldest first (at most `limit`, the newest ones). */
  scans(tenantId: string, orderId: string, limit?: number): Promise<ScanRecord[]>;
  /**
   * Calls `listener` with the id of each request of the tenant added or changed from now on, by
   * this server or (on a shared store) any other; returns how to stop.
   */
  subscribe(tenantId: string, listener: (id: string) => void): () => void;
  close(): Promise<void>;
}

export interface StockMove {
  rows: readonly Booking[];
  /** Throws to refuse the move, given every row on its items. */
  check(booked: readonly Booking[]): void;
  /** Units moved with it, read in the same transaction: `apply` gets them as stored (undefined: no such tag) and answers them changed, or throws. */
  units?: { tags: readonly string[]; apply(current: ReadonlyArray<Unit | undefined>): Unit[] };
}

/** Refuses a stock move whose rows are stored already (before the move, or by the same move sent twice). */
export function refuseTakenKeys(move: StockMove, booked: readonly Booking[]): void {
  const taken = move.rows.find((row) =>
    booked.some((other) => other.quoteId === row.quoteId && other.objectID === row.objectID),
  );
  if (taken) throw new StockMoveExistsError(taken.quoteId);
}

export class StockMoveExistsError extends Error {
  readonly statusCode = 409;
  constructor(key: string) {
    super(`${key} is stored already: each move needs an id of its own. Nothing was moved.`);
  }
}

export interface UnitListQuery {
  objectID?: string;
  status?: Unit['status'];
  orderId?: string;
  offset?: number;
  limit?: number;
}

export interface HireStep {
  /** The step's id (the device's scan id): stored with its record, so a retry is answered, not applied. */
  id: string;
  /** The order it is on, if any (a unit back from repair is on none). */
  orderId?: string;
  /** The unit it names, if any: read in the transaction. */
  tag?: string;
  /** More units it moves (a fixed kit's own units, by its label): read in the transaction too. */
  tags?: readonly string[];
  /** What the step changes, from the order and units as stored; pure (a transaction may run it again). */
  apply(current: {
    order: QuoteRequest | undefined;
    unit: Unit | undefined;
    /** The units `tags` names, by tag (undefined: no such unit). */
    units: ReadonlyMap<string, Unit | undefined>;
  }): ScanResult;
}

export type HireStepDone = ScanResult & { repeat: boolean };

export class UnitExistsError extends Error {
  readonly statusCode = 409;
  constructor(tag: string) {
    super(`A unit tagged ${JSON.stringify(tag)} exists already: each tag names one unit.`);
  }
}

/** A unit checked against its schema before it is written. */
export const checkedUnit = schemaChecked<Unit>(schemaIds.unit, 'a unit');

/**
 * A request after a change or a hire step: counted up a revision and checked against its schema.
 * The conversation and the scans check each limit first with their own words; should one still be
 * reached, the change is refused before anything is written (409), never a 500 that leaves the
 * request stuck.
 */
export function steppedOrder(current: QuoteRequest, next: QuoteRequest): QuoteRequest {
  const stepped = { ...next, revision: revisionOf(current) + 1 };
  const problems = schemaProblems(stepped);
  if (problems.length)
    throw new FieldProblemsError(
      problems,
      `Not saved: the request would not fit its schema after this step (${listedProblems(problems)})`,
      409,
    );
  return stepped;
}

export type QuoteSortField = 'createdAt' | 'startDate';
export const QUOTE_SORT_FIELDS: readonly QuoteSortField[] = ['createdAt', 'startDate'];

export interface QuoteListQuery {
  /** Only requests in this state, as stored (the routes store due expiries first: see due()). */
  state?: QuoteState;
  /** Only requests whose hire reaches into [from, to] (either end may be left open). */
  from?: string;
  to?: string;
  /** Only this visitor's requests. */
  uid?: string;
  /** Only requests confirmed at or after `confirmedFrom` and before `confirmedBefore` (ISO instants). */
  confirmedFrom?: string;
  confirmedBefore?: string;
  /** The order: a field, then the id ascending. Newest first by default. */
  sort?: { field: QuoteSortField; order: 'asc' | 'desc' };
  offset?: number;
  /** At most this many (100 unless said). */
  limit?: number;
  /**
   * The last request of the page before (keyset paging, sorted by startDate ascending): this page
   * starts after it, however far in, without reading the pages before again (what `offset` does).
   */
  after?: Pick<QuoteRequest, 'id' | 'startDate' | 'endDate'>;
  /** False: the total is not counted (the page's own length is answered), for reads that walk every page. */
  countTotal?: boolean;
}

export const DEFAULT_QUOTE_PAGE = 100;

/** When an order was confirmed (its last confirm step), or null. */
export const confirmedAt = (request: Pick<QuoteRequest, 'history'>): string | null =>
  request.history?.findLast((entry) => entry.action === 'confirm')?.at ?? null;

/** What the stores index beside each request, derived from it: its last open day and when it was confirmed. */
export function listingFieldsOf(request: QuoteRequest): {
  state: QuoteState;
  openUntil: string | null;
  confirmedAt: string | null;
} {
  return {
    state: request.state ?? 'requested',
    openUntil: openUntil(request) ?? null,
    confirmedAt: confirmedAt(request),
  };
}

export interface QuoteChange {
  /** The revision the change was made on. */
  revision: number;
  /** The request after the change (the store counts the revision up); throw to refuse it. */
  apply(current: QuoteRequest): QuoteRequest;
  /**
   * What the request holds afterwards: nothing (`release`), or its lines on its dates as a pencil
   * or an order, checked against every other live booking (`place`). Left out, bookings stay.
   * A function decides from the request as it will be stored.
   */
  bookings?: BookingChange | ((next: QuoteRequest) => BookingChange);
}

export type BookingChange =
  | undefined
  | 'release'
  | {
      place: 'pencil' | 'order';
      expiresOn?: string;
      /** When the request's own hold was placed: an order passes the holds ranked behind it. */
      heldAt?: string;
      placement: Omit<Placement, 'quoteId' | 'lines' | 'firstDay' | 'lastDay'>;
      /** A hire closed before its last day gives the rest of its days back after this one (unchecked: giving back never conflicts). */
      endsOn?: string;
    };

/** The change's bookings for the request as it will be stored. */
const bookingChangeFor = (change: QuoteChange, next: QuoteRequest): BookingChange =>
  typeof change.bookings === 'function' ? change.bookings(next) : change.bookings;

/** The bookings a placed request makes, one per item its lines take (a kit's components: stockOfLines). */
function bookingsOf(
  request: QuoteRequest,
  kind: Booking['kind'],
  expiresOn: string | undefined,
  endsOn?: string,
): Booking[] {
  const out = outByItem(request);
  const lastDay =
    endsOn !== undefined && endsOn < request.endDate
      ? endsOn < request.startDate
        ? request.startDate
        : endsOn
      : request.endDate;
  return stockOfLines(request.lines).map((line) => ({
    ...(out.get(line.objectID) && { out: out.get(line.objectID) }),
    quoteId: request.id,
    objectID: line.objectID,
    quantity: line.quantity,
    firstDay: request.startDate,
    lastDay,
    kind,
    ...(kind === 'pencil' && expiresOn !== undefined && { expiresOn }),
    ...(kind === 'pencil' && request.pencil && { heldAt: holdKeyOf(request.pencil) }),
    who: (request.production ?? request.name ?? request.email).slice(0, 120),
    ...(request.store && { store: request.store }),
  }));
}

/** The placement to check before a request's bookings are written. */
function placementOf(request: QuoteRequest, change: Exclude<BookingChange, 'release' | undefined>): Placement {
  const hiredIn = (request.subHires ?? []).flatMap((subHire) =>
    subHire.hiredIn?.quantity
      ? [
          {
            objectID: subHire.objectID,
            houseName: subHire.houseName,
            quantity: subHire.hiredIn.quantity,
            firstDay: subHire.hiredIn.firstDay,
            lastDay: subHire.hiredIn.lastDay,
          },
        ]
      : [],
  );
  return {
    ...change.placement,
    quoteId: request.id,
    lines: stockOfLines(request.lines),
    firstDay: request.startDate,
    lastDay: request.endDate,
    ...(hiredIn.length && { hiredIn }),
  };
}

/** The revision a stored request is at (requests stored before revisions count as 0). */
export const revisionOf = (request: QuoteRequest) => request.revision ?? 0;

export class StaleQuoteError extends Error {
  readonly statusCode = 412;
  constructor(readonly currentVersion: string) {
    super('This request changed since you loaded it. Reload to see the change, then try again.');
  }
}

/** A step id already used by a step on another order: a repeat is per order, and a device that reuses an id is told so. */
export class ScanIdTakenError extends Error {
  readonly statusCode = 409;
  constructor(id: string, orderId: string) {
    super(
      `Scan id ${JSON.stringify(id)} was already used on ${orderId ? `order ${orderId}` : 'another step'}: each scan needs an id of its own. Nothing was applied.`,
    );
  }
}

/** The record a step id already has, as a repeat of this step; refused when it was another order's. */
export function repeatOf(prior: ScanRecord, step: Pick<HireStep, 'id' | 'orderId'>): HireStepDone {
  if (step.orderId !== undefined && prior.orderId !== step.orderId) throw new ScanIdTakenError(step.id, prior.orderId);
  return { record: prior, repeat: true };
}

export class UnknownQuoteError extends Error {
  readonly statusCode = 404;
  constructor(id: string) {
    super(`No quote request ${JSON.stringify(id)} here.`);
  }
}

/**
 * An order refused only because other productions' holds rank ahead on its lines: `ahead` names
 * their requests, first hold first, for the house to challenge.
 */
export class HeldAheadError extends FieldProblemsError {
  constructor(
    problems: ReadonlyArray<{ pointer: string; message: string }>,
    readonly ahead: readonly string[],
  ) {
    super(
      problems.map((problem) => ({
        ...problem,
        message: problem.message.replace(
          'other holds and orders have the rest',
          'holds ahead of this one have the rest',
        ),
      })),
      `Not confirmed: ${ahead.length === 1 ? 'another production holds' : `${ahead.length} other productions hold`} these items ahead of this request. Challenge ${ahead.length === 1 ? 'its hold' : 'their holds'} first: ${ahead.length === 1 ? 'it confirms' : 'each confirms'} or releases within the answer window`,
      409,
    );
  }
}

export class OverbookedError extends FieldProblemsError {
  /** `kind`: what the step was placing, so the refusal says what did not happen (an order is "not confirmed", a pencil "not held"). */
  constructor(problems: ReadonlyArray<{ pointer: string; message: string }>, kind: Booking['kind'] = 'pencil') {
    super(
      problems,
      `${kind === 'order' ? 'Not confirmed' : 'Not held'}: ${problems.length === 1 ? 'a line is' : `${problems.length} lines are`} not free on these dates`,
      409,
    );
  }
}

/** What keeps a request from fitting its schema (none when it fits). */
function schemaProblems(request: QuoteRequest): Array<{ pointer: string; message: string }> {
  const validate = getAjv().getSchema(schemaIds.quoteRequest)!;
  return validate(request) ? [] : problemsFromAjv(validate.errors);
}

export function checkedQuoteRequest(request: QuoteRequest): QuoteRequest {
  const problems = schemaProblems(request);
  if (problems.length) throw new Error(`a quote request does not fit its schema: ${listedProblems(problems)}`);
  return request;
}

export class QuoteRequestExistsError extends Error {
  readonly statusCode = 409;
  constructor(tenantId: string, id: string) {
    super(`A quote request ${JSON.stringify(id)} of tenant ${JSON.stringify(tenantId)} already exists`);
  }
}

/**
 * The first half of every adapter's change(), inside its transaction: the request after the
 * change (a stale revision or an unknown id refused; the result checked against its schema) and
 * what it does to the request's bookings.
 */
export function changedRequest(
  current: QuoteRequest | undefined,
  id: string,
  change: QuoteChange,
): { next: QuoteRequest; bookings: BookingChange } {
  if (!current) throw new UnknownQuoteError(id);
  if (revisionOf(current) !== change.revision) throw new StaleQuoteError(String(revisionOf(current)));
  const next = steppedOrder(current, change.apply(current));
  return { next, bookings: bookingChangeFor(change, next) };
}

/** The bookings a request places, once checked against everything else booked on its items (OverbookedError names the lines). */
export function placedBookings(
  next: QuoteRequest,
  bookings: Exclude<BookingChange, 'release' | undefined>,
  booked: readonly Booking[],
): Booking[] {
  if (bookings.endsOn !== undefined) return bookingsOf(next, bookings.place, bookings.expiresOn, bookings.endsOn);
  // Holds rank: one never refuses a hold behind it, and an order passes only the holds behind its own.
  const placing = { kind: bookings.place, quoteId: next.id, heldAt: bookings.heldAt };
  const short = shortLines(placementOf(next, bookings), booked.filter(standsInTheWay(placing)));
  if (short.length) {
    const problems = short.map(({ pointer, message }) => ({ pointer, message }));
    const ahead =
      bookings.place === 'order'
        ? holdsAhead({ ...placing, objectIDs: short.map((line) => line.objectID) }, booked, bookings.placement.today)
        : [];
    // Short only because of holds ahead: the house challenges them (or waits).
    const withoutHolds = placementProblems(
      placementOf(next, bookings),
      booked.filter((booking) => booking.kind !== 'pencil'),
    );
    if (ahead.length && !withoutHolds.length) throw new HeldAheadError(problems, ahead);
    throw new OverbookedError(problems, bookings.place);
  }
  return bookingsOf(next, bookings.place, bookings.expiresOn);
}
