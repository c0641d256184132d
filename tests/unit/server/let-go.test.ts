/** Long work on the shared event loop, a step at a time (server/lib/let-go.ts): the same answer as all at once, with other work let in between. */
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { csvLettingGo, runLettingGo } from '../../../server/lib/let-go';

describe('csvLettingGo', () => {
  const header = ['Date', 'Invoice', 'Note'];
  const items = Array.from({ length: 2_500 }, (_, i) => i);
  const row = (i: number) => [
    '2026-11-30',
    `INV-${String(i).padStart(6, '0')}`,
    i % 7 ? 'plain' : 'with "quotes", a comma\nand a line',
  ];

  it('writes what one stringify writes, a thousand rows at a time, letting other work in between steps', async () => {
    // Another request's turn, as the event loop gives it: one turn after another while the file is written.
    let turns = 0;
    const another = () => setImmediate(() => ++turns < 10 && another());
    another();
    const written = await csvLettingGo(header, items, row, { record_delimiter: 'windows' });
    expect(written).toBe(stringify([header, ...items.map(row)], { record_delimiter: 'windows' }));
    // Three steps of 1,000: a turn given before each (none, had it been written at once).
    expect(turns).toBeGreaterThanOrEqual(3);
    expect(await csvLettingGo(header, [], row, {})).toBe('Date,Invoice,Note\n');
  });

  it('runs stepwise work to its end', async () => {
    function* steps() {
      let sum = 0;
      for (let i = 1; i <= 3; i++) {
        sum += i;
        yield;
      }
      return sum;
    }
    expect(await runLettingGo(steps())).toBe(6);
  });
});
