/**
 * The built-in test provider: the embedded default (no keys, no internet). It keeps
 * authorisations in a SQLite file under the data folder (so every server on this machine, and a
 * restart, see the same ones), with the behaviour of Stripe's test cards: 4242 4242 4242 4242
 * authorises, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds,
 * 4000 0025 0000 3155 asks for the bank's check (3-D Secure) on this test provider's own page,
 * 4000 0000 0000 0341 authorises once but declines when authorised again (a renewal), and a hold
 * lapses 7 days after it is authorised, as online holds do.
 *
 * Houses' accounts as Stripe Connect keeps them: `createAccount` opens one that takes no payments
 * until its onboarding is finished on this provider's own page (`completeOnboarding`); a hold is
 * made on a house's account and found only on it; the platform's fee is only for a house's
 * account, at most the amount, and capped at what is captured.
 *
 * No card number is kept: a card becomes a test payment method (`pm_test_…`) that remembers only
 * how it behaves. Everything it shows says "test mode".
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { MAX_HOLD_MINOR } from '../../schema/rental/card-hold';
import { openSqliteFile } from '../stores/sqlite-file';
import {
  BadSignatureError,
  ProviderRefusedError,
  type CardIntent,
  type ConnectedAccount,
  type HoldRequest,
  type OnAccount,
  type PaymentProvider,
} from './payment-provider';

/** How long a hold lasts once authorised: Stripe's online card holds. */
export const TEST_HOLD_DAYS = 7;

type CardBehaviour =
  'ok' | 'declined' | 'insufficientFunds' | 'expiredCard' | 'incorrectCvc' | 'authenticate' | 'declineAgain';

/** Stripe's test cards this provider knows, by number. Any other valid number authorises. */
const TEST_CARDS: Record<string, CardBehaviour> = {
  '4242424242424242': 'ok',
  '5555555555554444': 'ok',
  '378282246310005': 'ok',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficientFunds',
  '4000000000000069': 'expiredCard',
  '4000000000000127': 'incorrectCvc',
  '4000002500003155': 'authenticate',
  '4000000000000341': 'declineAgain',
};

/** The refusals, in Stripe's codes and words. */
const REFUSALS: Partial<Record<CardBehaviour, { code: string; message: string }>> = {
  declined: { code: 'card_declined', message: 'Your card was declined.' },
  insufficientFunds: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  expiredCard: { code: 'expired_card', message: 'Your card has expired.' },
  incorrectCvc: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};

/** What the browser's test form sends: the card, which goes no further than this provider. */
export interface TestCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** Luhn's check: a mistyped number is caught before it is tried. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

interface StoredIntent extends CardIntent {
  clientSecret: string;
  createdAt: string;
  /** The house's account it is on; absent, the platform's. */
  account?: string;
}

/** What a house's test account still wants before onboarding is finished (Stripe's names). */
const ONBOARDING_DUE = ['business_profile.url', 'external_account', 'tos_acceptance.date'];

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

export class TestPaymentProvider implements PaymentProvider {
  readonly kind = 'test' as const;
  readonly testMode = true;
  private readonly database: Database.Database;

  constructor(
    dataDir: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.database = openSqliteFile(
      path.join(dataDir, 'test-payments.sqlite'),
      `CREATE TABLE IF NOT EXISTS intents (id TEXT PRIMARY KEY, body TEXT NOT NULL);
       CREATE TABLE IF NOT EXISTS methods (id TEXT PRIMARY KEY, behaviour TEXT NOT NULL);
       CREATE TABLE IF NOT EXISTS replies (key TEXT PRIMARY KEY, body TEXT NOT NULL);
       CREATE TABLE IF NOT EXISTS accounts (id TEXT PRIMARY KEY, key TEXT UNIQUE NOT NULL, body TEXT NOT NULL);`,
    );
  }

  browserConfig(account?: string) {
    return { provider: 'test' as const, testMode: true, ...(account && { account }) };
  }

