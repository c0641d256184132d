/**
 * A unit's moves off and back onto the shelf end and start the right stock rows: a unit retired
 * from repair leaves repair and stock at once (never counted twice), one back in service from
 * retirement or repair ends its row, a unit out cannot move; and the rows run to the last day the
 * one date rule admits.
 */
import { describe, expect, it } from 'vitest';
import { isCalendarDate } from '../../../schema/calendar-date';
import { OPEN_END } from '../../../schema/rental/availability';
import { unitMove } from '../../../schema/rental/hire';
import { addDays } from '../../../schema/rental/quote-rules';
import type { Unit } from '../../../schema/types.generated';

const unit = (status: Unit['status']): Unit => ({
  tenantId: 'aviation',
  tag: 'CART-001-0001',
  objectID: 'galley-cart',
  status,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
  history: [],
});
const now = new Date('2026-12-01T10:00:00Z');
const rows = (from: Unit['status'], to: 'inService' | 'repair' | 'retired') => {
  const move = unitMove(unit(from), to, 'crew@prop.example', now, '2026-12-01');
  return 'refused' in move ? move.refused : move.stock.map((row) => [row.key, row.kind, row.quantity]);
};

describe('unit moves', () => {
  it("keep the unit's condition as it is now: a note replaces it; back in service without one, the old damage is gone", () => {
    const damaged = { ...unit('repair'), condition: 'Wheel bent' };
    const conditionAfter = (from: Unit, to: 'inService' | 'repair' | 'retired', note?: string) => {
      const move = unitMove(from, to, 'crew@prop.example', now, '2026-12-01', note);
      return 'refused' in move ? move.refused : move.unit.condition;
    };
    expect(conditionAfter(damaged, 'inService')).toBeUndefined();
    expect(conditionAfter(damaged, 'inService', ' New wheel fitted ')).toBe('New wheel fitted');
    expect(conditionAfter(damaged, 'retired')).toBe('Wheel bent');
    expect(conditionAfter(unit('inService'), 'repair', 'Door sticks')).toBe('Door sticks');
  });

  it('ends the row a unit leaves and starts the one it enters', () => {
    expect(rows('inService', 'repair')).toEqual([['repair:CART-001-0001', 'repair', 1]]);
    expect(rows('repair', 'inService')).toEqual([['repair:CART-001-0001', 'repair', 0]]);
    expect(rows('repair', 'retired')).toEqual([
      ['repair:CART-001-0001', 'repair', 0],
      ['lost:CART-001-0001', 'lost', 1],
    ]);
    expect(rows('retired', 'inService')).toEqual([['lost:CART-001-0001', 'lost', 0]]);
    expect(rows('lost', 'inService')).toEqual([['lost:CART-001-0001', 'lost', 0]]);
    expect(rows('lost', 'retired')).toEqual([['lost:CART-001-0001', 'lost', 1]]);
    expect(rows('out', 'repair')).toMatch(/check it in first/);
    expect(rows('repair', 'repair')).toBe('CART-001-0001 is already in repair.');
  });

  it('says what moved, and keeps it in the history', () => {
    const move = unitMove(unit('repair'), 'inService', 'crew@prop.example', now, '2026-12-01', ' Reglued ');
    expect(move).toMatchObject({
      message: 'CART-001-0001: in repair → in service.',
      unit: { status: 'inService', history: [{ status: 'inService', note: 'Reglued', by: 'crew@prop.example' }] },
    });
  });

  it('runs rows off the shelf to the last day the date rule admits', () => {
    expect(isCalendarDate(OPEN_END)).toBe(true);
    expect(isCalendarDate(addDays(OPEN_END, 1))).toBe(false);
  });
});
