/**
 * Kits (schema/rental/kits.ts): what a kit takes from stock (its components', nested kits opened),
 * how many are free (the fewest its components allow), and the problems saving one would make,
 * each at its field: itself, an unknown item, a line twice, a kit that would contain itself.
 */
import { describe, expect, it } from 'vitest';
import { nextFreeStartOfAll, type Booking } from '../../../schema/rental/availability';
import {
  kitCycle,
  kitProblems,
  kitsFree,
  kitUnitProblems,
  kitText,
  lineKitOf,
  readKitText,
  stockDemand,
  stockOfLines,
  type Kit,
  type KitOf,
} from '../../../schema/rental/kits';

// A cockpit set: a shell, two seats, a yoke pair and a lighting kit (two lamps and a dimmer).
const kits: Record<string, Kit> = {
  'cockpit-set': {
    kind: 'fixed',
    components: [
      { objectID: 'cockpit-shell', quantity: 1 },
      { objectID: 'pilot-seat', quantity: 2 },
      { objectID: 'yoke-pair', quantity: 1 },
      { objectID: 'lighting-kit', quantity: 1 },
    ],
  },
  'lighting-kit': {
    kind: 'package',
    components: [
      { objectID: 'practical-lamp', quantity: 2 },
      { objectID: 'dimmer', quantity: 1 },
    ],
  },
};
const kitOf: KitOf = (id) => kits[id];
const catalogue = new Set([
  'cockpit-shell',
  'pilot-seat',
  'yoke-pair',
  'practical-lamp',
  'dimmer',
  ...Object.keys(kits),
]);
const names: Record<string, string> = { 'cockpit-set': 'Cockpit set', 'lighting-kit': 'Lighting kit' };

