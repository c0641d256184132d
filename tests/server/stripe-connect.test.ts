/**
 * Each house paid on its own account (Stripe Connect), over the real app and the official SDK
 * against the loopback STAND-IN of Stripe (tests/helpers/stripe-stand-in.ts says what it does not
 * prove): a house not connected takes no card hold and the visitor is told why; the house connects
 * from its console (its account opened once at Stripe, Stripe's onboarding link, the account read
 * again on Stripe's signed `account.updated` event); platform staff, and only they, set its
 * commission; a production's part at the house is held and captured on the house's account with
 * the platform's commission as Stripe's application fee; the month's statement says so, as CSV.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../schema/rental/quote-rules';
import type { ProductionRequest, QuoteRequest } from '../../schema/types.generated';
import { tenantsDir } from '../helpers/paths';
import { buildTestApp, type TestApp } from '../helpers/server';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in';
import { AVIATION_HOST, storefrontVisitor } from '../helpers/storefront-visitor';

const WEBHOOK_SECRET = 'whsec_backlot_connect';
const PLATFORM = 'platform.localhost';
let t: TestApp;
let stripe: StripeStandIn;
let visitor: { uid: string; email: string; cookie: string };

beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await buildTestApp({
    quotes: { requestsPerMinute: 1000 },
    env: {
      BACKLOT_PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_backlot',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_backlot',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      BACKLOT_STRIPE_API_URL: stripe.url,
    },
    beforeStart: async (tenants) => {
      await cp(path.join(tenantsDir, 'platform'), path.join(tenants, 'platform'), { recursive: true });
      const vendorFile = path.join(tenants, 'aviation', 'vendor.json');
      await writeFile(
        vendorFile,
        JSON.stringify({ ...JSON.parse(await readFile(vendorFile, 'utf8')), marketplaceApproval: 'platformVerified' }),
      );
      const siteFile = path.join(tenants, 'aviation', 'site.json');
      await writeFile(
        siteFile,
        JSON.stringify({ ...JSON.parse(await readFile(siteFile, 'utf8')), cancellationFeePercent: 20 }),
      );
    },
  });
  visitor = await storefrontVisitor(t, 'designer@production.example', true, 'platform');
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const onAviation = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    ...(payload && { payload }),
    headers: { host: AVIATION_HOST, origin: `http://${AVIATION_HOST}`, cookie: visitor.cookie, ...headers },
  });
const stored = async (id: string) => (await t.app.quoteRequests.get('aviation', id)) as QuoteRequest;
const webhook = (event: object) => {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
  });
};

/** A production's request on the platform, its part at aviation priced by the house; the part's quote id. */
async function pricedPart(production: string): Promise<string> {
  const start = addDays(todayIn('UTC', new Date()), 20);
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/production-requests',
    payload: {
      key: crypto.randomUUID(),
      items: [{ listing: 'aviation~1950s-hard-train-case-cream', quantity: 1 }],
      startDate: start,
      endDate: addDays(start, 2),
      production,
    },
    headers: { host: PLATFORM, origin: `http://${PLATFORM}`, cookie: visitor.cookie },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const quoteId = (sent.json() as ProductionRequest).parts[0]!.quoteId!;
  const priced = await t.as('aviationAdmin', {
    method: 'POST',
    url: `/api/tenants/aviation/quote-requests/${quoteId}/quote`,
    payload: { adjustments: {}, services: [] },
    headers: { 'if-match': '"0"' },
  });
  expect(priced.statusCode, priced.body).toBe(200);
  return quoteId;
}

