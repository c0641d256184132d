/**
 * The warehouse floor, on the server: a scan judged and stored in one store step (the rule is
 * schema/rental/hire.ts), an item moved to units, a unit back from repair, what goes out and comes
 * back this week (late ones first, with the hires an overdue order now collides with), and an
 * order's pull sheet. No Fastify here: server/routes/api/tenants/hire.ts hands in who is asking.
 */
import { FieldProblemsError } from '../stores/field-problems';
import { mainStoreOf, perStore, storeNames, storesOf, timezoneAt, unknownStore } from '../../schema/rental/stores';
import { randomUUID } from 'node:crypto';
import { schemaDocuments } from '../../schema/documents';
import { overdueToLender } from '../../schema/marketplace/sub-hires';
import { plainText } from '../../schema/plain-text';
import { bookingWindow, collisions, OPEN_END } from '../../schema/rental/availability';
import { stockItemsOf, stockOfLines } from '../../schema/rental/kits';
import { withCategoryTests } from '../../schema/rental/inspections';
import {
  hireCounts,
  hireLineOf,
  judgeScan,
  neverOut,
  newTags,
  outNow,
  tagOf,
  unitMove,
  type DispatchRow,
  type PullSheetLine,
  type ScanContext,
  type ScanResult,
} from '../../schema/rental/hire';
import { outBlockedBy } from '../../schema/rental/out-gate';
import { replacementValueOf } from '../../schema/rental/insurance';
import { addDays, todayIn } from '../../schema/rental/quote-rules';
import { isOutState, isOverdue, type QuoteState } from '../../schema/rental/quote-states';
import { adjustedCharge, quotedTotal } from '../../schema/rental/hire-charges';
import { formatMoney } from '../../schema/display/format';
import type { HandoverInput, Item, LineAdjustment, QuoteRequest, ScanInput, Unit } from '../../schema/types.generated';
import type { AssetStore } from '../assets/asset-store';
import { storedPhoto } from './stored-photos';
import type { HireStepDone } from '../stores/quote-request-store';
import { UnknownQuoteError } from '../stores/quote-request-store';
import { itemsOfQuotes, QuoteRefusedError, type QuoteSettings, type QuoteStores } from './quote-conversation';

/** What an item id looks like (the schema's slug): a typed code that could name one is looked up as one. */
const itemId = new RegExp(schemaDocuments.defs.$defs.slug.pattern);

