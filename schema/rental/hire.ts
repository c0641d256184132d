/**
 * The hire on the warehouse floor, as pure rules: what one scan (or count) on an order means, and
 * what it changes. The stores run `judgeScan` inside the transaction that writes its result (the
 * order, its units, the stock rows, the scan's audit record), so two phones scanning one order, or
 * one unit on two orders, always see one state; a scan id seen before is answered from its record
 * and never applied twice.
 *
 * Codes: a label carries `<tenantId>/<code>` (a bare code typed by hand counts too), where the code
 * is a unit's asset tag (upper case) or, for an item counted as a quantity, the item's id.
 */
import { schemaDocuments } from '../documents';
import { freeSteps, isHiredIn, OPEN_END, padOf, type Booking } from './availability';
import { chargesAfterReturn, lateDays, type ChargeRule } from './hire-charges';
import { dueInspections, dueSaid, outOnHire } from './inspections';
import { stockOfLines, type LineKit, type LineStock } from './kits';
import { addDays } from './quote-rules';
import { hireStateOf, transition, type QuoteState } from './quote-states';
import type { HireLine, HireRecord, Item, QuoteRequest, ScanInput, ScanRecord, Unit } from '../types.generated';

export type ScanOutcome = ScanRecord['outcome'];

/** The most charges an order keeps (its schema's). */
const chargeLimit = schemaDocuments.quoteRequest.$defs.hireRecord.properties.charges.maxItems;
export type UnitStatus = Unit['status'];

/** A row of stock that is not on any hire: units in repair, or lost, or stock hired in from another house (see availability.ts). */
export interface StockRow {
  /** The row's key among the item's bookings (`repair:<tag>`, `lost:<orderId>:<objectID>`, `subHire:<house>:<theirId>` …). */
  key: string;
  objectID: string;
  kind: 'repair' | 'lost' | 'outEarly' | 'subHire' | 'transferOut' | 'transferIn';
  /** How many (a later write to the same key replaces it; 0 removes it). */
  quantity: number;
  firstDay: string;
  /** Hired in: the last day it is here. Off the shelf: none (until the row is removed). */
  lastDay?: string;
  /** The store whose stock it is: its unit's, or its order's (none: the main store's). */
  store?: string;
  /** Who moved it (a transfer a check-in made). */
  who?: string;
}

/** What a scan changes: nothing (a refusal), or the order, some units and some stock rows. */
export interface ScanResult {
  record: ScanRecord;
  order?: QuoteRequest;
  units?: Unit[];
  stock?: StockRow[];
}

export interface ScanContext {
  tenantId: string;
  order: QuoteRequest;
  /** The unit the code names, read in the transaction (undefined when no unit has that tag). */
  unit: Unit | undefined;
  /** A fixed kit's own units (its line's component tags), read in the transaction, when the code is its label. */
  kitUnits?: ReadonlyMap<string, Unit | undefined>;
  /** The order's items and the one the code names, when it names one (by objectID). */
  items: ReadonlyMap<
    string,
    Pick<Item, 'objectID' | 'name' | 'tracking'> &
      Partial<Pick<Item, 'rates' | 'replacementValue' | 'quantity' | 'inspections'>>
  >;
  input: ScanInput;
  who: string;
  now: Date;
  /** Today in the vendor's time zone. */
  today: string;
  turnaroundDays: number;
  /** How many days before its first day a hire may go out (site.earlyOutDays): earlier is noted on the scan. */
  earlyOutDays?: number;
  /**
   * Each item's other bookings from today until this order's booking starts (with who holds them),
   * read when the order is due out later than today: what units going out early are checked against.
   */
  bookingsBefore?: ReadonlyMap<string, ReadonlyArray<Booking & { who?: string }>>;
  /** The vendor's time zone (a late return is counted in its days). */
  timezone: string;
  /** What late days, damage and losses cost (hire-charges.ts). */
  charges: ChargeRule;
  /** Why nothing may go out on this order now (its card hold or its certificate of insurance: outBlockedBy), if anything. */
  outBlocked?: string | undefined;
  /** The code is another house's label for stock hired in on this order (see HiredInScan), or why it cannot count as that. */
  hiredIn?: HiredInScan | { refused: string };
  /** A house with several stores: its main store and each store's name (stores.ts). */
  stores?: { main: string; names: ReadonlyMap<string, string> };
}

/**
 * A scan of stock hired in from another house, by that house's own label (`<house>/<tag>`, or
 * `<house>/<item>` for an item it counts as a quantity): counted on this order's line like any
 * other, kept apart as the lender's, and never this house's stock (nothing of it goes to repair or
 * leaves stock here: the lender's order records that).
 */
export interface HiredInScan {
  house: string;
  houseName: string;
  /** This order's item the sub-hire is for. */
  objectID: string;
  /** The lender's unit, when it tracks the item unit by unit. */
  tag?: string;
  /** How many this order hired in from the house for the line. */
  quantity: number;
}

/** What a label or a typed code names: a tenant (when the label says), and the code itself. */
export function readCode(raw: string): { tenantId?: string; code: string } {
  const text = raw.trim();
  const slash = text.lastIndexOf('/');
  return slash > 0 ? { tenantId: text.slice(0, slash).toLowerCase(), code: text.slice(slash + 1) } : { code: text };
}

