/**
 * Card holds on quote requests: the one place that talks to the PaymentProvider and records what
 * it answered on the request (`cardHold`), so the conversation's steps never wait on a provider.
 *
 * - `start`: the hold the visitor's acceptance needs (the latest version's total, processing and
 *   the deposit), begun at the provider; the browser confirms the card with the provider.
 * - `refresh`: the provider's state read again and recorded (after the browser's step, a webhook,
 *   or to reconcile). Events are never trusted for state: the intent is read again, so a replayed,
 *   late or out-of-order event changes nothing the provider does not say.
 * - A step that ends a hire or a request (close, cancel, decline, expire) records what the hold
 *   is owed (`pending`: capture an amount, or release) in the same store change as the step
 *   (server/rental/quote-conversation.ts); `settle` then does it at the provider with an
 *   idempotency key of the hold's own (`capture-<intent>`), so two servers settling at once, or a
 *   server killed after the provider answered and before the store heard, capture once: the
 *   intent is read first, and what the provider has already done is only recorded.
 * - A provider out of reach leaves the pending step with its attempts and the time of the next
 *   (the tenant's retry backoff); the watch (`pass`) takes it up then, on whichever server.
 * - `renew`: an authorised hold that would lapse before its hire is closed is authorised again off
 *   session with the saved card (`renewHours` before it lapses); the new hold replaces the old,
 *   which is released. A renewal that fails keeps the old hold, is retried with backoff, and the
 *   vendor is mailed at once why.
 * - Marketplace: a hold is made on the house's own account at the provider (`payouts`: a house
 *   not connected yet takes no hold, and says so), and every later step of it on that account;
 *   an order through the platform carries the platform's commission as the provider's fee, on
 *   the hold and again on what is captured.
 */
import { chosenCover } from '../../schema/rental/cover';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import {
  cancellationCapture,
  cardHoldRuleOf,
  closingCapture,
  depositFor,
  fromMinor,
  holdAskedFrom,
  holdCovers,
  holdParts,
  renewalDue,
  retryDelayMs,
  toMinor,
  beyondOneHold,
  MAX_HOLD_MINOR,
  type CardHoldRule,
} from '../../schema/rental/card-hold';
import { formatMoney } from '../../schema/display/format';
import { replacementValueOf } from '../../schema/rental/insurance';
import { stockItemsOf } from '../../schema/rental/kits';
import { holdKeepsIn } from '../../schema/rental/out-gate';
import { cents } from '../../schema/rental/quote-pricing';
import { isHireState, isOpen, isOrderState, type QuoteAction, type QuoteState } from '../../schema/rental/quote-states';
import type { CardHold, Item, QuoteRequest, SiteSettings } from '../../schema/types.generated';
import { invoiceRuleOf, itemGroupsOf, quoteDue } from '../../schema/rental/invoices';
import type { ItemStore } from '../stores/item-store';
import type { ProfileStore } from '../stores/profile-store';
import { revisionOf, StaleQuoteError, UnknownQuoteError, type QuoteRequestStore } from '../stores/quote-request-store';
import {
  ProviderRefusedError,
  ProviderUnavailableError,
  type CardIntent,
  type PaymentProvider,
} from './payment-provider';

/** Where a house's holds are made and what the platform takes (server/marketplace/payouts.ts). */
export interface HoldTerms {
  /** The house's own account at the provider; absent, the platform's (the platform's own tenant). */
  account?: string;
  /** The platform's commission, for an order through the platform. */
  commissionPercent?: number;
}
export interface HoldTermsSource {
  /** The terms a new hold of this request is made on; throws (with words for the visitor) when the house cannot take holds yet. */
  termsFor(request: QuoteRequest): Promise<HoldTerms>;
}

/** The platform's fee on an amount (minor units) at a commission, in whole minor units. */
export const feeOn = (amountMinor: number, commissionPercent: number | undefined) =>
  commissionPercent ? Math.round((amountMinor * commissionPercent) / 100) : undefined;

/** A hold the visitor must authorise before the step they asked for. */
export class CardHoldNeededError extends Error {
  readonly statusCode = 402;
}

export interface CardHoldStores {
  quoteRequests: QuoteRequestStore;
  itemStore: ItemStore;
  /** Where each visitor's customer at the provider is kept (their cards are saved under it), so every hold reuses it. */
  profileStore?: Pick<ProfileStore, 'get' | 'update'>;
  /** Each house's account and the platform's commission; absent, every hold is on the platform's own account. */
  payouts?: HoldTermsSource;
}

