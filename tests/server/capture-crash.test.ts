/**
 * kill -9 between Stripe's capture and the store's write, on the embedded store (the built server
 * as a real process, SQLite under its data folder), with cards held at Stripe (a loopback
 * STAND-IN of the few calls made: tests/helpers/stripe-stand-in.ts): a confirmed order whose
 * tenant takes a 20% cancellation fee is cancelled; Stripe captures the fee but its answer never
 * arrives, and the server is killed (SIGKILL) while it waits. The order is stored cancelled with
 * the capture still owed. Started again, the server's card-hold watch reads the intent from Stripe,
 * finds the fee captured, and records it: captured once, never twice.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMinor } from '../../schema/rental/card-hold';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import type { Catalogue, QuoteRequest } from '../../schema/types.generated';
import { StripePaymentProvider } from '../../server/payments/stripe-payment-provider';
import { SqliteQuoteRequestStore } from '../../server/stores/sqlite-quote-request-store';
import { PASSWORD, STAFF, staffCookie } from '../helpers/console';
import { tenantsDir } from '../helpers/paths';
import { http, startServer, type ServerProcess } from '../helpers/server-process';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in';

let root: string;
let server: ServerProcess | undefined;
let stripe: StripeStandIn;
const ORDER = 'capture-crash-order';
const env = () => ({
  BACKLOT_TENANTS_DIR: path.join(root, 'tenants'),
  BACKLOT_DATA_DIR: path.join(root, '.data'),
  BACKLOT_ADMIN_EMAIL: STAFF,
  BACKLOT_ADMIN_PASSWORD: PASSWORD,
  BACKLOT_PAYMENTS: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_crash',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_crash',
  STRIPE_WEBHOOK_SECRET: 'whsec_crash',
  BACKLOT_STRIPE_API_URL: stripe.url,
  BACKLOT_PAYMENT_CHECK_SECONDS: '1',
  LOG_LEVEL: 'warn',
});

beforeAll(async () => {
  stripe = await startStripeStandIn();
  root = await mkdtemp(path.join(tmpdir(), 'backlot-capture-crash-'));
  await cp(path.join(tenantsDir, 'aviation'), path.join(root, 'tenants', 'aviation'), { recursive: true });
  const siteFile = path.join(root, 'tenants', 'aviation', 'site.json');
  await writeFile(
    siteFile,
    JSON.stringify({ ...JSON.parse(await readFile(siteFile, 'utf8')), cancellationFeePercent: 20 }, null, 2),
  );
}, 30_000);
afterAll(async () => {
  await server?.stop();
  await stripe?.close();
  await rm(root, { recursive: true, force: true });
});

const catalogue = JSON.parse(await readFile(path.join(tenantsDir, 'aviation', 'catalogue.json'), 'utf8')) as Catalogue;
const item = catalogue.items.find((entry) => entry.quantity >= 2)!;
const start = earliestStart('America/Los_Angeles', 10, new Date());

/** The order, confirmed with its bookings placed and a card held at Stripe for it (authorised there, as Stripe.js leaves it). */
async function seed(): Promise<{ intentId: string; total: number }> {
  mkdirSync(path.join(root, '.data'), { recursive: true });
  const provider = new StripePaymentProvider({
    secretKey: 'sk_test_crash',
    publishableKey: 'pk_test_crash',
    webhookSecret: 'whsec_crash',
    apiUrl: stripe.url,
  });
  const total = 600;
  const intent = await provider.createHold({
    amount: toMinor(630, 'USD'),
    currency: 'USD',
    description: 'seed',
    metadata: { tenantId: 'aviation', quoteId: ORDER },
    payer: { key: 'aviation-crash', email: 'crash@studio.example' },
    idempotencyKey: 'seed-hold',
  });
  await fetch(`${stripe.url}/v1/payment_intents/${intent.id}/confirm`, {
    method: 'POST',
    body: new URLSearchParams({ payment_method: 'pm_card_visa' }),
  });
  const held = await provider.retrieve(intent.id);
  const store = new SqliteQuoteRequestStore(path.join(root, '.data', 'quotes.sqlite'));
  try {
    const now = new Date().toISOString();
    await store.add({
      id: ORDER,
      tenantId: 'aviation',
      uid: 'visitor',
      email: 'crash@studio.example',
      lines: [{ objectID: item.objectID, name: item.name, quantity: 2, dayRate: item.rates.day }],
      startDate: start,
      endDate: addDays(start, 2),
      createdAt: now,
      state: 'accepted',
      hold: 'none',
      versions: [
        {
          version: 1,
          sentAt: now,
          expiresOn: addDays(start, -1),
          pricing: { adjustments: {}, services: [] },
          breakdown: {
            days: 3,
            lines: [],
            rentalSubtotal: total,
            servicesSubtotal: 0,
            total,
            cardAuthorisation: { processingPercent: 5, processing: 30, amount: 630 },
            missingGlCodes: [],
          },
        },
      ],
      cardHold: {
        provider: 'stripe',
        intentId: held.id,
        status: 'authorised',
        currency: 'USD',
        amount: 630,
        parts: { total, processing: 30, deposit: 0 },
        version: 1,
        createdAt: now,
        authorisedAt: now,
        expiresAt: held.captureBefore!,
      },
    });
    await store.change('aviation', ORDER, {
      revision: 0,
      apply: (current) => ({ ...current, state: 'confirmed', hold: 'order' }),
      bookings: {
        place: 'order',
        placement: { stock: new Map([[item.objectID, item.quantity]]), turnaroundDays: 1, today: addDays(start, -10) },
      },
    });
  } finally {
    await store.close();
  }
  return { intentId: held.id, total };
}

