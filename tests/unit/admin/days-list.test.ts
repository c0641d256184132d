/**
 * The reminder days as a house types them (admin/settings/DaysListInput.tsx): "30, 7 14" kept as
 * [7, 14, 30]; a repeat, a number out of the schema's bounds, or a word refused saying which.
 */
import { describe, expect, it } from 'vitest';
import { parseDays } from '../../../admin/settings/DaysListInput';

const bounds = { minimum: 1, maximum: 365, maxItems: 6 };

describe('reminder days as typed', () => {
  it('reads days in any order and separator, sorted', () => {
    expect(parseDays('30, 7 14', bounds)).toEqual({ days: [7, 14, 30] });
    expect(parseDays(' 7;14 ', bounds)).toEqual({ days: [7, 14] });
    expect(parseDays('', bounds)).toEqual({ days: [] });
  });

  it('refuses a repeat, a number out of bounds, a fraction or a word, and too many', () => {
    expect(parseDays('7, 7', bounds)).toEqual({ problem: '7 is listed twice' });
    expect(parseDays('0', bounds)).toEqual({ problem: '“0” is not a whole number of days from 1 to 365' });
    expect(parseDays('400', bounds)).toEqual({ problem: '“400” is not a whole number of days from 1 to 365' });
    expect(parseDays('7.5', bounds)).toEqual({ problem: '“7.5” is not a whole number of days from 1 to 365' });
    expect(parseDays('weekly', bounds)).toEqual({ problem: '“weekly” is not a whole number of days from 1 to 365' });
    expect(parseDays('1 2 3 4 5 6 7', bounds)).toEqual({ problem: 'at most 6 numbers' });
  });
});