  async createAccount(request: {
    tenantId: string;
    email: string;
    country: string;
    idempotencyKey: string;
  }): Promise<ConnectedAccount> {
    return this.database
      .transaction(() => {
        const known = this.database.prepare('SELECT body FROM accounts WHERE key = ?').get(request.idempotencyKey) as
          { body: string } | undefined;
        if (known) return JSON.parse(known.body) as ConnectedAccount;
        const account: ConnectedAccount = {
          id: `acct_test_${randomBytes(8).toString('hex')}`,
          chargesEnabled: false,
          detailsSubmitted: false,
          due: ONBOARDING_DUE,
        };
        this.database
          .prepare('INSERT INTO accounts (id, key, body) VALUES (?, ?, ?)')
          .run(account.id, request.idempotencyKey, JSON.stringify(account));
        return account;
      })
      .immediate();
  }

  async retrieveAccount(accountId: string): Promise<ConnectedAccount> {
    return this.account(accountId);
  }

  async onboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string> {
    this.account(accountId);
    const query = new URLSearchParams({ account: accountId, return: urls.returnUrl });
    return `/payments/test/onboard?${query}`;
  }

  /** The house's step on this provider's onboarding page: its account takes payments from now on. */
  completeOnboarding(accountId: string): ConnectedAccount {
    const account: ConnectedAccount = {
      ...this.account(accountId),
      chargesEnabled: true,
      detailsSubmitted: true,
      due: [],
    };
    this.database.prepare('UPDATE accounts SET body = ? WHERE id = ?').run(JSON.stringify(account), accountId);
    return account;
  }

  private account(accountId: string): ConnectedAccount {
    const row = this.database.prepare('SELECT body FROM accounts WHERE id = ?').get(accountId) as
      { body: string } | undefined;
    if (!row) throw new ProviderRefusedError(`No such account: '${accountId}'`, 'resource_missing');
    return JSON.parse(row.body) as ConnectedAccount;
  }

  async createHold(request: HoldRequest): Promise<CardIntent> {
    // As Stripe: eight digits of minor units at most.
    if (request.amount > MAX_HOLD_MINOR)
      throw new ProviderRefusedError(`Amount must be no more than ${MAX_HOLD_MINOR}.`, 'amount_too_large');
    // As Stripe Connect: a fee only on a house's account, never above the amount; a house's account takes payments only once onboarded.
    if (request.applicationFee !== undefined) {
      if (!request.account)
        throw new ProviderRefusedError(
          'Can only apply an application fee when the hold is made on a connected account.',
          'parameter_invalid',
        );
      if (
        !Number.isInteger(request.applicationFee) ||
        request.applicationFee < 0 ||
        request.applicationFee > request.amount
      )
        throw new ProviderRefusedError(
          `The application fee (${request.applicationFee}) must be a whole amount from 0 to the amount (${request.amount}).`,
          'parameter_invalid',
        );
    }
    if (request.account && !this.account(request.account).chargesEnabled)
      throw new ProviderRefusedError(
        `The account ${request.account} cannot take card payments until its onboarding is finished.`,
        'account_not_enabled',
      );
    return this.once(request.idempotencyKey, () => {
      const id = newId('pi');
      const intent: StoredIntent = {
        id,
        status: 'requires_payment_method',
        currency: request.currency.toLowerCase(),
        amount: request.amount,
        amountCapturable: 0,
        amountReceived: 0,
        clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        metadata: { ...request.metadata },
        createdAt: this.now().toISOString(),
        ...(request.account && { account: request.account }),
        ...(request.applicationFee !== undefined && { applicationFee: request.applicationFee }),
      };
      if (request.offSession) {
        const behaviour = this.database
          .prepare('SELECT behaviour FROM methods WHERE id = ?')
          .get(request.offSession.paymentMethod) as { behaviour: CardBehaviour } | undefined;
        if (behaviour && this.methodAccount(request.offSession.paymentMethod) !== (request.account ?? null))
          throw new ProviderRefusedError(
            `No such payment method on this account: ${request.offSession.paymentMethod}`,
            'resource_missing',
          );
        if (!behaviour)
          throw new ProviderRefusedError(
            `No such payment method: ${request.offSession.paymentMethod}`,
            'resource_missing',
          );
        this.authoriseWith(
          intent,
          request.offSession.paymentMethod,
          behaviour.behaviour === 'declineAgain'
            ? 'declined'
            : behaviour.behaviour === 'authenticate'
              ? 'ok'
              : behaviour.behaviour,
        );
      }
      this.save(intent);
      return intent;
    });
  }