/** What the card-hold watch tells (the plugin wires the mailer in): the vendor, a renewal that failed; the visitor, a card wanted before check-out. */
export interface CardHoldNotices {
  renewalFailed?: (request: QuoteRequest, reason: string) => Promise<void>;
  cardWanted?: (request: QuoteRequest, amount: number) => Promise<void>;
}

/** The states a hold still stands in: the request open, or the order not closed. */
const STANDING: readonly QuoteState[] = ['accepted', 'confirmed', 'partlyOut', 'out', 'partlyReturned', 'returned'];
/** The states a step leaves a hold owed in (a capture or release to finish). */
const ENDED: readonly QuoteState[] = ['closed', 'cancelled', 'declined', 'expired'];
/** How many attempts before a pending step is left for the vendor (about two weeks at the cap). */
const MAX_ATTEMPTS = 100;
/** Per state and tenant, at most this many requests read by one watch pass (the newest). */
const PER_PASS = 200;

/** The states of a hold no card has authorised yet. */
const NOT_YET_HELD: ReadonlySet<CardHold['status']> = new Set(['awaitingCard', 'needsAuthentication', 'declined']);
/** Why a hold the provider cancelled before any card was authorised stands declined. */
const GAVE_UP = 'Your bank’s check was not finished.';

/** A hold's status from the provider's intent, given what the hold was owed. */
function statusOf(intent: CardIntent, previous: CardHold | undefined): CardHold['status'] {
  switch (intent.status) {
    case 'requires_capture':
      return 'authorised';
    case 'succeeded':
      return 'captured';
    case 'requires_action':
      return 'needsAuthentication';
    case 'canceled':
      // Released by us (a step owed a release); never authorised by any card (the provider gave up on
      // a card or a bank's check: no capture date), a card to try again; else let lapse by the card
      // network (a capture owed comes too late).
      if (previous?.pending?.action === 'release' || previous?.status === 'released') return 'released';
      return previous && NOT_YET_HELD.has(previous.status) && !intent.captureBefore ? 'declined' : 'expired';
    default:
      return intent.lastError ? 'declined' : 'awaitingCard';
  }
}

/** The hold after the provider's answer: its status, amounts and dates; the card's ids kept for a renewal. */
export function heldFrom(previous: CardHold, intent: CardIntent, now: Date): CardHold {
  const status = statusOf(intent, previous);
  const next: CardHold = { ...previous, status };
  if (intent.paymentMethod) next.paymentMethod = intent.paymentMethod;
  if (intent.customer) next.customer = intent.customer;
  if (status === 'authorised') {
    next.authorisedAt ??= now.toISOString();
    if (intent.captureBefore) next.expiresAt = intent.captureBefore;
    delete next.declineMessage;
  }
  if (status === 'declined' || status === 'awaitingCard') {
    if (intent.lastError) next.declineMessage = intent.lastError.message.slice(0, 500);
    else if (intent.status === 'canceled') next.declineMessage = GAVE_UP;
  }
  if (status === 'captured') {
    next.captured = fromMinor(intent.amountReceived, previous.currency);
    if (intent.applicationFee !== undefined && previous.account)
      next.applicationFee = fromMinor(intent.applicationFee, previous.currency);
    next.capturedAt ??= now.toISOString();
  }
  if (status === 'released') next.releasedAt ??= now.toISOString();
  // A capture or release the provider has done is no longer pending.
  if (status === 'captured' || status === 'released' || status === 'expired') delete next.pending;
  return next;
}

export class CardHolds {
  constructor(
    readonly provider: PaymentProvider,
    private readonly stores: CardHoldStores,
    private readonly log: FastifyBaseLogger,
    private readonly notices: CardHoldNotices = {},
  ) {}

  /** The hold the latest version needs (neededFor), its items read from the store. */
  async needed(request: QuoteRequest, site: SiteSettings): Promise<HoldNeeded> {
    const items = new Map(
      (
        await this.stores.itemStore.getMany(request.tenantId, [
          ...request.lines.map((line) => line.objectID),
          // A kit's components: what it is worth when it has no value of its own.
          ...stockItemsOf(request.lines),
        ])
      ).map((item) => [item.objectID, item]),
    );
    return neededFor(request, items, site);
  }