/** One scan on an order, judged against the order and unit as stored and written with them; a repeated scan id is answered from its record. */
export async function scanOnOrder(
  stores: QuoteStores,
  settings: QuoteSettings,
  request: {
    tenantId: string;
    orderId: string;
    input: ScanInput;
    who: string;
    now: Date;
    hiredIn?: ScanContext['hiredIn'];
  },
): Promise<HireStepDone> {
  const { tenantId, orderId, input, now } = request;
  const storeSaid = unknownStore(settings.vendor, input.store);
  if (storeSaid)
    throw new FieldProblemsError([{ pointer: '/store', message: storeSaid }], `Not scanned: ${storeSaid}`, 400);
  const order = await stores.quoteRequests.get(tenantId, orderId);
  if (!order) throw new UnknownQuoteError(orderId);
  // The order's items, and the one a typed code may name (an item counted as a quantity, or one not on this order).
  const code = tagOf(input.code).toLowerCase();
  const objectIDs = [
    ...new Set([
      ...order.lines.map((line) => line.objectID),
      ...stockItemsOf(order.lines),
      ...(itemId.test(code) ? [code] : []),
    ]),
  ];
  // Each item with the tests its units must pass, its categories' among them.
  const items = new Map(
    (await stores.itemStore.getMany(tenantId, objectIDs)).map((item) => [
      item.objectID,
      withCategoryTests(item, settings.categories),
    ]),
  );
  // The order's days are its store's: counted in that store's time zone.
  const timezone = timezoneAt(settings.vendor, settings.timezone, order.store);
  const today = todayIn(timezone, now);
  const bookingsBefore =
    input.direction === 'out'
      ? await bookingsBeforeHire(stores, tenantId, order, objectIDs, settings.turnaroundDays, today)
      : undefined;
  // A fixed kit's label moves the units it names: read with the order in the step.
  const kitTags = order.lines
    .filter((line) => line.kit?.kind === 'fixed' && line.objectID === code)
    .flatMap((line) => line.kit!.components.flatMap((component) => component.tags ?? []));
  return stores.quoteRequests.hireStep(tenantId, {
    id: input.id,
    orderId,
    tag: tagOf(input.code),
    ...(kitTags.length && { tags: kitTags }),
    apply: ({ order: stored, unit, units }): ScanResult => {
      if (!stored) throw new UnknownQuoteError(orderId);
      const outBlocked = outBlockedBy(stored, settings.site, today, now, replacementValueOf(stored.lines, items)).join(
        ' ',
      );
      return judgeScan({
        tenantId,
        order: stored,
        unit,
        kitUnits: units,
        items,
        input,
        who: request.who,
        now,
        today,
        turnaroundDays: settings.turnaroundDays,
        earlyOutDays: settings.earlyOutDays,
        ...(bookingsBefore && { bookingsBefore }),
        timezone,
        charges: settings.charges,
        ...(settings.vendor.stores?.length && { stores: storeNames(settings.vendor.stores) }),
        outBlocked,
        ...(request.hiredIn && { hiredIn: request.hiredIn }),
      });
    },
  });
}

/**
 * What else is booked on an order's items from today until its own booking starts, each named by
 * its production: what units going out early are checked against (none when the hire is kept already).
 */
async function bookingsBeforeHire(
  stores: QuoteStores,
  tenantId: string,
  order: QuoteRequest,
  objectIDs: readonly string[],
  turnaroundDays: number,
  today: string,
) {
  const lastEarlyDay = addDays(order.startDate, -turnaroundDays - 1);
  if (today > lastEarlyDay) return undefined;
  const window = bookingWindow(today, lastEarlyDay, turnaroundDays);
  const booked = await stores.quoteRequests.bookings(tenantId, objectIDs, window.from, window.to);
  const ids = [
    ...new Set(
      booked
        .filter((booking) => booking.kind === 'order' || booking.kind === 'pencil')
        .map((booking) => booking.quoteId),
    ),
  ].slice(0, 50);
  const holders = new Map(
    (await Promise.all(ids.map((id) => stores.quoteRequests.get(tenantId, id)))).flatMap((held) =>
      held ? [[held.id, held.production ?? held.name ?? held.id] as const] : [],
    ),
  );
  const byItem = new Map<string, Array<(typeof booked)[number] & { who?: string }>>();
  for (const booking of booked) {
    const who = holders.get(booking.quoteId);
    byItem.set(booking.objectID, [...(byItem.get(booking.objectID) ?? []), { ...booking, ...(who && { who }) }]);
  }
  return byItem;
}

/** Moves an item to units: one unit (with a new tag) for each one in stock it has no unit for yet. Returns the units made. */
export async function unitsForItem(
  stores: QuoteStores,
  tenantId: string,
  objectID: string,
  now: Date,
): Promise<Unit[]> {
  const item = await stores.itemStore.get(tenantId, objectID);
  if (!item) throw Object.assign(new Error(`No item ${JSON.stringify(objectID)} here.`), { statusCode: 404 });
  const existing = await stores.quoteRequests.listUnits(tenantId, { objectID, limit: 100_000 });
  const missing =
    item.quantity - existing.units.filter((unit) => unit.status !== 'lost' && unit.status !== 'retired').length;
  const at = now.toISOString();
  const units: Unit[] = newTags(objectID, new Set(existing.units.map((unit) => unit.tag)), Math.max(0, missing)).map(
    (tag) => ({
      tenantId,
      tag,
      objectID,
      status: 'inService',
      ...(item.location && { condition: `Kept at ${item.location}` }),
      createdAt: at,
      updatedAt: at,
      history: [{ at, status: 'inService', by: 'backlot', note: 'Made when the item moved to units' }],
    }),
  );
  if (units.length) await stores.quoteRequests.addUnits(tenantId, units);
  if (item.tracking !== 'units')
    await stores.itemStore.update(tenantId, objectID, (current) => ({ ...current, tracking: 'units', updatedAt: at }));
  return units;
}

