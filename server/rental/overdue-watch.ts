/**
 * Overdue hires told at once: a watch that every server runs (every few minutes, and as it starts)
 * finds orders whose last day plus the grace has passed with something still out, and tells the
 * vendor (what is out, and every later hire it now leaves short, who and what) and the visitor
 * (what to bring back). Each order is told once, whichever server finds it first: the telling is a
 * store step whose id is the order's (`overdue-<id>`), so a second server's step is answered as a
 * repeat and sends nothing. The step is the order's audit record too.
 */
import { quoteStoresOf } from './quote-stores';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { todayIn } from '../../schema/rental/quote-rules';
import { isOverdue, type QuoteState } from '../../schema/rental/quote-states';
import type { QuoteRequest } from '../../schema/types.generated';
import { storefrontConfiguration } from '../../schema/configuration/build-configuration';
import { hireOverdueMessage } from '../mail/messages';
import { sendAs, TO_HOUSE } from '../mail/tenant-mail';
import { collisionsOf } from './hire-floor';
import { quoteSettingsOf } from './quote-conversation';

/** The states with something out. */
const OUT_STATES: readonly QuoteState[] = ['partlyOut', 'out', 'partlyReturned'];
/** At most this many orders per state and tenant in one pass (the rest on the next). */
const PER_PASS = 500;

/** The step id that marks an order as told (one per order, on every server). */
export const overdueStepId = (orderId: string) => `overdue-${orderId}`;

/** One pass over every tenant: tells each newly overdue order's vendor and visitor. Returns the orders told by this call. */
export async function tellOverdue(app: FastifyInstance, log: FastifyBaseLogger, now: Date): Promise<string[]> {
  const stores = quoteStoresOf(app);
  const told: string[] = [];
  for (const { tenantId } of await app.tenantStore.list()) {
    const stored = await app.tenantStore.get(tenantId).catch(() => undefined);
    if (!stored) continue;
    const settings = quoteSettingsOf(stored.tenant);
    const lists = await Promise.all(
      OUT_STATES.map(async (state) => (await app.quoteRequests.list(tenantId, { state, limit: PER_PASS })).requests),
    );
    const overdue = lists.flat().filter((order) => isOverdue(order, now, settings.timezone, settings.returnGraceHours));
    if (!overdue.length) continue;
    const claimed: QuoteRequest[] = [];
    for (const order of overdue) {
      const step = await app.quoteRequests.hireStep(tenantId, {
        id: overdueStepId(order.id),
        orderId: order.id,
        apply: () => ({
          record: {
            id: overdueStepId(order.id),
            orderId: order.id,
            at: now.toISOString(),
            by: 'backlot',
            direction: 'in',
            code: 'overdue',
            count: 0,
            outcome: 'ok',
            message: 'Overdue: the vendor and the visitor were told.',
          },
        }),
      });
      if (!step.repeat) claimed.push(order);
    }
    if (!claimed.length) continue;
    const collides = await collisionsOf(stores, settings, tenantId, claimed, todayIn(settings.timezone, now));
    const configuration = storefrontConfiguration(tenantId, stored.version, stored.tenant);
    for (const order of claimed) {
      for (const to of ['vendor', 'visitor'] as const) {
        const content = hireOverdueMessage(configuration, order, collides.get(order.id) ?? [], to);
        await sendAs(app.mailer, configuration, to === 'vendor' ? TO_HOUSE : order.email, content).catch(
          (error: unknown) => log.error({ err: error, quoteRequest: order.id, to }, 'overdue mail not sent'),
        );
      }
      log.info(
        { tenantId, quoteRequest: order.id, collides: collides.get(order.id)?.length ?? 0 },
        'overdue hire told',
      );
      told.push(order.id);
    }
  }
  return told;
}
