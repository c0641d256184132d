/**
 * What must stand before anything goes out, over the real app (the built-in test provider on a
 * real SQLite file, the AssetStore on real files), with the aviation tenant set to authorise cards
 * before check-out and to ask for certificates of insurance:
 * - a hire that starts more than five days away is accepted without a card, and the visitor is
 *   told the day it will be asked for; a nearer one still needs the card to accept;
 * - the card-hold watch mails the visitor once when the day comes;
 * - an out-scan is refused while the hold does not stand or no certificate is on the order, with
 *   both reasons, and goes through once both are there;
 * - certificates: a file that is not a PDF or an image, and cover that already ended, are refused
 *   by field; the file is kept under the data folder (not the tenants folder), served only to its
 *   visitor and the vendor, as an attachment; a newer one replaces it and the old file goes.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_ASKED_DAYS_BEFORE } from '../../schema/rental/card-hold';
import { addDays, earliestStart, todayIn } from '../../schema/rental/quote-rules';
import type { QuoteRequest, SiteSettings } from '../../schema/types.generated';
import { withDefaults } from '../../schema/defaults';
import type { OutboxMailer } from '../../server/mail/mailer';
import { authoriseCard } from '../helpers/card-hold';
import { buildTestApp, type TestApp } from '../helpers/server';
import { AVIATION_HOST, storefrontVisitor } from '../helpers/storefront-visitor';
import { TINY_PDF } from '../fixtures/tiny-pdf';
import { TINY_PNG } from '../fixtures/tiny-png';

const TZ = 'America/Los_Angeles';
const CASES = '1950s-hard-train-case-cream';
/** The smallest file that starts as a PDF does (the server tells a certificate by its bytes). */
const PDF = TINY_PDF;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    identity: { attemptsPerMinute: 1000 },
    quotes: { requestsPerMinute: 1000 },
    beforeStart: async (tenants) => {
      const file = path.join(tenants, 'aviation', 'site.json');
      const json = JSON.parse(await readFile(file, 'utf8')) as SiteSettings;
      await writeFile(file, JSON.stringify({ ...json, cardHoldTiming: 'beforeCheckOut', insuranceRequired: true }));
    },
  });
});
afterAll(() => t.close());