/** A unit sent to repair, back in service, or retired: written with the stock row it starts or ends, and recorded. */
export async function moveUnit(
  stores: Pick<QuoteStores, 'quoteRequests'>,
  settings: Pick<QuoteSettings, 'timezone'>,
  request: {
    tenantId: string;
    tag: string;
    status: 'inService' | 'repair' | 'retired';
    note?: string;
    who: string;
    now: Date;
  },
): Promise<Unit> {
  const today = todayIn(settings.timezone, request.now);
  let moved: Unit | undefined;
  const id = `unit-${randomUUID()}`;
  await stores.quoteRequests.hireStep(request.tenantId, {
    id,
    tag: request.tag,
    apply: ({ unit }): ScanResult => {
      if (!unit)
        throw Object.assign(new Error(`No unit tagged ${JSON.stringify(request.tag)} here.`), { statusCode: 404 });
      const move = unitMove(unit, request.status, request.who, request.now, today, request.note);
      if ('refused' in move) throw new QuoteRefusedError(move.refused);
      moved = move.unit;
      const record = {
        id,
        orderId: '',
        at: request.now.toISOString(),
        by: request.who,
        direction: 'in' as const,
        code: unit.tag,
        tag: unit.tag,
        objectID: unit.objectID,
        count: 1,
        outcome: 'ok' as const,
        message: move.message,
      };
      return { record, units: [move.unit], stock: move.stock };
    },
  });
  return moved!;
}

const ORDERS_PER_STATE = 500;

