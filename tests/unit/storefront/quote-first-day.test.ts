/**
 * The first day a request may start, as the quote form's date picker offers it (issue 50, point 17):
 * on the platform, each line's house's own notice in its own time zone, the latest of them, never
 * the platform's; on a house's storefront, the house's own.
 */
import { describe, expect, it } from 'vitest';
import { earliestStart } from '../../../schema/rental/quote-rules';
import { earliestFor } from '../../../storefront/components/catalogue/QuoteRequestForm';

// 23:30 in Los Angeles on 3 December is already 4 December in London.
const now = new Date('2026-12-04T07:30:00Z');
const platform = { timezone: 'America/Los_Angeles', leadDays: 2 };
const line = (house?: { timezone: string; leadDays?: number }) => ({
  objectID: 'x',
  name: 'X',
  quantity: 1,
  stock: 1,
  ...(house && { house }),
});

describe('the first day a request may start', () => {
  it('follows each house’s notice in its own time zone, the latest of them', () => {
    expect(earliestFor([line({ timezone: 'Europe/London', leadDays: 2 })], platform, now)).toBe('2026-12-06');
    expect(earliestStart(platform.timezone, platform.leadDays, now)).toBe('2026-12-05');
    expect(
      earliestFor(
        [line({ timezone: 'America/Los_Angeles', leadDays: 2 }), line({ timezone: 'Europe/London', leadDays: 5 })],
        platform,
        now,
      ),
    ).toBe('2026-12-09');
    // A house known from before it said its notice: the storefront's.
    expect(earliestFor([line({ timezone: 'Europe/London' })], platform, now)).toBe('2026-12-06');
  });

  it('is the storefront’s own rule when no line names a house', () => {
    expect(earliestFor([line()], platform, now)).toBe('2026-12-05');
  });
});