/** The tag a code would be, if it is one (upper case, as tags are stored). */
export const tagOf = (code: string) => readCode(code).code.toUpperCase();

/** One line's hire record (zeros before anything moved). */
export const hireLineOf = (hire: HireRecord | undefined, objectID: string): HireLine =>
  hire?.lines.find((line) => line.objectID === objectID) ?? {
    objectID,
    out: 0,
    back: 0,
    damaged: 0,
    lost: 0,
    tags: [],
  };

/** What an order takes of one item (its lines', a kit's components counted): what scans count against. */
export const stockLineOf = (order: Pick<QuoteRequest, 'lines'>, objectID: string) =>
  stockOfLines(order.lines).find((entry) => entry.objectID === objectID);

/** How many of a line's units out now are hired in from other houses. */
export const hiredInOut = (line: Pick<HireLine, 'hiredIn'>) =>
  (line.hiredIn ?? []).reduce((sum, entry) => sum + entry.out, 0);

/** How many of each item are out with the client now (checked out, not back). */
export const outNow = (line: Pick<HireLine, 'out' | 'back'>) => line.out - line.back;

/** The hire's three counts for the state it is in. */
export function hireCounts(order: Pick<QuoteRequest, 'lines' | 'hire'>) {
  const lines = order.hire?.lines ?? [];
  return {
    // What goes out is stock: a kit's components, each counted.
    booked: stockOfLines(order.lines).reduce((sum, line) => sum + line.quantity, 0),
    out: lines.reduce((sum, line) => sum + line.out, 0),
    back: lines.reduce((sum, line) => sum + line.back, 0),
  };
}

/**
 * What of an order never left the warehouse: per line, what was booked less what ever went out.
 * Said once the hire is back (returned or closed): before then the rest may still go out.
 */
export function neverOut(
  order: Pick<QuoteRequest, 'lines' | 'hire' | 'state'>,
): Array<{ objectID: string; name: string; quantity: number }> {
  if (order.state !== 'returned' && order.state !== 'closed') return [];
  const outOf = (objectID: string) => hireLineOf(order.hire, objectID).out;
  return order.lines.flatMap((line) => {
    // A kit went out as many times as any of its components did (one short of a piece still went).
    const went = line.kit
      ? Math.max(...line.kit.components.map((component) => Math.ceil(outOf(component.objectID) / component.quantity)))
      : outOf(line.objectID);
    const missing = line.quantity - went;
    return missing > 0 ? [{ objectID: line.objectID, name: line.name, quantity: missing }] : [];
  });
}

const listed = new Intl.ListFormat('en', { type: 'conjunction' });
/** A list of what never went out, in words: "1 × Seat row and 2 × Cutlery set". */
export const neverOutSaid = (lines: ReadonlyArray<{ name: string; quantity: number }>) =>
  listed.format(lines.map((line) => `${line.quantity} × ${line.name}`));

/** How many of each item the order has out now: what its bookings carry as `out` (overdue units block until back). */
export const outByItem = (order: Pick<QuoteRequest, 'hire'>) =>
  new Map((order.hire?.lines ?? []).map((line) => [line.objectID, outNow(line)]));