  /**
   * Begins (or picks up) the hold for the request's latest version: a hold already authorised for
   * enough is kept; one begun for the same amount and still waiting for a card is picked up;
   * otherwise a new one is started (any earlier one waiting is released). Returns the request as
   * stored and what the browser confirms the card with.
   */
  async start(
    request: QuoteRequest,
    site: SiteSettings,
    now: Date,
  ): Promise<{ request: QuoteRequest; clientSecret?: string; redirectUrl?: string }> {
    if (!site.ccAuthEnabled) throw new CardHoldNeededError('This storefront takes no card authorisation.');
    const state = request.state ?? 'requested';
    if (!isOpen(state) && !isOrderState(state))
      throw new CardHoldNeededError('This request is closed: there is nothing to authorise.');
    const need = await this.needed(request, site);
    const current = request.cardHold;
    if (holdCovers(current, need.amount, now)) return { request };
    const currency = site.currency ?? 'USD';
    // More than a card takes in one authorisation: said now, with the way forward, never as the provider's refusal.
    if (beyondOneHold(need.amount, currency)) throw new CardHoldNeededError(tooLargeForACard(need.amount, site));
    if (
      current &&
      (current.status === 'awaitingCard' ||
        current.status === 'declined' ||
        current.status === 'needsAuthentication') &&
      current.amount === need.amount
    ) {
      const intent = await this.provider.retrieve(current.intentId, current);
      // Only a hold still waiting for a card is picked up. One left at the bank's check (the tab
      // closed, or the check never finished) takes no other card: a new one is begun below and
      // the old one cancelled at the provider, so the visitor can always start again.
      if (intent.status === 'requires_payment_method') {
        const stored = await this.record(request.tenantId, request.id, (hold) =>
          hold?.intentId === intent.id ? heldFrom(hold, intent, now) : hold,
        );
        return {
          request: stored,
          ...(intent.clientSecret && { clientSecret: intent.clientSecret }),
          ...(intent.redirectUrl && { redirectUrl: intent.redirectUrl }),
        };
      }
    }
    const terms: HoldTerms = (await this.stores.payouts?.termsFor(request)) ?? {};
    const attempt = (current?.renewals ?? 0) + (current?.replaced?.length ?? 0) + (current ? 1 : 0);
    // The visitor's customer at the provider, made once and kept: an idempotency key lasts 24 hours,
    // a customer for good. A customer belongs to one account: it is reused only on its own.
    const profile = await this.stores.profileStore?.get(request.tenantId, request.uid).catch(() => undefined);
    const customer =
      current?.customer && current.account === terms.account
        ? current.customer
        : profile?.paymentCustomerAccount === terms.account
          ? profile?.paymentCustomer
          : undefined;
    const amountMinor = toMinor(need.amount, currency);
    const applicationFee = feeOn(amountMinor, terms.commissionPercent);
    const intent = await this.provider.createHold({
      amount: amountMinor,
      currency,
      description:
        `${request.production ?? 'Hire'} ${request.startDate} to ${request.endDate}: quote ${request.id}, version ${need.version}`.slice(
          0,
          300,
        ),
      metadata: { tenantId: request.tenantId, quoteId: request.id, version: String(need.version) },
      payer: { key: `${request.tenantId}-${request.uid}`, email: request.email, ...(customer && { customer }) },
      idempotencyKey: `hold-${request.tenantId}-${request.id}-v${need.version}-${amountMinor}-${attempt}`,
      ...(terms.account && { account: terms.account }),
      ...(applicationFee !== undefined && { applicationFee }),
    });
    if (intent.customer && intent.customer !== customer)
      await this.rememberCustomer(request, intent.customer, terms.account);
    const fresh: CardHold = {
      provider: this.provider.kind,
      intentId: intent.id,
      status: 'awaitingCard',
      currency,
      amount: need.amount,
      parts: need.parts,
      version: need.version,
      createdAt: now.toISOString(),
      ...(terms.account && { account: terms.account }),
      ...(terms.commissionPercent && { commissionPercent: terms.commissionPercent }),
      ...(current && { replaced: [...(current.replaced ?? []), current.intentId].slice(-200) }),
    };
    const stored = await this.record(request.tenantId, request.id, () => heldFrom(fresh, intent, now));
    // A hold it replaces that was only waiting for a card is released now; an authorised one stands until the new one is authorised (recordAnswer).
    if (
      current &&
      current.status !== 'authorised' &&
      current.status !== 'captured' &&
      current.status !== 'released' &&
      current.status !== 'expired'
    )
      await this.releaseQuietly(current.intentId, current);
    return {
      request: stored,
      ...(intent.clientSecret && { clientSecret: intent.clientSecret }),
      ...(intent.redirectUrl && { redirectUrl: intent.redirectUrl }),
    };
  }

