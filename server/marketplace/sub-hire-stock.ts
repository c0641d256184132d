/**
 * A sub-hire's stock at the hiring house follows the lending house's request (issue 39, "Once B
 * confirms, A's stock of that item on those dates grows"):
 *
 * - While the lender's request is an order (confirmed, out, back, closed), the hiring house's item
 *   has that many more from the request's first day to its last: a stock row among its bookings
 *   (`subHire:<lender>:<theirId>`, schema/rental/availability.ts), checked with every hold and
 *   order by the same rule that never double-books.
 * - Cancelled, cut or moved by the lender: the row follows, and the hiring house is mailed at once
 *   with each of its own hires now short.
 *
 * Each follow is one store step on the hiring house's order (a hire step, id from the lender's
 * request and revision, the order's audit record too), which also records on the order's sub-hire
 * the revision it followed: a slower server following an older revision is answered, not applied,
 * so the stock is always the lender's latest word. The lender's request is read again first, so a
 * follow answers what stands, not what the caller saw.
 */
import { withDefaults } from '../../schema/defaults';
import { hiredInKey } from '../../schema/marketplace/sub-hires';
import { bookingWindow, collisions, OPEN_END } from '../../schema/rental/availability';
import { todayIn } from '../../schema/rental/quote-rules';
import { isOrderState } from '../../schema/rental/quote-states';
import type { QuoteRequest } from '../../schema/types.generated';
import { storefrontConfiguration } from '../../schema/configuration/build-configuration';
import type { Mailer } from '../mail/mailer';
import { subHireLostMessage, subHireStrandedMessage, type Collision } from '../mail/messages';
import { sendAs, sendHouseMail, TO_HOUSE } from '../mail/tenant-mail';
import { quoteSettingsOf } from '../rental';
import type { ItemStore } from '../stores/item-store';
import { revisionOf, type QuoteRequestStore } from '../stores/quote-request-store';
import type { TenantStore } from '../stores/tenant-store';

export interface SubHireStockStores {
  quoteRequests: QuoteRequestStore;
  itemStore: Pick<ItemStore, 'getMany'>;
  tenantStore: Pick<TenantStore, 'get'>;
  mailer: Mailer;
}