/** What goes out and comes back from today to `days` days on, late ones first then by day: the dispatch screen. */
export async function dispatchBoard(
  stores: QuoteStores,
  settings: QuoteSettings,
  tenantId: string,
  now: Date,
  days = 7,
  /** One store's hires only (every store's when left out). */
  store?: string,
): Promise<{ today: string; until: string; going: DispatchRow[]; returning: DispatchRow[]; toClose: DispatchRow[] }> {
  // One store's day, in its own time zone; every store's, in the house's.
  const today = todayIn(store ? timezoneAt(settings.vendor, settings.timezone, store) : settings.timezone, now);
  const main = mainStoreOf(storesOf(settings.vendor));
  const atThisStore = (order: QuoteRequest) => store === undefined || (order.store ?? main) === store;
  const until = addDays(today, days - 1);
  const grace = settings.returnGraceHours;
  const read = async (state: QuoteState, range: { from?: string; to?: string }) =>
    (
      await stores.quoteRequests.list(tenantId, {
        state,
        ...range,
        sort: { field: 'startDate', order: 'asc' },
        limit: ORDERS_PER_STATE,
      })
    ).requests.filter(atThisStore);
  // Confirmed orders starting by `until` (those that should have gone already included), and every order with something out.
  const [confirmed, returned, ...outStates] = await Promise.all([
    read('confirmed', { to: until }),
    read('returned', {}),
    read('partlyOut', {}),
    read('out', {}),
    read('partlyReturned', {}),
  ]);
  const withOut = outStates.flat();
  const rowOf = (order: QuoteRequest, direction: 'going' | 'returning'): DispatchRow => {
    // Pieces: a kit's components each count, as they are scanned.
    const counts = hireCounts(order);
    const booked = counts.booked;
    const out = counts.out - counts.back;
    const overdue = isOverdue(order, now, settings.timezone, grace);
    const day = direction === 'going' ? order.startDate : order.endDate;
    return {
      id: order.id,
      name: order.name ?? order.email,
      production: order.production ?? null,
      startDate: order.startDate,
      endDate: order.endDate,
      state: order.state ?? 'confirmed',
      day,
      late: direction === 'going' ? day < today : overdue,
      overdue,
      booked,
      out,
      collides: [],
      short: [],
      neverOut: neverOut(order),
      subHires: [],
      ...(settings.vendor.stores?.length && { store: order.store ?? main }),
    };
  };
  const going = [
    ...confirmed,
    ...withOut.filter((order) => order.state === 'partlyOut' && order.startDate <= until),
  ].map((order) => rowOf(order, 'going'));
  const returning = withOut
    .filter((order) => order.endDate <= until || isOverdue(order, now, settings.timezone, grace))
    .map((order) => rowOf(order, 'returning'));
  const overdueOrders = returning
    .filter((row) => row.overdue)
    .map((row) => withOut.find((order) => order.id === row.id)!);
  const collides = await collisionsOf(stores, settings, tenantId, overdueOrders, today);
  for (const row of returning) row.collides = collides.get(row.id) ?? [];
  const goingOrders = going.map((row) => [...confirmed, ...withOut].find((order) => order.id === row.id)!);
  const short = await shortGoing(stores, settings, tenantId, goingOrders, today);
  for (const row of going) row.short = short.get(row.id) ?? [];
  const order = (a: DispatchRow, b: DispatchRow) =>
    Number(b.late) - Number(a.late) || a.day.localeCompare(b.day) || a.id.localeCompare(b.id);
  // Hires all back and waiting to be closed, with what never went out said (closing asks about it).
  const toClose = returned.map((entry) => rowOf(entry, 'returning'));
  const orders = new Map([...confirmed, ...withOut, ...returned].map((entry) => [entry.id, entry]));
  for (const row of [...going, ...returning, ...toClose])
    row.subHires = await hiredInFor(stores, orders.get(row.id)!, today);
  return { today, until, going: going.sort(order), returning: returning.sort(order), toClose: toClose.sort(order) };
}

/**
 * The stock an order hired in from other houses, with each lender's order as it stands (read at the
 * lender): what the floor collects and returns, and whether it is overdue back to the lender.
 */
async function hiredInFor(stores: QuoteStores, order: QuoteRequest, today: string): Promise<DispatchRow['subHires']> {
  const hired = (order.subHires ?? []).filter((subHire) => (subHire.hiredIn?.quantity ?? 0) > 0);
  return Promise.all(
    hired.map(async (subHire) => {
      const theirs = await stores.quoteRequests.get(subHire.house, subHire.quoteId);
      const state = theirs?.state ?? 'confirmed';
      return {
        house: subHire.house,
        houseName: subHire.houseName,
        quantity: subHire.hiredIn!.quantity,
        item: subHire.theirName,
        state,
        overdue: overdueToLender(state, theirs?.endDate ?? subHire.hiredIn!.lastDay, today),
      };
    }),
  );
}

/**
 * For each hire going out, the items its stock can no longer serve (a unit failed its test or went
 * to repair, one was lost, another hire runs late): from what day and how many are free then.
 */
