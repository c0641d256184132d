/**
 * Invoices over the real app, for the shipped London tenant (scaffolded by `backlot new --currency
 * GBP --locale en-GB --timezone Europe/London --tax 20 --tax-name VAT`): the card hold takes the VAT
 * and the deposit in; confirming issues a pro forma with the purchase order the visitor gave;
 * closing a returned hire issues the invoice (the quote, the damage found, VAT on the hire but not
 * on the damage, card processing), paid by what the hold captured; its PDF says all of it (read
 * back by a real PDF parser); the visitor reads and downloads their own documents without ledger
 * codes, and nobody else's; a credit note is issued against the invoice, never an edit, with no
 * more credited than invoiced; cancelling an order voids its pro forma.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import type { Catalogue, Invoice, QuoteRequest } from '../../schema/types.generated';
import { sampleDraft } from '../contract/invoice-store.contract';
import { authoriseCard } from '../helpers/card-hold';
import { pdfPages } from '../helpers/pdf-text';
import { tenantsDir } from '../helpers/paths';
import { buildTestApp, editTenant, type TestApp } from '../helpers/server';
import { storefrontVisitor } from '../helpers/storefront-visitor';
import { TINY_PDF } from '../fixtures/tiny-pdf';

const HOST = 'london.localhost';

const CASES = '1950s-hard-train-case-cream';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    identity: { attemptsPerMinute: 1000 },
    quotes: { requestsPerMinute: 1000 },
    beforeStart: async (tenants) => {
      await cp(path.join(tenantsDir, 'london'), path.join(tenants, 'london'), { recursive: true });
      // Round figures for the sums below: £50 a day, £400 to replace.
      const file = path.join(tenants, 'london', 'catalogue.json');
      const catalogue = JSON.parse(await readFile(file, 'utf8')) as Catalogue;
      Object.assign(
        catalogue.items.find((item) => item.objectID === CASES)!,
        { rates: { day: 50 }, replacementValue: 400 },
      );
      await writeFile(file, JSON.stringify(catalogue));
    },
  });
});
afterAll(() => t.close());

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
    headers: { host: HOST, origin: `http://${HOST}`, cookie, ...headers },
  });
const vendor = (url: string, revision: string | number, payload?: object) =>
  t.as('platformStaff', {
    method: 'POST',
    url: `/api/tenants/london/quote-requests/${url}`,
    ...(payload && { payload }),
    headers: { 'if-match': `"${revision}"` },
  });
const consoleApi = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.as('platformStaff', { method, url: `/api/tenants/london/${url}`, ...(payload && { payload }) });
const stored = async (id: string) => (await t.app.quoteRequests.get('london', id)) as QuoteRequest;

/** An order for two cases over three days: asked, quoted, the card held, accepted with a purchase order, confirmed. */
async function order(email: string, inDays: number) {
  const who = await storefrontVisitor(t, email, true, 'london');
  const from = addDays(earliestStart('Europe/London', 2, new Date()), inDays);
  const asked = await storefront('POST', '/api/quote-requests', who.cookie, {
    items: [{ objectID: CASES, quantity: 2 }],
    startDate: from,
    endDate: addDays(from, 2),
    production: 'Channel Crossing',
    studio: 'Pinewood Unit 4',
  });
  const id = asked.json().id as string;
  expect((await vendor(`${id}/quote`, 0, { adjustments: {}, services: [] })).statusCode).toBe(200);
  const { revision, view } = await authoriseCard(t.app, id, who.cookie, undefined, HOST);
  const accepted = await storefront(
    'POST',
    `/api/quotes/${id}/accept`,
    who.cookie,
    { version: 1, purchaseOrder: 'PO-7741', billingContact: 'accounts@pinewood.example' },
    { 'if-match': `"${revision}"` },
  );
  expect(accepted.statusCode, accepted.body).toBe(200);
  expect((await vendor(`${id}/confirm`, String(accepted.headers.etag).replace(/"/g, ''))).statusCode).toBe(200);
  return { id, cookie: who.cookie, hold: (view as { cardHold: QuoteRequest['cardHold'] }).cardHold! };
}

describe('invoices', () => {
  let id: string;
  let cookie: string;
  let invoice: Invoice;

  it('holds the VAT and the deposit on the card, and issues a pro forma with the purchase order when the order is confirmed', async () => {
    const confirmed = await order('vat@studio.example', 3);
    ({ id, cookie } = confirmed);
    // Two cases, three days (0.5 + 0.5 + 1 day rates each): £200; 5% processing on it, £10, taxed as the hire is; VAT £42 on £210; a third of 2 × £400 held as deposit: £264.
    expect(confirmed.hold).toMatchObject({
      currency: 'GBP',
      amount: 516,
      parts: { total: 200, tax: 42, processing: 10, deposit: 264 },
    });
    // The visitor's quote says the same: the processing, and the VAT on the hire and on it.
    expect((await storefront('GET', `/api/quotes/${id}`, cookie)).json().due).toEqual({
      net: 200,
      tax: 42,
      processing: 10,
      total: 252,
      taxName: 'VAT',
      taxRate: 20,
      processingTaxed: true,
    });
    // And the list of their quotes, so its total is the quote page's.
    expect(
      (await storefront('GET', '/api/quotes', cookie)).json().quotes.find((quote: { id: string }) => quote.id === id)
        .due,
    ).toMatchObject({ net: 200, tax: 42 });
    // So does the console's pricing page (each line's group decides its tax).
    expect((await consoleApi('GET', `quote-requests/${id}`)).json().lineDetails).toEqual([
      expect.objectContaining({ objectID: CASES, group: 'set-dressing' }),
    ]);
    const documents = (await consoleApi('GET', 'invoices')).json() as Invoice[];
    const proForma = documents.find((document) => document.quoteId === id)!;
    expect(proForma).toMatchObject({
      kind: 'proForma',
      number: 'PF-000001',
      currency: 'GBP',
      billTo: {
        purchaseOrder: 'PO-7741',
        billingContact: 'accounts@pinewood.example',
        production: 'Channel Crossing',
        studio: 'Pinewood Unit 4',
      },
      subtotal: 210,
      taxes: [{ name: 'VAT', rate: 20, base: 210, amount: 42, glCode: '2200' }],
      total: 252,
      paid: 0,
      balance: 252,
    });
    expect(proForma.lines.map((line) => [line.kind, line.amount, line.taxRate ?? null])).toEqual([
      ['rental', 200, 20],
      ['processing', 10, 20],
    ]);
  });

  it('issues the invoice at close-out: the quote, the damage (no VAT on it), processing, paid by the hold', async () => {
    const scan = (direction: 'out' | 'in', extra: object = {}) =>
      consoleApi('POST', `orders/${id}/scans`, {
        id: `${id}-${direction}`,
        direction,
        code: CASES,
        count: 2,
        ...extra,
      });
    // Soho Prop Hire lets nothing out without a certificate of insurance: the vendor uploads the production's.
    const certificate = { data: TINY_PDF.toString('base64'), fileName: 'coi.pdf', expiresOn: '2199-12-31' };
    expect(
      (
        await t.as('platformStaff', {
          method: 'PUT',
          url: `/api/tenants/london/quote-requests/${id}/insurance`,
          payload: certificate,
        })
      ).statusCode,
    ).toBe(200);
    expect((await scan('out')).json().record.outcome).toBe('ok');
    expect((await scan('in', { count: 1 })).statusCode).toBe(200);
    expect(
      (
        await consoleApi('POST', `orders/${id}/scans`, {
          id: `${id}-in-2`,
          direction: 'in',
          code: CASES,
          count: 1,
          condition: 'damaged',
          note: 'Handle torn',
        })
      ).statusCode,
    ).toBe(200);
    const closed = await vendor(`${id}/close`, (await stored(id)).revision!);
    expect(closed.statusCode, closed.body).toBe(200);
    invoice = ((await consoleApi('GET', 'invoices?filter={"kind":"invoice"}')).json() as Invoice[]).find(
      (document) => document.quoteId === id,
    )!;
    // £200 hire + £100 damage (25% of £400, outside the scope of VAT); 5% processing on each, taxed as it is: £10 at 20% and £5 outside the scope;
    // VAT £42 on £210; total £357, all captured from the £516 hold (the deposit paid for the damage; the rest released).
    expect(invoice).toMatchObject({
      number: 'INV-000001',
      kind: 'invoice',
      subtotal: 315,
      total: 357,
      taxes: [{ rate: 20, base: 210, amount: 42 }],
      paid: 357,
      balance: 0,
    });
    expect(invoice.lines.map((line) => [line.kind, line.amount, line.taxRate ?? line.untaxed])).toEqual([
      ['rental', 200, 20],
      ['damage', 100, 'outsideScope'],
      ['processing', 10, 20],
      ['processing', 5, 'outsideScope'],
    ]);
    expect(invoice.lines[1]!.detail).toBe('25% of the £400.00 replacement value');
    expect((await stored(id)).cardHold).toMatchObject({ status: 'captured', captured: 357 });
    expect((await stored(id)).cardHold).not.toHaveProperty('outstanding');
    // Closing again (a retry) issues nothing new.
    expect(
      ((await consoleApi('GET', 'invoices')).json() as Invoice[])
        .filter((document) => document.quoteId === id)
        .map((document) => document.number),
    ).toEqual(['PF-000001', 'INV-000001']);
  });

  it('renders the invoice as a PDF that says every figure, for the vendor and the visitor alike', async () => {
    const pdf = await consoleApi('GET', `invoices/${invoice.number}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [page] = await pdfPages(pdf.rawPayload);
    for (const said of [
      'Soho Prop Hire Ltd',
      '14 Berwick Street',
      'W1F 0PP',
      'Days 1–3: 2 day rates × £50.00 = £100.00',
      'Invoice',
      'INV-000001',
      'PO-7741',
      'accounts@pinewood.example',
      'Channel Crossing',
      'Damage: 1950s Hard Train Case, Cream',
      'VAT registration no. GB 284 7719 36',
      'VAT 20% on £210.00',
      'Outside the scope of VAT (compensation for loss or damage) £105.00',
      '£357.00',
      'Paid by card',
      '-£357.00',
      'Balance due £0.00',
    ])
      expect(page).toContain(said);
    const mine = await storefront('GET', `/api/quotes/${id}/invoices`, cookie);
    expect(mine.json().map((document: Invoice) => document.number)).toEqual(['PF-000001', 'INV-000001']);
    expect(mine.body).not.toContain('glCode');
    const visitorPdf = await storefront('GET', `/api/quotes/${id}/invoices/INV-000001/pdf`, cookie);
    expect(visitorPdf.statusCode).toBe(200);
    // The visitor's copy says what the vendor's says.
    expect(await pdfPages(visitorPdf.rawPayload)).toEqual([page]);
    const someoneElse = await storefrontVisitor(t, 'nosy@studio.example', true, 'london');
    expect((await storefront('GET', `/api/quotes/${id}/invoices/INV-000001/pdf`, someoneElse.cookie)).statusCode).toBe(
      404,
    );
    expect((await storefront('GET', `/api/quotes/${id}/invoices`, someoneElse.cookie)).statusCode).toBe(404);
  });

  it('credits an invoice with a credit note, never more than it came to, and lists it by its own date', async () => {
    const refused = await consoleApi('POST', `invoices/${invoice.number}/credit`, { reason: 'Too much', amount: 400 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      amount: 'must be more than 0 and at most what is left to credit on INV-000001 (357.00)',
    });
    const credit = await consoleApi('POST', `invoices/${invoice.number}/credit`, {
      reason: 'Handle was already loose: goodwill',
      amount: 60,
    });
    expect(credit.statusCode, credit.body).toBe(200);
    // £60 with its VAT inside: a £50 net credit on a £317 subtotal, in proportion.
    expect(credit.json()).toMatchObject({
      number: 'CN-000001',
      kind: 'creditNote',
      credits: 'INV-000001',
      reason: 'Handle was already loose: goodwill',
      total: -60,
    });
    // The invoice itself is as issued.
    const { id: _id, owed: _owed, ...issued } = invoice as Invoice & { id: string; owed?: number };
    expect(await t.app.invoices.get('london', 'INV-000001')).toEqual(issued);
    const [page] = await pdfPages((await consoleApi('GET', 'invoices/CN-000001/pdf')).rawPayload);
    expect(page).toContain('Credit note');
    expect(page).toContain('Credits invoice INV-000001');
    expect(page).toContain('Total credited');
    expect(
      (await consoleApi('POST', `invoices/${invoice.number}/credit`, { reason: 'The rest' })).json(),
    ).toMatchObject({ number: 'CN-000002', total: -297 });
    expect((await consoleApi('POST', `invoices/${invoice.number}/credit`, { reason: 'Again' })).statusCode).toBe(400);
    expect((await consoleApi('POST', 'invoices/CN-000001/credit', { reason: 'x' })).statusCode).toBe(400);
    expect([403, 404]).toContain((await t.as('aviationAdmin', { url: '/api/tenants/london/invoices' })).statusCode);
  });

  it('exports the month by invoice date for Xero, QuickBooks Online and as a plain CSV, every file to the package’s columns and adding up to its invoices', async () => {
    const month = invoice.issueDate.slice(0, 7);
    const documents = (await t.app.invoices.list('london', {})).invoices.filter(
      (document) => document.kind !== 'proForma' && document.issueDate.startsWith(month),
    );
    const totalOf = (kind?: Invoice['kind']) =>
      documents
        .filter((document) => !kind || document.kind === kind)
        .reduce((sum, document) => sum + document.total, 0);
    // (+ 0: a month whose credit notes cancel its invoices adds up to -0.)
    const round = (amount: number) => Math.round(amount * 100) / 100 + 0;
    const csvOf = async (format: string) => {
      const summary = await consoleApi('GET', `invoices/export?format=${format}&from=${month}&to=${month}`);
      expect(summary.statusCode, summary.body).toBe(200);
      const held = documents.filter((document) =>
        format === 'quickbooks'
          ? document.kind === 'invoice'
          : format === 'quickbooks-credit-notes'
            ? document.kind === 'creditNote'
            : true,
      );
      expect(summary.json()).toMatchObject({
        basis: 'invoice date',
        files: [{ name: `london-invoices-by-invoice-date-${month}-${format}.csv`, part: 1, invoices: held.length }],
      });
      const file = await t.as('platformStaff', { url: summary.json().files[0].href });
      expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename="london-invoices-by-invoice-date-${month}-${format}.csv"`,
      );
      return parse(file.body, { columns: true, skip_empty_lines: true }) as Array<Record<string, string>>;
    };
    const [year, monthNumber] = month.split('-');

    const xero = await csvOf('xero');
    expect(Object.keys(xero[0]!)).toEqual([
      '*ContactName',
      'EmailAddress',
      '*InvoiceNumber',
      'Reference',
      '*InvoiceDate',
      '*DueDate',
      '*Description',
      '*Quantity',
      '*UnitAmount',
      '*AccountCode',
      '*TaxType',
      'TaxAmount',
      'TrackingName1',
      'TrackingOption1',
      'Currency',
    ]);
    for (const row of xero) {
      for (const [column, value] of Object.entries(row))
        if (column.startsWith('*')) expect(value, `${row['*InvoiceNumber']} ${column}`).not.toBe('');
      expect(row['*InvoiceDate']).toMatch(new RegExp(`^\\d{2}/${monthNumber}/${year}$`));
    }
    expect(xero.find((row) => row['*Description']!.startsWith('Damage'))).toMatchObject({
      '*TaxType': 'No VAT',
      TaxAmount: '0.00',
      TrackingName1: 'Production',
      TrackingOption1: 'Channel Crossing',
      Currency: 'GBP',
    });
    expect(xero.find((row) => row['*Description'] === '1950s Hard Train Case, Cream')).toMatchObject({
      '*ContactName': 'Pinewood Unit 4',
      Reference: 'PO-7741',
      '*Quantity': '2',
      '*UnitAmount': '100.00',
      '*AccountCode': expect.stringMatching(/^\d+$/),
      '*TaxType': '20% (VAT on Income)',
      TaxAmount: '40.00',
    });
    // Each month's lines (quantity × each, plus tax) add up to its invoices less its credit notes.
    expect(
      round(
        xero.reduce(
          (sum, row) => sum + Number(row['*Quantity']) * Number(row['*UnitAmount']) + Number(row.TaxAmount),
          0,
        ),
      ),
    ).toBe(round(totalOf()));
    expect(
      round(
        xero
          .filter((row) => row['*InvoiceNumber']!.startsWith('CN-'))
          .reduce((sum, row) => sum + Number(row['*Quantity']) * Number(row['*UnitAmount']) + Number(row.TaxAmount), 0),
      ),
    ).toBe(round(totalOf('creditNote')));
    expect(totalOf('creditNote')).toBeLessThan(0);

    // QuickBooks Online: invoices in its invoice import (the column names it maps by itself), credit notes in its credit note import, amounts positive.
    const quickbooks = await csvOf('quickbooks');
    expect(Object.keys(quickbooks[0]!)).toEqual([
      'Invoice number',
      'Customer',
      'Invoice date',
      'Due date',
      'Terms',
      'Memo',
      'Item (Product/Service)',
      'Item Description',
      'Item Quantity',
      'Item Rate',
      'Item Amount',
      'Item tax code',
      'Item Tax Amount',
      'Service Date',
    ]);
    for (const row of quickbooks) {
      for (const column of ['Invoice number', 'Customer', 'Invoice date', 'Due date', 'Item Amount'])
        expect(row[column], column).not.toBe('');
      expect(row['Invoice number']).toMatch(/^INV-/);
      expect(Number(row['Item Amount'])).toBeGreaterThanOrEqual(0);
    }
    expect(
      quickbooks.find(
        (row) => row['Invoice number'] === 'INV-000001' && row['Item (Product/Service)']!.startsWith('Rental'),
      ),
    ).toMatchObject({
      Terms: 'Net 30',
      Memo: 'PO PO-7741 · Channel Crossing',
      'Item (Product/Service)': expect.stringMatching(/^Rental \(GL \d+\)$/),
      'Item tax code': '20.0% S',
      'Item Amount': '200.00',
    });
    // Each GL code its own Product/Service; a damage charge outside the scope of VAT.
    expect(quickbooks.find((row) => row['Item (Product/Service)']!.startsWith('Damage'))).toMatchObject({
      'Item tax code': 'No VAT',
    });
    expect(
      round(quickbooks.reduce((sum, row) => sum + Number(row['Item Amount']) + Number(row['Item Tax Amount']), 0)),
    ).toBe(round(totalOf('invoice')));
    const credits = await csvOf('quickbooks-credit-notes');
    expect(Object.keys(credits[0]!).slice(0, 3)).toEqual(['Credit note number', 'Customer', 'Credit note date']);
    for (const row of credits) expect(row['Credit note number']).toMatch(/^CN-/);
    expect(
      round(credits.reduce((sum, row) => sum + Number(row['Item Amount']) + Number(row['Item Tax Amount']), 0)),
    ).toBe(round(-totalOf('creditNote')));
    // Xero: a credit note's Reference names the invoice it credits.
    expect(xero.find((row) => row['*InvoiceNumber'] === 'CN-000001')).toMatchObject({
      Reference: 'INV-000001 / PO-7741',
    });

    const plain = await csvOf('csv');
    const tax = plain.filter((row) => row.Line === 'Tax');
    expect(tax.map((row) => [row.Number, row['GL code'], row.Amount])).toEqual(
      expect.arrayContaining([['INV-000001', '2200', '42.00']]),
    );
    expect(round(plain.reduce((sum, row) => sum + Number(row.Amount), 0))).toBe(round(totalOf()));

    expect((await consoleApi('GET', `invoices/export?format=xero&from=${month}&to=2020-01`)).statusCode).toBe(400);
    expect(
      (await consoleApi('GET', `invoices/export.csv?format=xero&from=${month}&to=${month}&part=2`)).statusCode,
    ).toBe(400);
  });

  it('splits an export at the package’s import limit: QuickBooks Online 100 invoices a file, Xero 500', async () => {
    for (let index = 0; index < 101; index += 1)
      await t.app.invoices.issue(
        sampleDraft(`bulk-${index}`, {
          tenantId: 'london',
          currency: 'GBP',
          issueDate: '2026-03-15',
          issuedAt: `2026-03-15T10:00:${String(index % 60).padStart(2, '0')}.000Z`,
          dueDate: '2026-04-14',
        }),
      );
    const quickbooks = (await consoleApi('GET', 'invoices/export?format=quickbooks&from=2026-03&to=2026-03')).json();
    expect(quickbooks.files.map((file: { name: string; invoices: number }) => [file.name, file.invoices])).toEqual([
      ['london-invoices-by-invoice-date-2026-03-quickbooks-part-1-of-2.csv', 100],
      ['london-invoices-by-invoice-date-2026-03-quickbooks-part-2-of-2.csv', 1],
    ]);
    const second = parse((await t.as('platformStaff', { url: quickbooks.files[1].href })).body, {
      columns: true,
    }) as Array<Record<string, string>>;
    expect(new Set(second.map((row) => row['Invoice number'])).size).toBe(1);
    expect((await consoleApi('GET', 'invoices/export?format=xero&from=2026-03&to=2026-03')).json().files).toHaveLength(
      1,
    );
  });

  it('issues a document an order lacks (its step could not issue it) when the console opens the order, once', async () => {
    const who = await storefrontVisitor(t, 'owed@studio.example', true, 'london');
    const from = addDays(earliestStart('Europe/London', 2, new Date()), 9);
    const id = (
      await storefront('POST', '/api/quote-requests', who.cookie, {
        items: [{ objectID: CASES, quantity: 1 }],
        startDate: from,
        endDate: from,
      })
    ).json().id as string;
    await vendor(`${id}/quote`, 0, { adjustments: {}, services: [] });
    // Confirmed behind the invoices' back, as if the invoice store had been away at that step.
    await t.app.quoteRequests.change('london', id, {
      revision: 1,
      apply: (quote) => ({ ...quote, state: 'confirmed' }),
    });
    expect(await t.app.invoices.forQuote('london', id)).toEqual([]);
    await consoleApi('GET', `quote-requests/${id}`);
    await consoleApi('GET', `quote-requests/${id}`);
    expect((await t.app.invoices.forQuote('london', id)).map((document) => document.kind)).toEqual(['proForma']);
  });

  it('credits named lines by an amount each, their own tax following them (none on a damage charge), never past what a line charged', async () => {
    const { id: damagedId } = await order('line-credit@studio.example', 12);
    const scan = (direction: 'out' | 'in', extra: object = {}) =>
      consoleApi('POST', `orders/${damagedId}/scans`, {
        id: `${damagedId}-${direction}`,
        direction,
        code: CASES,
        count: 2,
        ...extra,
      });
    const certificate = { data: TINY_PDF.toString('base64'), fileName: 'coi.pdf', expiresOn: '2199-12-31' };
    expect(
      (
        await t.as('platformStaff', {
          method: 'PUT',
          url: `/api/tenants/london/quote-requests/${damagedId}/insurance`,
          payload: certificate,
        })
      ).statusCode,
    ).toBe(200);
    expect((await scan('out')).statusCode).toBe(200);
    expect((await scan('in', { count: 1 })).statusCode).toBe(200);
    expect(
      (
        await consoleApi('POST', `orders/${damagedId}/scans`, {
          id: `${damagedId}-in-2`,
          direction: 'in',
          code: CASES,
          count: 1,
          condition: 'damaged',
          note: 'Hinge bent',
        })
      ).statusCode,
    ).toBe(200);
    expect((await vendor(`${damagedId}/close`, (await stored(damagedId)).revision!)).statusCode).toBe(200);
    const issued = (await t.app.invoices.forQuote('london', damagedId)).find(
      (document) => document.kind === 'invoice',
    )!;
    expect(issued.lines.map((line) => [line.kind, line.amount, line.taxRate ?? null])).toEqual([
      ['rental', 200, 20],
      ['damage', 100, null],
      ['processing', 10, 20],
      ['processing', 5, null],
    ]);
    const credit = (body: object) => consoleApi('POST', `invoices/${issued.number}/credit`, body);

    // £60 off the damage charge: no VAT comes off with it.
    const damage = await credit({ reason: 'Hinge was already loose', lines: [{ line: 1, amount: 60 }] });
    expect(damage.statusCode, damage.body).toBe(200);
    expect(damage.json()).toMatchObject({
      kind: 'creditNote',
      credits: issued.number,
      subtotal: -60,
      taxes: [],
      total: -60,
    });
    expect(damage.json().lines).toEqual([
      expect.objectContaining({ kind: 'damage', creditsLine: 1, quantity: 1, unitAmount: -60, amount: -60 }),
    ]);
    expect(damage.json().lines[0]).not.toHaveProperty('taxRate');
    // £50 off the hire: its 20% VAT comes off with it.
    const hire = await credit({ reason: 'A day short', lines: [{ line: 0, amount: 50 }] });
    expect(hire.json()).toMatchObject({
      subtotal: -50,
      taxes: [{ name: 'VAT', rate: 20, base: -50, amount: -10, glCode: '2200' }],
      total: -60,
    });

    // Past what is left on a line, a line it lacks, a line twice, or an amount and lines at once: refused at the field.
    const over = await credit({ reason: 'More', lines: [{ line: 1, amount: 50 }] });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual({
      'lines.0.amount': 'at most 40.00 is left to credit on Damage: 1950s Hard Train Case, Cream (before tax)',
    });
    expect((await credit({ reason: 'x', lines: [{ line: 7, amount: 1 }] })).json().errors).toEqual({
      'lines.0.line': `${issued.number} has no line 8 (it has 4)`,
    });
    expect(
      Object.keys(
        (
          await credit({
            reason: 'x',
            lines: [
              { line: 0, amount: 1 },
              { line: 0, amount: 1 },
            ],
          })
        ).json().errors,
      ),
    ).toEqual(['lines.1.line']);
    expect((await credit({ reason: 'x', amount: 5, lines: [{ line: 0, amount: 1 }] })).json().errors).toEqual({
      amount: 'give an amount to spread over the invoice, or lines to reduce, not both',
    });
    // The rest of the damage charge, exactly.
    expect((await credit({ reason: 'Waived', lines: [{ line: 1, amount: 40 }] })).json()).toMatchObject({ total: -40 });
  });

  it('voids a cancelled order’s pro forma', async () => {
    const cancelled = await order('cancel-vat@studio.example', 6);
    const before = await stored(cancelled.id);
    expect(
      (await vendor(`${cancelled.id}/cancel`, before.revision!, { reason: 'Shoot moved abroad' })).statusCode,
    ).toBe(200);
    const [proForma] = await t.app.invoices.forQuote('london', cancelled.id);
    expect(proForma).toMatchObject({ kind: 'proForma', number: expect.stringMatching(/^PF-\d{6}$/) });
    expect(proForma!.voidedAt).toBeTruthy();
    const [page] = await pdfPages((await consoleApi('GET', `invoices/${proForma!.number}/pdf`)).rawPayload);
    expect(page).toContain('VOID');
    expect(page).toContain('Pro forma: not a tax invoice');
  });

  it('charges card processing on the total with VAT and carries no VAT on it when the house turns cardProcessingTaxed off', async () => {
    expect((await editTenant(t, 'london', (house) => (house.site.cardProcessingTaxed = false))).statusCode).toBe(200);
    try {
      const { id: untaxedId, cookie: untaxedCookie } = await order('untaxed-processing@studio.example', 20);
      // £200 hire, VAT £40 on it; 5% processing on the £240 with VAT: £12, with no VAT of its own. The total is the same £252.
      expect((await storefront('GET', `/api/quotes/${untaxedId}`, untaxedCookie)).json().due).toEqual({
        net: 200,
        tax: 40,
        processing: 12,
        total: 252,
        taxName: 'VAT',
        taxRate: 20,
        processingTaxed: false,
      });
      const [proForma] = await t.app.invoices.forQuote('london', untaxedId);
      expect(proForma!.lines.map((line) => [line.kind, line.amount, line.taxRate ?? null])).toEqual([
        ['rental', 200, 20],
        ['processing', 12, null],
      ]);
      expect(proForma!.taxes).toEqual([expect.objectContaining({ rate: 20, base: 200, amount: 40 })]);
    } finally {
      await editTenant(t, 'london', (house) => delete house.site.cardProcessingTaxed);
    }
  });
});