const storefront = (
  method: 'GET' | 'POST' | 'PUT',
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
const etag = (response: { headers: Record<string, unknown> }) => String(response.headers.etag).replace(/"/g, '');
let scanNumber = 0;
const scanOut = async (orderId: string) => {
  const response = await t.as('aviationAdmin', {
    method: 'POST',
    url: `/api/tenants/aviation/orders/${orderId}/scans`,
    payload: { id: `gate-scan-${(scanNumber += 1)}`, direction: 'out', code: CASES, count: 1 },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { record: { outcome: string; message: string } };
};
const certificate = (data: Buffer, expiresOn: string, extra: object = {}) => ({
  data: data.toString('base64'),
  fileName: 'Night Flight COI.pdf',
  expiresOn,
  ...extra,
});

/** A request for two cases starting `inDays` after the earliest start, quoted; the visitor's cookie. */
async function quoted(email: string, inDays: number) {
  const who = await storefrontVisitor(t, email);
  const from = addDays(earliestStart(TZ, 2, new Date()), inDays);
  const asked = await storefront('POST', '/api/quote-requests', who.cookie, {
    items: [{ objectID: CASES, quantity: 2 }],
    startDate: from,
    endDate: addDays(from, 2),
    production: 'Night Flight',
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const id = asked.json().id as string;
  expect((await vendor(`${id}/quote`, 0, { adjustments: {}, services: [] })).statusCode).toBe(200);
  return { id, cookie: who.cookie, from };
}

describe('before anything goes out', () => {
  let order: { id: string; cookie: string; from: string };

  it('accepts a hire further off without a card, saying when it is asked for; a near one needs it', async () => {
    order = await quoted('far@studio.example', 12);
    const view = await storefront('GET', `/api/quotes/${order.id}`, order.cookie);
    expect(view.json().cardHoldNeeded).toMatchObject({
      before: 'accept',
      covered: false,
      askedFrom: addDays(order.from, -HOLD_ASKED_DAYS_BEFORE),
    });
    const accepted = await storefront(
      'POST',
      `/api/quotes/${order.id}/accept`,
      order.cookie,
      { version: 1 },
      { 'if-match': `"${etag(view)}"` },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await vendor(`${order.id}/confirm`, etag(accepted))).statusCode).toBe(200);

    const near = await quoted('near@studio.example', 0);
    const nearView = await storefront('GET', `/api/quotes/${near.id}`, near.cookie);
    expect(nearView.json().cardHoldNeeded.askedFrom).toBeUndefined();
    const refused = await storefront(
      'POST',
      `/api/quotes/${near.id}/accept`,
      near.cookie,
      { version: 1 },
      { 'if-match': `"${etag(nearView)}"` },
    );
    expect(refused.statusCode).toBe(402);
  });

  it('mails the visitor once when the card is due', async () => {
    const now = new Date();
    const site = withDefaults('site', (await t.app.tenantStore.get('aviation'))!.tenant.site);
    const mailsFor = async () =>
      (await (t.app.mailer as OutboxMailer).list()).filter(
        (mail) => mail.kind === 'cardWanted' && mail.to === 'far@studio.example',
      );
    // Before the day nothing is asked.
    await t.app.cardHolds.pass('aviation', site, now, todayIn(TZ, now));
    expect(await mailsFor()).toHaveLength(0);
    const due = addDays(order.from, -HOLD_ASKED_DAYS_BEFORE);
    await t.app.cardHolds.pass('aviation', site, now, due);
    await t.app.cardHolds.pass('aviation', site, now, due);
    const mails = await mailsFor();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Authorise your card for Night Flight');
    expect((await stored(order.id)).cardHoldAsked).toBeDefined();
  });

  it('refuses an out-scan with every reason, until the card holds and a certificate is on the order', async () => {
    const refused = await scanOut(order.id);
    expect(refused.record.outcome).toBe('refused');
    expect(refused.record.message).toContain('No card hold on this order yet');
    expect(refused.record.message).toContain('No certificate of insurance on this order');
    // The console's list row says the same.
    const row = (await t.as('aviationAdmin', { method: 'GET', url: '/api/tenants/aviation/quote-requests' }))
      .json()
      .find((quote: { id: string }) => quote.id === order.id);
    expect(row).toMatchObject({ state: 'confirmed' });
    expect(row.insurance).toBeUndefined();

    // The visitor's order page asks for the card before check-out (the day is near enough once the watch has asked).
    const { status } = await authoriseCard(t.app, order.id, order.cookie);
    expect(status).toBe('authorised');
    const stillRefused = await scanOut(order.id);
    expect(stillRefused.record.message).not.toContain('card');
    expect(stillRefused.record.message).toContain('No certificate of insurance on this order');

    const today = todayIn(TZ, new Date());
    // A file name with a NUL and a right-to-left override (which shows "COI.pdf‮fdp.exe" as "COI.pdfexe.pdf") is kept as plain text.
    const upload = () =>
      storefront(
        'PUT',
        `/api/quotes/${order.id}/insurance`,
        order.cookie,
        certificate(PDF, addDays(order.from, 30), {
          fileName: 'Night Flight\u0000 COI.pdf\u202E',
          insurer: 'Hiscox',
          policyNumber: 'FP-2026-118',
        }),
      );
    const uploaded = await upload();
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().insurance).toMatchObject({
      fileName: 'Night Flight COI.pdf',
      contentType: 'application/pdf',
      insurer: 'Hiscox',
      uploadedBy: 'visitor',
      size: PDF.length,
    });
    expect(today <= uploaded.json().insurance.expiresOn).toBe(true);

    // The house refuses it, saying why: the production is mailed the reason, and nothing goes out.
    const revision = async () => (await stored(order.id)).revision!;
    const reviewAt = async (body: object, read?: number) =>
      t.as('aviationAdmin', {
        method: 'POST',
        url: `/api/tenants/aviation/quote-requests/${order.id}/insurance/review`,
        payload: body,
        headers: { 'if-match': `"${read ?? (await revision())}"` },
      });
    // A review of a revision read before the certificate came is stale: never a review of one unseen.
    expect((await reviewAt({ state: 'verified' }, (await revision()) - 1)).statusCode).toBe(412);
    const noReason = await reviewAt({ state: 'refused' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('a refusal says why');
    const refusal = await reviewAt({ state: 'refused', note: 'It names another house as loss payee' });
    expect(refusal.statusCode, refusal.body).toBe(200);
    expect(refusal.json().insurance.review).toMatchObject({
      state: 'refused',
      note: 'It names another house as loss payee',
    });
    const mailed = (await (t.app.mailer as OutboxMailer).list()).find(
      (mail) => mail.kind === 'certificateRefused' && mail.to === 'far@studio.example',
    );
    expect(mailed?.subject).toBe('Jetway Props refused your certificate of insurance');
    const held = await scanOut(order.id);
    expect(held.record.outcome).toBe('refused');
    expect(held.record.message).toContain(
      "Night Flight's certificate was refused (It names another house as loss payee): a new one is needed",
    );
    // A new certificate is reviewed afresh: the house verifies it, and the order goes out.
    // As before (the cases below read it), now naming the house as it should.
    const again = await upload();
    expect(again.json().insurance.review).toBeUndefined();
    const verified = await reviewAt({ state: 'verified' });
    expect(verified.json().insurance.review).toMatchObject({ state: 'verified' });
    expect(verified.json().insurance.review.by).toBeTruthy();

    const out = await scanOut(order.id);
    expect(out.record).toMatchObject({ outcome: 'ok' });
  });

  it('refuses a certificate that is not a PDF or an image, or whose cover has ended, by field', async () => {
    const html = await storefront(
      'PUT',
      `/api/quotes/${order.id}/insurance`,
      order.cookie,
      certificate(Buffer.from('<html><script>alert(1)</script></html>'), addDays(order.from, 30)),
    );
    expect(html.statusCode).toBe(400);
    expect(html.json().errors.data).toBe('is not a PDF, PNG or JPEG: upload the certificate as a PDF or a photo of it');
    const ended = await storefront(
      'PUT',
      `/api/quotes/${order.id}/insurance`,
      order.cookie,
      certificate(PDF, '2020-01-31'),
    );
    expect(ended.statusCode).toBe(400);
    expect(ended.json().errors.expiresOn).toBe('the cover ended on 2020-01-31: upload a current certificate');
    const notADate = await storefront(
      'PUT',
      `/api/quotes/${order.id}/insurance`,
      order.cookie,
      certificate(PDF, '31/01/2027'),
    );
    expect(notADate.statusCode).toBe(400);
    // The certificate on the order is the one kept before.
    expect((await stored(order.id)).insurance?.insurer).toBe('Hiscox');
  });

  it('keeps the file privately, serves it to its visitor and the vendor only, and replaces it', async () => {
    const kept = (await stored(order.id)).insurance!;
    const privateFolder = path.join(t.root, '.data', 'documents', 'aviation');
    expect(await readdir(privateFolder)).toEqual([kept.file]);
    expect(await readdir(path.join(t.tenants, 'aviation'))).not.toContain('documents');

    const mine = await storefront('GET', `/api/quotes/${order.id}/insurance`, order.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(PDF)).toBe(true);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toBe(
      `attachment; filename="Night Flight COI.pdf"; filename*=UTF-8''Night%20Flight%20COI.pdf`,
    );
    expect(mine.headers['cache-control']).toBe('private, no-store');

    const stranger = await storefrontVisitor(t, 'stranger@studio.example');
    expect((await storefront('GET', `/api/quotes/${order.id}/insurance`, stranger.cookie)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/items/aviation/${kept.file}`, headers: { host: AVIATION_HOST } }))
        .statusCode,
    ).toBe(404);
    // Another tenant's admin is told there is no such tenant, as for every tenant route.
    expect(
      (await t.as('acmeAdmin', { method: 'GET', url: `/api/tenants/aviation/quote-requests/${order.id}/insurance` }))
        .statusCode,
    ).toBe(404);
    const vendors = await t.as('aviationAdmin', {
      method: 'GET',
      url: `/api/tenants/aviation/quote-requests/${order.id}/insurance`,
    });
    expect(vendors.rawPayload.equals(PDF)).toBe(true);

    // The vendor uploads a renewed certificate (a PNG this time): it replaces the first, whose file goes.
    const png = TINY_PNG;
    const renewed = await t.as('aviationAdmin', {
      method: 'PUT',
      url: `/api/tenants/aviation/quote-requests/${order.id}/insurance`,
      payload: certificate(png, addDays(order.from, 365)),
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().insurance).toMatchObject({ contentType: 'image/png', uploadedBy: 'vendor' });
    expect(await readdir(privateFolder)).toEqual([renewed.json().insurance.file]);
  });
  it('sets the cover a certificate states against what the order would cost to replace, for the visitor, the order page and the list', async () => {
    // The cases are worth $400 each to replace; the order has two.
    await t.app.itemStore.update('aviation', CASES, (item) => ({ ...item, replacementValue: 400 }));
    const value = 800;
    const low = await storefront(
      'PUT',
      `/api/quotes/${order.id}/insurance`,
      order.cookie,
      certificate(PDF, addDays(order.from, 30), { coverAmount: value - 0.01 }),
    );
    expect(low.statusCode, low.body).toBe(200);
    expect(low.json().insurance.coverAmount).toBe(value - 0.01);
    expect((await storefront('GET', `/api/quotes/${order.id}`, order.cookie)).json()).toMatchObject({
      replacementValue: value,
      insurance: { coverAmount: value - 0.01 },
    });
    expect(
      (await t.as('aviationAdmin', { url: `/api/tenants/aviation/quote-requests/${order.id}` })).json()
        .replacementValue,
    ).toBe(value);
    const listed = (
      await t.as('aviationAdmin', { url: '/api/tenants/aviation/quote-requests?range=[0,99]' })
    ).json() as Array<{ id: string; replacementValue?: number }>;
    expect(listed.find((row) => row.id === order.id)?.replacementValue).toBe(value);
    // A cover in fractions of a cent is refused at its field.
    const fraction = await storefront(
      'PUT',
      `/api/quotes/${order.id}/insurance`,
      order.cookie,
      certificate(PDF, addDays(order.from, 30), { coverAmount: 1000.001 }),
    );
    expect(fraction.statusCode).toBe(400);
    expect(Object.keys(fraction.json().errors ?? {})).toContain('coverAmount');
  });
});