async function shortGoing(
  stores: QuoteStores,
  settings: QuoteSettings,
  tenantId: string,
  orders: readonly QuoteRequest[],
  today: string,
): Promise<Map<string, DispatchRow['short']>> {
  const found = new Map<string, DispatchRow['short']>();
  const objectIDs = stockItemsOf(orders.flatMap((order) => order.lines));
  if (!objectIDs.length) return found;
  const going = new Set(orders.map((order) => order.id));
  const items = new Map((await stores.itemStore.getMany(tenantId, objectIDs)).map((item) => [item.objectID, item]));
  const window = bookingWindow(today, OPEN_END, settings.turnaroundDays);
  const booked = await stores.quoteRequests.bookings(tenantId, objectIDs, window.from, window.to);
  for (const objectID of objectIDs) {
    const hits = perStore(
      items.get(objectID),
      booked.filter((booking) => booking.objectID === objectID),
      settings.vendor,
    ).flatMap(({ stock, rows }) => collisions(stock, rows, settings.turnaroundDays, today));
    for (const hit of hits.filter((entry) => going.has(entry.quoteId)))
      found.set(hit.quoteId, [
        ...(found.get(hit.quoteId) ?? []),
        { objectID, item: items.get(objectID)?.name ?? objectID, day: hit.day, free: hit.free, quantity: hit.quantity },
      ]);
  }
  return found;
}

/** The items an order has units of out now. */
const stillOut = (order: QuoteRequest) =>
  (order.hire?.lines ?? []).filter((line) => outNow(line) > 0).map((line) => line.objectID);

/** For each overdue order (as read for the board or the watch), the later hires of its items that the units still out leave short: who and what. */
export async function collisionsOf(
  stores: QuoteStores,
  settings: QuoteSettings,
  tenantId: string,
  overdue: readonly QuoteRequest[],
  today: string,
): Promise<Map<string, DispatchRow['collides']>> {
  const found = new Map<string, DispatchRow['collides']>(overdue.map((order) => [order.id, []]));
  const objectIDs = [...new Set(overdue.flatMap((order) => stillOut(order)))];
  if (!objectIDs.length) return found;
  const items = new Map((await stores.itemStore.getMany(tenantId, objectIDs)).map((item) => [item.objectID, item]));
  const window = bookingWindow(today, OPEN_END, settings.turnaroundDays);
  const booked = await stores.quoteRequests.bookings(tenantId, objectIDs, window.from, window.to);
  const short = objectIDs.flatMap((objectID) =>
    perStore(
      items.get(objectID),
      booked.filter((booking) => booking.objectID === objectID),
      settings.vendor,
    ).flatMap(({ stock, rows }) =>
      collisions(stock, rows, settings.turnaroundDays, today).map((hit) => ({ ...hit, objectID })),
    ),
  );
  const hit = new Map(
    (
      await Promise.all(
        [...new Set(short.map((entry) => entry.quoteId))].map((id) => stores.quoteRequests.get(tenantId, id)),
      )
    ).flatMap((order) => (order ? [[order.id, order] as const] : [])),
  );
  for (const late of overdue) {
    const lateItems = new Set(stillOut(late));
    found.set(
      late.id,
      short
        .filter((entry) => lateItems.has(entry.objectID) && entry.quoteId !== late.id && hit.has(entry.quoteId))
        .map((entry) => {
          const other = hit.get(entry.quoteId)!;
          return {
            id: other.id,
            name: other.name ?? other.email,
            production: other.production ?? null,
            startDate: other.startDate,
            endDate: other.endDate,
            objectID: entry.objectID,
            item: items.get(entry.objectID)?.name ?? entry.objectID,
            day: entry.day,
            free: entry.free,
            quantity: entry.quantity,
          };
        }),
    );
  }
  return found;
}

/** An order's pull sheet: each line with its photo, location, quantity or tags, and how much is out and back. */
/** What a line hired in from other houses (confirmed by them): from whom, how many, and which of theirs are out now. */
function hiredInOnLine(
  order: QuoteRequest,
  objectID: string,
  hire: ReturnType<typeof hireLineOf>,
): PullSheetLine['hiredIn'] {
  const byHouse = new Map<string, PullSheetLine['hiredIn'][number]>();
  for (const subHire of order.subHires ?? []) {
    const quantity = subHire.hiredIn?.quantity ?? 0;
    if (subHire.objectID !== objectID || quantity === 0) continue;
    const out = hire.hiredIn?.find((entry) => entry.house === subHire.house);
    const entry = byHouse.get(subHire.house) ?? {
      house: subHire.house,
      houseName: subHire.houseName,
      quantity: 0,
      out: out?.out ?? 0,
      tagsOut: out?.tags ?? [],
    };
    byHouse.set(subHire.house, { ...entry, quantity: entry.quantity + quantity });
  }
  return [...byHouse.values()];
}

