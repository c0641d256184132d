/**
 * The hold watch: every server, every few minutes (BACKLOT_HOLD_CHECK_SECONDS), releases each hold
 * past its last day and each challenged hold whose answer window closed unanswered. A release is a
 * quote step on the revision read, so two servers release a hold once (the second's revision is
 * stale and it moves on); the step's effects mail the holder why, the challenger and the house the
 * outcome, and the holds behind their new rank.
 */
import type { FastifyInstance } from 'fastify';
import { OPEN_END } from '../../schema/rental/availability';
import { todayIn } from '../../schema/rental/quote-rules';
import { lapseOf, quoteSettingsOf } from '../rental';
import { revisionOf } from '../stores/quote-request-store';
import { quoteStep, type QuoteStepLog } from './quote-step';

/** One pass over the tenants named (every tenant by default): the holds it released, by request id. */
export async function releaseLapsedHolds(
  app: FastifyInstance,
  log: QuoteStepLog,
  now: Date,
  tenantIds?: readonly string[],
): Promise<string[]> {
  const released: string[] = [];
  for (const tenantId of tenantIds ?? (await app.tenantStore.list()).map((entry) => entry.tenantId)) {
    const stored = await app.tenantStore.get(tenantId).catch(() => undefined);
    if (!stored) continue;
    const settings = quoteSettingsOf(stored.tenant);
    const today = todayIn(settings.timezone, now);
    const rows = await app.quoteRequests.bookingsBetween(tenantId, today, OPEN_END);
    const held = [...new Set(rows.filter((row) => row.kind === 'pencil').map((row) => row.quoteId))];
    for (const id of held) {
      const quote = await app.quoteRequests.get(tenantId, id);
      const why = quote && lapseOf(quote, today, now);
      if (!quote || !why) continue;
      try {
        await quoteStep(app, log, settings, {
          tenantId,
          id,
          action: 'release',
          actor: 'system',
          who: {},
          revision: revisionOf(quote),
          note: why,
          now,
        });
        released.push(id);
      } catch (error) {
        // Changed meanwhile (another server released it, or its holder answered): the next pass sees it as it is.
        log.warn({ err: error, tenantId, quoteRequest: id }, 'hold not released by the watch');
      }
    }
  }
  return released;
}