const readOrder = async () => {
  const store = new SqliteQuoteRequestStore(path.join(root, '.data', 'quotes.sqlite'));
  try {
    return (await store.get('aviation', ORDER)) as QuoteRequest;
  } finally {
    await store.close();
  }
};

describe('a capture killed with SIGKILL between Stripe and the store', () => {
  it('is reconciled from Stripe on restart: recorded once, never captured twice', async () => {
    const { intentId, total } = await seed();
    server = await startServer(env());
    const cookie = await staffCookie(server.url);

    stripe.doButNeverAnswer('/capture');
    const cancelling = http(`${server.url}/api/tenants/aviation/quote-requests/${ORDER}/cancel`, {
      method: 'POST',
      headers: { cookie, origin: server.url, 'if-match': '"1"' },
      body: { reason: 'Production pulled' },
    }).catch(() => undefined);
    // Stripe has captured the fee; the server is still waiting for its answer when it dies.
    await expect.poll(() => stripe.intents.get(intentId)?.status, { interval: 20 }).toBe('succeeded');
    process.kill(-server.child.pid!, 'SIGKILL');
    await cancelling;
    server = undefined;
    const fee = Math.round(total * 0.2 * 100);
    expect(stripe.intents.get(intentId)).toMatchObject({ amount_received: fee });
    const crashed = await readOrder();
    expect(crashed).toMatchObject({
      state: 'cancelled',
      cardHold: { status: 'authorised', pending: { action: 'capture', amount: fee / 100 } },
    });

    // Started again: the watch reads the intent from Stripe, finds the capture made, and records it.
    stripe.answerAgain();
    const capturesBefore = stripe.requests.filter((call) => call.path.endsWith('/capture')).length;
    server = await startServer(env());
    await expect
      .poll(async () => (await readOrder()).cardHold?.status, { timeout: 20_000, interval: 200 })
      .toBe('captured');
    const recorded = await readOrder();
    expect(recorded.cardHold).toMatchObject({ status: 'captured', captured: fee / 100 });
    expect(recorded.cardHold).not.toHaveProperty('pending');
    // No second capture was asked for: Stripe was read, not charged again.
    expect(stripe.requests.filter((call) => call.path.endsWith('/capture')).length).toBe(capturesBefore);
    expect(stripe.intents.get(intentId)).toMatchObject({ status: 'succeeded', amount_received: fee });
  });
});