/** Judges one scan on an order and works out what it changes. Never throws: every refusal is a record with its reason. */
export function judgeScan(context: ScanContext): ScanResult {
  const { order, input, items, tenantId } = context;
  const { tenantId: labelTenant, code } = readCode(input.code);
  const base = {
    id: input.id,
    orderId: order.id,
    at: context.now.toISOString(),
    by: context.who,
    direction: input.direction,
    code: input.code.slice(0, 200),
  };
  const refuse = (outcome: ScanOutcome, message: string, extra: Partial<ScanRecord> = {}): ScanResult => ({
    record: { ...base, count: 0, ...extra, outcome, message },
  });

  const hiredIn = context.hiredIn;
  if (labelTenant !== undefined && labelTenant !== tenantId && !hiredIn)
    return refuse(
      'otherTenant',
      `This label belongs to another rental house (${labelTenant.slice(0, 40)}), not this one.`,
    );
  const action = input.direction === 'out' ? 'checkOut' : 'checkIn';
  const state = order.state ?? 'requested';
  const allowed = transition({ state, hold: order.hold ?? 'none' }, action, 'vendor', hireCounts(order));
  if (!allowed.ok)
    return refuse(
      'refused',
      `${allowed.reason} ${input.direction === 'out' ? 'Only a confirmed order goes out.' : 'Nothing of it is out.'}`,
    );
  if (input.direction === 'out' && context.outBlocked) return refuse('refused', context.outBlocked);

  if (hiredIn)
    return 'refused' in hiredIn ? refuse('refused', hiredIn.refused) : judgeHiredInScan(context, hiredIn, base, refuse);
  const unit = context.unit;
  const item = unit ? items.get(unit.objectID) : items.get(code.toLowerCase());
  if (!unit && !item)
    return refuse('unknown', `No unit or item here is labelled ${JSON.stringify(code.slice(0, 60))}.`);
  const objectID = unit?.objectID ?? item!.objectID;
  const name = item?.name ?? objectID;
  // A kit's label (its own item id, with no stock of its own): its components move together.
  if (!unit && !stockOfLines(order.lines).some((entry) => entry.objectID === objectID)) {
    const kitLine = order.lines.find((entry) => entry.objectID === objectID && entry.kit);
    if (kitLine) return judgeKitScan(context, kitLine as KitLine, base, refuse);
  }
  const line = stockLineOf(order, objectID);
  const about = unit ? { tag: unit.tag, objectID } : { objectID };
  const label = unit ? `${unit.tag} (${name})` : name;
  if (!line) return refuse('notOnOrder', `${label} is not on this order.`, about);
  const hireLine = hireLineOf(order.hire, objectID);

  if (!unit && item?.tracking === 'units')
    return refuse('refused', `${name} is tracked unit by unit: scan each one's own tag.`, about);
  const count = unit ? 1 : (input.count ?? 1);
  const condition = input.direction === 'in' ? (input.condition ?? 'fine') : undefined;
  let nextLine: HireLine;
  let nextUnit: Unit | undefined;
  let note: string | undefined;
  const stock: StockRow[] = [];
  // Damaged units are kept back from the day after the order's own turnaround (the order's booking covers the days before).
  const afterOrder = addDays(order.endDate, context.turnaroundDays + 1);
  const keptFrom = afterOrder > context.today ? afterOrder : context.today;

  if (input.direction === 'out') {
    if (unit) {
      if (unit.status === 'out')
        return unit.orderId === order.id
          ? refuse('alreadyOut', `${label} is already out on this order.`, about)
          : refuse('wrongOrder', `${label} is out on another order (${unit.orderId ?? 'unknown'}).`, about);
      if (unit.status !== 'inService')
        return refuse('unavailable', `${label} is ${statusWords[unit.status]}: it cannot go out.`, about);
      if (unit.arrivesOn && unit.arrivesOn > context.today)
        return refuse(
          'unavailable',
          `${label} is on its way to ${context.stores?.names.get(unit.store ?? '') ?? unit.store ?? 'another store'}, arriving ${unit.arrivesOn}: it cannot go out before it arrives.`,
          about,
        );
      const away = storeAway(context, unit.store);
      if (away)
        return refuse(
          'unavailable',
          `${label} is kept at ${away.kept}; this order goes out from ${away.order}: transfer it there first.`,
          about,
        );
      // A test due before the hire ends keeps it in (it can be tested here, then scanned again).
      const due = dueInspections(unit, item?.inspections ?? [], order.endDate)[0];
      if (due) return refuse('unavailable', dueSaid(`${name} ${unit.tag}`, due, order.endDate, context.today), about);
    }
    if (outNow(hireLine) + count > line.quantity)
      return refuse(
        'tooMany',
        outNow(hireLine) === line.quantity
          ? `All ${line.quantity} ${name} booked are out already.`
          : `${line.quantity} ${name} booked, ${outNow(hireLine)} out: ${count} more would be too many.`,
        about,
      );
    nextLine = {
      ...hireLine,
      out: hireLine.out + count,
      tags: unit ? [...(hireLine.tags ?? []), unit.tag] : (hireLine.tags ?? []),
    };
    const early = outEarly(context, objectID, label, outNow(nextLine) - hiredInOut(nextLine));
    if (early.refused) return refuse('unavailable', early.refused, about);
    if (early.row) stock.push(early.row);
    note = early.note;
    if (unit)
      nextUnit = {
        ...outOnHire(unit, item?.inspections ?? []),
        status: 'out',
        orderId: order.id,
        updatedAt: base.at,
        history: withEvent(unit, { at: base.at, status: 'out', by: context.who, orderId: order.id }),
      };
  } else {
    if (unit) {
      if (unit.status !== 'out')
        return refuse('notOut', `${label} is not out: it is ${statusWords[unit.status]}.`, about);
      if (unit.orderId !== order.id)
        return refuse(
          'wrongOrder',
          `${label} is out on another order (${unit.orderId ?? 'unknown'}), not this one.`,
          about,
        );
    } else if (count > outNow(hireLine) - hiredInOut(hireLine)) {
      const own = outNow(hireLine) - hiredInOut(hireLine);
      // Stock hired in comes back by its lender's label, so it is told apart from this house's own.
      const theirs =
        hiredInOut(hireLine) > 0 ? ` (${hiredInOut(hireLine)} more out are hired in: scan their lender's labels)` : '';
      return refuse(
        'tooMany',
        own === 0
          ? `No ${name}${theirs && " of this house's"} is out on this order${theirs}.`
          : `Only ${own} ${name} ${own === 1 ? 'is' : 'are'} out on this order${theirs}: ${count} cannot come back.`,
        about,
      );
    }
    const damaged = condition === 'damaged' ? count : 0;
    const lost = condition === 'lost' ? count : 0;
    // Back at another store than its own: kept there, moved by a transfer made today.
    const moved = keptAt(context, objectID, unit ? (unit.store ?? null) : undefined, count - lost);
    if (moved) {
      stock.push(...moved.rows);
      note = `Kept at ${moved.to} (a transfer from ${moved.from}).`;
    }
    nextLine = {
      ...hireLine,
      back: hireLine.back + count,
      damaged: (hireLine.damaged ?? 0) + damaged,
      lost: (hireLine.lost ?? 0) + lost,
      tags: unit ? (hireLine.tags ?? []).filter((tag) => tag !== unit.tag) : (hireLine.tags ?? []),
    };
    if (unit) {
      const status: UnitStatus = condition === 'damaged' ? 'repair' : condition === 'lost' ? 'lost' : 'inService';
      const { orderId: _orderId, ...rest } = unit;
      nextUnit = {
        ...rest,
        ...(moved && { store: moved.store }),
        status,
        ...(input.note?.trim() && condition !== 'fine' && { condition: input.note.trim() }),
        updatedAt: base.at,
        history: withEvent(unit, {
          at: base.at,
          status,
          by: context.who,
          orderId: order.id,
          ...(input.note?.trim() && { note: input.note.trim() }),
        }),
      };
      if (status !== 'inService')
        stock.push({
          key: `${status}:${unit.tag}`,
          objectID,
          kind: status,
          quantity: 1,
          firstDay: status === 'lost' ? context.today : keptFrom,
          ...((moved?.store ?? unit.store) && { store: moved?.store ?? unit.store }),
        });
    } else {
      if (damaged)
        stock.push({
          key: `repair:${order.id}:${objectID}`,
          objectID,
          kind: 'repair',
          quantity: (hireLine.damaged ?? 0) + damaged,
          firstDay: keptFrom,
          ...((moved?.store ?? order.store) && { store: moved?.store ?? order.store }),
        });
      if (lost)
        stock.push({
          key: `lost:${order.id}:${objectID}`,
          objectID,
          kind: 'lost',
          quantity: (hireLine.lost ?? 0) + lost,
          firstDay: context.today,
          ...(order.store && { store: order.store }),
        });
    }
    // Back before the hire began: what is still out early is what its row keeps.
    const early = outEarlyRow(context, objectID, outNow(nextLine) - hiredInOut(nextLine));
    if (early) stock.push(early);
  }

  return settleScan(context, {
    base,
    refuse,
    objectID,
    name,
    label,
    about,
    count,
    condition,
    item,
    line,
    nextLine,
    ...(nextUnit && { nextUnit, tag: nextUnit.tag }),
    stock,
    ...(note && { note }),
  });
}

