/** The console names every step of a request's history in words: no step shows its i18n key (the hire's steps once did). */
import { describe, expect, it } from 'vitest';
import { en } from '../../../admin/i18n/en';
import { quoteActions } from '../../../schema/rental/quote-states';

describe("the console's words", () => {
  it('name every step a request’s history can hold, from the schema’s list of steps', () => {
    const labels = en.backlot.quotes.historyActions as Record<string, string>;
    expect(quoteActions.filter((action) => !labels[action])).toEqual([]);
  });
});
