/**
 * Orders on a customer account over the real app (issue 38): a member of a studio's account sees
 * it on the quote, accepts with no card hold (aviation takes cards from everyone else), giving the
 * purchase order the account requires; someone not on the account, or who has left it, is refused
 * naming the field. The house confirms; its pro forma and the closed hire's invoice are made out to
 * the account and due on its terms, with no card processing and nothing captured. A second order that would pass the
 * account's credit limit is held back until the house gives a reason, which the order keeps; an
 * account on stop confirms nothing. The hire goes out with no card hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import type { Invoice, QuoteRequest } from '../../schema/types.generated';
import { pdfPages } from '../helpers/pdf-text';
import { buildTestApp, type TestApp } from '../helpers/server';
import { AVIATION_HOST, storefrontVisitor } from '../helpers/storefront-visitor';

const SEATS = '1950s-propliner-triple-seat-row-brown-houndstooth';
const TZ = 'America/Los_Angeles';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ identity: { attemptsPerMinute: 1000 }, quotes: { requestsPerMinute: 1000 } });
});
afterAll(() => t.close());

const stored = async (id: string) => (await t.app.quoteRequests.get('aviation', id)) as QuoteRequest;
const vendor = async (id: string, action: string, payload?: object) =>
  t.as('aviationAdmin', {
    method: 'POST',
    url: `/api/tenants/aviation/quote-requests/${id}/${action}`,
    ...(payload && { payload }),
    headers: { 'if-match': `"${(await stored(id)).revision}"` },
  });
const accounts = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.as('aviationAdmin', { method, url: `/api/tenants/aviation/accounts${url}`, ...(payload && { payload }), headers });

/** A visitor's quote for two seat rows over three days, priced by the house; the visitor's cookie with it. */
const visitors = new Map<string, Awaited<ReturnType<typeof storefrontVisitor>>>();
async function quoted(email: string, inDays: number, { confirmed = true } = {}) {
  if (!visitors.has(email)) visitors.set(email, await storefrontVisitor(t, email, true, 'aviation', { confirmed }));
  const who = visitors.get(email)!;
  const storefront = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      ...(payload && { payload }),
      headers: { host: AVIATION_HOST, origin: `http://${AVIATION_HOST}`, cookie: who.cookie, ...headers },
    });
  const from = addDays(earliestStart(TZ, 2, new Date()), inDays);
  const asked = await storefront('POST', '/api/quote-requests', {
    items: [{ objectID: SEATS, quantity: 2 }],
    startDate: from,
    endDate: addDays(from, 2),
    production: 'Night Flight',
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const id = asked.json().id as string;
  expect((await vendor(id, 'quote', { adjustments: {}, services: [] })).statusCode).toBe(200);
  const accept = async (body: object) =>
    storefront(
      'POST',
      `/api/quotes/${id}/accept`,
      { version: 1, ...body },
      { 'if-match': `"${(await stored(id)).revision}"` },
    );
  return { id, storefront, accept };
}

const WARNER = {
  id: 'warner',
  name: 'Warner Bros. Pictures',
  kind: 'studio',
  terms: { method: 'account', netDays: 45, deposit: 'none' },
  taxNumber: 'CA-SR-1234567',
  billingAddress: { line1: '4000 Warner Blvd', city: 'Burbank', state: 'CA', zip: '91522', country: 'US' },
  exemption: { kind: 'resale', number: 'SR-88-1234', expiresOn: '2030-12-31' },
  purchaseOrderRequired: true,
  members: [
    { email: 'kim@warner.example', name: 'Kim', addedAt: '2026-11-28T10:00:00.000Z' },
    { email: 'lee@warner.example', name: 'Lee', addedAt: '2026-11-28T10:00:00.000Z' },
  ],
};

describe('orders on a customer account', () => {
  let first: string;

  it('lets a member accept with no card, with the purchase order the account needs, and refuses anyone else', async () => {
    expect((await accounts('POST', '', WARNER)).statusCode).toBe(201);
    const kim = await quoted('kim@warner.example', 3);
    const seen = await kim.storefront('GET', `/api/quotes/${kim.id}`);
    expect(seen.json().orderOn).toMatchObject([
      {
        id: 'warner',
        name: 'Warner Bros. Pictures',
        netDays: 45,
        deposit: 'none',
        taxNumber: 'CA-SR-1234567',
        exemption: { kind: 'resale', number: 'SR-88-1234', expiresOn: '2030-12-31' },
        purchaseOrderRequired: true,
      },
    ]);
    // On the account the order carries no card processing, and Warner's resale certificate takes the tax off the hire.
    expect(seen.json().orderOn[0].due).toMatchObject({ net: 900, processing: 0, total: 900 });
    expect(seen.json().due).toMatchObject({ net: 900, processing: 45, total: 945 });

    // By card, as anyone: aviation holds a card first.
    expect((await kim.accept({})).statusCode).toBe(402);
    const withoutPo = await kim.accept({ account: 'warner' });
    expect(withoutPo.statusCode).toBe(400);
    expect(withoutPo.json().errors.purchaseOrder).toBe(
      'Warner Bros. Pictures orders with a purchase order: give its number',
    );

    const stranger = await quoted('sam@elsewhere.example', 3);
    expect((await stranger.storefront('GET', `/api/quotes/${stranger.id}`)).json().orderOn).toBeUndefined();
    const refused = await stranger.accept({ account: 'warner', purchaseOrder: 'PO-1' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.account).toMatch(/may not order on that account here/);

    const accepted = await kim.accept({ account: 'warner', purchaseOrder: 'WB-PO-5512' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      state: 'accepted',
      purchaseOrder: 'WB-PO-5512',
      account: { id: 'warner', netDays: 45 },
    });
    expect((await stored(kim.id)).cardHold).toBeUndefined();
    first = kim.id;
  });

  it("refuses a member's address its visitor never confirmed, and another house's account to every visitor", async () => {
    const paramount = {
      ...WARNER,
      id: 'paramount',
      name: 'Paramount Pictures',
      purchaseOrderRequired: false,
      members: [{ email: 'pat@paramount.example', addedAt: '2026-11-28T10:00:00.000Z' }],
    };
    expect((await accounts('POST', '', paramount)).statusCode).toBe(201);
    // Signed up with the member's address but never followed the link sent to it: not theirs yet.
    const typed = await quoted('pat@paramount.example', 3, { confirmed: false });
    expect((await typed.storefront('GET', `/api/quotes/${typed.id}`)).json()).toMatchObject({
      confirmEmailFor: ['Paramount Pictures'],
    });
    expect((await typed.storefront('GET', `/api/quotes/${typed.id}`)).json().orderOn).toBeUndefined();
    const unconfirmed = await typed.accept({ account: 'paramount' });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().errors.account).toMatch(/^confirm pat@paramount\.example first/);

    // A house's account here, its public email the only member: a visitor who holds that address
    // (confirmed, even) cannot name it; only the house's staff use it, through the sub-hire routes.
    const soho = {
      ...paramount,
      id: 'house-london',
      name: 'Soho Prop Hire',
      kind: 'house',
      members: [{ email: 'hire@sohoprops.example', addedAt: '2026-11-28T10:00:00.000Z' }],
    };
    expect((await accounts('POST', '', soho)).statusCode).toBe(201);
    const visitor = await quoted('hire@sohoprops.example', 3);
    expect((await visitor.storefront('GET', `/api/quotes/${visitor.id}`)).json().orderOn).toBeUndefined();
    const refused = await visitor.accept({ account: 'house-london' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.account).toMatch(/may not order on that account here/);
  });

  it('refuses a visitor who has left the account, at acceptance and again at confirmation', async () => {
    const lee = await quoted('lee@warner.example', 3);
    // Accepted while Lee was on the account; the house confirms after Lee has left it.
    const before = await quoted('lee@warner.example', 4);
    const accepted = await before.accept({ account: 'warner', purchaseOrder: 'WB-PO-8' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const current = (await accounts('GET', '/warner')).json();
    const { tenantId: _t, currency: _c, version, createdAt: _a, updatedAt: _u, ...input } = current;
    const left = await accounts(
      'PUT',
      '/warner',
      { ...input, members: input.members.filter((member: { email: string }) => member.email !== 'lee@warner.example') },
      { 'if-match': `"${version}"` },
    );
    expect(left.statusCode, left.body).toBe(200);
    const refused = await lee.accept({ account: 'warner', purchaseOrder: 'WB-PO-9' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.account).toMatch(/lee@warner.example may not order on that account/);
    const confirmed = await vendor(before.id, 'confirm');
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().message).toBe(
      'lee@warner.example is no longer on the account Warner Bros. Pictures: add them to it again, or ask the production to accept again with a card.',
    );
  });

  it('confirms on the account: the pro forma and the invoice are made out to it, due on its terms, and the hire goes out with no card', async () => {
    const confirmed = await vendor(first, 'confirm');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [proForma] = (await t.app.invoices.forQuote('aviation', first)) as Invoice[];
    expect(proForma).toMatchObject({
      kind: 'proForma',
      billTo: { account: { id: 'warner', name: 'Warner Bros. Pictures', netDays: 45 }, purchaseOrder: 'WB-PO-5512' },
    });
    expect(proForma!.dueDate).toBe(addDays(proForma!.issueDate, 45));
    // Nothing holds it in: no card was ever asked of an account with no deposit.
    const out = await t.as('aviationAdmin', {
      method: 'POST',
      url: `/api/tenants/aviation/orders/${first}/scans`,
      payload: { id: `${first}-out`, direction: 'out', code: SEATS, count: 2 },
    });
    expect(out.json().record.outcome, out.body).toBe('ok');
    expect(
      (
        await t.as('aviationAdmin', {
          method: 'POST',
          url: `/api/tenants/aviation/orders/${first}/scans`,
          payload: { id: `${first}-in`, direction: 'in', code: SEATS, count: 2 },
        })
      ).statusCode,
    ).toBe(200);
    expect((await vendor(first, 'close')).statusCode).toBe(200);
    const invoice = (await t.app.invoices.forQuote('aviation', first)).find((document) => document.kind === 'invoice')!;
    expect(invoice).toMatchObject({ paid: 0, billTo: { account: { id: 'warner' } } });
    // Not paid by card: no card processing on it (aviation adds 5% to card orders).
    expect(invoice.lines.map((line) => line.kind)).not.toContain('processing');
    expect(proForma!.lines.map((line) => line.kind)).not.toContain('processing');
    expect(invoice.balance).toBe(invoice.total);
    expect(invoice.dueDate).toBe(addDays(invoice.issueDate, 45));
    const pdf = await t.as('aviationAdmin', {
      method: 'GET',
      url: `/api/tenants/aviation/invoices/${invoice.number}/pdf`,
    });
    expect(pdf.statusCode).toBe(200);
    const [page] = await pdfPages(pdf.rawPayload);
    expect(page).toMatch(/BILL TO\s+Warner Bros\. Pictures\s+Attn: /);
    // The account's billing address, carried onto the order at acceptance.
    expect(page).toMatch(/4000 Warner Blvd\s+Burbank, CA 91522\s+US/);
    expect(page).toContain('Tax number: CA-SR-1234567');
    expect(page).toMatch(/Resale certificate SR-88-1234, valid to Dec 31, 2030/);
    expect(page).toMatch(/Terms\s+On account, net 45 days/);
  });

  it('holds back an order past the credit limit until the house gives a reason, and confirms nothing while the account is on stop', async () => {
    const owed = (await t.app.invoices.forAccount('aviation', 'warner')).find(
      (document) => document.kind === 'invoice',
    )!.balance;
    const current = (await accounts('GET', '/warner')).json();
    const { tenantId: _t, currency: _c, version, createdAt: _a, updatedAt: _u, ...input } = current;
    // A limit just above what is owed: the next order passes it.
    const limited = await accounts(
      'PUT',
      '/warner',
      { ...input, creditLimit: Math.round(owed * 100) + 100 },
      { 'if-match': `"${version}"` },
    );
    expect(limited.statusCode, limited.body).toBe(200);

    const kim = await quoted('kim@warner.example', 10);
    expect((await kim.accept({ account: 'warner', purchaseOrder: 'WB-PO-5513' })).statusCode).toBe(200);
    const held = await vendor(kim.id, 'confirm');
    expect(held.statusCode).toBe(409);
    expect(held.json().errors.release).toMatch(
      /^Warner Bros\. Pictures owes \$[\d,.]+; this order's \$[\d,.]+ takes it past its credit limit of \$[\d,.]+\. Give a reason/,
    );
    expect((await stored(kim.id)).state).toBe('accepted');

    const onStop = await accounts(
      'PUT',
      '/warner',
      {
        ...input,
        creditLimit: Math.round(owed * 100) + 100,
        onStop: { reason: 'Cheque bounced', since: '2026-11-28T12:00:00.000Z', by: 'admin@jetwayprops.com' },
      },
      {
        'if-match': `"${version + 1}"`,
      },
    );
    expect(onStop.statusCode, onStop.body).toBe(200);
    const stopped = await vendor(kim.id, 'confirm', { release: 'Producer vouched for it' });
    expect(stopped.statusCode).toBe(409);
    expect(stopped.json().message).toBe(
      'Warner Bros. Pictures is on stop: Cheque bounced. Take the account off stop to confirm orders on it.',
    );

    const { onStop: _stop, ...offStop } = { ...input, creditLimit: Math.round(owed * 100) + 100 };
    expect((await accounts('PUT', '/warner', offStop, { 'if-match': `"${version + 2}"` })).statusCode).toBe(200);
    const released = await vendor(kim.id, 'confirm', { release: 'Producer vouched for it' });
    expect(released.statusCode, released.body).toBe(200);
    expect((await stored(kim.id)).accountRelease).toMatchObject({
      reason: 'Producer vouched for it',
      by: 'admin@jetwayprops.com',
      held: expect.stringMatching(/past its credit limit/),
    });
  });

  it('records payments against the invoice once, refuses bad ones by field, keeps an overpayment as the account’s credit, and lists aged debtors', async () => {
    const invoice = (await t.app.invoices.forQuote('aviation', first)).find((document) => document.kind === 'invoice')!;
    const pay = (payload: object) =>
      t.as('aviationAdmin', {
        method: 'POST',
        url: `/api/tenants/aviation/invoices/${invoice.number}/payments`,
        payload,
      });
    const today = (await t.as('aviationAdmin', { method: 'GET', url: '/api/tenants/aviation/aged-debtors' })).json()
      .today as string;
    // The payments answer gives the house's today (Los Angeles), the default a payment dialog offers wherever staff sit.
    expect(
      (
        await t.as('aviationAdmin', { method: 'GET', url: `/api/tenants/aviation/invoices/${invoice.number}/payments` })
      ).json().today,
    ).toBe(today);
    const base = {
      id: 'wire-00001',
      amount: 100,
      currency: 'USD',
      receivedOn: today,
      method: 'bankTransfer',
      reference: 'WB AP 7781',
    };

    expect((await pay({ ...base, currency: 'GBP' })).json().errors).toEqual({
      currency: `${invoice.number} is in USD: record what arrived in USD`,
    });
    expect((await pay({ ...base, receivedOn: addDays(today, 1) })).json().errors.receivedOn).toBe(
      `is after today (${today}): record a payment once it has arrived`,
    );
    expect((await pay({ ...base, receivedOn: '2000-01-01' })).json().errors.receivedOn).toBe(
      `is before ${invoice.number} was issued (${invoice.issueDate}): give the day the money arrived, on or after it`,
    );
    expect((await pay({ ...base, amount: -5 })).statusCode).toBe(400);
    const proForma = (await t.app.invoices.forQuote('aviation', first)).find(
      (document) => document.kind === 'proForma',
    )!;
    const onProForma = await t.as('aviationAdmin', {
      method: 'POST',
      url: `/api/tenants/aviation/invoices/${proForma.number}/payments`,
      payload: base,
    });
    expect(onProForma.statusCode).toBe(409);
    expect(onProForma.json().message).toBe(
      `Not recorded: ${proForma.number} is a pro forma: payments are recorded against the invoice`,
    );

    const paid = await pay(base);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({
      repeat: false,
      owed: invoice.balance - 100,
      payment: { applied: 100, credit: 0, account: 'warner', recordedBy: 'admin@jetwayprops.com' },
    });
    // Sent twice (a double click, a retry): once.
    expect((await pay(base)).json()).toMatchObject({ repeat: true, owed: invoice.balance - 100 });
    expect(
      (
        await t.as('aviationAdmin', { method: 'GET', url: `/api/tenants/aviation/invoices/${invoice.number}/payments` })
      ).json().payments,
    ).toHaveLength(1);

    // The rest and $50 more: the invoice is paid, and the $50 stays on Warner's account.
    // The same bank reference written another way is the same payment.
    for (const reference of ['WB-AP-7781', 'wb ap 7781.', 'WBAP7781'])
      expect(
        (await pay({ ...base, id: `wire-${reference.replace(/\W/g, '')}`, reference })).json().errors.reference,
      ).toMatch(/^WB AP 7781 for \$100\.00 on .* was recorded on INV-\d+ by admin@jetwayprops\.com already/);
    // More than is owed is kept as credit only when asked, and never more than the invoice came to.
    const unasked = await pay({ ...base, id: 'wire-00009', reference: 'WB-9', amount: invoice.balance - 100 + 50 });
    expect(unasked.json().errors.amount).toMatch(
      /^is \$50\.00 more than the \$[\d,.]+ still owed on INV-\d+: choose to keep the rest as Warner Bros\. Pictures's credit, or record what is owed$/,
    );
    const huge = await pay({ ...base, id: 'wire-00010', reference: 'WB-10', amount: 1_000_000, keepRest: true });
    expect(huge.json().errors.amount).toMatch(/^would leave \$[\d,.]+ as credit, more than INV-\d+ came to/);
    const rest = await pay({ ...base, id: 'wire-00002', amount: invoice.balance - 100 + 50, keepRest: true });
    expect(rest.json()).toMatchObject({ owed: 0, payment: { applied: invoice.balance - 100, credit: 50 } });
    const aged = (await t.as('aviationAdmin', { method: 'GET', url: '/api/tenants/aviation/aged-debtors' })).json();
    const warner = aged.rows.find((row: { key: string }) => row.key === 'warner');
    expect(warner).toMatchObject({ name: 'Warner Bros. Pictures', credit: 50 });
    // The invoice is paid: only the second order's (still a pro forma) is not an invoice, so nothing of Warner's is aged.
    expect(warner?.total ?? 0).toBe(0);
    expect((await t.as('acmeAdmin', { method: 'GET', url: '/api/tenants/aviation/aged-debtors' })).statusCode).toBe(
      404,
    );

    // Where Warner stands: the released order's pro forma, less the $50 it holds, within the limit set above (a dollar over the first invoice).
    const second = (await t.app.invoices.forAccount('aviation', 'warner')).find(
      (document) => document.kind === 'proForma' && document.quoteId !== first,
    )!;
    const standing = (await accounts('GET', '/warner/standing')).json();
    expect(standing).toMatchObject({ owed: second.total - 50, credit: 50, overdue: 0 });
    expect(standing.limit).toBe(invoice.balance + 1);
  });

  it('counts two orders confirmed at once against the limit: one goes through, the other waits for a release', async () => {
    const opened = await accounts('POST', '', {
      id: 'lionsgate',
      name: 'Lionsgate',
      kind: 'studio',
      terms: { method: 'account', netDays: 30, deposit: 'none' },
      members: [{ email: 'ana@lionsgate.example', addedAt: '2026-11-28T10:00:00.000Z' }],
    });
    expect(opened.statusCode).toBe(201);
    const [one, two] = [await quoted('ana@lionsgate.example', 20), await quoted('ana@lionsgate.example', 30)];
    for (const order of [one, two]) expect((await order.accept({ account: 'lionsgate' })).statusCode).toBe(200);
    // A limit that holds either order, not both.
    const total = (await one.storefront('GET', `/api/quotes/${one.id}`)).json().due.total as number;
    const { version } = (await accounts('GET', '/lionsgate')).json();
    const input = {
      name: 'Lionsgate',
      kind: 'studio',
      terms: { method: 'account', netDays: 30, deposit: 'none' },
      members: [{ email: 'ana@lionsgate.example', addedAt: '2026-11-28T10:00:00.000Z' }],
    };
    expect(
      (
        await accounts(
          'PUT',
          '/lionsgate',
          { ...input, creditLimit: Math.round(total * 150) },
          { 'if-match': `"${version}"` },
        )
      ).statusCode,
    ).toBe(200);
    const outcomes = await Promise.all([vendor(one.id, 'confirm'), vendor(two.id, 'confirm')]);
    expect(outcomes.map((outcome) => outcome.statusCode).sort()).toEqual([200, 409]);
    const held = outcomes.find((outcome) => outcome.statusCode === 409)!;
    expect(held.json().errors.release).toMatch(
      /^Lionsgate owes \$[\d,.]+; this order's \$[\d,.]+ takes it past its credit limit/,
    );
  });
});
