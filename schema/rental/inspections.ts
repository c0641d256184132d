/**
 * Inspections (issue 53): tests each unit of an item must pass every so many days or hires (a PAT
 * every 365 days, a rig check every 10 hires). A unit due before a hire's last day cannot go out on
 * it (HireTrack's rule: "Practical lamp PL-0042 is due its PAT on 12 Jan; this hire ends 20 Jan"),
 * one never tested is due now, and one that fails goes to repair. Each test and repair is kept on
 * the unit with what it cost, for the earnings report.
 *
 * Pure, with the day passed in: the scan judges a unit going out with `dueInspections`, the test
 * route writes `afterTest`, the due list and the calendar feed read `nextDue`.
 */
import { addDays } from './quote-rules';
import type { CategoryPath, CategoryTree, InspectionRule, ServiceRecord, Unit } from '../types.generated';

export type { InspectionRule };

/**
 * The tests an item's units must pass: its own, then its subcategory's, its category's and its
 * group's (a house sets the PAT once for every practical lamp), each test id taken from the
 * narrowest that sets it, so an item can change a category's test by giving one the same id.
 */
export function inspectionRulesOf(
  item: { inspections?: InspectionRule[]; category: CategoryPath },
  tree: Pick<CategoryTree, 'groups'> | undefined,
): InspectionRule[] {
  const group = tree?.groups.find((entry) => entry.slug === item.category.group);
  const category = group?.categories.find((entry) => entry.slug === item.category.category);
  const subcategory = category?.subcategories?.find((entry) => entry.slug === item.category.subcategory);
  const rules = new Map<string, InspectionRule>();
  for (const level of [item, subcategory, category, group])
    for (const rule of level?.inspections ?? []) if (!rules.has(rule.id)) rules.set(rule.id, rule);
  return [...rules.values()];
}

/** The item with the tests its units must pass (`inspectionRulesOf`) as its own, for the rules that read `item.inspections`. */
export function withCategoryTests<T extends { inspections?: InspectionRule[]; category: CategoryPath }>(
  item: T,
  tree: Pick<CategoryTree, 'groups'> | undefined,
): T {
  const rules = inspectionRulesOf(item, tree);
  return rules.length === (item.inspections?.length ?? 0) ? item : { ...item, inspections: rules };
}

/** Tests as a line: "PAT every 365 days; Rig check every 10 hires or 90 days"; empty for none. */
export function rulesSaid(
  rules: readonly Pick<InspectionRule, 'name' | 'everyDays' | 'everyHires'>[] | undefined,
): string {
  // A form's emptied number is null until it is saved.
  const every = (count: number | null | undefined, one: string) =>
    count == null ? [] : [`${count} ${one}${count === 1 ? '' : 's'}`];
  return (rules ?? [])
    .filter((rule) => rule.name)
    .map((rule) => {
      const when = [...every(rule.everyHires, 'hire'), ...every(rule.everyDays, 'day')].join(' or ');
      return when ? `${rule.name} every ${when}` : rule.name;
    })
    .join('; ');
}

/** A test a unit is due: never passed, past (or before a hire's end) its day, or out on its hires. */
export interface DueInspection {
  rule: InspectionRule;
  reason: 'never' | 'days' | 'hires';
  /** For a test by days: the day it falls due. */
  dueOn?: string;
  /** For a test by hires: the hires since its last pass. */
  hiresSince?: number;
}

/** The most service records a unit keeps (its schema's). */
const SERVICE_KEPT = 200;

const standingOf = (unit: Pick<Unit, 'inspections'>, rule: InspectionRule) =>
  unit.inspections?.find((entry) => entry.rule === rule.id);

/**
 * The tests a unit is due by `until` (a hire's last day, or today): each rule never passed, whose
 * day falls on or before `until`, or whose hires have run out. First the most pressing.
 */
export function dueInspections(
  unit: Pick<Unit, 'inspections'>,
  rules: readonly InspectionRule[],
  until: string,
): DueInspection[] {
  return rules.flatMap((rule): DueInspection[] => {
    const standing = standingOf(unit, rule);
    if (!standing?.lastOn) return [{ rule, reason: 'never' }];
    const hiresSince = standing.hiresSince ?? 0;
    if (rule.everyHires !== undefined && hiresSince >= rule.everyHires) return [{ rule, reason: 'hires', hiresSince }];
    const dueOn = rule.everyDays !== undefined ? addDays(standing.lastOn, rule.everyDays) : undefined;
    return dueOn !== undefined && dueOn <= until ? [{ rule, reason: 'days', dueOn }] : [];
  });
}