  async retrieve(intentId: string, on: OnAccount = {}): Promise<CardIntent> {
    return this.publicView(this.load(intentId, on));
  }

  /** The browser's step (Stripe.js's confirmPayment in the real thing): the card tried against the hold. */
  confirmCard(clientSecret: string, card: TestCard): CardIntent {
    return this.database.transaction(() => {
      const intent = this.bySecret(clientSecret);
      if (intent.status !== 'requires_payment_method')
        throw new ProviderRefusedError(
          'This authorisation is not waiting for a card.',
          'payment_intent_unexpected_state',
        );
      const number = card.number.replace(/[\s-]/g, '');
      if (!/^\d{13,19}$/.test(number) || !luhnValid(number))
        return this.failed(intent, { code: 'incorrect_number', message: 'Your card number is incorrect.' });
      const month = new Date(Date.UTC(card.expYear < 100 ? 2000 + card.expYear : card.expYear, card.expMonth, 1));
      if (!(card.expMonth >= 1 && card.expMonth <= 12) || month.getTime() <= this.now().getTime())
        return this.failed(intent, {
          code: 'invalid_expiry',
          message: "Your card's expiration date is in the past or not a date.",
        });
      if (!/^\d{3,4}$/.test(card.cvc))
        return this.failed(intent, { code: 'incomplete_cvc', message: "Your card's security code is incomplete." });
      const behaviour = TEST_CARDS[number] ?? 'ok';
      // A card is saved on the account the hold is on (as a Connect customer's cards are).
      const method = intent.account ? `${newId('pm')}_on_${intent.account}` : newId('pm');
      this.database.prepare('INSERT INTO methods (id, behaviour) VALUES (?, ?)').run(method, behaviour);
      this.authoriseWith(intent, method, behaviour === 'declineAgain' ? 'ok' : behaviour);
      this.save(intent);
      return this.publicView(intent);
    })();
  }

