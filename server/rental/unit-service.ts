/**
 * Tests and repairs of units (schema/rental/inspections.ts has the rules): a test recorded at the
 * scan screen or from the due list, and a repair with what it cost, each one store step on the
 * unit (its audit record too), so a test and a scan of the same unit never cross. A failed test
 * sends the unit to repair in the same step: its stock is kept back from that moment.
 */
import { randomUUID } from 'node:crypto';
import { unitMove, type ScanResult } from '../../schema/rental/hire';
import {
  afterTest,
  dueInspections,
  dueSaid,
  inspectionRulesOf,
  nextDue,
  withService,
  type DueTest,
} from '../../schema/rental/inspections';
import { addDays, todayIn } from '../../schema/rental/quote-rules';
import type { Item, RepairInput, ServiceRecord, Unit, UnitTestInput } from '../../schema/types.generated';
import { QuoteRefusedError, type QuoteSettings, type QuoteStores } from './quote-conversation';

class UnknownUnitError extends Error {
  readonly statusCode = 404;
  constructor(tag: string) {
    super(`No unit tagged ${JSON.stringify(tag)} here.`);
  }
}

/** One change of a unit, as a store step with its audit record; what `change` answers is the unit after it. */
async function changeUnit(
  stores: Pick<QuoteStores, 'quoteRequests'>,
  request: { tenantId: string; tag: string; who: string; now: Date },
  change: (unit: Unit) => { unit: Unit; stock?: ScanResult['stock']; message: string },
): Promise<Unit> {
  const id = `unit-${randomUUID()}`;
  let changed: Unit | undefined;
  await stores.quoteRequests.hireStep(request.tenantId, {
    id,
    tag: request.tag,
    apply: ({ unit }): ScanResult => {
      if (!unit) throw new UnknownUnitError(request.tag);
      const done = change(unit);
      changed = done.unit;
      return {
        record: {
          id,
          orderId: '',
          at: request.now.toISOString(),
          by: request.who,
          direction: 'in',
          code: unit.tag,
          tag: unit.tag,
          objectID: unit.objectID,
          count: 1,
          outcome: 'ok',
          message: done.message,
        },
        units: [done.unit],
        ...(done.stock?.length && { stock: done.stock }),
      };
    },
  });
  return changed!;
}

/** A unit's item and its tests, read from the catalogue (a unit whose item is gone has none). */
async function itemOfUnit(
  stores: Pick<QuoteStores, 'quoteRequests' | 'itemStore'>,
  settings: Pick<QuoteSettings, 'categories'>,
  tenantId: string,
  tag: string,
) {
  const unit = await stores.quoteRequests.getUnit(tenantId, tag.toUpperCase());
  if (!unit) throw new UnknownUnitError(tag);
  const [item] = await stores.itemStore.getMany(tenantId, [unit.objectID]);
  return { unit, item, rules: item ? inspectionRulesOf(item, settings.categories) : [] };
}

/** What a unit is due by `until` (a hire's last day; today without one), said as the scan says it, with each test's checklist. */
export async function unitTests(
  stores: Pick<QuoteStores, 'quoteRequests' | 'itemStore'>,
  settings: Pick<QuoteSettings, 'timezone' | 'categories'>,
  tenantId: string,
  tag: string,
  now: Date,
  until?: string,
) {
  const today = todayIn(settings.timezone, now);
  const { unit, item, rules } = await itemOfUnit(stores, settings, tenantId, tag);
  const name = item?.name ?? unit.objectID;
  const lastDay = until && until > today ? until : today;
  return {
    tag: unit.tag,
    objectID: unit.objectID,
    name,
    status: unit.status,
    tests: rules.map((rule) => ({ ...rule, checklist: rule.checklist ?? [] })),
    due: dueInspections(unit, rules, lastDay).map((due) => ({
      rule: due.rule.id,
      name: due.rule.name,
      reason: due.reason,
      ...(due.dueOn && { dueOn: due.dueOn }),
      said: dueSaid(`${name} ${unit.tag}`, due, lastDay, today),
    })),
    inspections: unit.inspections ?? [],
    service: unit.service ?? [],
  };
}

