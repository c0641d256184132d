/**
 * How a hire is covered, over the real app (file tenants, SQLite stores): the house takes a
 * certificate, its damage waiver or a card hold for the replacement value; the production chooses
 * on its open request; the waiver is priced into what the card holds and is its own line on the
 * pro forma with the house's ledger code; the card's cover holds the full replacement value; a way
 * the house does not take, or the waiver after acceptance, is refused by field.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import type { Invoice, SiteSettings } from '../../schema/types.generated';
import { authoriseCard } from '../helpers/card-hold';
import { buildTestApp, editTenant, type TestApp } from '../helpers/server';
import { AVIATION_HOST, storefrontVisitor } from '../helpers/storefront-visitor';

const TZ = 'America/Los_Angeles';
const CASES = '1950s-hard-train-case-cream';
const WAIVER = {
  percent: 10,
  covers: 'Accidental damage',
  excludes: 'Loss and theft',
  maxLiability: 1000,
  glCode: '4300',
};
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    identity: { attemptsPerMinute: 1000 },
    quotes: { requestsPerMinute: 1000 },
    beforeStart: async (tenants) => {
      const file = path.join(tenants, 'aviation', 'site.json');
      const site = JSON.parse(await readFile(file, 'utf8')) as SiteSettings;
      await writeFile(
        file,
        JSON.stringify({
          ...site,
          insuranceRequired: true,
          coverOptions: ['certificate', 'waiver', 'cardHold'],
          damageWaiver: WAIVER,
        }),
      );
    },
  });
  // What a case would cost to replace: the card's cover holds it.
  await t.app.itemStore.update('aviation', CASES, (item) => ({ ...item, replacementValue: 400 }));
});
afterAll(() => t.close());

const visitor = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object, headers = {}) =>
  t.app.inject({
    method,
    url,
    ...(payload && { payload }),
    headers: { host: AVIATION_HOST, origin: `http://${AVIATION_HOST}`, cookie, ...headers },
  });
const etag = (response: { headers: Record<string, unknown> }) => String(response.headers.etag);

async function quoted(email: string) {
  const who = await storefrontVisitor(t, email);
  const from = addDays(earliestStart(TZ, 2, new Date()), 3);
  const asked = await visitor('POST', '/api/quote-requests', who.cookie, {
    items: [{ objectID: CASES, quantity: 2 }],
    startDate: from,
    endDate: addDays(from, 2),
    production: 'Night Flight',
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const id = asked.json().id as string;
  const sent = await t.as('aviationAdmin', {
    method: 'POST',
    url: `/api/tenants/aviation/quote-requests/${id}/quote`,
    payload: { adjustments: {}, services: [] },
    headers: { 'if-match': '"0"' },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return { id, cookie: who.cookie };
}

describe('the cover of a hire', () => {
  it('is chosen by the production; the waiver is priced into the hold and is its own line on the pro forma', async () => {
    const { id, cookie } = await quoted('waiver@studio.example');
    const before = (await visitor('GET', `/api/quotes/${id}`, cookie)).json();
    expect(before.cover).toBeUndefined();
    const rentals = before.versions.at(-1).breakdown.total as number;

    // Accepting waits for the cover to be chosen.
    await authoriseCard(t.app, id, cookie);
    const unchosen = await visitor('GET', `/api/quotes/${id}`, cookie);
    const early = await visitor(
      'POST',
      `/api/quotes/${id}/accept`,
      cookie,
      { version: 1 },
      { 'if-match': etag(unchosen) },
    );
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual({ cover: 'choose how this hire is covered before you accept' });

    const chosen = await visitor('PUT', `/api/quotes/${id}/cover`, cookie, { choice: 'waiver' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().cover).toMatchObject({ choice: 'waiver', by: 'visitor' });
    // What the card holds grows by the waiver, processing on it too (5%).
    const waiver = Math.round(rentals * 10) / 100;
    const grown = chosen.json().cardHoldNeeded.amount - before.cardHoldNeeded.amount;
    expect(grown).toBeCloseTo(waiver * 1.05, 2);

    await authoriseCard(t.app, id, cookie);
    const view = await visitor('GET', `/api/quotes/${id}`, cookie);
    const accepted = await visitor(
      'POST',
      `/api/quotes/${id}/accept`,
      cookie,
      { version: 1 },
      { 'if-match': etag(view) },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Accepted: the price is fixed, so the waiver is no longer chosen or dropped; a certificate still may be.
    const late = await visitor('PUT', `/api/quotes/${id}/cover`, cookie, { choice: 'cardHold' });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors.choice).toBe(
      "this request is accepted: the waiver or the card's cover is chosen before it is accepted",
    );
    const confirmed = await t.as('aviationAdmin', {
      method: 'POST',
      url: `/api/tenants/aviation/quote-requests/${id}/confirm`,
      headers: { 'if-match': etag(accepted) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const invoices = (await visitor('GET', `/api/quotes/${id}/invoices`, cookie)).json() as Invoice[];
    const proForma = invoices.find((invoice) => invoice.kind === 'proForma')!;
    expect(proForma.lines.find((line) => line.kind === 'waiver')).toMatchObject({
      description: 'Damage waiver (10% of the rentals)',
      amount: waiver,
    });
    // The house's ledger code is on its own copy (the production's view leaves codes out).
    const house = (await t.app.invoices.forQuote('aviation', id)).find((invoice) => invoice.kind === 'proForma')!;
    expect(house.lines.find((line) => line.kind === 'waiver')?.glCode).toBe('4300');
  });

  it('by card holds the full replacement value; a way the house does not take is refused by field', async () => {
    const { id, cookie } = await quoted('card@studio.example');
    const before = (await visitor('GET', `/api/quotes/${id}`, cookie)).json();
    const chosen = await visitor('PUT', `/api/quotes/${id}/cover`, cookie, { choice: 'cardHold' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().replacementValue).toBe(800);
    expect(chosen.json().cardHoldNeeded.parts.deposit).toBe(800);
    expect(chosen.json().cardHoldNeeded.amount).toBeGreaterThan(before.cardHoldNeeded.amount);

    const edited = await editTenant(t, 'aviation', (tenant) => {
      tenant.site.coverOptions = ['certificate', 'waiver'];
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const refused = await visitor('PUT', `/api/quotes/${id}/cover`, cookie, { choice: 'cardHold' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.choice).toBe(
      'Jetway Props does not take a card hold for the replacement value: choose a certificate of insurance or its damage waiver',
    );
    // The house may choose on the production's behalf, on the revision it read.
    const read = await t.as('aviationAdmin', { url: `/api/tenants/aviation/quote-requests/${id}` });
    const byHouse = await t.as('aviationAdmin', {
      method: 'PUT',
      url: `/api/tenants/aviation/quote-requests/${id}/cover`,
      payload: { choice: 'certificate' },
      headers: { 'if-match': etag(read) },
    });
    expect(byHouse.statusCode, byHouse.body).toBe(200);
    expect(byHouse.json().cover).toMatchObject({ choice: 'certificate', by: 'vendor' });
    const stale = await t.as('aviationAdmin', {
      method: 'PUT',
      url: `/api/tenants/aviation/quote-requests/${id}/cover`,
      payload: { choice: 'waiver' },
      headers: { 'if-match': etag(read) },
    });
    expect(stale.statusCode).toBe(412);
  });
});
