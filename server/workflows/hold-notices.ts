/**
 * After a hold ends (its holder confirmed, released or let it lapse; the house released it; an
 * unanswered challenge released it): the production that challenged it and the house are told
 * the outcome, and each production whose hold was behind it is told its new rank. Mail that fails
 * is logged; the step stands.
 */
import { storefrontConfiguration } from '../../schema/configuration/build-configuration';
import type { Pencil, QuoteRequest } from '../../schema/types.generated';
import { challengeAnsweredMessage, holdMovedMessage } from '../mail/messages';
import { sendAs, TO_HOUSE } from '../mail/tenant-mail';
import { holdsBehind, quoteSettingsOf, type NoticeStores, type QuoteStores } from '../rental';
import type { FastifyBaseLogger } from 'fastify';

export async function tellHoldsBehind(
  stores: QuoteStores & NoticeStores,
  log: Pick<FastifyBaseLogger, 'error'>,
  ended: QuoteRequest,
  pencil: Pencil,
  now = new Date(),
): Promise<void> {
  const stored = await stores.tenantStore.get(ended.tenantId);
  if (!stored) return;
  const settings = quoteSettingsOf(stored.tenant);
  const configuration = storefrontConfiguration(ended.tenantId, stored.version, stored.tenant);
  const send = (to: Parameters<typeof sendAs>[2], content: Parameters<typeof sendAs>[3], about: string) =>
    sendAs(stores.mailer, configuration, to, content).catch((error: unknown) =>
      log.error({ err: error, quoteRequest: about }, 'hold mail not sent'),
    );
  const challenger = pencil.challenge ? await stores.quoteRequests.get(ended.tenantId, pencil.challenge.by) : undefined;
  if (challenger) {
    await send(TO_HOUSE, challengeAnsweredMessage(configuration, ended, challenger, 'vendor'), challenger.id);
    await send(challenger.email, challengeAnsweredMessage(configuration, ended, challenger, 'visitor'), challenger.id);
  }
  // Released, not made an order: those behind it move up (the challenger was told already).
  if (ended.hold !== 'none') return;
  for (const { quote, rank } of await holdsBehind(stores, settings, ended, pencil.placedAt, now))
    if (quote.id !== challenger?.id) await send(quote.email, holdMovedMessage(configuration, quote, rank), quote.id);
}