/** The store a piece is kept at, and the one its order goes out from, by name, when they differ. */
function storeAway(
  context: Pick<ScanContext, 'stores' | 'order'>,
  unitStore: string | undefined,
): { kept: string; order: string } | undefined {
  const { stores, order } = context;
  if (!stores) return undefined;
  const kept = unitStore ?? stores.main;
  const from = order.store ?? stores.main;
  return kept === from ? undefined : { kept: stores.names.get(kept) ?? kept, order: stores.names.get(from) ?? from };
}

/**
 * Pieces checked in at another store than their own (a unit's, or for counted stock the order's)
 * stay there: the transfer that moves them today, as two stock rows (stores.ts). `unitStore` is
 * a unit's store (null: the main store), undefined for counted stock.
 */
function keptAt(
  context: Pick<ScanContext, 'stores' | 'order' | 'input' | 'today' | 'who'>,
  objectID: string,
  unitStore: string | null | undefined,
  quantity: number,
): { store: string; to: string; from: string; rows: StockRow[] } | undefined {
  const { stores, input, order } = context;
  if (!stores || !input.store || quantity <= 0) return undefined;
  const own = unitStore === undefined ? (order.store ?? stores.main) : (unitStore ?? stores.main);
  if (input.store === own) return undefined;
  const row = { objectID, quantity, firstDay: context.today, who: context.who };
  return {
    store: input.store,
    to: stores.names.get(input.store) ?? input.store,
    from: stores.names.get(own) ?? own,
    rows: [
      { ...row, key: `transfer:${input.id}:out`, kind: 'transferOut', store: own },
      { ...row, key: `transfer:${input.id}:in`, kind: 'transferIn', store: input.store },
    ],
  };
}

/** The day an order's booking starts taking stock: its first day less the turnaround. */
const reservedFrom = (context: Pick<ScanContext, 'order' | 'turnaroundDays'>) =>
  addDays(context.order.startDate, -context.turnaroundDays);

/** The row that keeps an order's own units out before its booking starts (none once it has): from today to the day before. */
function outEarlyRow(
  context: Pick<ScanContext, 'order' | 'turnaroundDays' | 'today'>,
  objectID: string,
  ownOut: number,
): StockRow | undefined {
  const from = reservedFrom(context);
  if (context.today >= from) return undefined;
  return {
    key: `outEarly:${context.order.id}:${objectID}`,
    objectID,
    kind: 'outEarly',
    quantity: ownOut,
    firstDay: context.today,
    lastDay: addDays(from, -1),
    ...(context.order.store && { store: context.order.store }),
  };
}

const dayWords = (days: number) => `${days} day${days === 1 ? '' : 's'}`;

/**
 * Units going out before their order's booking starts: the row that takes them from today, or why
 * they cannot go (another booking before the hire would be left short, named), and a note when it
 * is earlier than the house lets hires go out.
 */