describe('each house paid on its own account (Stripe Connect)', () => {
  let account: string;
  let quoteId: string;

  it('takes no card hold at a house that has not connected, and says why before and when asked', async () => {
    quoteId = await pricedPart('Night Flight');
    const view = (await onAviation('GET', `/api/quotes/${quoteId}`)).json();
    expect(view.cardHoldNeeded.notConnected).toMatch(
      /^Jetway Props cannot take card holds yet: it has not finished connecting the account it is paid on\./,
    );
    const refused = await onAviation('POST', `/api/quotes/${quoteId}/card-hold`);
    expect([refused.statusCode, refused.json().message]).toEqual([409, view.cardHoldNeeded.notConnected]);
    expect(stripe.requests.filter((call) => call.path === '/v1/payment_intents')).toEqual([]);
  });

  it("opens the house's account once from its console, sends it to Stripe's onboarding, and hears Stripe when it is done", async () => {
    const first = await t.as('aviationAdmin', { method: 'POST', url: '/api/tenants/aviation/payouts/connect' });
    expect(first.statusCode, first.body).toBe(200);
    account = first.json().payouts.accountId;
    expect(first.json().url).toMatch(new RegExp(`^https://connect\\.stripe\\.com/setup/s/${account}/`));
    expect(stripe.accounts.get(account)).toMatchObject({
      email: 'rentals@jetwayprops.com',
      country: 'US',
      metadata: { tenantId: 'aviation' },
    });
    // Again (the link lapsed, or a second tab): the same account, a new link.
    const again = await t.as('aviationAdmin', { method: 'POST', url: '/api/tenants/aviation/payouts/connect' });
    expect(again.json().payouts.accountId).toBe(account);
    expect(stripe.accounts.size).toBe(1);
    expect((await t.as('aviationAdmin', { method: 'GET', url: '/api/tenants/aviation/payouts' })).json()).toMatchObject(
      {
        provider: 'stripe',
        chargesEnabled: false,
        due: ['business_profile.url', 'external_account', 'tos_acceptance.date'],
      },
    );
    expect((await onAviation('POST', `/api/quotes/${quoteId}/card-hold`)).statusCode).toBe(409);

    // The house finishes Stripe's form; Stripe's signed event about the account is what tells the server.
    await fetch(`${stripe.url}/test/onboard/${account}`, { method: 'POST' });
    const told = await webhook({
      id: 'evt_account_1',
      object: 'event',
      type: 'account.updated',
      account,
      data: { object: { id: account, object: 'account' } },
    });
    expect(told.statusCode, told.body).toBe(200);
    const payouts = await t.app.payouts.of('aviation');
    expect(payouts).toMatchObject({ chargesEnabled: true, detailsSubmitted: true, due: [] });
    expect(payouts.connectedAt).toBeDefined();
    // Stripe out of reach: the screen shows what was last heard, not an error.
    stripe.down();
    const unreachable = await t.as('aviationAdmin', { method: 'GET', url: '/api/tenants/aviation/payouts' });
    stripe.up();
    expect([unreachable.statusCode, unreachable.json().chargesEnabled]).toEqual([200, true]);
    // Another house's staff cannot see it, nor connect it.
    expect((await t.as('acmeAdmin', { method: 'GET', url: '/api/tenants/aviation/payouts' })).statusCode).toBe(404);
    expect((await t.as('acmeAdmin', { method: 'POST', url: '/api/tenants/aviation/payouts/connect' })).statusCode).toBe(
      404,
    );
  });

  it('lets platform staff, and only them, set the commission on a house', async () => {
    const set = (who: 'platformStaff' | 'aviationAdmin', commissionPercent: unknown) =>
      t.as(who, { method: 'PUT', url: '/api/marketplace/houses/aviation', payload: { commissionPercent } });
    expect((await set('aviationAdmin', 0)).statusCode).toBe(403);
    for (const bad of [80, -1, 12.345, 'ten'])
      expect((await set('platformStaff', bad)).statusCode, String(bad)).toBe(400);
    expect(
      (
        await t.as('platformStaff', {
          method: 'PUT',
          url: '/api/marketplace/houses/platform',
          payload: { commissionPercent: 5 },
        })
      ).statusCode,
    ).toBe(404);
    const saved = await set('platformStaff', 12.5);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ commissionPercent: 12.5, commissionSetBy: 'staff@backlot.example' });
    const houses = (await t.as('platformStaff', { method: 'GET', url: '/api/marketplace/houses' })).json() as Array<{
      id: string;
      name: string;
      commissionPercent: number;
      chargesEnabled?: boolean;
    }>;
    expect(
      houses.map((house) => [house.id, house.name, house.commissionPercent, house.chargesEnabled ?? false]),
    ).toEqual([
      ['acme', 'Acme Props', 0, false],
      ['aviation', 'Jetway Props', 12.5, true],
    ]);
  });

  it("holds and captures on the house's account with the platform's commission as Stripe's fee, and the month's statement says so", async () => {
    const started = await onAviation('POST', `/api/quotes/${quoteId}/card-hold`);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().payment).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_backlot', account });
    const intentId = started.json().cardHold.intentId as string;
    const intent = stripe.intents.get(intentId)!;
    expect(intent).toMatchObject({
      on_account: account,
      application_fee_amount: Math.round((intent.amount as number) * 0.125),
    });
    // The platform's own account knows no such intent.
    expect((await fetch(`${stripe.url}/v1/payment_intents/${intentId}`)).status).toBe(404);
    // Stripe.js, loaded with the house's account, confirms the card on it.
    await fetch(`${stripe.url}/v1/payment_intents/${intentId}/confirm`, {
      method: 'POST',
      body: new URLSearchParams({ payment_method: 'pm_card_visa' }),
      headers: { 'stripe-account': account },
    });
    const refreshed = await onAviation('POST', `/api/quotes/${quoteId}/card-hold/refresh`);
    expect(refreshed.json().cardHold).toMatchObject({ status: 'authorised' });
    // The house's account and the platform's commission are the house's and the platform's: kept on the order, never shown to the production.
    expect(refreshed.json().cardHold).not.toHaveProperty('account');
    expect(refreshed.json().cardHold).not.toHaveProperty('commissionPercent');
    expect((await stored(quoteId)).cardHold).toMatchObject({ status: 'authorised', account, commissionPercent: 12.5 });
    const revision = String(refreshed.headers.etag).replace(/"/g, '');
    expect(
      (await onAviation('POST', `/api/quotes/${quoteId}/accept`, { version: 1 }, { 'if-match': `"${revision}"` }))
        .statusCode,
    ).toBe(200);
    const vendor = (step: string, payload?: object) =>
      stored(quoteId).then((request) =>
        t.as('aviationAdmin', {
          method: 'POST',
          url: `/api/tenants/aviation/quote-requests/${quoteId}/${step}`,
          ...(payload && { payload }),
          headers: { 'if-match': `"${request.revision}"` },
        }),
      );
    expect((await vendor('confirm')).statusCode).toBe(200);
    // The production cancels: the house's 20% fee is captured on its account, and the platform's commission on that.
    expect((await vendor('cancel', { reason: 'Production moved' })).statusCode).toBe(200);
    const hold = (await stored(quoteId)).cardHold!;
    expect(hold).toMatchObject({ status: 'captured', account, commissionPercent: 12.5 });
    const capturedMinor = Math.round(hold.captured! * 100);
    expect(stripe.fees).toEqual([
      { account, intent: intentId, amount: Math.round(capturedMinor * 0.125), currency: 'usd' },
    ]);
    expect(hold.applicationFee).toBe(Math.round(capturedMinor * 0.125) / 100);
    // Every call about the hold was made on the house's account (the one exception is this test's own probe above).
    expect(
      stripe.requests.filter((call) => call.path.startsWith('/v1/payment_intents') && call.account !== account),
    ).toEqual([{ method: 'GET', path: `/v1/payment_intents/${intentId}` }]);

    const month = todayIn('America/Los_Angeles', new Date(hold.capturedAt!)).slice(0, 7);
    const statement = await t.as('aviationAdmin', {
      method: 'GET',
      url: `/api/tenants/aviation/payouts/statements/${month}`,
    });
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parse(statement.body, { columns: true }) as Array<Record<string, string>>;
    const production = (await stored(quoteId)).productionRequest;
    expect(rows).toEqual([
      {
        House: 'Jetway Props',
        Order: quoteId,
        'Production request': production,
        Production: 'Night Flight',
        'Captured on': todayIn('America/Los_Angeles', new Date(hold.capturedAt!)),
        Currency: 'USD',
        Captured: hold.captured!.toFixed(2),
        'Commission %': '12.5',
        'Platform fee': hold.applicationFee!.toFixed(2),
        'House receives': (hold.captured! - hold.applicationFee!).toFixed(2),
      },
      expect.objectContaining({
        Order: `Total ${month}`,
        Captured: hold.captured!.toFixed(2),
        'Platform fee': hold.applicationFee!.toFixed(2),
      }),
    ]);
    expect(
      (await t.as('platformStaff', { method: 'GET', url: `/api/tenants/aviation/payouts/statements/${month}` })).body,
    ).toBe(statement.body);
    expect(
      (await t.as('acmeAdmin', { method: 'GET', url: `/api/tenants/aviation/payouts/statements/${month}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.as('aviationAdmin', { method: 'GET', url: '/api/tenants/aviation/payouts/statements/2026-13' }))
        .statusCode,
    ).toBe(400);
  });

  it('takes no new hold once Stripe restricts the account, and says so', async () => {
    const next = await pricedPart('Second Unit');
    stripe.restrict(account);
    expect(
      (
        await webhook({
          id: 'evt_account_2',
          object: 'event',
          type: 'account.updated',
          account,
          data: { object: { id: account, object: 'account' } },
        })
      ).statusCode,
    ).toBe(200);
    expect(await t.app.payouts.of('aviation')).toMatchObject({ chargesEnabled: false, due: ['external_account'] });
    expect((await onAviation('POST', `/api/quotes/${next}/card-hold`)).statusCode).toBe(409);
  });
});
