/**
 * The amount on screen is the amount charged (issue 50, point 14), for US sales tax: a quote's
 * breakdown as the visitor's quote page draws it (its `due`, line by line through dueLines, in the
 * house's money) against the pro forma the confirmation issues, read by pdf.js: every figure the
 * page says is on the document, in the order they add up. By card (sales tax, card processing
 * after it), and on a customer account (sales tax, no card processing). London's VAT by card is
 * compared on the real screen in Chromium (tests/e2e/london.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDefaults } from '../../schema/defaults';
import { dueLines, type QuoteDue } from '../../schema/rental/invoices';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import type { SiteSettings } from '../../schema/types.generated';
import { formatMoney } from '../../schema/display/format';
import { confirmedOrder } from '../helpers/confirmed-order';
import { pdfPages } from '../helpers/pdf-text';
import { buildTestApp, editTenant, type TestApp } from '../helpers/server';
import { AVIATION_HOST, storefrontVisitor } from '../helpers/storefront-visitor';

const SEATS = '1950s-propliner-triple-seat-row-brown-houndstooth';

let t: TestApp;
let site: SiteSettings;
beforeAll(async () => {
  t = await buildTestApp({ identity: { attemptsPerMinute: 1000 }, quotes: { requestsPerMinute: 1000 } });
  // Jetway charges California's sales tax, 9.5%.
  const taxed = await editTenant(t, 'aviation', (tenant) => {
    tenant.site.taxRatePercent = 9.5;
    tenant.site.taxName = 'Sales tax';
  });
  expect(taxed.statusCode, taxed.body).toBe(200);
  site = withDefaults('site', (await t.app.tenantStore.get('aviation'))!.tenant.site);
});
afterAll(() => t.close());

/** The figures a page or document says, in the order it says them. */
const figures = (text: string): string[] => text.match(/\$[\d,]+\.\d{2}/g) ?? [];

/** Whether `wanted` are all in `found`, in that order (others may come between). */
const inOrder = (wanted: readonly string[], found: readonly string[]) =>
  wanted.reduce((from, figure) => (from < 0 ? from : found.indexOf(figure, from) + 1 || -1), 0) > 0;

/** The quote page's breakdown (what it draws) and the pro forma's text, for an order the visitor with `cookie` has. */
async function pageAndProForma(id: string, cookie: string) {
  const read = (url: string) => t.app.inject({ url, headers: { host: AVIATION_HOST, cookie } });
  const due = (await read(`/api/quotes/${id}`)).json().due as QuoteDue;
  const onScreen = dueLines(due).map((line) => formatMoney(line.amount, site));
  const documents = (await read(`/api/quotes/${id}/invoices`)).json() as Array<{ kind: string; number: string }>;
  const proForma = documents.find((document) => document.kind === 'proForma')!;
  const pdf = await read(`/api/quotes/${id}/invoices/${proForma.number}/pdf`);
  expect(pdf.statusCode).toBe(200);
  const [page] = await pdfPages(pdf.rawPayload);
  return { due, onScreen, page: page! };
}

describe('the figures a quote page says are the pro forma’s', () => {
  it('by card, with sales tax: the hire, the tax, the card processing and what the card is charged', async () => {
    const order = await confirmedOrder(
      t,
      'card@figures.example',
      [{ objectID: SEATS, quantity: 2 }],
      4,
      'Card Figures',
    );
    const { due, onScreen, page } = await pageAndProForma(order.id, order.cookie);
    expect(due).toMatchObject({ taxName: 'Sales tax', taxRate: 9.5 });
    expect(due.tax).toBeGreaterThan(0);
    expect(due.processing).toBeGreaterThan(0);
    expect(onScreen.length).toBeGreaterThanOrEqual(3);
    expect(inOrder(onScreen, figures(page)), `${onScreen.join(' ')} in ${figures(page).join(' ')}`).toBe(true);
    expect(page).toContain(`Total ${onScreen.at(-1)}`);
  });

  it('on a customer account: no card processing, the sales tax and the total invoiced', async () => {
    const opened = await t.as('aviationAdmin', {
      method: 'POST',
      url: '/api/tenants/aviation/accounts',
      payload: {
        id: 'paramount',
        name: 'Paramount',
        kind: 'studio',
        terms: { method: 'account', netDays: 30, deposit: 'none' },
        members: [{ email: 'pat@paramount.example', addedAt: '2026-11-28T10:00:00.000Z' }],
      },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const pat = await storefrontVisitor(t, 'pat@paramount.example');
    const storefront = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
      t.app.inject({
        method,
        url,
        ...(payload && { payload }),
        headers: { host: AVIATION_HOST, origin: `http://${AVIATION_HOST}`, cookie: pat.cookie, ...headers },
      });
    const from = addDays(earliestStart('America/Los_Angeles', 2, new Date()), 9);
    const asked = await storefront('POST', '/api/quote-requests', {
      items: [{ objectID: SEATS, quantity: 1 }],
      startDate: from,
      endDate: addDays(from, 2),
      production: 'Account Figures',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().id as string;
    const revision = async () => (await t.app.quoteRequests.get('aviation', id))!.revision ?? 0;
    const vendor = async (action: string, payload?: object) =>
      t.as('aviationAdmin', {
        method: 'POST',
        url: `/api/tenants/aviation/quote-requests/${id}/${action}`,
        ...(payload && { payload }),
        headers: { 'if-match': `"${await revision()}"` },
      });
    expect((await vendor('quote', { adjustments: {}, services: [] })).statusCode).toBe(200);
    // Before accepting, the page offers the account and says the total it would be invoiced: no card processing in it.
    const offered = (await storefront('GET', `/api/quotes/${id}`)).json();
    const onAccount = offered.orderOn.find((account: { id: string }) => account.id === 'paramount').due as QuoteDue;
    expect(onAccount.processing).toBe(0);
    const accepted = await storefront(
      'POST',
      `/api/quotes/${id}/accept`,
      { version: 1, account: 'paramount' },
      { 'if-match': `"${await revision()}"` },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await vendor('confirm')).statusCode).toBe(200);
    const { due, onScreen, page } = await pageAndProForma(id, pat.cookie);
    // What the dialog offered is what the order on the account comes to.
    expect(due).toEqual(onAccount);
    expect(due.tax).toBeGreaterThan(0);
    expect(onScreen).toHaveLength(2);
    expect(inOrder(onScreen, figures(page)), `${onScreen.join(' ')} in ${figures(page).join(' ')}`).toBe(true);
    expect(page).toContain(`Total ${onScreen.at(-1)}`);
    expect(page).not.toMatch(/processing/i);
  });
});