export function outEarly(
  context: ScanContext,
  objectID: string,
  label: string,
  ownOut: number,
): { row?: StockRow; refused?: string; note?: string } {
  const row = outEarlyRow(context, objectID, ownOut);
  if (!row) return {};
  const { order, today, turnaroundDays } = context;
  const stock = context.items.get(objectID)?.quantity;
  const others = (context.bookingsBefore?.get(objectID) ?? []).filter(
    (booking) => booking.quoteId !== order.id && booking.quoteId !== row.key,
  );
  const short =
    stock === undefined
      ? undefined
      : freeSteps(stock, others, today, row.lastDay!, turnaroundDays, today).find((step) => step.free < ownOut);
  if (short) {
    const takers = others.filter(
      (booking) =>
        !isHiredIn(booking) &&
        addDays(booking.firstDay, -padOf(booking, turnaroundDays)) <= short.day &&
        addDays(booking.lastDay, padOf(booking, turnaroundDays)) >= short.day,
    );
    const named = [...new Set(takers.map((booking) => booking.who ?? booking.quoteId))].slice(0, 3).join(', ');
    return {
      refused: `${label} cannot go out yet: ${ownOut} would be out before this hire, and ${short.free} of ${stock} ${short.free === 1 ? 'is' : 'are'} free on ${short.day}${named && ` (${named} ${takers.length === 1 ? 'has' : 'have'} the rest)`}. This hire is kept from ${reservedFrom(context)}: check it out from then, or move the other booking first.`,
    };
  }
  const allowedFrom = addDays(order.startDate, -(context.earlyOutDays ?? turnaroundDays));
  const early = Math.round((Date.parse(order.startDate) - Date.parse(today)) / 86_400_000);
  return {
    row,
    ...(today < allowedFrom && {
      note: `Out ${dayWords(early)} before the hire starts (this house lets hires go out ${dayWords(context.earlyOutDays ?? turnaroundDays)} before): kept from other bookings until then.`,
    }),
  };
}

/**
 * A scan of stock hired in (see HiredInScan): out while this order has fewer of the house's out
 * than it hired in, back only what is out, a unit by the lender's tag once. Damaged or lost, it is
 * charged on this order by this house's rule like its own, and nothing of it leaves this house's
 * stock: the lender's order records it (server/marketplace/sub-hire-floor.ts).
 */
function judgeHiredInScan(context: ScanContext, hiredIn: HiredInScan, base: ScanBase, refuse: Refuse): ScanResult {
  const { order, input, items } = context;
  const { objectID, tag, house, houseName } = hiredIn;
  const item = items.get(objectID);
  const name = item?.name ?? objectID;
  const label = `${tag ? `${house}/${tag}` : name} (${tag ? `${name}, ` : ''}hired in from ${houseName})`;
  const about = { objectID, ...(tag && { tag }) };
  const line = stockLineOf(order, objectID);
  if (!line) return refuse('notOnOrder', `${label} is not on this order.`, about);
  const hireLine = hireLineOf(order.hire, objectID);
  const theirs = hireLine.hiredIn?.find((entry) => entry.house === house) ?? { house, out: 0, tags: [] };
  const count = tag ? 1 : (input.count ?? 1);
  const condition = input.direction === 'in' ? (input.condition ?? 'fine') : undefined;
  let next: typeof theirs;
  if (input.direction === 'out') {
    if (tag && theirs.tags?.includes(tag)) return refuse('alreadyOut', `${label} is already out on this order.`, about);
    if (theirs.out + count > hiredIn.quantity)
      return refuse(
        'tooMany',
        `${hiredIn.quantity} hired in from ${houseName}, ${theirs.out} out: ${count} more would be too many.`,
        about,
      );
    if (outNow(hireLine) + count > line.quantity)
      return refuse(
        'tooMany',
        `${line.quantity} ${name} booked, ${outNow(hireLine)} out: ${count} more would be too many.`,
        about,
      );
    next = { house, out: theirs.out + count, tags: tag ? [...(theirs.tags ?? []), tag] : (theirs.tags ?? []) };
  } else {
    if (tag && !theirs.tags?.includes(tag)) return refuse('notOut', `${label} is not out on this order.`, about);
    if (count > theirs.out)
      return refuse(
        'tooMany',
        theirs.out === 0
          ? `Nothing hired in from ${houseName} is out on this order.`
          : `Only ${theirs.out} hired in from ${houseName} ${theirs.out === 1 ? 'is' : 'are'} out: ${count} cannot come back.`,
        about,
      );
    next = { house, out: theirs.out - count, tags: (theirs.tags ?? []).filter((each) => each !== tag) };
  }
  const others = (hireLine.hiredIn ?? []).filter((entry) => entry.house !== house);
  const nextLine: HireLine = {
    ...hireLine,
    ...(input.direction === 'out'
      ? { out: hireLine.out + count }
      : {
          back: hireLine.back + count,
          damaged: (hireLine.damaged ?? 0) + (condition === 'damaged' ? count : 0),
          lost: (hireLine.lost ?? 0) + (condition === 'lost' ? count : 0),
        }),
    hiredIn: next.out > 0 ? [...others, next] : others,
  };
  return settleScan(context, {
    base,
    refuse,
    objectID,
    name,
    label,
    about,
    count,
    condition,
    item,
    line,
    nextLine,
    ...(tag && { tag }),
    lender: houseName,
    stock: [],
  });
}

type Refuse = (outcome: ScanOutcome, message: string, extra?: Partial<ScanRecord>) => ScanResult;
type ScanBase = Pick<ScanRecord, 'id' | 'orderId' | 'at' | 'by' | 'direction' | 'code'>;