describe('a kit', () => {
  it('takes its components from stock, nested kits opened all the way', () => {
    expect(Object.fromEntries(stockDemand('cockpit-set', 2, kitOf))).toEqual({
      'cockpit-shell': 2,
      'pilot-seat': 4,
      'yoke-pair': 2,
      'practical-lamp': 4,
      dimmer: 2,
    });
    expect(Object.fromEntries(stockDemand('pilot-seat', 3, kitOf))).toEqual({ 'pilot-seat': 3 });
  });

  it('is free as many times as its scarcest component allows', () => {
    const free: Record<string, number> = {
      'cockpit-shell': 3,
      'pilot-seat': 5,
      'yoke-pair': 4,
      'practical-lamp': 7,
      dimmer: 9,
    };
    expect(kitsFree('cockpit-set', kitOf, (id) => free[id] ?? 0)).toBe(2);
    expect(kitsFree('cockpit-set', kitOf, (id) => (id === 'dimmer' ? 0 : (free[id] ?? 0)))).toBe(0);
    expect(kitsFree('lighting-kit', kitOf, (id) => free[id] ?? 0)).toBe(3);
  });

  it('refuses, each at its field, itself, an item not in the catalogue, a line twice, and a kit that would contain itself', () => {
    const lighting: Kit = {
      kind: 'package',
      components: [
        { objectID: 'lighting-kit', quantity: 1 },
        { objectID: 'fog-machine', quantity: 1 },
        { objectID: 'dimmer', quantity: 1 },
        { objectID: 'dimmer', quantity: 2 },
        { objectID: 'cockpit-set', quantity: 1 },
      ],
    };
    expect(
      kitProblems(
        'lighting-kit',
        lighting,
        (id) => catalogue.has(id),
        kitOf,
        (id) => names[id] ?? id,
      ),
    ).toEqual([
      { pointer: '/kit/components/0/objectID', message: 'is this item: a kit cannot contain itself' },
      { pointer: '/kit/components/1/objectID', message: 'is not in the catalogue (fog-machine)' },
      {
        pointer: '/kit/components/3/objectID',
        message: 'is listed twice: give dimmer one line with its quantity',
      },
      {
        pointer: '/kit/components/4/objectID',
        message: 'contains this kit (Lighting kit → Cockpit set → Lighting kit): a kit cannot contain itself',
      },
    ]);
    expect(kitCycle('cockpit-set', kits['cockpit-set']!.components, kitOf)).toBeUndefined();
    expect(kitProblems('cockpit-set', kits['cockpit-set']!, (id) => catalogue.has(id), kitOf)).toEqual([]);
  });

  it('is written in one spreadsheet cell and read back, an item named by its SKU; a cell it cannot read says how to write it', () => {
    const lowered = (key: string) => key.toLowerCase();
    expect(kitText(kits['lighting-kit']!)).toBe('package: 2 × practical-lamp; 1 × dimmer');
    expect(readKitText(kitText(kits['cockpit-set']!), lowered)).toEqual({ value: kits['cockpit-set'] });
    expect(readKitText('2 x PL-LAMP\n1 * Dimmer', lowered)).toEqual({
      value: {
        kind: 'fixed',
        components: [
          { objectID: 'pl-lamp', quantity: 2 },
          { objectID: 'dimmer', quantity: 1 },
        ],
      },
    });
    expect(readKitText('package:', lowered)).toEqual({
      problem: 'names no component: write "2 × item id; 1 × item id"',
    });
    expect(readKitText('two lamps', lowered)).toEqual({
      problem: 'cannot read "two lamps": write how many, ×, then the item\'s id or SKU ("2 × pilot-seat")',
    });
    expect(readKitText('0 × dimmer', lowered)).toHaveProperty('problem');
    // A fixed kit's own units ride in brackets, both ways.
    const owned: Kit = {
      kind: 'fixed',
      components: [{ objectID: 'pilot-seat', quantity: 2, tags: ['PS-0001', 'PS-0002'] }],
    };
    expect(kitText(owned)).toBe('fixed: 2 × pilot-seat [PS-0001, PS-0002]');
    expect(readKitText(kitText(owned), lowered)).toEqual({ value: owned });
    expect(readKitText('2 x Pilot-Seat [ps-0001 ps-0002]', lowered)).toEqual({ value: owned });
  });

  it('is kept on a quote line as what one of it is made of, nested kits opened in pull-sheet order, each inside the kit it sits in', () => {
    const nameOf = (id: string) => names[id] ?? id;
    expect(lineKitOf('cockpit-set', kitOf, nameOf)).toEqual({
      kind: 'fixed',
      components: [
        { objectID: 'cockpit-shell', name: 'cockpit-shell', quantity: 1 },
        { objectID: 'pilot-seat', name: 'pilot-seat', quantity: 2 },
        { objectID: 'yoke-pair', name: 'yoke-pair', quantity: 1 },
        { objectID: 'practical-lamp', name: 'practical-lamp', quantity: 2, within: 'Lighting kit' },
        { objectID: 'dimmer', name: 'dimmer', quantity: 1, within: 'Lighting kit' },
      ],
    });
    expect(lineKitOf('pilot-seat', kitOf, nameOf)).toBeUndefined();
  });

  it("takes from stock through its line: a kit line its components' times its count, an item on its own line and in a kit summed, at the first line", () => {
    const kit = lineKitOf('lighting-kit', kitOf, (id) => id)!;
    expect(
      stockOfLines([
        { objectID: 'dimmer', quantity: 1 },
        { objectID: 'lighting-kit', quantity: 3, kit },
      ]),
    ).toEqual([
      { objectID: 'dimmer', quantity: 4, line: 0 },
      { objectID: 'practical-lamp', quantity: 6, line: 1, component: 'practical-lamp' },
    ]);
  });

  it('is next free on the first day every component is, for the whole hire', () => {
    const booking = (objectID: string, firstDay: string, lastDay: string, quantity = 1): Booking => ({
      quoteId: `${objectID}-${firstDay}`,
      objectID,
      quantity,
      firstDay,
      lastDay,
      kind: 'order',
    });
    const window = { from: '2027-01-01', until: '2027-03-01', days: 3, turnaroundDays: 0, today: '2026-12-01' };
    // Lamps are out to the 5th, the dimmer from the 7th to the 10th: three days for both start on the 11th.
    expect(
      nextFreeStartOfAll(
        [
          { stock: 2, bookings: [booking('practical-lamp', '2027-01-01', '2027-01-05', 2)], quantity: 2 },
          { stock: 1, bookings: [booking('dimmer', '2027-01-07', '2027-01-10')], quantity: 1 },
        ],
        window,
      ),
    ).toBe('2027-01-11');
    // More than the house ever has: never.
    expect(nextFreeStartOfAll([{ stock: 1, bookings: [], quantity: 2 }], window)).toBeUndefined();
  });
});

