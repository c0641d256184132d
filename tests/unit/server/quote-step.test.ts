/**
 * The quote-step workflow's runner (server/workflows/quote-step.ts): a step's effects run in order,
 * each only where it applies, and one that fails is logged under its name with where it is made
 * good while the rest still run. The effects themselves are tested through the routes that take
 * steps (tests/server/quote-requests, sub-hires, hire, production-requests).
 */
import { describe, expect, it } from 'vitest';
import type { QuoteRequest } from '../../../schema/types.generated';
import {
  afterQuoteStep,
  QUOTE_STEP_EFFECTS,
  type QuoteStepEffect,
  type QuoteStepLog,
  type QuoteStepStores,
} from '../../../server/workflows/quote-step';

const order = { tenantId: 'aviation', id: 'q1', state: 'cancelled' } as QuoteRequest;
const stores = {} as QuoteStepStores; // the effects below read nothing

function recordingLog() {
  const lines: Array<{ level: string; details: Record<string, unknown>; message: string }> = [];
  const at =
    (level: string) =>
    (details: object, message: string): void =>
      void lines.push({ level, details: details as Record<string, unknown>, message });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } as unknown as QuoteStepLog };
}

const effect = (name: string, ran: string[], fails = false, applies = true): QuoteStepEffect => ({
  name,
  recovery: `${name} is done again later`,
  appliesTo: () => applies,
  run: async () => {
    ran.push(name);
    if (fails) throw new Error(`${name} broke`);
  },
});

describe('the quote-step workflow', () => {
  it('runs the effects that apply in order; one that fails is logged by name and the next still runs', async () => {
    const ran: string[] = [];
    const { lines, log } = recordingLog();
    await afterQuoteStep(stores, log, order, { action: 'cancel', actor: 'visitor' }, [
      effect('first', ran),
      effect('skipped', ran, false, false),
      effect('failing', ran, true),
      effect('last', ran),
    ]);
    expect(ran).toEqual(['first', 'failing', 'last']);
    expect(lines).toEqual([
      {
        level: 'error',
        details: expect.objectContaining({ effect: 'failing', quoteRequest: 'q1', action: 'cancel' }) as unknown,
        message: 'quote step effect "failing" failed; failing is done again later',
      },
    ]);
  });

  it('follows the sub-hire stock only for another house’s sub-hire, tells of stranded sub-hires only when the customer gave the order up, and always tells the other side', () => {
    const applying = (changed: Partial<QuoteRequest>, actor: 'visitor' | 'vendor') =>
      QUOTE_STEP_EFFECTS.filter((each) =>
        each.appliesTo({ ...order, ...changed } as QuoteRequest, { action: 'cancel', actor }),
      ).map((each) => each.name);
    expect(applying({}, 'visitor')).toEqual(['notice']);
    expect(applying({ subHire: { house: 'london' } } as Partial<QuoteRequest>, 'vendor')).toEqual([
      'sub-hire stock',
      'notice',
    ]);
    const hiringIn = { subHires: [{ house: 'london' }] } as Partial<QuoteRequest>;
    expect(applying(hiringIn, 'visitor')).toEqual(['stranded sub-hires', 'notice']);
    expect(applying(hiringIn, 'vendor')).toEqual(['notice']);
  });
});