export async function pullSheet(stores: QuoteStores, settings: QuoteSettings, order: QuoteRequest, now: Date) {
  const items = await itemsOfQuotes(stores.itemStore, order.tenantId, [order]);
  // What is picked is stock: a kit's components, each under its kit, in the kit's order.
  const lines: PullSheetLine[] = await Promise.all(
    stockOfLines(order.lines).map(async (line) => {
      const item = items.get(line.objectID);
      const kitLine = line.component !== undefined ? order.lines[line.line] : undefined;
      const hire = hireLineOf(order.hire, line.objectID);
      const tracking = item?.tracking ?? 'quantity';
      const shelf =
        tracking === 'units'
          ? await stores.quoteRequests.listUnits(order.tenantId, {
              objectID: line.objectID,
              status: 'inService',
              limit: Math.max(line.quantity * 2, 10),
            })
          : undefined;
      // A fixed kit's own units are picked first, those on the shelf (the kit's label scans them).
      const own = kitLine?.kit?.components.find((component) => component.objectID === line.objectID)?.tags ?? [];
      const ownOnShelf = (
        await Promise.all(own.map((tag) => stores.quoteRequests.getUnit(order.tenantId, tag)))
      ).flatMap((unit) => (unit?.status === 'inService' ? [unit.tag] : []));
      const onShelf = [
        ...ownOnShelf,
        ...(shelf?.units.map((unit) => unit.tag) ?? []).filter((tag) => !ownOnShelf.includes(tag)),
      ];
      return {
        objectID: line.objectID,
        name: item?.name ?? line.component ?? order.lines[line.line]?.name ?? line.objectID,
        ...(kitLine?.kit && {
          kit: {
            objectID: kitLine.objectID,
            name: kitLine.name,
            kind: kitLine.kit.kind,
            quantity: kitLine.quantity,
            ...(line.within && { within: line.within }),
          },
        }),
        photo: item?.images?.[0]
          ? { url: item.images[0].url, ...(item.images[0].alt && { alt: item.images[0].alt }) }
          : null,
        location: item?.location ?? null,
        tracking,
        quantity: line.quantity,
        out: hire.out,
        back: hire.back,
        damaged: hire.damaged ?? 0,
        lost: hire.lost ?? 0,
        tagsOut: hire.tags ?? [],
        onShelf,
        hiredIn: hiredInOnLine(order, line.objectID, hire),
      };
    }),
  );
  const state = order.state ?? 'requested';
  return {
    id: order.id,
    name: order.name ?? order.email,
    email: order.email,
    production: order.production ?? null,
    studio: order.studio ?? null,
    // The store it is picked at and comes back to (a house with several).
    ...(settings.vendor.stores?.length && { store: order.store ?? mainStoreOf(settings.vendor.stores) }),
    startDate: order.startDate,
    endDate: order.endDate,
    state,
    out: isOutState(state),
    overdue: isOverdue(order, now, settings.timezone, settings.returnGraceHours),
    revision: order.revision ?? 0,
    lines,
    // Once the hire is back: what never left the warehouse (closing asks whether to invoice or credit it).
    neverOut: neverOut(order),
    handovers: order.hire?.handovers ?? [],
    /** What the visitor accepted, and the charges found since (late, damage, loss). */
    quoted: quotedTotal(order),
    charges: order.hire?.charges ?? [],
    scans: await stores.quoteRequests.scans(order.tenantId, order.id, 50),
  };
}

