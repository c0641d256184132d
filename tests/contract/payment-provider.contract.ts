/**
 * What every PaymentProvider adapter must do (server/payments/payment-provider.ts), written
 * against the port only: a hold with manual capture that a card authorises (or declines, or sends
 * to the bank's check first), its lapse date, a capture of less than the hold (the rest released),
 * a capture above it refused, a release, a lapsed hold no longer capturable, an authorisation
 * again off session with the saved card, and every change answered once per idempotency key.
 * Marketplace (Stripe Connect): a house's account that takes no payments until its onboarding is
 * finished, holds made on it and found only there, and the platform's fee on them (only on a
 * house's account, at most the amount, replaced on capture and capped at what is captured).
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ProviderRefusedError,
  type CardIntent,
  type HoldRequest,
  type PaymentProvider,
} from '../../server/payments/payment-provider';

/** The cards every adapter's test harness can present, by how they behave. */
export type ContractCard = 'ok' | 'declined' | 'insufficientFunds' | 'authenticate' | 'declineAgain';

export interface PaymentProviderUnderTest {
  provider: PaymentProvider;
  /** The visitor's browser step (Stripe.js, or the test provider's form): the hold tried with a card. */
  confirm(intent: CardIntent, card: ContractCard, account?: string): Promise<CardIntent>;
  /** The house finishes the provider's onboarding (Stripe's hosted form). */
  finishOnboarding(accountId: string): Promise<void>;
  /** The bank's check passed on its page. */
  passAuthentication(intent: CardIntent): Promise<CardIntent>;
  /** Moves the provider's clock on. */
  advance(ms: number): void;
  close(): Promise<void>;
}

const DAY = 86_400_000;

