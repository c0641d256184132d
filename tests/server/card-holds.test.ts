/**
 * Card holds over the real app on the built-in test provider (a real SQLite file): accepting needs
 * an authorised hold of the total, the processing percentage and the deposit; a declined card and
 * a failed bank's check say why and leave nothing accepted; the bank's check page passes; closing
 * a returned hire captures what it came to (late and damage charges included, the rest and the
 * deposit released), cancelling releases or takes the tenant's fee, a declined quote releases; a
 * hold about to lapse is renewed with the saved card, and a renewal the card refuses is mailed to
 * the vendor at once; nothing card-shaped reaches the request.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import type { Catalogue, QuoteRequest } from '../../schema/types.generated';
import type { OutboxMailer } from '../../server/mail/mailer';
import { TestPaymentProvider } from '../../server/payments/test-payment-provider';
import { authoriseCard, TEST_CARDS } from '../helpers/card-hold';
import { buildTestApp, type TestApp } from '../helpers/server';
import { AVIATION_HOST, storefrontVisitor } from '../helpers/storefront-visitor';

const TZ = 'America/Los_Angeles';
/** Ten in stock, counted as a quantity; made $65 a day and $650 to replace below. */
const CASES = '1950s-hard-train-case-cream';

let t: TestApp;
let paymentsDir: string;
let clockOffset = 0;
let provider: TestPaymentProvider;
beforeAll(async () => {
  paymentsDir = await mkdtemp(path.join(tmpdir(), 'backlot-card-holds-'));
  // The provider's clock can be moved on, so holds lapse within the test.
  provider = new TestPaymentProvider(paymentsDir, () => new Date(Date.now() + clockOffset));
  t = await buildTestApp({
    identity: { attemptsPerMinute: 1000 },
    quotes: { requestsPerMinute: 1000 },
    payments: provider,
    // The cases get a replacement value (the deposit's and the damage charge's base) and a round day rate.
    beforeStart: async (tenants) => {
      const file = path.join(tenants, 'aviation', 'catalogue.json');
      const catalogue = JSON.parse(await readFile(file, 'utf8')) as Catalogue;
      const cases = catalogue.items.find((item) => item.objectID === CASES)!;
      Object.assign(cases, { rates: { day: 65 }, replacementValue: 650 });
      await writeFile(file, JSON.stringify(catalogue));
    },
  });
});
afterAll(async () => {
  await t.close();
  await provider.close();
  await rm(paymentsDir, { recursive: true, force: true });
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
const vendor = (url: string, revision: string | number, payload?: object) =>
  t.as('aviationAdmin', {
    method: 'POST',
    url: `/api/tenants/aviation/quote-requests/${url}`,
    ...(payload && { payload }),
    headers: { 'if-match': `"${revision}"` },
  });
const stored = async (id: string) => (await t.app.quoteRequests.get('aviation', id)) as QuoteRequest;
const mails = () => (t.app.mailer as OutboxMailer).list();
/** Aviation's own account at the test provider (given at start): its holds are found only on it. */
const aviationAccount = async () => ({ account: (await t.app.payouts.of('aviation')).accountId });

/** A request for `quantity` cases over three days, quoted by the vendor; the visitor's cookie. */
async function quoted(email: string, quantity: number, inDays = 3) {
  const who = await storefrontVisitor(t, email);
  const from = addDays(earliestStart(TZ, 2, new Date()), inDays);
  const asked = await storefront('POST', '/api/quote-requests', who.cookie, {
    items: [{ objectID: CASES, quantity }],
    startDate: from,
    endDate: addDays(from, 2),
    production: 'Night Flight',
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const id = asked.json().id as string;
  expect((await vendor(`${id}/quote`, 0, { adjustments: {}, services: [] })).statusCode).toBe(200);
  return { id, cookie: who.cookie };
}
const accept = (id: string, cookie: string, revision: string | number) =>
  storefront('POST', `/api/quotes/${id}/accept`, cookie, { version: 1 }, { 'if-match': `"${revision}"` });

describe('card holds', () => {
  it('asks for the card before accepting, holds the total, processing and deposit, and keeps only the provider’s ids', async () => {
    const { id, cookie } = await quoted('hold@studio.example', 2);
    const refused = await accept(id, cookie, 1);
    expect(refused.statusCode).toBe(402);
    // Three days of two cases ($65 × the film week's first three days: 0.5 + 0.5 + 1 = 2 day rates each = $260), 5% processing, 33% of 2 × $650.
    expect(refused.json().message).toBe(
      'Authorise your card first: accepting holds $702.00 on it (nothing is charged until the hire is closed).',
    );

    const started = await storefront('POST', `/api/quotes/${id}/card-hold`, cookie);
    expect(started.json()).toMatchObject({
      payment: { provider: 'test', testMode: true },
      cardHold: {
        status: 'awaitingCard',
        amount: 702,
        parts: { total: 260, processing: 13, deposit: 429 },
        version: 1,
      },
    });
    // A second start picks up the same hold.
    const again = await storefront('POST', `/api/quotes/${id}/card-hold`, cookie);
    expect(again.json().cardHold.intentId).toBe(started.json().cardHold.intentId);

    const { revision, status, view } = await authoriseCard(t.app, id, cookie);
    expect(status).toBe('authorised');
    const hold = (view as { cardHold: { expiresAt: string } }).cardHold;
    expect(Date.parse(hold.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(JSON.stringify(await stored(id))).not.toMatch(/4242|_secret_/);
    const accepted = await accept(id, cookie, revision);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().state).toBe('accepted');
  });

  it('says why a card is declined, and that the bank’s check failed or passed', async () => {
    const { id, cookie } = await quoted('declined@studio.example', 1);
    const declined = await authoriseCard(t.app, id, cookie, TEST_CARDS.declined);
    expect(declined.view).toMatchObject({
      cardHold: { status: 'declined', declineMessage: 'Your card was declined.' },
    });
    expect((await accept(id, cookie, declined.revision)).statusCode).toBe(402);

    // The same hold takes another card: this one asks for the bank's check first.
    const checking = await authoriseCard(t.app, id, cookie, TEST_CARDS.authenticate);
    expect(checking.status).toBe('needsAuthentication');
    expect(checking.redirectUrl).toMatch(/^\/payments\/test\/authenticate\?secret=/);
    const page = await t.app.inject({
      method: 'GET',
      url: `${checking.redirectUrl}&return=${encodeURIComponent(`/quotes/${id}`)}`,
      headers: { host: AVIATION_HOST },
    });
    expect(page.body).toContain('Test mode');
    expect(page.body).toContain('Complete the check');
    const secret = new URL(`http://x${checking.redirectUrl}`).searchParams.get('secret')!;
    const back = await t.app.inject({
      method: 'POST',
      url: '/payments/test/authenticate',
      headers: {
        host: AVIATION_HOST,
        origin: `http://${AVIATION_HOST}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ secret, return: 'https://evil.example/', outcome: 'pass' }).toString(),
    });
    expect(back.statusCode).toBe(303);
    // Back to this site only.
    expect(back.headers.location).toBe('/');
    const refreshed = await storefront('POST', `/api/quotes/${id}/card-hold/refresh`, cookie);
    expect(refreshed.json().cardHold.status).toBe('authorised');
  });

  it('never leaves a quote unacceptable at the bank’s check: another card starts again, and a check the provider gave up on is settled from the console', async () => {
    // The visitor closes the tab on the bank's page; back on the quote, another card starts again.
    const { id, cookie } = await quoted('abandoned@studio.example', 1);
    const left = await authoriseCard(t.app, id, cookie, TEST_CARDS.authenticate);
    expect(left.status).toBe('needsAuthentication');
    const abandonedIntent = (await stored(id)).cardHold!.intentId;
    const again = await authoriseCard(t.app, id, cookie, TEST_CARDS.ok);
    expect(again.status).toBe('authorised');
    expect((await stored(id)).cardHold!.intentId).not.toBe(abandonedIntent);
    // The check left behind is cancelled at the provider: it can never be completed and held as well.
    expect((await provider.retrieve(abandonedIntent, await aviationAccount())).status).toBe('canceled');
    expect((await accept(id, cookie, again.revision)).statusCode).toBe(200);

    // The provider gives up on a check (as Stripe cancels an intent): the console's check says so, and the visitor starts again.
    const second = await quoted('given-up@studio.example', 1);
    await authoriseCard(t.app, second.id, second.cookie, TEST_CARDS.authenticate);
    const intentId = (await stored(second.id)).cardHold!.intentId;
    await provider.cancel(intentId, `gave-up-${intentId}`, await aviationAccount());
    const checked = await t.as('aviationAdmin', {
      method: 'POST',
      url: `/api/tenants/aviation/quote-requests/${second.id}/card-hold/settle`,
    });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().cardHold).toMatchObject({
      status: 'declined',
      declineMessage: 'Your bank’s check was not finished.',
    });
    const retried = await authoriseCard(t.app, second.id, second.cookie, TEST_CARDS.ok);
    expect(retried.status).toBe('authorised');
    expect((await accept(second.id, second.cookie, retried.revision)).statusCode).toBe(200);
  });

  it('captures what a closed hire came to and releases the rest; a cancelled order releases, or takes the fee', async () => {
    const { id, cookie } = await quoted('close@studio.example', 1);
    const { revision } = await authoriseCard(t.app, id, cookie);
    expect((await accept(id, cookie, revision)).statusCode).toBe(200);
    expect((await vendor(`${id}/confirm`, Number(revision) + 1)).statusCode).toBe(200);
    const scan = async (direction: 'out' | 'in', extra: object = {}) =>
      t.as('aviationAdmin', {
        method: 'POST',
        url: `/api/tenants/aviation/orders/${id}/scans`,
        payload: { id: `${id}-${direction}`, direction, code: CASES, count: 1, ...extra },
      });
    expect((await scan('out')).statusCode).toBe(200);
    expect((await scan('in', { condition: 'damaged', note: 'Latch torn off' })).statusCode).toBe(200);
    const before = await stored(id);
    const closed = await vendor(`${id}/close`, before.revision!);
    expect(closed.statusCode, closed.body).toBe(200);
    const after = await stored(id);
    // $130 hire + 25% of $650 damage = $292.50, plus 5% processing = $307.13; of $351.00 held (130 + 6.50 + 214.50).
    expect(after.cardHold).toMatchObject({ status: 'captured', amount: 351, captured: 307.13 });
    expect(after.cardHold).not.toHaveProperty('pending');
    expect((await provider.retrieve(after.cardHold!.intentId, await aviationAccount())).amountReceived).toBe(30_713);

    // Cancelled after confirmation: released (the aviation tenant takes no cancellation fee).
    const cancelled = await quoted('cancel@studio.example', 1, 5);
    const auth = await authoriseCard(t.app, cancelled.id, cancelled.cookie);
    await accept(cancelled.id, cancelled.cookie, auth.revision);
    await vendor(`${cancelled.id}/confirm`, Number(auth.revision) + 1);
    expect(
      (await vendor(`${cancelled.id}/cancel`, Number(auth.revision) + 2, { reason: 'Shoot moved' })).statusCode,
    ).toBe(200);
    expect((await stored(cancelled.id)).cardHold).toMatchObject({ status: 'released' });
    expect(
      (await provider.retrieve((await stored(cancelled.id)).cardHold!.intentId, await aviationAccount())).status,
    ).toBe('canceled');

    // A declined quote releases its hold too.
    const declined = await quoted('decline@studio.example', 1, 6);
    const held = await authoriseCard(t.app, declined.id, declined.cookie);
    expect(
      (
        await storefront(
          'POST',
          `/api/quotes/${declined.id}/decline`,
          declined.cookie,
          { reason: 'Found them elsewhere' },
          { 'if-match': `"${held.revision}"` },
        )
      ).statusCode,
    ).toBe(200);
    expect((await stored(declined.id)).cardHold?.status).toBe('released');
  });

  it('takes the tenant’s cancellation fee from the hold when it has one', async () => {
    const site = await t.as('aviationAdmin', { method: 'GET', url: '/api/tenants/aviation' });
    const tenant = site.json();
    const saved = await t.as('aviationAdmin', {
      method: 'PUT',
      url: '/api/tenants/aviation',
      headers: { 'if-match': String(site.headers.etag) },
      payload: { ...tenant, site: { ...tenant.site, cancellationFeePercent: 20 } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { id, cookie } = await quoted('fee@studio.example', 1, 7);
    const { revision } = await authoriseCard(t.app, id, cookie);
    await accept(id, cookie, revision);
    await vendor(`${id}/confirm`, Number(revision) + 1);
    expect((await vendor(`${id}/cancel`, Number(revision) + 2, { reason: 'Production cancelled' })).statusCode).toBe(
      200,
    );
    // 20% of the $130 quote.
    expect((await stored(id)).cardHold).toMatchObject({ status: 'captured', captured: 26 });
  });

  it('renews a hold about to lapse with the saved card, and tells the vendor at once when the card refuses', async () => {
    const { id, cookie } = await quoted('renew@studio.example', 1, 8);
    const { revision } = await authoriseCard(t.app, id, cookie);
    await accept(id, cookie, revision);
    const first = (await stored(id)).cardHold!;
    // Six and a half days on, the hold lapses within the 24 hours' notice.
    clockOffset = 6.5 * 86_400_000;
    const now = new Date(Date.now() + clockOffset);
    const site = (await t.app.tenantStore.get('aviation'))!.tenant.site;
    expect(
      await t.app.cardHolds.pass(
        'aviation',
        { ...site, retryBackoff: { baseMs: 1000, factor: 2, jitter: false, capMs: 14_400_000 } },
        now,
      ),
    ).toContain(id);
    const renewed = (await stored(id)).cardHold!;
    expect(renewed).toMatchObject({ status: 'authorised', renewals: 1, replaced: [first.intentId] });
    expect(renewed.intentId).not.toBe(first.intentId);
    expect(Date.parse(renewed.expiresAt!)).toBeGreaterThan(Date.parse(first.expiresAt!));
    expect((await provider.retrieve(first.intentId, await aviationAccount())).status).toBe('canceled');

    // A card that authorises once and declines off session.
    clockOffset = 0;
    const fussy = await quoted('fussy@studio.example', 1, 9);
    const held = await authoriseCard(t.app, fussy.id, fussy.cookie, TEST_CARDS.declineAgain);
    expect(held.status).toBe('authorised');
    await accept(fussy.id, fussy.cookie, held.revision);
    clockOffset = 6.5 * 86_400_000;
    await t.app.cardHolds.pass('aviation', site, new Date(Date.now() + clockOffset));
    const kept = (await stored(fussy.id)).cardHold!;
    expect(kept).toMatchObject({
      status: 'authorised',
      intentId: held.view.cardHold && (held.view as { cardHold: { intentId: string } }).cardHold.intentId,
      pending: { action: 'renew', attempts: 1 },
    });
    expect(kept.pending!.lastError).toMatch(/Your card was declined/);
    const told = (await mails()).filter((mail) => mail.subject === 'Card hold not renewed: Night Flight');
    expect(told.map((mail) => mail.to)).toEqual(['rentals@jetwayprops.com']);
    const { text } = await simpleParser(await readFile(path.join((t.app.mailer as OutboxMailer).dir, told[0]!.file)));
    expect(text).toMatch(/Authorising it again failed: Your card was declined\./);
    // A refusal is tried again at the backoff's cap (4 hours), and told once.
    await t.app.cardHolds.pass('aviation', site, new Date(Date.now() + clockOffset + 4.1 * 3_600_000));
    expect((await mails()).filter((mail) => mail.subject === 'Card hold not renewed: Night Flight')).toHaveLength(1);
    expect((await stored(fussy.id)).cardHold!.pending!.attempts).toBe(2);
    clockOffset = 0;
  });
});
