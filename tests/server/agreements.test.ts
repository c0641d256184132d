/**
 * The rental agreement, signed at acceptance, over the real app: a house with rental terms (in its
 * site settings) offers them with their version on the quote page; accepting without a name is
 * refused at the field, with terms changed since they were read is refused saying so; signed, the
 * order keeps the terms of that version, who signed, when and from where, both sides are mailed it,
 * and the signed PDF
 * (checked by qpdf, read by pdftotext) is the production's and the house's, nobody else's.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { simpleParser } from 'mailparser';
import type { OutboxMailer } from '../../server/mail/mailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { termsVersionOf } from '../../schema/rental/agreement';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import { authoriseCard } from '../helpers/card-hold';
import { RENTAL_TERMS } from '../fixtures/rental-terms';
import { TINY_PNG } from '../fixtures/tiny-png';
import { buildTestApp, editTenant, type TestApp } from '../helpers/server';
import { AVIATION_HOST, storefrontVisitor } from '../helpers/storefront-visitor';

const run = promisify(execFile);
const TERMS = RENTAL_TERMS;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    identity: { attemptsPerMinute: 1000 },
    quotes: { requestsPerMinute: 1000 },
    beforeStart: async (tenants) => {
      const file = path.join(tenants, 'aviation', 'site.json');
      const site = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      await writeFile(file, JSON.stringify({ ...site, rentalTerms: TERMS }));
    },
  });
});
afterAll(() => t.close());

const headers = (cookie: string, revision?: string) => ({
  host: AVIATION_HOST,
  origin: `http://${AVIATION_HOST}`,
  cookie,
  ...(revision !== undefined && { 'if-match': `"${revision}"` }),
});

describe('the rental agreement', () => {
  it('is signed at acceptance with the version read, kept with the order, and drawn as a PDF for both sides only', async () => {
    const dana = await storefrontVisitor(t, 'dana@night-ferry.example');
    const startDate = addDays(earliestStart('America/Los_Angeles', 2, new Date()), 10);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/quote-requests',
      payload: {
        items: [{ objectID: 'aft-galley-module-stainless', quantity: 1 }],
        startDate,
        endDate: addDays(startDate, 3),
        production: 'Night Ferry',
      },
      headers: headers(dana.cookie),
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().id as string;
    const quoted = await t.as('aviationAdmin', {
      method: 'POST',
      url: `/api/tenants/aviation/quote-requests/${id}/quote`,
      payload: { adjustments: {}, services: [] },
      headers: { 'if-match': '"0"' },
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    // Nothing signed yet: no PDF.
    expect(
      (await t.app.inject({ url: `/api/quotes/${id}/agreement.pdf`, headers: headers(dana.cookie) })).statusCode,
    ).toBe(404);

    const version = termsVersionOf(TERMS);
    const page = await t.app.inject({ url: `/api/quotes/${id}`, headers: headers(dana.cookie) });
    expect(page.json().termsToSign).toMatchObject({ version, text: TERMS });
    expect(page.json().termsToSign.html).toContain(
      '<li>Loss is charged at <strong>full replacement value</strong>.</li>',
    );

    const { revision } = await authoriseCard(t.app, id, dana.cookie);
    const accept = (signature?: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/quotes/${id}/accept`,
        payload: { version: 1, ...(signature && { signature }) },
        headers: headers(dana.cookie, revision),
      });
    const unsigned = await accept();
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().errors['signature.name']).toBe('sign with your full name to accept the rental terms');
    const stale = await accept({ termsVersion: '0badc0de', name: 'Dana Reyes' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      `The rental terms changed since you read them (version 0badc0de; now ${version}): read them again, then sign.`,
    );
    // A drawing that is not an image is refused at the field (its form is a PNG data address; its bytes are not).
    const notPng = await accept({
      termsVersion: version,
      name: 'Dana Reyes',
      drawing: `data:image/png;base64,${Buffer.from('<svg onload="alert(1)"/>').toString('base64')}`,
    });
    expect(notPng.statusCode).toBe(400);
    expect(notPng.json().errors['signature.drawing']).toBe('is not a signature image: draw it again');
    const drawing = `data:image/png;base64,${TINY_PNG.toString('base64')}`;
    const signed = await accept({ termsVersion: version, name: '  Dana Reyes ', title: 'Set decorator', drawing });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({
      state: 'accepted',
      agreement: { termsVersion: version, name: 'Dana Reyes', title: 'Set decorator' },
    });
    // The visitor's view says what they signed, not the address it came from.
    expect(signed.json().agreement).not.toHaveProperty('ip');
    const stored = await t.app.quoteRequests.get('aviation', id);
    expect(stored?.agreement).toMatchObject({ terms: TERMS, ip: '127.0.0.1', drawing });

    // Both sides are mailed the signed agreement: the house with the news, the production its copy.
    const outbox = t.app.mailer as OutboxMailer;
    for (const [to, kind] of [
      ['rentals@jetwayprops.com', 'quoteUpdate'],
      ['dana@night-ferry.example', 'agreementSigned'],
    ]) {
      const mail = (await outbox.list()).find((entry) => entry.to === to && entry.kind === kind);
      const parsed = await simpleParser(await readFile(path.join(outbox.dir, mail!.file)));
      expect(parsed.attachments.map((attachment) => [attachment.filename, attachment.contentType])).toEqual([
        [`agreement-${id.slice(0, 8)}.pdf`, 'application/pdf'],
      ]);
    }

    // The PDF: the production's and the house's, the same document; nobody else's.
    const mine = await t.app.inject({ url: `/api/quotes/${id}/agreement.pdf`, headers: headers(dana.cookie) });
    expect([mine.statusCode, mine.headers['content-type']]).toEqual([200, 'application/pdf']);
    const theirs = await t.as('aviationAdmin', { url: `/api/tenants/aviation/quote-requests/${id}/agreement.pdf` });
    expect(theirs.statusCode).toBe(200);
    const sam = await storefrontVisitor(t, 'sam@red-eye.example');
    expect(
      (await t.app.inject({ url: `/api/quotes/${id}/agreement.pdf`, headers: headers(sam.cookie) })).statusCode,
    ).toBe(404);

    const file = path.join(tmpdir(), `agreement-${id}.pdf`);
    await writeFile(file, mine.rawPayload);
    expect((await run('qpdf', ['--check', file])).stdout).toMatch(/No syntax or stream encoding errors/);
    // The drawn signature is in it, as an image (poppler's pdfimages lists it).
    expect((await run('pdfimages', ['-list', file])).stdout).toMatch(/\n\s*1\s+0\s+image\s+2\s+1\s/);
    // Read as a reader reads it: poppler's pdftotext (the rule for PDFs here), whitespace folded.
    const text = (await run('pdftotext', ['-layout', file, '-'])).stdout.replace(/\s+/g, ' ');
    for (const words of [
      'Rental agreement',
      'Night Ferry',
      '1 × Aft Galley Module, Stainless',
      'Jetway Props rental terms',
      '• Loss is charged at full replacement value.',
      'Dana Reyes',
      'Set decorator',
      `Terms version ${version}`,
      'No certificate of insurance was on the order when it was signed.',
    ])
      expect(text).toContain(words);
  });

  it('asks a changed order for a new signature only when the terms changed since it signed, keeping the earlier one', async () => {
    const ana = await storefrontVisitor(t, 'ana@long-haul.example');
    const startDate = addDays(earliestStart('America/Los_Angeles', 2, new Date()), 20);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/quote-requests',
      payload: {
        items: [{ objectID: 'aft-galley-module-stainless', quantity: 1 }],
        startDate,
        endDate: addDays(startDate, 3),
        production: 'Long Haul',
      },
      headers: headers(ana.cookie),
    });
    const id = asked.json().id as string;
    const stored = async () => (await t.app.quoteRequests.get('aviation', id))!;
    const vendorStep = (action: string, payload?: object) =>
      stored().then((request) =>
        t.as('aviationAdmin', {
          method: 'POST',
          url: `/api/tenants/aviation/quote-requests/${id}/${action}`,
          ...(payload && { payload }),
          headers: { 'if-match': `"${request.revision}"` },
        }),
      );
    expect((await vendorStep('quote', { adjustments: {}, services: [] })).statusCode).toBe(200);
    await authoriseCard(t.app, id, ana.cookie);
    const first = termsVersionOf(TERMS);
    const accept = async (version: number, signature?: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/quotes/${id}/accept`,
        payload: { version, ...(signature && { signature }) },
        headers: headers(ana.cookie, String((await stored()).revision)),
      });
    expect((await accept(1, { termsVersion: first, name: 'Ana Ruiz' })).statusCode).toBe(200);
    expect((await vendorStep('confirm')).statusCode).toBe(200);
    // A day later, as long: the same price. Under the terms it signed, the change is accepted without signing again.
    const shift = (days: number) =>
      vendorStep('change', {
        items: [{ objectID: 'aft-galley-module-stainless', quantity: 1 }],
        startDate: addDays(startDate, days),
        endDate: addDays(startDate, days + 3),
        pricing: { adjustments: {}, services: [] },
      });
    expect((await shift(1)).statusCode).toBe(200);
    const view = async () => (await t.app.inject({ url: `/api/quotes/${id}`, headers: headers(ana.cookie) })).json();
    expect((await view()).termsToSign).toBeUndefined();
    const same = await accept(2);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().agreement.termsVersion).toBe(first);

    // The house's terms change; the next change asks for them to be signed, and keeps the first signature.
    const changedTerms = `${TERMS}\n\n## Night work\n\nCrews returning after 22:00 call ahead.`;
    const edited = await editTenant(t, 'aviation', (tenant) => {
      tenant.site.rentalTerms = changedTerms;
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await shift(2)).statusCode).toBe(200);
    const second = termsVersionOf(changedTerms);
    expect((await view()).termsToSign).toMatchObject({ version: second });
    const unsigned = await accept(3);
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().errors['signature.name']).toBe('sign with your full name to accept the rental terms');
    const signed = await accept(3, { termsVersion: second, name: 'Ana Ruiz', title: 'Producer' });
    expect(signed.statusCode, signed.body).toBe(200);
    const kept = await stored();
    expect(kept.agreement).toMatchObject({ termsVersion: second, terms: changedTerms, name: 'Ana Ruiz' });
    expect(kept.earlierAgreements?.map((agreement) => agreement.termsVersion)).toEqual([first]);
  });

  it('asks nothing of a house without terms, and a version is the text’s fingerprint', () => {
    expect(termsVersionOf(TERMS)).toMatch(/^[0-9a-f]{8}$/);
    expect(termsVersionOf(TERMS)).toBe(termsVersionOf(TERMS));
    expect(termsVersionOf(`${TERMS} `)).not.toBe(termsVersionOf(TERMS));
  });
});