export function paymentProviderContract(name: string, open: () => Promise<PaymentProviderUnderTest>) {
  describe(`PaymentProvider contract: ${name}`, () => {
    let under: PaymentProviderUnderTest;
    let provider: PaymentProvider;
    beforeEach(async () => {
      under = await open();
      provider = under.provider;
    });
    afterEach(() => under.close());

    const hold = (amount = 12_345, extra: Partial<HoldRequest> = {}) =>
      provider.createHold({
        amount,
        currency: 'USD',
        description: 'Quote Q-1, version 1',
        metadata: { tenantId: 'acme', quoteId: 'q-1' },
        payer: { key: `acme-${randomUUID()}`, email: 'props@example.com' },
        idempotencyKey: randomUUID(),
        ...extra,
      });
    const authorised = async (amount = 12_345, card: ContractCard = 'ok') => under.confirm(await hold(amount), card);

    it('starts a hold that waits for a card, with the secret the browser confirms it with', async () => {
      const intent = await hold();
      expect(intent).toMatchObject({
        status: 'requires_payment_method',
        amount: 12_345,
        amountCapturable: 0,
        currency: 'usd',
        metadata: { tenantId: 'acme', quoteId: 'q-1' },
      });
      expect(intent.clientSecret).toMatch(/_secret_/);
    });

    it('is authorised by a good card: the whole amount capturable until it lapses about 7 days on', async () => {
      const before = Date.now();
      const intent = await authorised();
      expect(intent).toMatchObject({ status: 'requires_capture', amountCapturable: 12_345, amountReceived: 0 });
      expect(intent.paymentMethod).toBeTruthy();
      const lapse = Date.parse(intent.captureBefore!);
      expect(lapse - before).toBeGreaterThan(6.9 * DAY);
      expect(lapse - before).toBeLessThan(7.1 * DAY);
      expect(await provider.retrieve(intent.id)).toMatchObject({
        id: intent.id,
        status: 'requires_capture',
        captureBefore: intent.captureBefore,
      });
    });

    it('says why a card is declined, and the hold still waits for another card', async () => {
      const declined = await authorised(5_000, 'declined');
      expect(declined.status).toBe('requires_payment_method');
      expect(declined.lastError?.message).toMatch(/declined/i);
      const broke = await authorised(5_000, 'insufficientFunds');
      expect(broke.lastError).toMatchObject({ code: 'insufficient_funds' });
      expect(broke.lastError?.message).toMatch(/insufficient funds/i);
    });

    it("sends a card that needs the bank's check (3-D Secure) to it, and authorises once it passes", async () => {
      const waiting = await authorised(7_000, 'authenticate');
      expect(waiting.status).toBe('requires_action');
      expect(waiting.redirectUrl).toBeTruthy();
      expect(await under.passAuthentication(waiting)).toMatchObject({
        status: 'requires_capture',
        amountCapturable: 7_000,
      });
    });

    it('captures less than the hold (the rest released), answers a repeated capture once, refuses another', async () => {
      const intent = await authorised(10_000);
      const key = randomUUID();
      const captured = await provider.capture(intent.id, 8_250, key);
      expect(captured).toMatchObject({ status: 'succeeded', amountReceived: 8_250, amountCapturable: 0 });
      expect(await provider.capture(intent.id, 8_250, key)).toMatchObject({
        status: 'succeeded',
        amountReceived: 8_250,
      });
      await expect(provider.capture(intent.id, 100, randomUUID())).rejects.toBeInstanceOf(ProviderRefusedError);
      expect((await provider.retrieve(intent.id)).amountReceived).toBe(8_250);
    });

    it('refuses a capture larger than the hold and leaves the hold standing', async () => {
      const intent = await authorised(10_000);
      await expect(provider.capture(intent.id, 10_001, randomUUID())).rejects.toMatchObject({
        code: 'amount_too_large',
      });
      expect(await provider.retrieve(intent.id)).toMatchObject({
        status: 'requires_capture',
        amountCapturable: 10_000,
      });
    });

    it('releases a hold (a repeat answered the same), after which nothing can be captured', async () => {
      const intent = await authorised(4_000);
      const key = randomUUID();
      expect(await provider.cancel(intent.id, key)).toMatchObject({ status: 'canceled', amountCapturable: 0 });
      expect(await provider.cancel(intent.id, key)).toMatchObject({ status: 'canceled' });
      await expect(provider.capture(intent.id, 4_000, randomUUID())).rejects.toBeInstanceOf(ProviderRefusedError);
    });

    it('answers a repeated start with the same hold', async () => {
      // A retry is the same request: the same key, the same payer.
      const retry = {
        idempotencyKey: randomUUID(),
        payer: { key: `acme-${randomUUID()}`, email: 'props@example.com' },
      };
      const first = await hold(3_000, retry);
      const again = await hold(3_000, retry);
      expect(again.id).toBe(first.id);
    });

    it('lets a hold lapse after its capture-before time: it can no longer be captured', async () => {
      const intent = await authorised(6_000);
      under.advance(7 * DAY + 60_000);
      expect((await provider.retrieve(intent.id)).status).toBe('canceled');
      await expect(provider.capture(intent.id, 6_000, randomUUID())).rejects.toBeInstanceOf(ProviderRefusedError);
    });

    it('authorises again off session with the saved card, and says so when the card declines then', async () => {
      const first = await authorised(9_000);
      const renewed = await hold(9_000, {
        offSession: { paymentMethod: first.paymentMethod!, ...(first.customer && { customer: first.customer }) },
      });
      expect(renewed).toMatchObject({ status: 'requires_capture', amountCapturable: 9_000 });
      expect(renewed.id).not.toBe(first.id);

      const fussy = await authorised(9_000, 'declineAgain');
      expect(fussy.status).toBe('requires_capture');
      const refused = await hold(9_000, {
        offSession: { paymentMethod: fussy.paymentMethod!, ...(fussy.customer && { customer: fussy.customer }) },
      });
      expect(refused.status).toBe('requires_payment_method');
      expect(refused.lastError?.message).toMatch(/declined/i);
    });

    const house = async () => {
      const account = await provider.createAccount({
        tenantId: 'acme',
        email: 'office@acme.example',
        country: 'US',
        idempotencyKey: randomUUID(),
      });
      await under.finishOnboarding(account.id);
      return account.id;
    };

    it("opens a house's account once per key, which takes no payments until its onboarding is finished", async () => {
      const key = randomUUID();
      const opened = await provider.createAccount({
        tenantId: 'acme',
        email: 'office@acme.example',
        country: 'US',
        idempotencyKey: key,
      });
      expect(opened).toMatchObject({ chargesEnabled: false, detailsSubmitted: false });
      expect(opened.id).toMatch(/^acct_/);
      expect(opened.due.length).toBeGreaterThan(0);
      expect(
        (
          await provider.createAccount({
            tenantId: 'acme',
            email: 'office@acme.example',
            country: 'US',
            idempotencyKey: key,
          })
        ).id,
      ).toBe(opened.id);
      expect(
        await provider.onboardingLink(opened.id, {
          returnUrl: 'http://console.example/done',
          refreshUrl: 'http://console.example/again',
        }),
      ).toMatch(/acct_|account=/);
      await expect(hold(5_000, { account: opened.id })).rejects.toBeInstanceOf(ProviderRefusedError);
      await under.finishOnboarding(opened.id);
      expect(await provider.retrieveAccount(opened.id)).toEqual({
        id: opened.id,
        chargesEnabled: true,
        detailsSubmitted: true,
        due: [],
      });
    });

    it("makes a hold on the house's account, found only there, with the platform's fee set again on capture and capped at what is captured", async () => {
      const account = await house();
      const started = await hold(12_345, { account, applicationFee: 1_235 });
      expect(started.applicationFee).toBe(1_235);
      const authorised = await under.confirm(started, 'ok', account);
      expect(authorised.status).toBe('requires_capture');
      await expect(provider.retrieve(started.id)).rejects.toMatchObject({ code: 'resource_missing' });
      await expect(provider.capture(started.id, 5_000, randomUUID())).rejects.toMatchObject({
        code: 'resource_missing',
      });
      const captured = await provider.capture(started.id, 5_000, randomUUID(), { account, applicationFee: 9_000 });
      expect(captured).toMatchObject({ status: 'succeeded', amountReceived: 5_000, applicationFee: 5_000 });
      const other = await under.confirm(await hold(8_000, { account, applicationFee: 800 }), 'ok', account);
      expect(await provider.capture(other.id, 4_000, randomUUID(), { account, applicationFee: 400 })).toMatchObject({
        amountReceived: 4_000,
        applicationFee: 400,
      });
    });

    it("refuses the platform's fee on its own account, or above the amount, and a hold on an account it does not know", async () => {
      await expect(hold(5_000, { applicationFee: 100 })).rejects.toBeInstanceOf(ProviderRefusedError);
      const account = await house();
      await expect(hold(5_000, { account, applicationFee: 5_001 })).rejects.toBeInstanceOf(ProviderRefusedError);
      await expect(hold(5_000, { account: 'acct_nobody' })).rejects.toBeInstanceOf(ProviderRefusedError);
    });

    it("authorises again off session on the house's account with the card saved there", async () => {
      const account = await house();
      const first = await under.confirm(await hold(9_000, { account }), 'ok', account);
      const renewal = { paymentMethod: first.paymentMethod!, ...(first.customer && { customer: first.customer }) };
      expect(await hold(9_000, { account, offSession: renewal })).toMatchObject({
        status: 'requires_capture',
        amountCapturable: 9_000,
      });
    });
  });
}