  /** Keeps the provider's customer on the visitor's profile (a failure is logged: the next hold makes it again). */
  private async rememberCustomer(request: QuoteRequest, customer: string, account: string | undefined) {
    await this.stores.profileStore
      ?.update(request.tenantId, request.uid, ({ paymentCustomerAccount: _account, ...profile }) => ({
        ...profile,
        paymentCustomer: customer,
        ...(account && { paymentCustomerAccount: account }),
      }))
      .catch((error: unknown) =>
        this.log.warn({ err: error, quoteRequest: request.id }, 'payment customer not kept on the profile'),
      );
  }

  /** Reads the hold's intent again and records it. */
  async refresh(tenantId: string, id: string, now: Date): Promise<QuoteRequest> {
    const request = await this.stores.quoteRequests.get(tenantId, id);
    if (!request) throw new UnknownQuoteError(id);
    if (!request.cardHold) return request;
    const intent = await this.provider.retrieve(request.cardHold.intentId, request.cardHold);
    return this.recordAnswer(request, intent, now);
  }

  /** Records the provider's answer on the hold it is about; a hold newly authorised releases the one it replaced. */
  private async recordAnswer(request: QuoteRequest, intent: CardIntent, now: Date): Promise<QuoteRequest> {
    const was = request.cardHold;
    const stored = await this.record(request.tenantId, request.id, (hold) =>
      hold?.intentId === intent.id ? heldFrom(hold, intent, now) : hold,
    );
    const replaced = stored.cardHold?.replaced?.at(-1);
    if (
      stored.cardHold?.status === 'authorised' &&
      was?.intentId === intent.id &&
      was.status !== 'authorised' &&
      replaced
    )
      await this.releaseQuietly(replaced, was);
    return stored;
  }

  /** A verified webhook event about an intent: the request it names read again from the provider. */
  async onEvent(intentId: string | undefined, now: Date, account?: string): Promise<QuoteRequest | undefined> {
    if (!intentId) return undefined;
    // An intent Stripe does not know here (another account's, a deleted test object) is acknowledged and left: Stripe would otherwise retry it for days.
    const intent = await this.provider.retrieve(intentId, { account }).catch((error: unknown) => {
      if (error instanceof ProviderRefusedError && error.code === 'resource_missing') return undefined;
      throw error;
    });
    if (!intent) return undefined;
    const { tenantId, quoteId } = intent.metadata;
    if (!tenantId || !quoteId) return undefined;
    const request = await this.stores.quoteRequests.get(tenantId, quoteId);
    // An event about a hold this request no longer keeps (replaced) changes nothing.
    if (!request || request.cardHold?.intentId !== intentId) return request;
    return this.recordAnswer(request, intent, now);
  }

  /**
   * Does what the hold is owed (pending): reads the intent first, records what the provider has
   * already done, else captures or releases with the hold's own idempotency key. A provider out of
   * reach leaves it pending with the next attempt's time. Never throws for the provider.
   */
  async settle(tenantId: string, id: string, site: SiteSettings, now: Date): Promise<QuoteRequest> {
    const request = await this.stores.quoteRequests.get(tenantId, id);
    if (!request) throw new UnknownQuoteError(id);
    const hold = request.cardHold;
    if (!hold?.pending) return request;
    const pending = hold.pending;
    try {
      if (pending.action === 'renew') return await this.renewNow(request, hold, site, now);
      let intent = await this.provider.retrieve(hold.intentId, hold);
      const capture =
        pending.action === 'capture'
          ? Math.min(toMinor(pending.amount ?? 0, hold.currency), intent.amountCapturable)
          : 0;
      // The amount is in the key: a capture asked again for another amount is another request, never a replay of the first.
      // The platform's fee is its commission on what is captured (the hold's fee was on the whole hold).
      const applicationFee = hold.account ? feeOn(capture, hold.commissionPercent) : undefined;
      if (capture > 0 && intent.status === 'requires_capture')
        intent = await this.provider.capture(hold.intentId, capture, `capture-${hold.intentId}-${capture}`, {
          account: hold.account,
          ...(applicationFee !== undefined && { applicationFee }),
        });
      // Nothing to capture is a release (a provider takes no capture of 0).
      else if (
        intent.status === 'requires_capture' ||
        intent.status === 'requires_payment_method' ||
        intent.status === 'requires_action'
      )
        intent = await this.provider.cancel(hold.intentId, `release-${hold.intentId}`, hold);
      const settled = (current: CardHold | undefined) => {
        if (current?.intentId !== intent.id || !current.pending) return current;
        const next = heldFrom(current, intent, now);
        // A capture owed by a hold that lapsed first is outstanding: invoiced, since nothing can be captured.
        if (pending.action === 'capture' && next.status === 'expired')
          next.outstanding = cents((current.outstanding ?? 0) + (pending.amount ?? 0));
        if (next.status !== 'authorised' && next.status !== 'awaitingCard' && next.status !== 'needsAuthentication')
          delete next.pending;
        return next;
      };
      const stored = await this.record(tenantId, id, settled);
      this.log.info(
        { tenantId, quoteRequest: id, action: pending.action, status: stored.cardHold?.status },
        'card hold settled',
      );
      return stored;
    } catch (error) {
      return this.retryLater(request, error, site, now);
    }
  }

