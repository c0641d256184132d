/**
 * Card holds held at Stripe, over the real app and the official SDK against a loopback STAND-IN of
 * the few Stripe calls made (tests/helpers/stripe-stand-in.ts says what it does not prove):
 * Stripe.js's step is a confirm posted to the stand-in. Webhooks signed with the SDK's own
 * test-header helper move the hold (read again from Stripe, so a replayed or out-of-order event
 * changes nothing Stripe does not say); a bad signature is refused; the storefront's CSP admits
 * Stripe.js only with Stripe; a hold lapsed at Stripe before closing leaves the hire outstanding;
 * Stripe out of reach leaves a cancellation's release pending, then the watch finishes it.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import type { QuoteRequest } from '../../schema/types.generated';
import { buildTestApp, type TestApp } from '../helpers/server';
import { connectHouseAtStripe } from '../helpers/payouts';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in';
import { AVIATION_HOST, storefrontVisitor } from '../helpers/storefront-visitor';

const WEBHOOK_SECRET = 'whsec_backlot_test';
const CASES = '1950s-hard-train-case-cream';
let t: TestApp;
let stripe: StripeStandIn;
let aviationAccount: string;
beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await buildTestApp({
    identity: { attemptsPerMinute: 1000 },
    quotes: { requestsPerMinute: 1000 },
    env: {
      BACKLOT_PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_backlot',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_backlot',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      BACKLOT_STRIPE_API_URL: stripe.url,
    },
  });
  // Aviation is paid on its own Stripe account (stripe-connect.test.ts tests connecting).
  aviationAccount = await connectHouseAtStripe(t, stripe, 'aviation');
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const storefront = (
  method: 'GET' | 'POST',
  url: string,
  cookie: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    ...(payload && { payload }),
    headers: { host: AVIATION_HOST, origin: `http://${AVIATION_HOST}`, cookie, ...headers },
  });
const stored = async (id: string) => (await t.app.quoteRequests.get('aviation', id)) as QuoteRequest;
const webhook = (event: object, secret = WEBHOOK_SECRET) => {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
  });
};
const event = (type: string, intentId: string, n = 1) => ({
  id: `evt_${n}_${intentId}`,
  object: 'event',
  type,
  account: aviationAccount,
  data: { object: { id: intentId, object: 'payment_intent' } },
});

/** A quoted request whose hold was begun; the intent's id. */
async function begun(email: string, inDays: number) {
  const who = await storefrontVisitor(t, email);
  const from = addDays(earliestStart('America/Los_Angeles', 2, new Date()), inDays);
  const asked = await storefront('POST', '/api/quote-requests', who.cookie, {
    items: [{ objectID: CASES, quantity: 1 }],
    startDate: from,
    endDate: addDays(from, 2),
    production: 'Tailwind',
  });
  const id = asked.json().id as string;
  expect(
    (
      await t.as('aviationAdmin', {
        method: 'POST',
        url: `/api/tenants/aviation/quote-requests/${id}/quote`,
        payload: { adjustments: {}, services: [] },
        headers: { 'if-match': '"0"' },
      })
    ).statusCode,
  ).toBe(200);
  const started = await storefront('POST', `/api/quotes/${id}/card-hold`, who.cookie);
  expect(started.statusCode, started.body).toBe(200);
  expect(started.json().payment).toMatchObject({
    provider: 'stripe',
    testMode: true,
    publishableKey: 'pk_test_backlot',
  });
  expect(started.json().payment.clientSecret).toMatch(/_secret_/);
  return { id, cookie: who.cookie, intentId: started.json().cardHold.intentId as string };
}
const confirmAtStripe = (intentId: string, method = 'pm_card_visa') =>
  fetch(`${stripe.url}/v1/payment_intents/${intentId}/confirm`, {
    method: 'POST',
    body: new URLSearchParams({ payment_method: method }),
    headers: { 'stripe-account': aviationAccount },
  });