/** A test of a unit: passed, it may go out again; failed, it goes to repair in the same step. */
export async function testUnit(
  stores: Pick<QuoteStores, 'quoteRequests' | 'itemStore'>,
  settings: Pick<QuoteSettings, 'timezone' | 'categories'>,
  request: { tenantId: string; tag: string; test: UnitTestInput; who: string; now: Date },
): Promise<Unit> {
  const { rules } = await itemOfUnit(stores, settings, request.tenantId, request.tag);
  const today = todayIn(settings.timezone, request.now);
  return changeUnit(stores, request, (unit) => {
    if (unit.status !== 'inService' && unit.status !== 'repair')
      throw new QuoteRefusedError(
        `${unit.tag} is ${unit.status === 'out' ? 'out on an order' : unit.status}: test it once it is back on the shelf.`,
      );
    const rule = rules.find((candidate) => candidate.id === request.test.rule);
    const tested = afterTest(unit, rule, request.test, request.who, request.now, today);
    if ('refused' in tested) throw new QuoteRefusedError(tested.refused);
    const said = `${rule!.name} ${request.test.result === 'pass' ? 'passed' : 'failed'}`;
    if (request.test.result === 'pass' || unit.status === 'repair')
      return { unit: { ...tested.unit, updatedAt: request.now.toISOString() }, message: `${unit.tag}: ${said}.` };
    const move = unitMove(tested.unit, 'repair', request.who, request.now, today, request.test.note ?? `${said}`);
    if ('refused' in move) throw new QuoteRefusedError(move.refused);
    return { unit: move.unit, stock: move.stock, message: `${unit.tag}: ${said}; to repair.` };
  });
}

/** A repair of a unit, with what it cost: kept on its service record. */
export async function recordRepair(
  stores: Pick<QuoteStores, 'quoteRequests'>,
  request: { tenantId: string; tag: string; repair: RepairInput; who: string; now: Date },
): Promise<Unit> {
  const { repair } = request;
  const record: ServiceRecord = {
    at: request.now.toISOString(),
    by: request.who,
    kind: 'repair',
    name: repair.name.trim(),
    ...(repair.note?.trim() && { note: repair.note.trim() }),
    ...(repair.parts !== undefined && { parts: repair.parts }),
    ...(repair.hours !== undefined && { hours: repair.hours }),
    ...(repair.labour !== undefined && { labour: repair.labour }),
    ...(repair.supplier?.trim() && { supplier: repair.supplier.trim() }),
  };
  return changeUnit(stores, request, (unit) => ({
    unit: { ...withService(unit, record), updatedAt: record.at },
    message: `${unit.tag}: repair recorded (${record.name}).`,
  }));
}

/**
 * The tests due over the next `days` days and those overdue, soonest first, for the units of the
 * tenant's items (`items`) that have tests, their categories' among them: the console's due list and the calendar feed.
 * Units lost or retired are left out.
 */
export async function testsDue(
  stores: Pick<QuoteStores, 'quoteRequests'>,
  settings: Pick<QuoteSettings, 'timezone' | 'categories'>,
  tenantId: string,
  items: readonly Item[],
  now: Date,
  days: number,
): Promise<{ today: string; until: string; due: DueTest[] }> {
  const today = todayIn(settings.timezone, now);
  const until = addDays(today, days - 1);
  const due: DueTest[] = [];
  for (const item of items) {
    const rules = inspectionRulesOf(item, settings.categories);
    if (!rules.length) continue;
    for await (const units of unitPages(stores.quoteRequests, tenantId, item.objectID))
      for (const unit of units) {
        if (unit.status === 'lost' || unit.status === 'retired') continue;
        for (const { rule, dueOn, reason } of nextDue(unit, rules, today))
          if (dueOn <= until)
            due.push({
              tag: unit.tag,
              objectID: item.objectID,
              name: item.name,
              status: unit.status,
              rule: rule.id,
              test: rule.name,
              dueOn,
              reason,
              overdue: dueOn < today,
            });
      }
  }
  due.sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.tag.localeCompare(b.tag));
  return { today, until, due };
}

const UNITS_PAGE = 500;

/** A tenant's units (of one item, when named), a page at a time: a large stock is never read in one go. */
export async function* unitPages(
  quoteRequests: Pick<QuoteStores['quoteRequests'], 'listUnits'>,
  tenantId: string,
  objectID?: string,
): AsyncGenerator<Unit[]> {
  for (let offset = 0; ; offset += UNITS_PAGE) {
    const { units } = await quoteRequests.listUnits(tenantId, {
      ...(objectID !== undefined && { objectID }),
      offset,
      limit: UNITS_PAGE,
    });
    if (units.length) yield units;
    if (units.length < UNITS_PAGE) return;
  }
}

/** Every unit of the tenant (of one item, when named). */
export async function allUnits(
  quoteRequests: Pick<QuoteStores['quoteRequests'], 'listUnits'>,
  tenantId: string,
  objectID?: string,
): Promise<Unit[]> {
  const all: Unit[] = [];
  for await (const units of unitPages(quoteRequests, tenantId, objectID)) all.push(...units);
  return all;
}
