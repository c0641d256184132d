/**
 * Stock moved between a house's stores (the rules: schema/rental/stores.ts). A transfer is checked
 * and written in one store transaction: refused when the store it leaves would then be short for
 * an order, and unless the house says so when it would be short for a hold.
 */
import { withEvent } from '../../schema/rental/hire';
import { randomUUID } from 'node:crypto';
import { todayIn } from '../../schema/rental/quote-rules';
import {
  mainStoreOf,
  stockAtStore,
  storesOf,
  transferShortage,
  transfersOf,
  transferRows,
  unknownStore,
  type Transfer,
} from '../../schema/rental/stores';
import type { TransferInput } from '../../schema/types.generated';
import { FieldProblemsError } from '../stores/field-problems';
import type { QuoteSettings, QuoteStores } from './quote-conversation';

/** A transfer as the console lists it: with its item's and stores' names. */
export interface ListedTransfer extends Transfer {
  itemName: string;
  fromName: string;
  toName: string;
}

const refused = (pointer: string, message: string) =>
  new FieldProblemsError([{ pointer, message }], `Not moved: ${message}`, 409);

/** What is wrong with a transfer before any booking is read: stores the house lacks, the same store twice, dates out of order. */
function inputProblems(input: TransferInput, settings: QuoteSettings, today: string) {
  const problems: Array<{ pointer: string; message: string }> = [];
  for (const field of ['from', 'to'] as const) {
    const unknown = unknownStore(settings.vendor, input[field]);
    if (unknown) problems.push({ pointer: `/${field}`, message: unknown });
  }
  if (input.from === input.to) problems.push({ pointer: '/to', message: 'is the store it leaves: choose another' });
  if (input.outOn < today) problems.push({ pointer: '/outOn', message: `is past: the earliest is today, ${today}` });
  if (input.inOn < input.outOn) problems.push({ pointer: '/inOn', message: `is before it leaves (${input.outOn})` });
  return problems;
}

export async function makeTransfer(
  stores: Pick<QuoteStores, 'quoteRequests' | 'itemStore'>,
  settings: QuoteSettings,
  request: { tenantId: string; input: TransferInput; who: string; now: Date },
): Promise<Transfer> {
  const { tenantId, input } = request;
  const today = todayIn(settings.timezone, request.now);
  const problems = inputProblems(input, settings, today);
  if (problems.length) throw new FieldProblemsError(problems, 'Not moved: check the fields named', 400);
  const item = await stores.itemStore.get(tenantId, input.objectID);
  if (!item) throw refused('/objectID', `no item ${JSON.stringify(input.objectID)} here`);
  if (item.kit) throw refused('/objectID', `${item.name} is a kit: move its pieces`);
  const main = mainStoreOf(storesOf(settings.vendor));
  const stock = stockAtStore(item, input.from, main);
  const tags = input.tags ?? [];
  if (item.tracking === 'units' && tags.length !== input.quantity)
    throw refused(
      '/tags',
      `${item.name} is tracked unit by unit: name the ${input.quantity} unit${input.quantity === 1 ? '' : 's'} moved by their tags`,
    );
  if (item.tracking !== 'units' && tags.length)
    throw refused('/tags', `${item.name} is counted as a quantity: it has no units to name`);
  const transfer: Transfer = { id: randomUUID(), ...withoutFlag(input), by: request.who };
  const at = request.now.toISOString();
  await stores.quoteRequests.moveStock(tenantId, {
    rows: transferRows(transfer),
    // Each unit named belongs to the store it goes to from now, if it is this item's, at the store it leaves and not out.
    ...(tags.length && {
      units: {
        tags,
        apply: (current) =>
          current.map((unit, index) => {
            const tag = tags[index]!;
            const pointer = `/tags/${index}`;
            if (!unit || unit.objectID !== item.objectID)
              throw refused(pointer, `${tag} is not a unit of ${item.name}`);
            if ((unit.store ?? main) !== input.from)
              throw refused(
                pointer,
                `${tag} is kept at ${storeName(settings, unit.store ?? main)}, not ${storeName(settings, input.from)}`,
              );
            if (unit.status === 'out')
              throw refused(pointer, `${tag} is out on order ${unit.orderId ?? ''}: move it once it is back`);
            const { arrivesOn: _before, ...kept } = unit;
            return {
              ...kept,
              store: input.to,
              // In transit until then: at neither store, and it cannot go out.
              ...(input.inOn > today ? { arrivesOn: input.inOn } : {}),
              updatedAt: at,
              history: withEvent(unit, {
                at,
                status: unit.status,
                by: request.who,
                note: `Sent to ${storeName(settings, input.to)}, arriving ${input.inOn}`,
              }),
            };
          }),
      },
    }),
    check: (booked) => {
      const short = transferShortage(transfer, stock, booked, {
        turnaroundDays: settings.turnaroundDays,
        today,
        main,
      });
      if (!short || (short.kind === 'pencil' && input.leaveHoldsShort)) return;
      const store = storeName(settings, input.from);
      const what = short.kind === 'order' ? 'orders' : 'holds';
      const tick = short.kind === 'pencil' ? '. Tick "Leave holds short" to move it anyway' : '';
      throw refused(
        '/quantity',
        input.quantity > short.have
          ? `${store} has only ${short.have} ${item.name} on ${short.day}`
          : `${store} has only ${short.free} ${item.name} spare on ${short.day}: its ${what} take the rest${tick}`,
      );
    },
  });
  return transfer;
}

const withoutFlag = ({ leaveHoldsShort: _flag, tags: _tags, ...rest }: TransferInput) => rest;

const storeName = (settings: QuoteSettings, id: string) =>
  storesOf(settings.vendor).find((store) => store.id === id)?.name ?? id;

/** The transfers on the way, due or arrived in a range, newest first, named for the console. */
export async function listTransfers(
  stores: Pick<QuoteStores, 'quoteRequests' | 'itemStore'>,
  settings: QuoteSettings,
  request: { tenantId: string; from: string; to: string },
): Promise<ListedTransfer[]> {
  const rows = await stores.quoteRequests.bookingsBetween(request.tenantId, request.from, request.to);
  const listed = transfersOf(rows)
    .filter((transfer) => transfer.inOn >= request.from && transfer.outOn <= request.to)
    .sort((a, b) => b.outOn.localeCompare(a.outOn) || a.id.localeCompare(b.id));
  const items = await stores.itemStore.getMany(request.tenantId, [...new Set(listed.map((each) => each.objectID))]);
  const names = new Map(items.map((item) => [item.objectID, item.name]));
  return listed.map((transfer) => ({
    ...transfer,
    itemName: names.get(transfer.objectID) ?? transfer.objectID,
    fromName: storeName(settings, transfer.from),
    toName: storeName(settings, transfer.to),
  }));
}
