/**
 * Kits on the warehouse floor (judgeScan, schema/rental/hire.ts): a fixed kit goes out and comes
 * back by its own label, its components all at once (or none); a component the crew finds missing
 * as it comes back is written off as lost on its own line and charged by the house's rule; a
 * package's label is refused (its components are picked one by one), and its components scan as
 * any item does. The order is out once every component is.
 */
import { describe, expect, it } from 'vitest';
import { judgeScan, neverOut, type ScanContext, type ScanResult } from '../../../schema/rental/hire';
import type { QuoteRequest, ScanInput } from '../../../schema/types.generated';
import { DEFAULT_CHARGE_RULE } from '../../fixtures/charge-rule';

const cockpit: QuoteRequest['lines'][number] = {
  objectID: 'cockpit-set',
  name: 'Cockpit set',
  quantity: 1,
  dayRate: 900,
  kit: {
    kind: 'fixed',
    components: [
      { objectID: 'cockpit-shell', name: 'Cockpit shell', quantity: 1 },
      { objectID: 'pilot-seat', name: 'Pilot seat', quantity: 2 },
      { objectID: 'yoke-pair', name: 'Yoke pair', quantity: 1 },
    ],
  },
};
const lighting: QuoteRequest['lines'][number] = {
  objectID: 'lighting-kit',
  name: 'Lighting kit',
  quantity: 1,
  dayRate: 120,
  kit: {
    kind: 'package',
    components: [
      { objectID: 'practical-lamp', name: 'Practical lamp', quantity: 2 },
      { objectID: 'dimmer', name: 'Dimmer', quantity: 1 },
    ],
  },
};
const order: QuoteRequest = {
  id: 'red-eye',
  tenantId: 'aviation',
  uid: 'u',
  email: 'props@red-eye.example',
  lines: [cockpit, lighting] as QuoteRequest['lines'],
  startDate: '2026-12-10',
  endDate: '2026-12-12',
  createdAt: '2026-11-01T00:00:00.000Z',
  state: 'confirmed',
  hold: 'none',
};
const item = (objectID: string, name: string, replacementValue: number) =>
  [objectID, { objectID, name, tracking: 'quantity' as const, rates: { day: 50 }, replacementValue }] as const;
const items = new Map([
  item('cockpit-set', 'Cockpit set', 0),
  item('cockpit-shell', 'Cockpit shell', 8000),
  item('pilot-seat', 'Pilot seat', 600),
  item('yoke-pair', 'Yoke pair', 450),
  item('lighting-kit', 'Lighting kit', 0),
  item('practical-lamp', 'Practical lamp', 80),
  item('dimmer', 'Dimmer', 60),
]);
let sequence = 0;

/** A scan judged on the order as it stands, with whatever else the case needs (a unit, the stores, another day). */
function scan(current: QuoteRequest, input: Omit<ScanInput, 'id'>, more: Partial<ScanContext> = {}): ScanResult {
  return judgeScan({
    tenantId: 'aviation',
    order: current,
    unit: undefined,
    items,
    input: { id: `scan-${String(++sequence).padStart(4, '0')}`, ...input },
    who: 'crew@jetwayprops.com',
    now: new Date('2026-12-12T18:00:00Z'),
    today: '2026-12-12',
    turnaroundDays: 1,
    timezone: 'America/Los_Angeles',
    charges: DEFAULT_CHARGE_RULE,
    ...more,
  });
}
const after = (result: ScanResult) => {
  expect(result.record.outcome, result.record.message).toBe('ok');
  return result.order!;
};
const counts = (current: QuoteRequest) =>
  Object.fromEntries((current.hire?.lines ?? []).map((line) => [line.objectID, [line.out, line.back, line.lost]]));