/** The vendor's adjustment to a charge after the hire (or none again), with its reason; recorded in the order's audit like a scan. Refused once the hire is closed. */
export async function adjustCharge(
  stores: QuoteStores,
  settings: QuoteSettings,
  request: {
    tenantId: string;
    orderId: string;
    chargeId: string;
    adjustment: LineAdjustment | null;
    who: string;
    now: Date;
  },
): Promise<HireStepDone> {
  const money = (amount: number) => formatMoney(amount, settings.site);
  const id = `charge-${randomUUID()}`;
  return stores.quoteRequests.hireStep(request.tenantId, {
    id,
    orderId: request.orderId,
    apply: ({ order }): ScanResult => {
      if (!order) throw new UnknownQuoteError(request.orderId);
      const charges = order.hire?.charges ?? [];
      const charge = charges.find((entry) => entry.id === request.chargeId);
      if (!charge)
        throw Object.assign(new Error(`No charge ${JSON.stringify(request.chargeId)} on this order.`), {
          statusCode: 404,
        });
      if (order.state === 'closed')
        throw new QuoteRefusedError('This hire is closed: its charges can no longer change.');
      const changed = adjustedCharge(charge, request.adjustment);
      const at = request.now.toISOString();
      const what = `${charge.kind === 'late' ? 'Late days' : charge.kind === 'damage' ? 'Damage' : 'Loss'} on ${charge.tag ?? charge.name}`;
      return {
        record: {
          id,
          orderId: order.id,
          at,
          by: request.who,
          direction: 'in',
          code: request.chargeId,
          objectID: charge.objectID,
          ...(charge.tag && { tag: charge.tag }),
          count: 0,
          outcome: 'ok',
          message: request.adjustment
            ? `${what} adjusted by ${money(request.adjustment.amount)}: ${request.adjustment.reason}`
            : `${what}: adjustment taken back`,
        },
        order: {
          ...order,
          hire: { ...order.hire!, charges: charges.map((entry) => (entry.id === charge.id ? changed : entry)) },
        },
      };
    },
  });
}

/** One printed label: what its code says (`<tenant>/<tag>`, or `<tenant>/<item id>` for an item counted as a quantity) and what is written beside it. */
export interface Label {
  code: string;
  tag: string | null;
  objectID: string;
  name: string;
  location: string | null;
  /** An item counted as a quantity: scan it, then set the count. */
  counted: boolean;
}

/** Labels for one item (each unit on the books, or the item's own for a counted one), or for an order (the units out on it, else the ones to pick). */
export async function labelsFor(
  stores: QuoteStores,
  tenantId: string,
  wanted: { item: string } | { order: string },
): Promise<Label[]> {
  const labelOf = (item: Pick<Item, 'objectID' | 'name' | 'location'>, tag?: string): Label => ({
    code: `${tenantId}/${tag ?? item.objectID}`,
    tag: tag ?? null,
    objectID: item.objectID,
    name: item.name,
    location: item.location ?? null,
    counted: tag === undefined,
  });
  if ('item' in wanted) {
    const item = await stores.itemStore.get(tenantId, wanted.item);
    if (!item) throw Object.assign(new Error(`No item ${JSON.stringify(wanted.item)} here.`), { statusCode: 404 });
    if (item.tracking !== 'units') return [labelOf(item)];
    const { units } = await stores.quoteRequests.listUnits(tenantId, { objectID: item.objectID, limit: 10_000 });
    return units
      .filter((unit) => unit.status !== 'retired' && unit.status !== 'lost')
      .map((unit) => labelOf(item, unit.tag));
  }
  const order = await stores.quoteRequests.get(tenantId, wanted.order);
  if (!order) throw new UnknownQuoteError(wanted.order);
  const items = new Map(
    (
      await stores.itemStore.getMany(
        tenantId,
        order.lines.map((line) => line.objectID),
      )
    ).map((item) => [item.objectID, item]),
  );
  const labels = await Promise.all(
    order.lines.map(async (line) => {
      const item = items.get(line.objectID) ?? { objectID: line.objectID, name: line.name };
      if (items.get(line.objectID)?.tracking !== 'units') return [labelOf(item)];
      // The units that went out on this order, whatever became of them since (back, in repair, lost):
      // a label is printed for each; before any went out, those on the shelf to pick.
      const { units } = await stores.quoteRequests.listUnits(tenantId, { objectID: line.objectID, limit: 10_000 });
      const onOrder = units
        .filter((unit) => unit.orderId === order.id || unit.history?.some((event) => event.orderId === order.id))
        .map((unit) => unit.tag);
      const tags = onOrder.length
        ? onOrder
        : units
            .filter((unit) => unit.status === 'inService')
            .slice(0, line.quantity)
            .map((unit) => unit.tag);
      return tags.map((tag) => labelOf(item, tag));
    }),
  );
  return labels.flat();
}

