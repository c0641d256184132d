/**
 * Certificates ending during a hire, told ahead: a watch that every server runs with the overdue
 * watch finds orders (confirmed, or out) whose certificate of insurance ends before their last day,
 * and mails the production and the house 14 days before it ends, and again 3 days before. Each
 * reminder is told once, whichever server finds it first: the telling is a store step whose id
 * names the order, the certificate's end and the reminder (`coi-14-<id>-<end>`), so a second
 * server's step is a repeat and sends nothing, and a new certificate (another end) is reminded
 * afresh. The step is the order's audit record too.
 */
import { chosenCover } from '../../schema/rental/cover';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { storefrontConfiguration } from '../../schema/configuration/build-configuration';
import { dayCount, todayIn } from '../../schema/rental/quote-rules';
import type { QuoteState } from '../../schema/rental/quote-states';
import type { QuoteRequest } from '../../schema/types.generated';
import { certificateEndingMessage } from '../mail/messages';
import { sendAs, TO_HOUSE } from '../mail/tenant-mail';
import { quoteSettingsOf } from './quote-conversation';

/** The days before a certificate ends that its order's two sides are reminded, furthest first. */
export const CERTIFICATE_REMINDER_DAYS = [14, 3] as const;
/** Orders before or during their hire. */
const HELD_STATES: readonly QuoteState[] = ['confirmed', 'partlyOut', 'out', 'partlyReturned'];
const PER_PASS = 500;

/** The step id of one reminder of one certificate on one order. */
export const certificateStepId = (orderId: string, expiresOn: string, days: number) =>
  `coi-${days}-${orderId}-${expiresOn}`;

/** The reminder due for an order today, if any: the nearest threshold its certificate's end has come within, while it ends before the hire does. */
export function reminderDue(order: QuoteRequest, today: string): number | undefined {
  const ends = order.insurance?.expiresOn;
  if (!ends || ends >= order.endDate || ends < today) return undefined;
  const left = dayCount(today, ends) - 1;
  return [...CERTIFICATE_REMINDER_DAYS].reverse().find((days) => left <= days);
}

/** One pass over every tenant: the reminders it sent, as `<order>:<days>`. */
export async function tellEndingCertificates(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  now: Date,
): Promise<string[]> {
  const told: string[] = [];
  for (const { tenantId } of await app.tenantStore.list()) {
    const stored = await app.tenantStore.get(tenantId).catch(() => undefined);
    if (!stored) continue;
    const today = todayIn(quoteSettingsOf(stored.tenant).timezone, now);
    const lists = await Promise.all(
      HELD_STATES.map(async (state) => (await app.quoteRequests.list(tenantId, { state, limit: PER_PASS })).requests),
    );
    const configuration = storefrontConfiguration(tenantId, stored.version, stored.tenant);
    const site = quoteSettingsOf(stored.tenant).site;
    // A hire covered by the waiver or the card needs no certificate to run its length.
    const byCertificate = (held: QuoteRequest) => (chosenCover(held, site) ?? 'certificate') === 'certificate';
    for (const order of lists.flat().filter(byCertificate)) {
      const days = reminderDue(order, today);
      if (days === undefined) continue;
      const id = certificateStepId(order.id, order.insurance!.expiresOn, days);
      const step = await app.quoteRequests.hireStep(tenantId, {
        id,
        orderId: order.id,
        apply: () => ({
          record: {
            id,
            orderId: order.id,
            at: now.toISOString(),
            by: 'backlot',
            direction: 'in',
            code: 'certificate',
            count: 0,
            outcome: 'ok',
            message: `The certificate of insurance ends on ${order.insurance!.expiresOn}, before the hire does: the production and the house were reminded.`,
          },
        }),
      });
      if (step.repeat) continue;
      for (const to of ['visitor', 'vendor'] as const)
        await sendAs(
          app.mailer,
          configuration,
          to === 'vendor' ? TO_HOUSE : order.email,
          certificateEndingMessage(configuration, order, dayCount(today, order.insurance!.expiresOn) - 1, to),
        ).catch((error: unknown) =>
          log.error({ err: error, quoteRequest: order.id, to }, 'certificate reminder not sent'),
        );
      log.info({ tenantId, quoteRequest: order.id, days }, 'certificate ending told');
      told.push(`${order.id}:${days}`);
    }
  }
  return told;
}
