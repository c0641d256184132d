/**
 * After a hold ends (its holder confirmed, released or let it lapse; the house released it; an
 * unanswered challenge released it): the production that challenged it and the house are told
 * the outcome, and each production whose hold was behind it is told its new rank; after the house
 * moves a hold up, each hold it passed is told its rank. Mail that fails is logged; the step stands.
 */
import { storefrontConfiguration } from '../../schema/configuration/build-configuration';
import { holdKeyOf } from '../../schema/rental/holds';
import type { Pencil, QuoteRequest } from '../../schema/types.generated';
import { challengeAnsweredMessage, holdMovedMessage } from '../mail/messages';
import { sendAs, TO_HOUSE } from '../mail/tenant-mail';
import { holdsBehind, quoteSettingsOf, type NoticeStores, type QuoteStores } from '../rental';
import type { FastifyBaseLogger } from 'fastify';

/** The house's settings and a mailer that logs what it could not send, for a request's tenant (undefined if gone). */
async function houseMail(stores: QuoteStores & NoticeStores, log: Pick<FastifyBaseLogger, 'error'>, tenantId: string) {
  const stored = await stores.tenantStore.get(tenantId);
  if (!stored) return undefined;
  const configuration = storefrontConfiguration(tenantId, stored.version, stored.tenant);
  return {
    settings: quoteSettingsOf(stored.tenant),
    configuration,
    send: (to: Parameters<typeof sendAs>[2], content: Parameters<typeof sendAs>[3], about: string) =>
      sendAs(stores.mailer, configuration, to, content).catch((error: unknown) =>
        log.error({ err: error, quoteRequest: about }, 'hold mail not sent'),
      ),
  };
}

/** A hold the house moved up: each hold it passed is told its rank now. */
export async function tellHoldsPassed(
  stores: QuoteStores & NoticeStores,
  log: Pick<FastifyBaseLogger, 'error'>,
  moved: QuoteRequest,
  before: Pencil,
  now = new Date(),
): Promise<void> {
  const house = await houseMail(stores, log, moved.tenantId);
  if (!house || !moved.pencil) return;
  const { settings, configuration, send } = house;
  const passed = await holdsBehind(stores, settings, moved, holdKeyOf(moved.pencil), now, holdKeyOf(before));
  for (const { quote, rank } of passed)
    await send(quote.email, holdMovedMessage(configuration, quote, rank, 'passed'), quote.id);
}

export async function tellHoldsBehind(
  stores: QuoteStores & NoticeStores,
  log: Pick<FastifyBaseLogger, 'error'>,
  ended: QuoteRequest,
  pencil: Pencil,
  now = new Date(),
): Promise<void> {
  const house = await houseMail(stores, log, ended.tenantId);
  if (!house) return;
  const { settings, configuration, send } = house;
  const challenger = pencil.challenge ? await stores.quoteRequests.get(ended.tenantId, pencil.challenge.by) : undefined;
  if (challenger) {
    await send(TO_HOUSE, challengeAnsweredMessage(configuration, ended, challenger, 'vendor'), challenger.id);
    await send(challenger.email, challengeAnsweredMessage(configuration, ended, challenger, 'visitor'), challenger.id);
  }
  // Released, not made an order: those behind it move up (the challenger was told already).
  if (ended.hold !== 'none') return;
  for (const { quote, rank } of await holdsBehind(stores, settings, ended, holdKeyOf(pencil), now))
    if (quote.id !== challenger?.id) await send(quote.email, holdMovedMessage(configuration, quote, rank), quote.id);
}