describe('a kit on the floor', () => {
  it('goes out whole by its own label; a package is picked piece by piece', () => {
    const out = scan(order, { direction: 'out', code: 'aviation/cockpit-set' });
    expect(out.record.message).toBe('Out: 1 × Cockpit set (1 × Cockpit shell, 2 × Pilot seat, 1 × Yoke pair).');
    let current = after(out);
    expect(counts(current)).toEqual({
      'cockpit-shell': [1, 0, 0],
      'pilot-seat': [2, 0, 0],
      'yoke-pair': [1, 0, 0],
    });
    // All or none: a second set is more than booked, and nothing moves.
    expect(scan(current, { direction: 'out', code: 'cockpit-set' }).record).toMatchObject({
      outcome: 'tooMany',
      message: 'Cockpit set: All 1 Cockpit shell booked are out already.',
    });
    expect(scan(current, { direction: 'out', code: 'lighting-kit' }).record).toMatchObject({
      outcome: 'refused',
      message: 'Lighting kit is a package: pick and scan its components one by one (2 × Practical lamp, 1 × Dimmer).',
    });
    current = after(scan(current, { direction: 'out', code: 'practical-lamp', count: 2 }));
    expect(current.state).toBe('partlyOut');
    current = after(scan(current, { direction: 'out', code: 'dimmer' }));
    // Every component of both kits is out: the order is.
    expect(current.state).toBe('out');
  });

  it('comes back by its label with a missing component written off as lost and charged at its replacement value', () => {
    let current = after(scan(order, { direction: 'out', code: 'cockpit-set' }));
    current = after(scan(current, { direction: 'out', code: 'practical-lamp', count: 2 }));
    current = after(scan(current, { direction: 'out', code: 'dimmer' }));
    expect(
      scan(current, { direction: 'in', code: 'cockpit-set', missing: [{ objectID: 'pilot-seat', count: 3 }] }).record
        .message,
    ).toBe('1 × Cockpit set hold 2 × Pilot seat: 3 cannot be missing.');
    const back = scan(current, {
      direction: 'in',
      code: 'cockpit-set',
      missing: [{ objectID: 'yoke-pair', count: 1 }],
    });
    expect(back.record.message).toBe(
      'Back: 1 × Cockpit set (1 × Cockpit shell, 2 × Pilot seat, 1 × Yoke pair). Missing, written off as lost and charged: 1 × Yoke pair.',
    );
    current = after(back);
    expect(counts(current)).toMatchObject({ 'yoke-pair': [1, 1, 1], 'pilot-seat': [2, 2, 0] });
    expect(current.hire!.charges).toEqual([
      expect.objectContaining({ kind: 'loss', objectID: 'yoke-pair', name: 'Yoke pair', quantity: 1, subtotal: 450 }),
    ]);
    expect(back.stock).toEqual([
      expect.objectContaining({ kind: 'lost', objectID: 'yoke-pair', quantity: 1, firstDay: '2026-12-12' }),
    ]);
    current = after(scan(current, { direction: 'in', code: 'practical-lamp', count: 2 }));
    current = after(scan(current, { direction: 'in', code: 'dimmer' }));
    expect(current.state).toBe('returned');
    expect(neverOut(current)).toEqual([]);
  });
});