  /** The pending step tried again later: its attempts counted, the next time set by the tenant's backoff, the error kept in words. */
  private async retryLater(
    request: QuoteRequest,
    error: unknown,
    site: SiteSettings,
    now: Date,
  ): Promise<QuoteRequest> {
    const refused = error instanceof ProviderRefusedError;
    if (!refused && !(error instanceof ProviderUnavailableError))
      this.log.error({ err: error, quoteRequest: request.id }, 'card hold step failed');
    else this.log.warn({ quoteRequest: request.id, reason: (error as Error).message }, 'card hold step not done yet');
    const rule = cardHoldRuleOf(site);
    return this.record(request.tenantId, request.id, (hold) => {
      if (!hold?.pending) return hold;
      const attempts = Math.min(MAX_ATTEMPTS, hold.pending.attempts + 1);
      return {
        ...hold,
        pending: {
          ...hold.pending,
          attempts,
          lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
          // A refusal will not pass by itself: it waits for the vendor (tried again at the cap).
          nextAttemptAt: new Date(
            now.getTime() + (refused ? rule.backoff.capMs : retryDelayMs(attempts, rule.backoff)),
          ).toISOString(),
        },
      };
    });
  }

  /** Authorises the hold again off session; on success the old hold is released, else the vendor is told why. */
  private async renewNow(request: QuoteRequest, hold: CardHold, site: SiteSettings, now: Date): Promise<QuoteRequest> {
    const firstTry = hold.pending!.attempts === 0;
    // A hold that lapsed meanwhile is recorded as lapsed: nothing is left to renew (the visitor authorises again).
    const old = await this.provider.retrieve(hold.intentId, hold);
    if (old.status !== 'requires_capture')
      return this.record(request.tenantId, request.id, (current) =>
        current?.intentId === old.id ? heldFrom(current, old, now) : current,
      );
    if (!hold.paymentMethod)
      return this.renewalFailedWith(request, 'no card was saved with the first authorisation', site, now, firstTry);
    const renewals = (hold.renewals ?? 0) + 1;
    const intent = await this.provider.createHold({
      amount: toMinor(hold.amount, hold.currency),
      currency: hold.currency,
      description: `Renewal ${renewals} of the hold for quote ${request.id}`,
      metadata: {
        tenantId: request.tenantId,
        quoteId: request.id,
        version: String(hold.version),
        renews: hold.intentId,
      },
      payer: { key: `${request.tenantId}-${request.uid}`, email: request.email },
      offSession: { paymentMethod: hold.paymentMethod, ...(hold.customer && { customer: hold.customer }) },
      idempotencyKey: `renew-${hold.intentId}-${hold.pending!.attempts}`,
      ...(hold.account && { account: hold.account }),
      ...(hold.account &&
        hold.commissionPercent && {
          applicationFee: feeOn(toMinor(hold.amount, hold.currency), hold.commissionPercent),
        }),
    });
    if (intent.status !== 'requires_capture') {
      if (intent.status !== 'canceled') await this.releaseQuietly(intent.id, hold);
      return this.renewalFailedWith(
        request,
        intent.lastError?.message ?? `the card was not authorised again (${intent.status})`,
        site,
        now,
        firstTry,
      );
    }
    const stored = await this.record(request.tenantId, request.id, (current) => {
      if (current?.intentId !== hold.intentId) return current;
      const { pending: _pending, declineMessage: _declineMessage, ...rest } = current;
      return {
        ...rest,
        intentId: intent.id,
        status: 'authorised',
        authorisedAt: now.toISOString(),
        ...(intent.captureBefore && { expiresAt: intent.captureBefore }),
        renewals,
        replaced: [...(current.replaced ?? []), current.intentId].slice(-200),
      };
    });
    await this.releaseQuietly(hold.intentId, hold);
    this.log.info({ tenantId: request.tenantId, quoteRequest: request.id, renewals }, 'card hold renewed');
    return stored;
  }

