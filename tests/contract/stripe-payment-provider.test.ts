/**
 * The Stripe adapter (server/payments/stripe-payment-provider.ts) through the official SDK against
 * a loopback STAND-IN of the few Stripe API calls it makes (tests/helpers/stripe-stand-in.ts says
 * what the stand-in does not prove), against the PaymentProvider contract; and its webhooks,
 * signed with the SDK's own test-header helper.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadSignatureError, ProviderUnavailableError } from '../../server/payments/payment-provider';
import { StripePaymentProvider } from '../../server/payments/stripe-payment-provider';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in';
import { paymentProviderContract, type ContractCard } from './payment-provider.contract';

const METHODS: Record<ContractCard, string> = {
  ok: 'pm_card_visa',
  declined: 'pm_card_chargeDeclined',
  insufficientFunds: 'pm_card_chargeDeclinedInsufficientFunds',
  authenticate: 'pm_card_authenticationRequired',
  declineAgain: 'pm_card_chargeCustomerFail',
};
const WEBHOOK_SECRET = 'whsec_test_backlot';
const providerFor = (standIn: StripeStandIn) =>
  new StripePaymentProvider({
    secretKey: 'sk_test_backlot',
    publishableKey: 'pk_test_backlot',
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: standIn.url,
  });

/** The browser's confirmation, as Stripe.js makes it, posted to the stand-in. */
async function post(standIn: StripeStandIn, path: string, form: Record<string, string> = {}, account?: string) {
  const response = await fetch(`${standIn.url}${path}`, {
    method: 'POST',
    body: new URLSearchParams(form),
    headers: { authorization: 'Bearer pk_test_backlot', ...(account && { 'stripe-account': account }) },
  });
  const body = (await response.json()) as { error?: { payment_intent: unknown } };
  return body.error?.payment_intent ?? body;
}

paymentProviderContract('stripe (stand-in)', async () => {
  const standIn = await startStripeStandIn();
  const provider = providerFor(standIn);
  return {
    provider,
    confirm: async (intent, card, account) => {
      await post(standIn, `/v1/payment_intents/${intent.id}/confirm`, { payment_method: METHODS[card] }, account);
      return provider.retrieve(intent.id, { account });
    },
    finishOnboarding: async (accountId) => void (await post(standIn, `/test/onboard/${accountId}`)),
    passAuthentication: async (intent) => {
      await post(standIn, `/test/authenticate/${intent.id}`);
      return provider.retrieve(intent.id);
    },
    advance: (ms) => standIn.advance(ms),
    close: () => standIn.close(),
  };
});

describe('Stripe adapter: webhooks and an unreachable Stripe', () => {
  let standIn: StripeStandIn;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
  });
  afterAll(() => standIn.close());

  it('verifies a webhook signed by the SDK’s test helper and names its intent; a bad or missing signature is refused', () => {
    const provider = providerFor(standIn);
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.canceled',
      data: { object: { id: 'pi_123', object: 'payment_intent' } },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(provider.verifyEvent(payload, header)).toEqual({
      id: 'evt_1',
      type: 'payment_intent.canceled',
      intentId: 'pi_123',
    });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect(() => provider.verifyEvent(payload, forged)).toThrow(BadSignatureError);
    expect(() => provider.verifyEvent(payload.replace('canceled', 'succeeded'), header)).toThrow(BadSignatureError);
    expect(() => provider.verifyEvent(payload, undefined)).toThrow(BadSignatureError);
  });

  it('says Stripe is out of reach (to be retried) when it answers 503, and when nothing listens', async () => {
    standIn.down();
    await expect(providerFor(standIn).retrieve('pi_1')).rejects.toBeInstanceOf(ProviderUnavailableError);
    standIn.up();
    const nobody = new StripePaymentProvider({
      secretKey: 'sk_test_x',
      publishableKey: 'pk_test_x',
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: 'http://127.0.0.1:9',
    });
    await expect(nobody.retrieve('pi_1')).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('is in test mode with a test key, and live only with a live key', () => {
    expect(providerFor(standIn).testMode).toBe(true);
    expect(
      new StripePaymentProvider({
        secretKey: 'sk_live_x',
        publishableKey: 'pk_live_x',
        webhookSecret: 'w',
        apiUrl: standIn.url,
      }).testMode,
    ).toBe(false);
  });
});