interface Log {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

type HiredIn = NonNullable<NonNullable<QuoteRequest['subHires']>[number]['hiredIn']>;

/** What the lender's request gives the hiring house now: its lines' quantity over its dates while it is an order, else none. */
export function hiredInBy(theirs: QuoteRequest): HiredIn {
  const quantity = isOrderState(theirs.state ?? 'requested')
    ? theirs.lines.reduce((total, line) => total + line.quantity, 0)
    : 0;
  return { revision: revisionOf(theirs), quantity, firstDay: theirs.startDate, lastDay: theirs.endDate };
}

/** Whether what the hiring house holds (`have`) is behind what the lender's request gives now (`want`). */
export const stockBehind = (have: HiredIn | undefined, want: HiredIn) =>
  (have?.revision ?? -1) < want.revision &&
  (want.quantity !== (have?.quantity ?? 0) ||
    (want.quantity > 0 && (want.firstDay !== have?.firstDay || want.lastDay !== have?.lastDay)));

/** Brings the hiring house's stock in line with the lender's request `id` (a sub-hire's); nothing for any other request. */
export async function followSubHire(
  stores: SubHireStockStores,
  lender: string,
  id: string,
  now: Date,
  log: Log,
): Promise<void> {
  const theirs = await stores.quoteRequests.get(lender, id);
  const link = theirs?.subHire;
  if (!theirs || !link) return;
  const { house, forQuote, objectID } = link;
  const next = hiredInBy(theirs);
  let before: HiredIn | undefined;
  const stepId = `sub-hire-${theirs.id}-r${next.revision}`;
  const lenderTenant = await stores.tenantStore.get(lender);
  const lenderName = lenderTenant ? withDefaults('vendor', lenderTenant.tenant.vendor).displayName : lender;
  const done = await stores.quoteRequests.hireStep(house, {
    id: stepId,
    orderId: forQuote,
    apply: ({ order }) => {
      const entry = order?.subHires?.find((candidate) => candidate.quoteId === theirs.id);
      before = entry?.hiredIn;
      const record = {
        id: stepId,
        orderId: forQuote,
        at: now.toISOString(),
        by: 'backlot',
        direction: 'in' as const,
        code: 'sub-hire',
        count: next.quantity,
      };
      if (!order || !entry)
        return {
          record: {
            ...record,
            outcome: 'refused' as const,
            message: `The sub-hire ${theirs.id} is not on this order.`,
          },
        };
      if (before && before.revision >= next.revision)
        return {
          record: {
            ...record,
            outcome: 'repeat' as const,
            message: `${lenderName}'s request ${theirs.id} was followed at a later change already.`,
          },
        };
      if ((before?.quantity ?? 0) === 0 && next.quantity === 0)
        return {
          record: {
            ...record,
            outcome: 'ok' as const,
            message: `${lenderName}'s request is ${theirs.state ?? 'requested'}: nothing hired in yet.`,
          },
          order: followed(order, theirs.id, next),
        };
      if (
        before &&
        before.quantity === next.quantity &&
        before.firstDay === next.firstDay &&
        before.lastDay === next.lastDay
      )
        return {
          record: {
            ...record,
            outcome: 'ok' as const,
            message: `${lenderName}'s request changed; the stock hired in did not.`,
          },
          order: followed(order, theirs.id, next),
        };
      return {
        record: {
          ...record,
          outcome: 'ok' as const,
          message: `${next.quantity} hired in from ${lenderName} for ${next.firstDay} to ${next.lastDay} (was ${before?.quantity ?? 0}).`,
        },
        order: followed(order, theirs.id, next),
        stock: [
          {
            key: hiredInKey(lender, theirs.id),
            objectID,
            kind: 'subHire' as const,
            quantity: next.quantity,
            firstDay: next.firstDay,
            lastDay: next.lastDay,
            // Delivered to the store the order is fulfilled from.
            ...(order.store && { store: order.store }),
          },
        ],
      };
    },
  });
  if (done.repeat || !done.stock?.length) return;
  log.info(
    {
      tenantId: house,
      quoteRequest: forQuote,
      lender,
      theirQuote: theirs.id,
      hiredIn: next.quantity,
      was: before?.quantity ?? 0,
    },
    'sub-hire stock followed',
  );
  const lost =
    before &&
    before.quantity > 0 &&
    (next.quantity < before.quantity || next.firstDay > before.firstDay || next.lastDay < before.lastDay);
  if (lost) await tellShort(stores, house, { lender: lenderName, objectID, before: before!, after: next }, now, log);
}

/**
 * After a step on a sub-hire's request at the lender: the hiring house's stock follows. The step
 * stands whatever this does; a follow that fails is logged, and done again the next time the hiring
 * house reads its sub-hires.
 */
export async function followSubHireAfterStep(app: SubHireStockStores, log: Log, changed: QuoteRequest): Promise<void> {
  await followSubHire(app, changed.tenantId, changed.id, new Date(), log).catch((error: unknown) =>
    log.error({ err: error, tenantId: changed.tenantId, quoteRequest: changed.id }, 'sub-hire stock not followed yet'),
  );
}

/** The order with its sub-hire's followed revision and stock. */
function followed(order: QuoteRequest, theirId: string, hiredIn: HiredIn): QuoteRequest {
  return {
    ...order,
    subHires: order.subHires!.map((entry) => (entry.quoteId === theirId ? { ...entry, hiredIn } : entry)),
  };
}

/** Mails the hiring house what is no longer coming and each of its hires of the item now short. */
async function tellShort(
  stores: SubHireStockStores,
  house: string,
  lost: { lender: string; objectID: string; before: HiredIn; after: HiredIn },
  now: Date,
  log: Log,
): Promise<void> {
  const stored = await stores.tenantStore.get(house);
  if (!stored) return;
  const settings = quoteSettingsOf(stored.tenant);
  const today = todayIn(settings.timezone, now);
  const [item] = await stores.itemStore.getMany(house, [lost.objectID]);
  const window = bookingWindow(today, OPEN_END, settings.turnaroundDays);
  const booked = await stores.quoteRequests.bookings(house, [lost.objectID], window.from, window.to);
  const hits = collisions(item?.quantity ?? 0, booked, settings.turnaroundDays, today).filter(
    (hit) => hit.day <= lost.before.lastDay,
  );
  const orders = await Promise.all(hits.map((hit) => stores.quoteRequests.get(house, hit.quoteId)));
  const short: Collision[] = hits.flatMap((hit, index) => {
    const order = orders[index];
    return order
      ? [
          {
            name: order.name ?? order.email,
            production: order.production ?? null,
            item: item?.name ?? lost.objectID,
            day: hit.day,
            free: hit.free,
            quantity: hit.quantity,
          },
        ]
      : [];
  });
  const configuration = storefrontConfiguration(house, stored.version, stored.tenant);
  const content = subHireLostMessage(
    configuration,
    {
      lender: lost.lender,
      item: item?.name ?? lost.objectID,
      before: lost.before.quantity,
      after: lost.after.quantity,
      firstDay: lost.before.firstDay,
      lastDay: lost.before.lastDay,
    },
    short,
  );
  await sendAs(stores.mailer, configuration, TO_HOUSE, content).catch((error: unknown) =>
    log.error({ err: error, tenantId: house, objectID: lost.objectID }, 'sub-hire lost mail not sent'),
  );
}

/** States in which the order no longer needs what it hired in, though the lenders may still hold the house to it. */
const GIVEN_UP = new Set(['cancelled', 'declined']);

/**
 * A house's customer gave up an order (cancelled or declined it) that the house hired stock in for:
 * each sub-hire its lender has confirmed still binds the house, and only the lender can cancel it.
 * The house is mailed at once, with each lender's contact. Nothing is mailed for asks not yet
 * confirmed (the house cancels those itself from the order's page).
 */
export async function tellStrandedSubHires(stores: SubHireStockStores, log: Log, order: QuoteRequest): Promise<void> {
  if (!GIVEN_UP.has(order.state ?? '') || !order.subHires?.length) return;
  try {
    const stranded: Parameters<typeof subHireStrandedMessage>[2][number][] = [];
    for (const subHire of order.subHires) {
      const [theirs, lender] = await Promise.all([
        stores.quoteRequests.get(subHire.house, subHire.quoteId),
        stores.tenantStore.get(subHire.house),
      ]);
      if (!theirs || !isOrderState(theirs.state ?? 'requested') || theirs.state === 'closed') continue;
      const vendor = lender ? withDefaults('vendor', lender.tenant.vendor) : undefined;
      stranded.push({
        lender: subHire.houseName,
        contact: [vendor?.email, vendor?.phone].filter(Boolean).join(', ') || subHire.houseName,
        item: subHire.theirName,
        quantity: theirs.lines[0]?.quantity ?? subHire.quantity,
        state: theirs.state === 'confirmed' ? 'confirmed' : 'out now',
      });
    }
    if (!stranded.length) return;
    await sendHouseMail(stores, order.tenantId, (configuration) =>
      subHireStrandedMessage(configuration, order, stranded),
    );
    log.info(
      { tenantId: order.tenantId, quoteRequest: order.id, stranded: stranded.length },
      'house told of sub-hires still confirmed',
    );
  } catch (error) {
    log.error(
      { err: error, tenantId: order.tenantId, quoteRequest: order.id },
      'the house could not be told of its sub-hires still confirmed',
    );
  }
}