  private async renewalFailedWith(
    request: QuoteRequest,
    reason: string,
    site: SiteSettings,
    now: Date,
    tell: boolean,
  ): Promise<QuoteRequest> {
    const stored = await this.retryLater(
      request,
      new ProviderRefusedError(`Not authorised again: ${reason}`, 'renewal_failed'),
      site,
      now,
    );
    if (tell)
      await this.notices
        .renewalFailed?.(stored, reason)
        .catch((error: unknown) =>
          this.log.error({ err: error, quoteRequest: request.id }, 'renewal failure not mailed'),
        );
    return stored;
  }

  /** Releases a hold no longer kept, on the account it was made on (`on`'s; a replaced hold is on its successor's). */
  private async releaseQuietly(intentId: string, on: Pick<CardHold, 'account'>) {
    await this.provider
      .cancel(intentId, `release-${intentId}`, { account: on.account })
      .catch((error: unknown) =>
        this.log.warn({ intentId, reason: (error as Error).message }, 'replaced hold not released'),
      );
  }

  /**
   * One watch pass over a tenant: pending steps whose time has come, and holds due to be renewed,
   * each settled. Returns the requests it touched.
   */
  async pass(
    tenantId: string,
    site: SiteSettings,
    now: Date,
    today: string = now.toISOString().slice(0, 10),
  ): Promise<string[]> {
    const rule = cardHoldRuleOf(site);
    const touched: string[] = [];
    for (const state of [...STANDING, ...ENDED]) {
      const { requests } = await this.stores.quoteRequests.list(tenantId, { state, limit: PER_PASS });
      for (const request of requests) {
        if (state === 'confirmed' && (await this.askForCard(request, site, rule, now, today))) touched.push(request.id);
        const hold = request.cardHold;
        if (!hold) continue;
        const due =
          hold.pending &&
          (!hold.pending.nextAttemptAt || Date.parse(hold.pending.nextAttemptAt) <= now.getTime()) &&
          hold.pending.attempts < MAX_ATTEMPTS;
        const renew = !hold.pending && STANDING.includes(state) && renewalDue(hold, now, rule.renewHours);
        if (!due && !renew) continue;
        if (renew)
          await this.record(tenantId, request.id, (current) =>
            current?.intentId === hold.intentId && !current.pending
              ? { ...current, pending: { action: 'renew', since: now.toISOString(), attempts: 0 } }
              : current,
          );
        await this.settle(tenantId, request.id, site, now);
        touched.push(request.id);
      }
    }
    return touched;
  }

  /**
   * With the 'before check-out' timing: an order whose hire is near (holdAskedFrom) and that has no
   * standing hold is asked for the card, once (`cardHoldAsked` is written first, so two servers
   * mail once; a mail that fails is logged, and the quote page asks all the same).
   */
  private async askForCard(
    request: QuoteRequest,
    site: SiteSettings,
    rule: CardHoldRule,
    now: Date,
    today: string,
  ): Promise<boolean> {
    if (
      rule.timing !== 'beforeCheckOut' ||
      request.cardHoldAsked ||
      !holdKeepsIn(request, site, now) ||
      holdAskedFrom(request, rule.timing, today) !== undefined
    )
      return false;
    try {
      await this.stores.quoteRequests.change(request.tenantId, request.id, {
        revision: revisionOf(request),
        apply: (stored) => ({ ...stored, cardHoldAsked: now.toISOString() }),
      });
    } catch (error) {
      if (error instanceof StaleQuoteError) return false;
      throw error;
    }
    const { amount } = await this.needed(request, site);
    await this.notices
      .cardWanted?.(request, amount)
      .catch((error: unknown) => this.log.error({ err: error, quoteRequest: request.id }, 'card request not mailed'));
    return true;
  }