describe("a fixed kit's own units", () => {
  const seats = (tags: string[], kind: Kit['kind'] = 'fixed'): Kit => ({
    kind,
    components: [
      { objectID: 'cockpit-shell', quantity: 1 },
      { objectID: 'pilot-seat', quantity: 2, tags },
    ],
  });
  const lookup = {
    trackingOf: (id: string) => (id === 'pilot-seat' ? ('units' as const) : ('quantity' as const)),
    nameOf: (id: string) => ({ 'pilot-seat': 'Pilot seat', 'jump-seat': 'Jump seat' })[id] ?? id,
    itemOfUnit: (tag: string) =>
      ({ 'PS-1': 'pilot-seat', 'PS-2': 'pilot-seat', 'PS-3': 'pilot-seat', 'JS-1': 'jump-seat' })[tag],
    heldBy: (tag: string) => (tag === 'PS-3' ? 'Cockpit set B' : undefined),
  };
  it('are refused at their field unless each is a unit of the component, held by no other kit, as many as it holds', () => {
    expect(kitUnitProblems(seats(['PS-1', 'PS-2']), lookup)).toEqual([]);
    expect(kitUnitProblems(seats(['PS-1']), lookup)).toEqual([
      { pointer: '/kit/components/1/tags', message: 'names 1 unit, and the kit holds 2: name 2, or none' },
    ]);
    expect(kitUnitProblems(seats(['PS-1', 'PS-2'], 'package'), lookup)[0]?.message).toBe(
      'only a fixed kit holds units of its own: a package is picked unit by unit',
    );
    expect(kitUnitProblems(seats(['JS-1', 'NOPE']), lookup)).toEqual([
      { pointer: '/kit/components/1/tags/0', message: 'JS-1 is a unit of Jump seat, not of Pilot seat' },
      { pointer: '/kit/components/1/tags/1', message: 'NOPE is no unit here, not of Pilot seat' },
    ]);
    expect(kitUnitProblems(seats(['PS-1', 'PS-3']), lookup)).toEqual([
      {
        pointer: '/kit/components/1/tags/1',
        message: 'PS-3 is held by Cockpit set B already: a unit is held by one kit',
      },
    ]);
    const shells = { kind: 'fixed' as const, components: [{ objectID: 'cockpit-shell', quantity: 1, tags: ['CS-1'] }] };
    expect(kitUnitProblems(shells as Kit, lookup)[0]?.message).toBe(
      'cockpit-shell is counted as a quantity: it has no units to name',
    );
  });
  it('make the kit one of a kind, and go with it onto a line', () => {
    const owned: Record<string, Kit> = { 'cockpit-set': seats(['PS-1', 'PS-2']) };
    const kitOf: KitOf = (id) => owned[id];
    expect(kitsFree('cockpit-set', kitOf, () => 10)).toBe(1);
    expect(kitsFree('cockpit-set', kitOf, (id) => (id === 'pilot-seat' ? 1 : 10))).toBe(0);
    expect(lineKitOf('cockpit-set', kitOf, (id) => id)?.components[1]).toEqual({
      objectID: 'pilot-seat',
      name: 'pilot-seat',
      quantity: 2,
      tags: ['PS-1', 'PS-2'],
    });
  });
});