/** What a judged scan moves, for settleScan to price and write. */
interface ScanMove {
  base: ScanBase;
  refuse: Refuse;
  objectID: string;
  name: string;
  /** How the scanned thing is named to the crew. */
  label: string;
  about: Partial<ScanRecord>;
  count: number;
  condition: ScanInput['condition'] | undefined;
  item: ScanContext['items'] extends ReadonlyMap<string, infer T> ? T | undefined : never;
  line: LineStock;
  nextLine: HireLine;
  nextUnit?: Unit;
  /** The unit's tag, when a unit moved (the lender's, for stock hired in). */
  tag?: string;
  /** For stock hired in: the lending house's name. */
  lender?: string;
  stock: StockRow[];
  /** Said after the scan's message (a check-out earlier than the house allows). */
  note?: string;
}

/** What a scan did, first in its message: out, back (damaged, to repair or reported to a lender), or written off. */
const scanVerb = (direction: ScanInput['direction'], condition: ScanInput['condition'], whose?: string) =>
  direction === 'out'
    ? 'Out'
    : condition === 'damaged'
      ? `Back damaged (${whose ?? 'to repair'})`
      : condition === 'lost'
        ? `Written off as lost${whose ? ` (${whose})` : ''}`
        : 'Back';

/** A scan's move written as the order's: late days, damage and losses priced, the order's state, and the record. */
function settleScan(context: ScanContext, move: ScanMove): ScanResult {
  const { order, input } = context;
  const { base, refuse, objectID, name, label, about, count, condition, item, line, nextLine, nextUnit, stock } = move;
  const state = order.state ?? 'requested';
  const action = input.direction === 'out' ? 'checkOut' : 'checkIn';
  // A return priced where it is found: late days, damage and losses become the order's charges in the same write.
  const late =
    input.direction === 'in' ? lateDays(order, context.now, context.timezone, context.charges.graceHours) : 0;
  const photos = input.direction === 'in' && condition !== 'fine' && input.photos?.length ? input.photos : undefined;
  const charges =
    input.direction === 'in'
      ? chargesAfterReturn(
          order,
          {
            scanId: input.id,
            objectID,
            name,
            ...(move.tag && { tag: move.tag }),
            count,
            condition: condition!,
            ...(input.note && { note: input.note }),
            ...(photos && { photos }),
            at: base.at,
            late,
            item,
          },
          context.charges,
        )
      : order.hire?.charges;
  // The stored order's limit, said as a refusal before anything is written (never a failed write).
  if (charges && charges.length > chargeLimit)
    return refuse(
      'refused',
      `This order has ${chargeLimit} charges after the hire, the most it keeps: check this one in as fine and charge it on the invoice.`,
      about,
    );
  const hire: HireRecord = {
    ...order.hire,
    lines: [...(order.hire?.lines ?? []).filter((entry) => entry.objectID !== objectID), nextLine],
    ...(charges?.length && { charges }),
  };
  const nextState: QuoteState = hireStateOf(hireCounts({ lines: order.lines, hire }));
  const history = order.history ?? [];
  const next: QuoteRequest = {
    ...order,
    hire,
    state: nextState,
    // The audit of every scan is its record; the order's history keeps the changes of state (its limit stays for the conversation).
    history:
      nextState === state
        ? history
        : [
            ...history,
            {
              at: base.at,
              action,
              from: state,
              to: nextState,
              by: 'vendor',
              ...(context.who.includes('@') && { email: context.who }),
            },
          ],
  };
  // Stock hired in is the lender's: its damage or loss is reported to it, not kept here.
  const whose = move.lender ? `reported to ${move.lender}` : undefined;
  const verb = scanVerb(input.direction, condition, whose);
  const progress =
    input.direction === 'out'
      ? `${outNow(nextLine)} of ${line.quantity} out`
      : `${nextLine.back} of ${nextLine.out} back`;
  const lateWords = late > 0 ? ` ${late} day${late === 1 ? '' : 's'} late.` : '';
  return {
    record: {
      ...base,
      ...about,
      count,
      ...(condition && { condition }),
      ...(photos && { photos }),
      outcome: 'ok',
      message: `${verb}: ${count > 1 ? `${count} × ` : ''}${label}. ${progress}.${lateWords}${move.note ? ` ${move.note}` : ''}`,
    },
    order: next,
    ...(nextUnit && { units: [nextUnit] }),
    ...(stock.length && { stock }),
  };
}

type KitLine = QuoteRequest['lines'][number] & { kit: LineKit };

/**
 * A fixed kit scanned by its own label: its components move at once, as many as the kit holds
 * times the count, all or none. Checked in, the components the crew found missing
 * (`input.missing`) are written off as lost on their own lines and charged by the house's rule,
 * and the rest come back in the condition the scan says. A package's label is refused (its
 * components are picked one by one), as is a kit holding items tracked unit by unit that does not
 * name its own units (each needs its own tag scanned); the units a kit names move with it, one by
 * one as if each tag were scanned.
 */
