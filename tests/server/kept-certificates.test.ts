/**
 * The production's certificate of insurance kept once and chosen for each order, over the real
 * app (file tenants, SQLite stores, the document check's worker, the AssetStore on real files):
 * - kept with a house: refused by field when it is not a file that opens as a PDF or image, its
 *   cover ends before it starts or has ended, its limits are in a currency the house states no rate
 *   for, or it names another house; listed, downloaded and removed by its owner only; 20 at most;
 * - kept on the platform: offered to every house the production hires from, each checking it by
 *   its own rules when it is chosen (London takes USD only at a rate it states, and the rate is
 *   kept on the order); each house's copy is its own, reviewed by that house.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../schema/rental/quote-rules';
import type { KeptCertificate, ProductionRequest, QuoteRequest } from '../../schema/types.generated';
import { buildTestApp, editTenant, withShippedHouses, type TestApp } from '../helpers/server';
import { storefrontVisitor } from '../helpers/storefront-visitor';
import { TINY_PDF } from '../fixtures/tiny-pdf';

const PLATFORM = 'platform.localhost';
const today = todayIn('UTC', new Date());
const start = addDays(today, 20);
const end = addDays(start, 2);
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    quotes: { requestsPerMinute: 1000 },
    identity: { attemptsPerMinute: 1000 },
    beforeStart: async (tenants) => {
      await withShippedHouses(tenants);
      for (const house of ['aviation', 'london']) {
        const vendor = path.join(tenants, house, 'vendor.json');
        const json = JSON.parse(await readFile(vendor, 'utf8')) as object;
        await writeFile(vendor, JSON.stringify({ ...json, marketplaceApproval: 'platformVerified' }));
        const site = path.join(tenants, house, 'site.json');
        await writeFile(site, JSON.stringify({ ...JSON.parse(await readFile(site, 'utf8')), insuranceRequired: true }));
      }
    },
  });
  await t.app.ready();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', host: string, url: string, cookie: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(payload && { payload }),
    headers: { host, origin: `http://${host}`, cookie },
  });
const upload = (extra: object = {}, data: Buffer = TINY_PDF) => ({
  data: data.toString('base64'),
  fileName: 'Night Flight COI.pdf',
  insurer: 'Film Mutual',
  policyNumber: 'FM-2027-0042',
  namedInsured: 'Night Flight Productions LLC',
  additionalInsured: 'Jetway Props LLC',
  generalLiability: 1_000_000,
  coverAmount: 500_000,
  currency: 'USD',
  effectiveOn: today,
  expiresOn: addDays(today, 365),
  ...extra,
});
const listed = async (host: string, cookie: string) =>
  (await call('GET', host, '/api/certificates', cookie)).json().certificates as Array<
    KeptCertificate & { keptOn: string; problems: Array<{ pointer: string; message: string }> }
  >;

describe('a certificate kept with a house', () => {
  it('is refused by field when it cannot serve the house, and kept when it can', async () => {
    const who = await storefrontVisitor(t, 'keeper@studio.example');
    const host = 'aviation.localhost';
    const keep = (body: object) => call('POST', host, '/api/certificates', who.cookie, body);
    expect((await keep(upload({}, Buffer.from('<svg onload="alert(1)"/>')))).json().errors).toEqual({
      data: 'is not a PDF, PNG or JPEG: upload the certificate as a PDF or a photo of it',
    });
    // Starts like a PDF, opens as none: told by parsing, not by its first bytes.
    expect((await keep(upload({}, Buffer.from('%PDF-1.7\nnot really')))).json().errors.data).toMatch(/PDF/);
    const backwards = await keep(upload({ effectiveOn: addDays(today, 30), expiresOn: addDays(today, 10) }));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual({
      expiresOn: `the cover ends on ${addDays(today, 10)}, before it starts on ${addDays(today, 30)}`,
    });
    const elsewhere = await keep(upload({ currency: 'GBP', additionalInsured: 'Soho Prop Hire Ltd' }));
    expect(elsewhere.json().errors).toEqual({
      currency: 'the limits are in GBP: Jetway Props takes certificates in USD',
      additionalInsured:
        'names Soho Prop Hire Ltd as additional insured, not Jetway Props: ask your broker for one naming Jetway Props (or any lessor)',
    });
    expect(await listed(host, who.cookie)).toEqual([]);

    const kept = await keep(upload());
    expect(kept.statusCode, kept.body).toBe(201);
    const [certificate] = kept.json().certificates;
    expect(certificate).toMatchObject({
      keptOn: 'here',
      problems: [],
      namedInsured: 'Night Flight Productions LLC',
      coverAmount: 500_000,
    });
    expect(certificate.id).toMatch(/^cert-[a-f0-9]{16}$/);
    expect(certificate.file).toBeUndefined();

    // Its owner downloads it as an attachment; another visitor is told there is none.
    const file = await call('GET', host, `/api/certificates/${certificate.id}`, who.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(file.rawPayload.equals(TINY_PDF)).toBe(true);
    const other = await storefrontVisitor(t, 'other@studio.example');
    expect((await call('GET', host, `/api/certificates/${certificate.id}`, other.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', host, `/api/certificates/${certificate.id}`, other.cookie)).statusCode).toBe(404);
    expect((await call('GET', host, '/api/certificates', '')).statusCode).toBe(401);

    // Removed: gone from the list and from the house's documents.
    const stored = (await t.app.profileStore.get('aviation', who.uid))!.certificates![0]!;
    expect((await call('DELETE', host, `/api/certificates/${certificate.id}`, who.cookie)).statusCode).toBe(204);
    expect(await listed(host, who.cookie)).toEqual([]);
    expect(await t.app.storefrontAssets.store.read('aviation', 'documents', stored.file)).toBeUndefined();
  });

  it('keeps twenty at most', async () => {
    const who = await storefrontVisitor(t, 'hoarder@studio.example');
    expect((await call('POST', 'aviation.localhost', '/api/certificates', who.cookie, upload())).statusCode).toBe(201);
    const [one] = (await t.app.profileStore.get('aviation', who.uid))!.certificates!;
    await t.app.profileStore.update('aviation', who.uid, (profile) => ({
      ...profile,
      certificates: Array.from({ length: 20 }, (_, index) => ({
        ...one!,
        id: `cert-${String(index).padStart(16, '0')}`,
      })),
    }));
    const refused = await call('POST', 'aviation.localhost', '/api/certificates', who.cookie, upload());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.data).toBe('you keep 20 certificates here: remove one you no longer use first');
  });
});

describe('a certificate kept on the platform', () => {
  it('is offered to every house of a production request, each checking it by its own rules', async () => {
    const visitor = await storefrontVisitor(t, 'designer@nightflight.example', true, 'platform');
    // On the platform nothing names a house yet: a blanket certificate in dollars is kept.
    const kept = await call(
      'POST',
      PLATFORM,
      '/api/certificates',
      visitor.cookie,
      upload({ additionalInsured: undefined, anyLessor: true }),
    );
    expect(kept.statusCode, kept.body).toBe(201);
    const [blanket] = kept.json().certificates;
    const named = (
      await call('POST', PLATFORM, '/api/certificates', visitor.cookie, upload({ additionalInsured: 'Jetway Props' }))
    ).json().certificates[0];

    const sent = await call('POST', PLATFORM, '/api/production-requests', visitor.cookie, {
      key: crypto.randomUUID(),
      items: [
        { listing: 'aviation~c-stand-40-in-with-arm', quantity: 2 },
        { listing: 'london~c-stand-40-in-with-arm', quantity: 1 },
      ],
      startDate: start,
      endDate: end,
      production: 'Night Flight',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const parts = (sent.json() as ProductionRequest).parts;
    const quoteAt = (house: string) => parts.find((part) => part.house === house)!.quoteId!;

    // Offered at each house with that house's verdict.
    const atAviation = await listed('aviation.localhost', visitor.cookie);
    expect(atAviation.map((each) => [each.id, each.keptOn, each.problems])).toEqual([
      [named.id, 'platform', []],
      [blanket.id, 'platform', []],
    ]);
    const atLondon = await listed('london.localhost', visitor.cookie);
    expect(atLondon.map((each) => each.problems.map((problem) => problem.pointer))).toEqual([
      ['/currency', '/additionalInsured'],
      ['/currency'],
    ]);

    const choose = (host: string, id: string, certificate: string) =>
      call('PUT', host, `/api/quotes/${id}/insurance/choice`, visitor.cookie, { certificate });
    const chosen = await choose('aviation.localhost', quoteAt('aviation'), named.id);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().insurance).toMatchObject({ keptId: named.id, additionalInsured: 'Jetway Props' });
    const aviationOrder = (await t.app.quoteRequests.get('aviation', quoteAt('aviation'))) as QuoteRequest;
    // The house's own copy, in its own documents.
    expect(await t.app.storefrontAssets.store.read('aviation', 'documents', aviationOrder.insurance!.file)).toEqual(
      TINY_PDF,
    );

    // London takes dollars only at a rate it states.
    const refused = await choose('london.localhost', quoteAt('london'), blanket.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      currency: 'the limits are in USD: Soho Prop Hire takes certificates in GBP',
    });
    expect((await choose('london.localhost', quoteAt('london'), named.id)).json().errors.additionalInsured).toBe(
      'names Jetway Props as additional insured, not Soho Prop Hire: ask your broker for one naming Soho Prop Hire (or any lessor)',
    );
    const edited = await editTenant(t, 'london', (tenant) => {
      tenant.site.certificateRates = [{ currency: 'USD', rate: 0.79 }];
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const atRate = await choose('london.localhost', quoteAt('london'), blanket.id);
    expect(atRate.statusCode, atRate.body).toBe(200);
    expect(atRate.json().insurance).toMatchObject({ currency: 'USD', rate: 0.79, anyLessor: true });

    // Each house reviews its own copy.
    const london = (await t.app.quoteRequests.get('london', quoteAt('london'))) as QuoteRequest;
    const review = await t.as('platformStaff', {
      method: 'POST',
      url: `/api/tenants/london/quote-requests/${london.id}/insurance/review`,
      payload: { state: 'refused', note: 'Our name is missing as loss payee' },
      headers: { 'if-match': `"${london.revision}"` },
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(((await t.app.quoteRequests.get('aviation', quoteAt('aviation'))) as QuoteRequest).insurance?.review).toBe(
      undefined,
    );

    // Nobody else chooses this production's certificate.
    const other = await storefrontVisitor(t, 'other@nightflight.example', true, 'platform');
    const theirs = await call(
      'PUT',
      'aviation.localhost',
      `/api/quotes/${quoteAt('aviation')}/insurance/choice`,
      other.cookie,
      {
        certificate: blanket.id,
      },
    );
    expect([401, 404]).toContain(theirs.statusCode);
  });
});
