/**
 * A kit itemised on its invoice (schema/rental/itemised-kits.ts through quotedLines): one line per
 * component with its own ledger code and tax, the kit's price shared by what each would hire for
 * alone, to the cent, adding up to the kit's line exactly; a kit not itemised stays one line.
 */
import { describe, expect, it } from 'vitest';
import { quotedLines, type TaxRule } from '../../../schema/rental/invoices';
import { itemisedKitsOf } from '../../../schema/rental/itemised-kits';
import type { QuoteBreakdown, QuoteRequest } from '../../../schema/types.generated';

const kitLine: QuoteRequest['lines'][number] = {
  objectID: 'cockpit-set',
  name: 'Cockpit set',
  quantity: 1,
  dayRate: 1000,
  kit: {
    kind: 'fixed',
    itemise: true,
    components: [
      { objectID: 'captain-seat', name: 'Captain seat', quantity: 1 },
      { objectID: 'overhead-panel', name: 'Overhead panel', quantity: 1 },
      { objectID: 'headset', name: 'Headset', quantity: 2 },
    ],
  },
};
const breakdown = {
  lines: [{ kind: 'item', objectID: 'cockpit-set', name: 'Cockpit set', quantity: 1, subtotal: 1000, glCode: '4000' }],
} as unknown as Pick<QuoteBreakdown, 'lines'>;
const parts: Record<string, { dayRate: number; glCode?: string }> = {
  'captain-seat': { dayRate: 250, glCode: '4010' },
  'overhead-panel': { dayRate: 450, glCode: '4020' },
  headset: { dayRate: 35 },
};
// Headsets sit in an exempt group here: their share carries no tax.
const groups = new Map([
  ['captain-seat', 'seats'],
  ['overhead-panel', 'cockpits'],
  ['headset', 'props-exempt'],
]);
const rule: TaxRule = { name: 'Sales tax', rate: 10, exemptGroups: new Set(['props-exempt']), glCode: undefined };

describe('an itemised kit on the invoice', () => {
  it('is one line per component, its price shared by their rates, each with its ledger code and tax', () => {
    const lines = quotedLines(breakdown, groups, rule, undefined, {
      kits: itemisedKitsOf({ lines: [kitLine] }),
      part: (objectID) => parts[objectID],
    });
    // Shares: 250, 450 and 2 × 35 of 770.
    expect(lines.map((line) => [line.description, line.quantity, line.amount, line.glCode, line.taxRate])).toEqual([
      ['Cockpit set: Captain seat', 1, 324.68, '4010', 10],
      ['Cockpit set: Overhead panel', 1, 584.42, '4020', 10],
      ['Cockpit set: Headset', 2, 90.9, '4000', undefined],
    ]);
    expect(lines[2]!.untaxed).toBe('exempt');
    expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBeCloseTo(1000, 10);
  });

  it('stays one line when the house does not itemise it', () => {
    const whole = { ...kitLine, kit: { ...kitLine.kit!, itemise: false } };
    const lines = quotedLines(breakdown, groups, rule, undefined, {
      kits: itemisedKitsOf({ lines: [whole] }),
      part: (objectID) => parts[objectID],
    });
    expect(lines.map((line) => [line.description, line.amount, line.glCode])).toEqual([['Cockpit set', 1000, '4000']]);
  });
});