/** The states an order can be handed over in, each way: out while it is going, in while anything is out or just back. */
const HANDOVER_STATES: Record<HandoverInput['direction'], readonly string[]> = {
  // What never went out can still be picked up once some is back (the scans allow it), so it can be signed for.
  out: ['confirmed', 'partlyOut', 'out', 'partlyReturned', 'returned'],
  in: ['partlyOut', 'out', 'partlyReturned', 'returned'],
};
/** Why a hand-over cannot be signed now, in words (never a state's internal name). */
const NO_HANDOVER: Record<HandoverInput['direction'], string> = {
  out: 'Nothing to hand over: this order is not confirmed, or its hire is closed.',
  in: 'Nothing to hand back: nothing of this order has gone out yet, or its hire is closed.',
};
/** At most this many hand-overs on an order (the schema's limit). */
const HANDOVERS_PER_ORDER = 100;

/** A hand-over signed on the scan screen: the name and signature kept on the order, recorded in its audit; a repeated id is answered, not added again. */
export async function recordHandover(
  stores: QuoteStores,
  assets: Pick<AssetStore, 'stat'>,
  request: { tenantId: string; orderId: string; input: HandoverInput; who: string; now: Date },
): Promise<HireStepDone> {
  const { tenantId } = request;
  // The signature is a file this tenant stored (an item photo), never an address elsewhere.
  const signature =
    request.input.signature === undefined ? undefined : await storedPhoto(assets, tenantId, request.input.signature);
  if (request.input.signature !== undefined && !signature)
    throw new QuoteRefusedError('The signature must be an image uploaded here, in this house’s own photos.');
  const input = { ...request.input, ...(signature && { signature }) };
  return stores.quoteRequests.hireStep(tenantId, {
    id: input.id,
    orderId: request.orderId,
    apply: ({ order }): ScanResult => {
      if (!order) throw new UnknownQuoteError(request.orderId);
      const state = order.state ?? 'requested';
      const at = request.now.toISOString();
      const base = {
        id: input.id,
        orderId: order.id,
        at,
        by: request.who,
        direction: input.direction,
        code: 'handover',
        count: 0,
      };
      if (!HANDOVER_STATES[input.direction].includes(state))
        return { record: { ...base, outcome: 'refused', message: NO_HANDOVER[input.direction] } };
      const handovers = order.hire?.handovers ?? [];
      if (handovers.length >= HANDOVERS_PER_ORDER)
        return {
          record: { ...base, outcome: 'refused', message: `This order has ${HANDOVERS_PER_ORDER} hand-overs already.` },
        };
      const name = plainText(input.name).trim();
      const handover = {
        at,
        direction: input.direction,
        name,
        ...(input.signature && { signature: input.signature }),
        by: request.who,
      };
      return {
        record: {
          ...base,
          outcome: 'ok',
          message: `${input.direction === 'out' ? 'Handed over to' : 'Brought back by'} ${name}${input.signature ? ' (signed)' : ''}.`,
        },
        order: { ...order, hire: { lines: [], ...order.hire, handovers: [...handovers, handover] } },
      };
    },
  });
}