describe('card holds at Stripe', () => {
  it('makes one customer per visitor and keeps it on their profile: a second hold, days later, reuses it', async () => {
    const customers = () => stripe.requests.filter((call) => call.path === '/v1/customers').length;
    const before = customers();
    const who = await storefrontVisitor(t, 'twice@studio.example');
    const hold = async (inDays: number) => {
      const from = addDays(earliestStart('America/Los_Angeles', 2, new Date()), inDays);
      const id = (
        await storefront('POST', '/api/quote-requests', who.cookie, {
          items: [{ objectID: CASES, quantity: 1 }],
          startDate: from,
          endDate: from,
        })
      ).json().id as string;
      await t.as('aviationAdmin', {
        method: 'POST',
        url: `/api/tenants/aviation/quote-requests/${id}/quote`,
        payload: { adjustments: {}, services: [] },
        headers: { 'if-match': '"0"' },
      });
      const started = await storefront('POST', `/api/quotes/${id}/card-hold`, who.cookie);
      expect(started.statusCode, started.body).toBe(200);
      return stripe.intents.get(started.json().cardHold.intentId as string)!;
    };
    const first = await hold(20);
    const customer = first.customer as string;
    expect(customer).toMatch(/^cus_/);
    expect((await t.app.profileStore.get('aviation', who.uid))?.paymentCustomer).toBe(customer);
    // Past Stripe's 24 hours of idempotency keys, the next hold still finds the same customer.
    stripe.advance(2 * 86_400_000);
    expect((await hold(25)).customer).toBe(customer);
    expect(customers() - before).toBe(1);
  });

  it('says at once that a quote beyond one card authorisation (eight digits of cents) needs other terms, and Stripe is never asked', async () => {
    const who = await storefrontVisitor(t, 'million@studio.example');
    const from = addDays(earliestStart('America/Los_Angeles', 2, new Date()), 30);
    const id = (
      await storefront('POST', '/api/quote-requests', who.cookie, {
        items: [{ objectID: CASES, quantity: 1 }],
        startDate: from,
        endDate: from,
      })
    ).json().id as string;
    const crew = {
      category: { group: 'services', category: 'delivery-and-pickup', subcategory: 'local-delivery' },
      name: 'Crew for the season',
      quantity: 100,
      unitPrice: 10_000,
    };
    const quoted = await t.as('aviationAdmin', {
      method: 'POST',
      url: `/api/tenants/aviation/quote-requests/${id}/quote`,
      payload: { adjustments: {}, services: [crew] },
      headers: { 'if-match': '"0"' },
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const calls = stripe.requests.length;
    const view = (await storefront('GET', `/api/quotes/${id}`, who.cookie)).json();
    expect(view.cardHoldNeeded.tooLarge).toMatch(
      /^This quote needs \$1,0[\d,.]+ held, and a card authorisation takes at most \$999,999\.99\. Ask the vendor to take this order on other terms/,
    );
    const started = await storefront('POST', `/api/quotes/${id}/card-hold`, who.cookie);
    expect(started.statusCode).toBe(402);
    expect(started.json().message).toBe(view.cardHoldNeeded.tooLarge);
    const accepted = await storefront(
      'POST',
      `/api/quotes/${id}/accept`,
      who.cookie,
      { version: 1 },
      { 'if-match': '"1"' },
    );
    expect(accepted.statusCode).toBe(402);
    expect(accepted.json().message).toBe(view.cardHoldNeeded.tooLarge);
    expect(stripe.requests.length).toBe(calls);
  });

  it('moves a hold on a signed webhook, reading Stripe again; replays and stale events change nothing; a bad signature is refused', async () => {
    const { id, intentId } = await begun('webhook@studio.example', 3);
    await confirmAtStripe(intentId);
    // An older event arriving late says only "look again": the hold follows what Stripe says now.
    expect((await webhook(event('payment_intent.requires_action', intentId, 1))).statusCode).toBe(200);
    expect((await stored(id)).cardHold).toMatchObject({ status: 'authorised', provider: 'stripe' });
    const revision = (await stored(id)).revision;
    const replay = await webhook(event('payment_intent.amount_capturable_updated', intentId, 2));
    expect(replay.statusCode).toBe(200);
    expect((await webhook(event('payment_intent.amount_capturable_updated', intentId, 2))).statusCode).toBe(200);
    // Nothing new at Stripe: nothing written.
    expect((await stored(id)).revision).toBe(revision);

    const forged = await webhook(event('payment_intent.canceled', intentId, 3), 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toMatch(/signature/);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/payments/stripe/webhook',
          payload: '{}',
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await stored(id)).cardHold?.status).toBe('authorised');
    // An event about an intent no request keeps is acknowledged (or Stripe retries it for days), and changes nothing.
    expect((await webhook(event('payment_intent.canceled', 'pi_unknown', 4))).statusCode).toBe(200);
  });

  it('admits Stripe.js in the storefront’s CSP only when Stripe holds the cards', async () => {
    const page = await t.app.inject({ url: '/', headers: { host: AVIATION_HOST } });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/hooks\.stripe\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    const testMode = await buildTestApp();
    try {
      const plain = String(
        (await testMode.app.inject({ url: '/', headers: { host: AVIATION_HOST } })).headers['content-security-policy'],
      );
      expect(plain).not.toContain('stripe');
      // Without Stripe there is no webhook to take.
      expect(
        (
          await testMode.app.inject({
            method: 'POST',
            url: '/api/payments/stripe/webhook',
            payload: '{}',
            headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
          })
        ).statusCode,
      ).toBe(400);
    } finally {
      await testMode.close();
    }
  });

  it('releases a cancelled request’s hold once Stripe is back, and records a hold that lapsed at Stripe', async () => {
    const { id, cookie, intentId } = await begun('outage@studio.example', 5);
    await confirmAtStripe(intentId);
    const held = await storefront('POST', `/api/quotes/${id}/card-hold/refresh`, cookie);
    stripe.down();
    const cancelled = await storefront(
      'POST',
      `/api/quotes/${id}/cancel`,
      cookie,
      {},
      { 'if-match': String(held.headers.etag) },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await stored(id)).cardHold).toMatchObject({
      status: 'authorised',
      pending: { action: 'release', attempts: 1 },
    });
    expect(cancelled.json().cardHold.pending).toEqual({ action: 'release', since: expect.any(String) });
    stripe.up();
    const site = (await t.app.tenantStore.get('aviation'))!.tenant.site;
    // The next attempt is due after the backoff; the watch takes it up then.
    await t.app.cardHolds.pass('aviation', site, new Date(Date.now() + 5_000));
    expect((await stored(id)).cardHold).toMatchObject({ status: 'released' });
    expect(stripe.intents.get(intentId)).toMatchObject({ status: 'canceled' });

    // A hold Stripe let lapse: a refresh records it, and the visitor is asked again.
    const lapsing = await begun('lapse@studio.example', 6);
    await confirmAtStripe(lapsing.intentId);
    stripe.advance(7 * 86_400_000 + 1000);
    const seen = await storefront('POST', `/api/quotes/${lapsing.id}/card-hold/refresh`, lapsing.cookie);
    expect(seen.json()).toMatchObject({ cardHold: { status: 'expired' }, cardHoldNeeded: { covered: false } });
    stripe.advance(-(7 * 86_400_000 + 1000));
  });

  it('takes a card Stripe declines, and then another', async () => {
    const { id, cookie, intentId } = await begun('declines@studio.example', 7);
    await confirmAtStripe(intentId, 'pm_card_chargeDeclinedInsufficientFunds');
    const declined = await storefront('POST', `/api/quotes/${id}/card-hold/refresh`, cookie);
    expect(declined.json().cardHold).toMatchObject({
      status: 'declined',
      declineMessage: 'Your card has insufficient funds.',
    });
    const again = await storefront('POST', `/api/quotes/${id}/card-hold`, cookie);
    expect(again.json().cardHold.intentId).toBe(intentId);
    await confirmAtStripe(intentId);
    expect((await storefront('POST', `/api/quotes/${id}/card-hold/refresh`, cookie)).json().cardHold.status).toBe(
      'authorised',
    );
  });
});