  /** Writes the hold as `update` makes it from the stored one, on the stored revision (a stale one read again). */
  private async record(
    tenantId: string,
    id: string,
    update: (hold: CardHold | undefined, request: QuoteRequest) => CardHold | undefined,
  ): Promise<QuoteRequest> {
    for (let attempt = 0; ; attempt += 1) {
      const request = await this.stores.quoteRequests.get(tenantId, id);
      if (!request) throw new UnknownQuoteError(id);
      const next = update(request.cardHold, request);
      // Nothing new from the provider (a replayed event, a second refresh): nothing written.
      if (isDeepStrictEqual(next, request.cardHold)) return request;
      try {
        return await this.stores.quoteRequests.change(tenantId, id, {
          revision: revisionOf(request),
          apply: (stored) => {
            const { cardHold: _old, ...rest } = stored;
            return next ? { ...rest, cardHold: next } : rest;
          },
        });
      } catch (error) {
        if (!(error instanceof StaleQuoteError) || attempt >= 5) throw error;
      }
    }
  }
}

export interface HoldNeeded {
  parts: CardHold['parts'];
  amount: number;
  version: number;
}

/** The hold the request's latest version needs: its total and processing, and the deposit on its lines (at the items' replacement values now). */
export function neededFor(
  request: QuoteRequest,
  items: ReadonlyMap<string, Pick<Item, 'replacementValue' | 'category'>>,
  site: SiteSettings,
): HoldNeeded {
  const latest = request.versions?.at(-1);
  if (!latest) throw new CardHoldNeededError('There is no priced quote to authorise a card for yet.');
  const replacementValue = replacementValueOf(request.lines, items);
  const share = depositFor(replacementValue, cardHoldRuleOf(site).deposit);
  // A hire covered by the card holds its full replacement value as the deposit.
  const deposit = chosenCover(request, site) === 'cardHold' ? Math.max(share, replacementValue) : share;
  return {
    ...holdParts(quoteDue(request, itemGroupsOf(items), invoiceRuleOf(site)), deposit),
    version: latest.version,
  };
}

/**
 * What a step of the conversation owes the hold, recorded with the step (pure, run inside the
 * store's change): closing captures the final invoice's total, `closingDue` (the rest, with the
 * deposit, released; anything beyond the hold outstanding), cancelling a confirmed order captures the tenant's fee,
 * and any other end releases it. Steps that leave the request standing owe nothing.
 */
export function holdAfterStep(
  hold: CardHold | undefined,
  action: QuoteAction,
  before: QuoteState,
  after: QuoteRequest,
  rule: CardHoldRule,
  now: Date,
  closingDue: () => number,
): CardHold | undefined {
  if (!hold || hold.pending?.action === 'capture' || hold.pending?.action === 'release') return hold;
  if (hold.status === 'captured' || hold.status === 'released' || hold.status === 'expired') return hold;
  const to = after.state ?? 'requested';
  if (!ENDED.includes(to)) return hold;
  const since = now.toISOString();
  if (action === 'close' && hold.status === 'authorised') {
    const { capture, outstanding } = closingCapture(closingDue(), hold);
    return {
      ...hold,
      pending: { action: 'capture', amount: capture, since, attempts: 0 },
      ...(outstanding > 0 && { outstanding }),
    };
  }
  if (action === 'cancel' && hold.status === 'authorised') {
    const fee = cancellationCapture(
      after,
      hold,
      isOrderState(before) || isHireState(before),
      rule.cancellationFeePercent,
    );
    if (fee > 0) return { ...hold, pending: { action: 'capture', amount: cents(fee), since, attempts: 0 } };
  }
  return { ...hold, pending: { action: 'release', since, attempts: 0 } };
}

/** Why a quote is beyond a card hold, and what to do instead. */
export function tooLargeForACard(amount: number, site: Pick<SiteSettings, 'currency' | 'locale'>): string {
  const money = (value: number) => formatMoney(value, site);
  const most = money(fromMinor(MAX_HOLD_MINOR, site.currency ?? 'USD'));
  return `This quote needs ${money(amount)} held, and a card authorisation takes at most ${most}. Ask the vendor to take this order on other terms (a bank transfer, or a company account), or to split it.`;
}