  /** The bank's check on the test page: passed or failed by the visitor's button. */
  authenticate(clientSecret: string, passed: boolean): CardIntent {
    return this.database.transaction(() => {
      const intent = this.bySecret(clientSecret);
      if (intent.status !== 'requires_action')
        throw new ProviderRefusedError(
          'This authorisation is not waiting for the bank’s check.',
          'payment_intent_unexpected_state',
        );
      if (passed) this.hold(intent);
      else {
        intent.status = 'requires_payment_method';
        intent.lastError = {
          code: 'payment_intent_authentication_failure',
          message:
            'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        };
        delete intent.redirectUrl;
      }
      this.save(intent);
      return this.publicView(intent);
    })();
  }

  async capture(
    intentId: string,
    amount: number,
    idempotencyKey: string,
    on: OnAccount & { applicationFee?: number } = {},
  ): Promise<CardIntent> {
    return this.once(idempotencyKey, () => {
      const intent = this.load(intentId, on);
      if (on.applicationFee !== undefined && !intent.account)
        throw new ProviderRefusedError(
          'Can only apply an application fee to a hold on a connected account.',
          'parameter_invalid',
        );
      if (intent.status !== 'requires_capture')
        throw new ProviderRefusedError(
          `This PaymentIntent could not be captured because it has a status of ${intent.status}.`,
          'payment_intent_unexpected_state',
        );
      if (!Number.isInteger(amount) || amount < 0 || amount > intent.amountCapturable)
        throw new ProviderRefusedError(
          `The amount to capture (${amount}) is more than the amount capturable (${intent.amountCapturable}).`,
          'amount_too_large',
        );
      intent.status = 'succeeded';
      intent.amountReceived = amount;
      intent.amountCapturable = 0;
      // As Stripe: the fee set on capture replaces the one set on creation, capped at what is captured.
      const fee = on.applicationFee ?? intent.applicationFee;
      if (fee !== undefined) intent.applicationFee = Math.min(fee, amount);
      this.save(intent);
      return this.publicView(intent);
    });
  }

  async cancel(intentId: string, idempotencyKey: string, on: OnAccount = {}): Promise<CardIntent> {
    return this.once(idempotencyKey, () => {
      const intent = this.load(intentId, on);
      if (intent.status === 'succeeded' || intent.status === 'canceled')
        throw new ProviderRefusedError(
          `This PaymentIntent could not be canceled because it has a status of ${intent.status}.`,
          'payment_intent_unexpected_state',
        );
      intent.status = 'canceled';
      intent.amountCapturable = 0;
      this.save(intent);
      return this.publicView(intent);
    });
  }

  verifyEvent(): never {
    throw new BadSignatureError('The test provider sends no webhooks.');
  }

  async close(): Promise<void> {
    this.database.close();
  }

  /** Does `work` once per key, in one transaction: a repeat is answered with the first result (as Stripe's idempotency keys are). */
  private once(key: string, work: () => CardIntent): Promise<CardIntent> {
    return Promise.resolve(
      this.database
        .transaction(() => {
          const replay = this.database.prepare('SELECT body FROM replies WHERE key = ?').get(key) as
            { body: string } | undefined;
          if (replay) return JSON.parse(replay.body) as CardIntent;
          const result = work();
          this.database.prepare('INSERT INTO replies (key, body) VALUES (?, ?)').run(key, JSON.stringify(result));
          return result;
        })
        .immediate(),
    ).then((intent) => this.publicView(intent));
  }

  private authoriseWith(intent: StoredIntent, method: string, behaviour: CardBehaviour) {
    intent.paymentMethod = method;
    const refusal = REFUSALS[behaviour];
    if (refusal) return void this.failed(intent, refusal);
    if (behaviour === 'authenticate') {
      intent.status = 'requires_action';
      intent.redirectUrl = `/payments/test/authenticate?secret=${encodeURIComponent(intent.clientSecret)}`;
      return;
    }
    this.hold(intent);
  }

  private hold(intent: StoredIntent) {
    intent.status = 'requires_capture';
    intent.amountCapturable = intent.amount;
    intent.captureBefore = new Date(this.now().getTime() + TEST_HOLD_DAYS * 86_400_000).toISOString();
    delete intent.lastError;
    delete intent.redirectUrl;
  }

  private failed(intent: StoredIntent, error: { code: string; message: string }): CardIntent {
    intent.status = 'requires_payment_method';
    intent.lastError = error;
    this.save(intent);
    return this.publicView(intent);
  }

  private save(intent: StoredIntent) {
    this.database
      .prepare('INSERT INTO intents (id, body) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET body = excluded.body')
      .run(intent.id, JSON.stringify(intent));
  }

  private tryLoad(id: string): StoredIntent | undefined {
    const row = this.database.prepare('SELECT body FROM intents WHERE id = ?').get(id) as { body: string } | undefined;
    return row && (JSON.parse(row.body) as StoredIntent);
  }

  /** The account a saved card belongs to (null: the platform's). */
  private methodAccount(method: string): string | null {
    return /_on_(acct_[A-Za-z0-9_]+)$/.exec(method)?.[1] ?? null;
  }

  /** An intent, on the account asked (as Stripe: another account's intent is no such intent). */
  private load(id: string, on: OnAccount = {}): StoredIntent {
    const intent = this.tryLoad(id);
    if (!intent || (intent.account ?? undefined) !== (on.account ?? undefined))
      throw new ProviderRefusedError(`No such payment_intent: '${id}'`, 'resource_missing');
    // A hold past its life lapses, as the card networks let it: the provider cancels it.
    if (
      intent.status === 'requires_capture' &&
      intent.captureBefore &&
      Date.parse(intent.captureBefore) <= this.now().getTime()
    ) {
      intent.status = 'canceled';
      intent.amountCapturable = 0;
      intent.lastError = { code: 'authorization_expired', message: 'The authorisation lapsed before it was captured.' };
      this.save(intent);
    }
    return intent;
  }

  private bySecret(clientSecret: string): StoredIntent {
    const id = clientSecret.split('_secret_')[0] ?? '';
    const intent = this.tryLoad(id);
    if (!intent || intent.clientSecret !== clientSecret)
      throw new ProviderRefusedError('No authorisation matches this client secret.', 'resource_missing');
    return this.load(id, intent);
  }

  /** An intent as the port returns it (the client secret goes to the browser; the server never stores it). */
  private publicView(intent: CardIntent): CardIntent {
    const { createdAt: _createdAt, account: _account, ...rest } = intent as StoredIntent;
    return rest;
  }
}
