/**
 * Stock hired in, scanned on the hiring house's order by the lender's labels (judgeScan with
 * `hiredIn`, schema/rental/hire.ts): counted on the line but kept apart as the lender's, never more
 * out than were hired in, this house's own count never bringing the lender's back, and damage or
 * loss charged here with nothing of it leaving this house's stock. The lender here counts the item
 * as a quantity (`atlanta/<item>` with a count); tests/server/sub-hires.test.ts scans tagged units.
 */
import { describe, expect, it } from 'vitest';
import { judgeScan, type HiredInScan, type ScanContext, type ScanResult } from '../../../schema/rental/hire';
import type { QuoteRequest, ScanInput } from '../../../schema/types.generated';
import { DEFAULT_CHARGE_RULE } from '../../fixtures/charge-rule';

const UNIFORM = 'captain-uniform-navy-with-four-stripes';
const peachtree: HiredInScan = { house: 'atlanta', houseName: 'Peachtree Prop House', objectID: UNIFORM, quantity: 2 };
const order: QuoteRequest = {
  id: 'night-crew',
  tenantId: 'aviation',
  uid: 'u',
  email: 'crew@night-crew.example',
  lines: [{ objectID: UNIFORM, name: 'Captain Uniform', quantity: 3, dayRate: 40 }] as QuoteRequest['lines'],
  startDate: '2026-12-10',
  endDate: '2026-12-12',
  createdAt: '2026-11-01T00:00:00.000Z',
  state: 'confirmed',
  hold: 'none',
};
const items = new Map([
  [
    UNIFORM,
    {
      objectID: UNIFORM,
      name: 'Captain Uniform',
      tracking: 'quantity' as const,
      rates: { day: 40 },
      replacementValue: 300,
    },
  ],
]);
let sequence = 0;

/** One scan on `current`, by the lender's label when `hiredIn` is given; the order after it. */
function scan(current: QuoteRequest, input: Omit<ScanInput, 'id'>, hiredIn?: HiredInScan): ScanResult {
  const context: ScanContext = {
    tenantId: 'aviation',
    order: current,
    unit: undefined,
    items,
    input: { id: `scan-${String(++sequence).padStart(4, '0')}`, ...input },
    who: 'crew@jetwayprops.com',
    now: new Date('2026-12-11T18:00:00Z'),
    today: '2026-12-11',
    turnaroundDays: 1,
    timezone: 'America/Los_Angeles',
    charges: DEFAULT_CHARGE_RULE,
    ...(hiredIn && { hiredIn }),
  };
  return judgeScan(context);
}
const after = (result: ScanResult) => {
  expect(result.record.outcome, result.record.message).toBe('ok');
  return result.order!;
};

describe('stock hired in on the floor', () => {
  it('goes out by the lender’s label, apart from this house’s own, never more than were hired in', () => {
    let current = after(scan(order, { direction: 'out', code: UNIFORM, count: 1 }));
    const theirs = scan(current, { direction: 'out', code: `atlanta/${UNIFORM}`, count: 2 }, peachtree);
    expect(theirs.record.message).toBe('Out: 2 × Captain Uniform (hired in from Peachtree Prop House). 3 of 3 out.');
    current = after(theirs);
    expect(current.hire!.lines[0]).toMatchObject({
      out: 3,
      back: 0,
      hiredIn: [{ house: 'atlanta', out: 2, tags: [] }],
    });
    expect(current.state).toBe('out');
    expect(scan(order, { direction: 'out', code: `atlanta/${UNIFORM}`, count: 3 }, peachtree).record).toMatchObject({
      outcome: 'tooMany',
      message: '2 hired in from Peachtree Prop House, 0 out: 3 more would be too many.',
    });
    // Another house's label with nothing hired in from it is refused as another house's.
    expect(scan(order, { direction: 'out', code: `london/${UNIFORM}` }).record.outcome).toBe('otherTenant');
  });

  it('comes back by the lender’s label only, and its damage is charged here but kept out of this house’s stock', () => {
    let current = after(scan(order, { direction: 'out', code: UNIFORM, count: 1 }));
    current = after(scan(current, { direction: 'out', code: `atlanta/${UNIFORM}`, count: 2 }, peachtree));
    expect(scan(current, { direction: 'in', code: UNIFORM, count: 2 }).record.message).toBe(
      "Only 1 Captain Uniform is out on this order (2 more out are hired in: scan their lender's labels): 2 cannot come back.",
    );
    const own = scan(current, { direction: 'in', code: UNIFORM, count: 1, condition: 'damaged', note: 'Torn pocket' });
    expect(own.stock?.map((row) => row.kind)).toEqual(['repair']);
    const theirs = scan(
      current,
      { direction: 'in', code: `atlanta/${UNIFORM}`, count: 1, condition: 'lost', note: 'Left on set' },
      peachtree,
    );
    expect(theirs.record.message).toBe(
      'Written off as lost (reported to Peachtree Prop House): Captain Uniform (hired in from Peachtree Prop House). 1 of 3 back.',
    );
    expect(theirs.stock).toBeUndefined();
    expect(theirs.order!.hire!.lines[0]).toMatchObject({ back: 1, lost: 1, hiredIn: [{ house: 'atlanta', out: 1 }] });
    expect(theirs.order!.hire!.charges).toEqual([expect.objectContaining({ kind: 'loss', objectID: UNIFORM })]);
    current = after(theirs);
    expect(scan(current, { direction: 'in', code: `atlanta/${UNIFORM}`, count: 2 }, peachtree).record.message).toBe(
      'Only 1 hired in from Peachtree Prop House is out: 2 cannot come back.',
    );
    current = after(scan(current, { direction: 'in', code: `atlanta/${UNIFORM}`, count: 1 }, peachtree));
    expect(current.hire!.lines[0]!.hiredIn).toEqual([]);
  });
});