/** When each test next falls due by days (none for a test by hires only; today for one never passed). */
export function nextDue(
  unit: Pick<Unit, 'inspections'>,
  rules: readonly InspectionRule[],
  today: string,
): Array<{ rule: InspectionRule; dueOn: string; reason: DueInspection['reason'] }> {
  return rules.flatMap((rule): Array<{ rule: InspectionRule; dueOn: string; reason: DueInspection['reason'] }> => {
    const standing = standingOf(unit, rule);
    if (!standing?.lastOn) return [{ rule, dueOn: today, reason: 'never' }];
    const hiresOut = rule.everyHires !== undefined && (standing.hiresSince ?? 0) >= rule.everyHires;
    if (hiresOut) return [{ rule, dueOn: today, reason: 'hires' }];
    return rule.everyDays !== undefined
      ? [{ rule, dueOn: addDays(standing.lastOn, rule.everyDays), reason: 'days' }]
      : [];
  });
}

/** A day as the warehouse says it: "12 Jan", with the year when it is not `sameYearAs`'s. */
function daySaid(day: string, sameYearAs: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(day.slice(0, 4) !== sameYearAs.slice(0, 4) && { year: 'numeric' }),
    timeZone: 'UTC',
  });
}

/** Why a unit (`label`: "Practical lamp PL-0042") cannot go out on a hire ending `lastDay`, in words. */
export function dueSaid(label: string, due: DueInspection, lastDay: string, today: string): string {
  const { name } = due.rule;
  if (due.reason === 'never') return `${label} has no ${name} on record: test it before it goes out.`;
  if (due.reason === 'hires')
    return `${label} is due its ${name}: ${due.hiresSince} hires since the last (one every ${due.rule.everyHires}).`;
  const dueOn = due.dueOn!;
  return dueOn < today
    ? `${label} was due its ${name} on ${daySaid(dueOn, today)}: test it before it goes out.`
    : `${label} is due its ${name} on ${daySaid(dueOn, today)}; this hire ends ${daySaid(lastDay, today)}.`;
}

/** A unit going out on a hire: one more hire since each test counted by hires. */
export function outOnHire(unit: Unit, rules: readonly InspectionRule[]): Unit {
  const counted = rules.filter((rule) => rule.everyHires !== undefined);
  if (!counted.length) return unit;
  const inspections = [...(unit.inspections ?? [])];
  for (const rule of counted) {
    const index = inspections.findIndex((entry) => entry.rule === rule.id);
    const standing = index >= 0 ? inspections[index]! : { rule: rule.id };
    const next = { ...standing, hiresSince: Math.min(100000, (standing.hiresSince ?? 0) + 1) };
    if (index >= 0) inspections[index] = next;
    else inspections.push(next);
  }
  return { ...unit, inspections: inspections.slice(-10) };
}

/** What a tester records: passed or failed, each checklist line, and a note. */
export interface TestResult {
  result: 'pass' | 'fail';
  checks?: ReadonlyArray<{ label: string; pass: boolean }>;
  note?: string;
  /** The tester's photos, as stored (their addresses). */
  photos?: readonly string[];
}

/** A service record kept on the unit, the newest SERVICE_KEPT kept. */
export const withService = (unit: Unit, record: ServiceRecord): Unit => ({
  ...unit,
  service: [...(unit.service ?? []), record].slice(-SERVICE_KEPT),
});

/**
 * The unit after a test: passed, its day is today and its hires start again; failed, its standing
 * stays (it goes to repair, and is tested again before it goes out). Either way the record is kept.
 * A test named that is not one of the item's, or a pass with a failed check, is refused in words.
 */
export function afterTest(
  unit: Unit,
  rule: InspectionRule | undefined,
  test: TestResult,
  who: string,
  now: Date,
  today: string,
): { unit: Unit; record: ServiceRecord } | { refused: string } {
  if (!rule) return { refused: `That is not one of this item's tests.` };
  if (test.result === 'pass' && test.checks?.some((check) => !check.pass))
    return { refused: `A failed check fails the test: record it as failed, or pass every check.` };
  const record: ServiceRecord = {
    at: now.toISOString(),
    by: who,
    kind: 'inspection',
    rule: rule.id,
    name: rule.name,
    result: test.result,
    ...(test.checks?.length && { checks: test.checks.map((check) => ({ ...check })) }),
    ...(test.note?.trim() && { note: test.note.trim() }),
    ...(test.photos?.length && { photos: [...test.photos] }),
  };
  if (test.result === 'fail') return { unit: withService(unit, record), record };
  const inspections = [
    ...(unit.inspections ?? []).filter((entry) => entry.rule !== rule.id),
    { rule: rule.id, lastOn: today, hiresSince: 0 },
  ].slice(-10);
  return { unit: withService({ ...unit, inspections }, record), record };
}

/** A row of the due list: a unit and the test it is due, on what day (overdue when before today). */
export interface DueTest {
  tag: string;
  objectID: string;
  name: string;
  status: Unit['status'];
  rule: string;
  test: string;
  dueOn: string;
  /** Never passed, its day come, or its hires run out (then it is due today). */
  reason: DueInspection['reason'];
  overdue: boolean;
}