describe('a fixed kit with its own units', () => {
  const seats = { objectID: 'pilot-seat', name: 'Pilot seat', quantity: 2, tags: ['PS-0001', 'PS-0002'] };
  const owned: QuoteRequest = {
    ...order,
    lines: [{ ...cockpit, kit: { kind: 'fixed', components: [cockpit.kit!.components[0]!, seats] } }],
  };
  type ScanItem = ScanContext['items'] extends ReadonlyMap<string, infer Item> ? Item : never;
  const tracked = new Map<string, ScanItem>(items).set('pilot-seat', {
    ...items.get('pilot-seat')!,
    tracking: 'units',
  });
  const seat = (tag: string, status: 'inService' | 'out' | 'repair' = 'inService', orderId?: string) => ({
    tenantId: 'aviation',
    tag,
    objectID: 'pilot-seat',
    status,
    ...(orderId && { orderId }),
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  });
  const kitScan = (current: QuoteRequest, input: Omit<ScanInput, 'id'>, kitUnits: ReturnType<typeof seat>[]) =>
    scan(current, input, {
      kitUnits: new Map(kitUnits.map((unit) => [unit.tag, unit])),
      items: tracked,
      now: new Date('2026-12-10T18:00:00Z'),
      today: '2026-12-10',
    });

  it('goes out and back by its label with the units it names, each moved as its own tag would be', () => {
    const out = kitScan(owned, { direction: 'out', code: 'cockpit-set' }, [seat('PS-0001'), seat('PS-0002')]);
    expect(out.record.message).toBe('Out: 1 × Cockpit set (1 × Cockpit shell, 2 × Pilot seat PS-0001, PS-0002).');
    expect(out.units?.map((unit) => [unit.tag, unit.status, unit.orderId])).toEqual([
      ['PS-0001', 'out', 'red-eye'],
      ['PS-0002', 'out', 'red-eye'],
    ]);
    const current = after(out);
    expect(current.hire!.lines.find((line) => line.objectID === 'pilot-seat')).toMatchObject({
      out: 2,
      tags: ['PS-0001', 'PS-0002'],
    });
    const back = kitScan(current, { direction: 'in', code: 'cockpit-set' }, [
      seat('PS-0001', 'out', 'red-eye'),
      seat('PS-0002', 'out', 'red-eye'),
    ]);
    expect(back.units?.map((unit) => unit.status)).toEqual(['inService', 'inService']);
    // A missing one of its own units is not a count: each comes back by its tag.
    expect(
      kitScan(current, { direction: 'in', code: 'cockpit-set', missing: [{ objectID: 'pilot-seat', count: 1 }] }, [])
        .record.message,
    ).toBe(
      "Pilot seat are Cockpit set's own units: scan back each one that came by its tag, and write off the missing one from its order.",
    );
  });

  it('is refused whole when one of its units cannot go, naming it', () => {
    const refused = kitScan(owned, { direction: 'out', code: 'cockpit-set' }, [
      seat('PS-0001'),
      seat('PS-0002', 'repair'),
    ]);
    expect(refused.record).toMatchObject({
      outcome: 'unavailable',
      message: 'Cockpit set: PS-0002 (Pilot seat) is in repair: it cannot go out.',
    });
    expect(refused.units).toBeUndefined();
    // Without its units named, a kit of tracked items is scanned unit by unit.
    const unnamed = {
      ...owned,
      lines: [{ ...owned.lines[0]!, kit: { ...owned.lines[0]!.kit!, components: [{ ...seats, tags: undefined }] } }],
    } as QuoteRequest;
    expect(kitScan(unnamed, { direction: 'out', code: 'cockpit-set' }, []).record.message).toBe(
      "Cockpit set holds items tracked unit by unit (2 × Pilot seat): scan each one's own tag.",
    );
  });
});

describe('a fixed kit back at another store', () => {
  it('stays there: each of its pieces moved by a transfer the check-in makes', () => {
    const stores = {
      main: 'sun-valley',
      names: new Map([
        ['sun-valley', 'Sun Valley'],
        ['atlanta', 'Atlanta'],
      ]),
    };
    const atStores = (current: QuoteRequest, input: Omit<ScanInput, 'id'>) => scan(current, input, { stores });
    const out = after(atStores(order, { direction: 'out', code: 'cockpit-set' }));
    const back = atStores(out, { direction: 'in', code: 'cockpit-set', store: 'atlanta' });
    expect(back.record.outcome, back.record.message).toBe('ok');
    const moved = (back.stock ?? []).map((row) => [row.kind, row.objectID, row.quantity, row.store]);
    expect(moved).toEqual(
      expect.arrayContaining([
        ['transferOut', 'pilot-seat', 2, 'sun-valley'],
        ['transferIn', 'pilot-seat', 2, 'atlanta'],
        ['transferIn', 'cockpit-shell', 1, 'atlanta'],
      ]),
    );
  });
});