function judgeKitScan(context: ScanContext, kitLine: KitLine, base: ScanBase, refuse: Refuse): ScanResult {
  const { input } = context;
  const about = { objectID: kitLine.objectID };
  const count = input.count ?? 1;
  const parts = stockOfLines([{ ...kitLine, quantity: count }]);
  const listed = (entries: readonly LineStock[]) =>
    entries.map((part) => `${part.quantity} × ${part.component ?? part.objectID}`).join(', ');
  if (kitLine.kit.kind === 'package')
    return refuse(
      'refused',
      `${kitLine.name} is a package: pick and scan its components one by one (${listed(parts)}).`,
      about,
    );
  // Units the kit names go with it, one tag each: as many as the scan's count of kits holds.
  const ownTags = new Map(
    kitLine.kit.components.flatMap((component): Array<[string, string[]]> =>
      component.tags?.length === component.quantity * count ? [[component.objectID, component.tags]] : [],
    ),
  );
  const tracked = parts.filter(
    (part) => context.items.get(part.objectID)?.tracking === 'units' && !ownTags.has(part.objectID),
  );
  if (tracked.length)
    return refuse(
      'refused',
      `${kitLine.name} holds items tracked unit by unit (${listed(tracked)}): scan each one's own tag.`,
      about,
    );
  const missing = new Map((input.missing ?? []).map((entry) => [entry.objectID, entry.count]));
  if (input.direction === 'out' && missing.size)
    return refuse('refused', 'Missing pieces are said as a kit comes back, not as it goes out.', about);
  const missingUnit = parts.find((part) => ownTags.has(part.objectID) && missing.get(part.objectID));
  if (missingUnit)
    return refuse(
      'refused',
      `${missingUnit.component} are ${kitLine.name}'s own units: scan back each one that came by its tag, and write off the missing one from its order.`,
      about,
    );
  for (const [objectID, lost] of missing) {
    const part = parts.find((entry) => entry.objectID === objectID);
    if (!part || lost > part.quantity)
      return refuse(
        'refused',
        part
          ? `${count} × ${kitLine.name} hold ${part.quantity} × ${part.component}: ${lost} cannot be missing.`
          : `${objectID.slice(0, 60)} is not in ${kitLine.name}.`,
        about,
      );
  }
  // Each component as a scan of its own (fine or in the scan's condition, then its missing ones as lost), on the order as the last left it.
  const moves = parts.flatMap((part) => {
    const lost = missing.get(part.objectID) ?? 0;
    return [
      { part, count: part.quantity - lost, condition: input.condition ?? 'fine' },
      { part, count: lost, condition: 'lost' as const },
    ].filter((move) => move.count > 0);
  });
  let order = context.order;
  const stock: StockRow[] = [];
  const units: Unit[] = [];
  // Each component's scan: its count, or one scan per unit the kit names (a unit changed by an earlier scan as it left it).
  type KitPartScan = { move: (typeof moves)[number]; tag?: string; count?: number };
  const scans = moves.flatMap((move): KitPartScan[] => {
    const tags = ownTags.get(move.part.objectID);
    return tags ? tags.map((tag) => ({ move, tag })) : [{ move, count: move.count }];
  });
  for (const [index, { move, tag, count: moved }] of scans.entries()) {
    const { missing: _missing, count: _count, ...rest } = input;
    const result = judgeScan({
      ...context,
      order,
      unit: tag === undefined ? undefined : context.kitUnits?.get(tag),
      input: {
        ...rest,
        id: `${input.id}:${index}`,
        code: tag ?? move.part.objectID,
        ...(moved !== undefined && { count: moved }),
        ...(input.direction === 'in' && { condition: move.condition }),
      },
    });
    if (result.record.outcome !== 'ok')
      return refuse(result.record.outcome, `${kitLine.name}: ${result.record.message}`, about);
    order = result.order!;
    stock.push(...(result.stock ?? []));
    units.push(...(result.units ?? []));
  }
  const lostParts = parts.flatMap((part) =>
    missing.get(part.objectID) ? [{ ...part, quantity: missing.get(part.objectID)! }] : [],
  );
  const verb = scanVerb(input.direction, input.condition);
  return {
    record: {
      ...base,
      ...about,
      count,
      ...(input.direction === 'in' && { condition: input.condition ?? 'fine' }),
      outcome: 'ok',
      message: `${verb}: ${count} × ${kitLine.name} (${parts
        .map(
          (part) =>
            `${listed([part])}${ownTags.has(part.objectID) ? ` ${ownTags.get(part.objectID)!.join(', ')}` : ''}`,
        )
        .join(', ')}).${lostParts.length ? ` Missing, written off as lost and charged: ${listed(lostParts)}.` : ''}`,
    },
    order,
    ...(units.length && { units }),
    ...(stock.length && { stock }),
  };
}

const unitHistoryLimit = 500;
export const withEvent = (unit: Unit, event: NonNullable<Unit['history']>[number]) =>
  [...(unit.history ?? []), event].slice(-unitHistoryLimit);

const withoutCondition = ({ condition: _condition, ...unit }: Unit): Unit => unit;

const statusWords: Record<UnitStatus, string> = {
  inService: 'in service',
  out: 'out',
  repair: 'in repair',
  lost: 'lost',
  retired: 'retired',
};

/** The stock row a unit off the shelf is kept as: in repair, or gone (lost or retired); none while it is in service or out. */
function offShelfRow(
  unit: Pick<Unit, 'tag' | 'objectID' | 'store'>,
  status: UnitStatus,
  quantity: number,
  firstDay: string,
): StockRow | undefined {
  const at = { objectID: unit.objectID, quantity, firstDay, ...(unit.store && { store: unit.store }) };
  if (status === 'repair') return { key: `repair:${unit.tag}`, kind: 'repair', ...at };
  if (status === 'lost' || status === 'retired') return { key: `lost:${unit.tag}`, kind: 'lost', ...at };
  return undefined;
}

/**
 * A unit sent to repair, put back in service (after repair, or found), or retired: the change, the
 * stock rows it ends and starts (a unit retired from repair leaves repair and stock at once), and
 * what the crew is told.
 */
export function unitMove(
  unit: Unit,
  status: 'inService' | 'retired' | 'repair',
  who: string,
  now: Date,
  today: string,
  note?: string,
): { unit: Unit; stock: StockRow[]; message: string } | { refused: string } {
  if (unit.status === 'out')
    return { refused: `${unit.tag} is out on order ${unit.orderId ?? ''}: check it in first.` };
  if (unit.status === status) return { refused: `${unit.tag} is already ${statusWords[status]}.` };
  const at = now.toISOString();
  const ended = offShelfRow(unit, unit.status, 0, today);
  const started = offShelfRow(unit, status, 1, today);
  return {
    // The condition says how the unit is now: a note given with the move replaces it; back in service without one, the old damage is no longer its condition.
    unit: {
      ...withoutCondition(unit),
      status,
      ...(note?.trim()
        ? { condition: note.trim() }
        : status !== 'inService' && unit.condition !== undefined && { condition: unit.condition }),
      updatedAt: at,
      history: withEvent(unit, { at, status, by: who, ...(note?.trim() && { note: note.trim() }) }),
    },
    stock: [...(ended && ended.key !== started?.key ? [ended] : []), ...(started ? [started] : [])],
    message: `${unit.tag}: ${statusWords[unit.status]} → ${statusWords[status]}.`,
  };
}

/** The booking a stock row is kept as: off the shelf from its first day until it is removed; hired in over its days. */
export const bookingOfStockRow = (row: StockRow): Booking => ({
  quoteId: row.key,
  objectID: row.objectID,
  quantity: row.quantity,
  firstDay: row.firstDay,
  lastDay: row.lastDay ?? OPEN_END,
  kind: row.kind,
  ...(row.store && { store: row.store }),
  ...(row.who && { who: row.who }),
});

/** Tags for `count` new units of an item, after the ones it has: `<PREFIX>-0001` …, the prefix from its id. */
export function newTags(objectID: string, taken: ReadonlySet<string>, count: number): string[] {
  // Whole words of the id up to 16 letters, then three of a hash of it: short enough to type, and two items whose ids start alike still differ.
  const words = objectID
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  let head = words[0]?.slice(0, 16) ?? 'UNIT';
  for (const word of words.slice(1)) {
    if (`${head}-${word}`.length > 16) break;
    head = `${head}-${word}`;
  }
  let hash = 0;
  for (const character of objectID) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  const prefix = `${head}-${(hash % 46_656).toString(36).toUpperCase().padStart(3, '0')}`;
  const tags: string[] = [];
  for (let number = 1; tags.length < count; number += 1) {
    const tag = `${prefix}-${String(number).padStart(4, '0')}`;
    if (!taken.has(tag)) tags.push(tag);
  }
  return tags;
}

/** A row of the dispatch board (server/rental/hire-floor.ts makes them; the console shows them). */
export interface DispatchRow {
  id: string;
  name: string;
  production: string | null;
  startDate: string;
  endDate: string;
  state: QuoteState;
  /** The day this row is about: going out (its first day) or coming back (its last). */
  day: string;
  /** The store it goes out from and comes back to (a house with several stores). */
  store?: string;
  /** Late: due out before today and not all out, or overdue back. */
  late: boolean;
  overdue: boolean;
  booked: number;
  out: number;
  /** For an overdue order: the later hires its units still out now leave short. */
  collides: Array<{
    id: string;
    name: string;
    production: string | null;
    startDate: string;
    endDate: string;
    objectID: string;
    item: string;
    day: string;
    free: number;
    quantity: number;
  }>;
  /** For a hire going out: the items it is now short of (a unit sent to repair or lost since it was booked), from what day and how many are free then. */
  short: Array<{ objectID: string; item: string; day: string; free: number; quantity: number }>;
  /** For a hire back and not closed yet: what never went out. */
  neverOut: Array<{ objectID: string; name: string; quantity: number }>;
  /**
   * Stock hired in for it from other houses: collected from them before it goes out (a going row),
   * returned to them once it is back (a returning row); `overdue` when the lender's order is past
   * its last day with something still out.
   */
  subHires: Array<{
    house: string;
    houseName: string;
    quantity: number;
    item: string;
    state: QuoteState;
    overdue: boolean;
  }>;
}

/** A line of an order's pull sheet: an item to pick (a kit's components each one, under their kit). */
export interface PullSheetLine {
  objectID: string;
  name: string;
  /** The kit line it is picked for, when it is a kit's component (the first, if several take it), and the nested kit it sits in. */
  kit?: { objectID: string; name: string; kind: 'fixed' | 'package'; quantity: number; within?: string };
  /** The item's first photo (url and alt), for the pull sheet. */
  photo: { url: string; alt?: string } | null;
  location: string | null;
  tracking: 'quantity' | 'units';
  quantity: number;
  out: number;
  back: number;
  damaged: number;
  lost: number;
  /** Tags out on this order now. */
  tagsOut: string[];
  /** For units: tags on the shelf to pick from (in service), first ones first. */
  onShelf: string[];
  /** Of the quantity, what is hired in from other houses: from whom, how many, and how many of theirs (which tags) are out now. Scanned by their own labels. */
  hiredIn: Array<{ house: string; houseName: string; quantity: number; out: number; tagsOut: string[] }>;
}
