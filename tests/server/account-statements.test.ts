/**
 * Money owed on a customer account over the real app (issue 38): an overpayment kept as credit pays
 * a later invoice (and no more than is held); the month's statement as figures and as a PDF checked
 * by qpdf and pdf.js; a month not begun refused; then the receivables watch on the house's schedule
 * (reminders 7 and 30 days past due, statements on the 1st): each reminder and statement mailed
 * once, with its PDF attached, to the account's billing contact or the customer, a second server's
 * pass sending nothing, and no reminder once the invoice is paid. The mailer is the outbox (real
 * MIME files, read back with mailparser). The accountant's files: the accounts as Xero's contacts
 * import and QuickBooks Online's customer import (their documented columns and limits, read back
 * with csv-parse), and the payments received in some days.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '../../schema/types.generated';
import { applyAccountCredit } from '../../server/rental/account-credit';
import { ReceivablesWatch } from '../../server/accounts/receivables-watch';
import { SmtpMailer, type OutboxMailer } from '../../server/mail/mailer';
import { sampleDraft } from '../contract/invoice-store.contract';
import { pdfPages } from '../helpers/pdf-text';
import { buildTestApp, type TestApp } from '../helpers/server';

const run = promisify(execFile);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.as('aviationAdmin', { method, url: `/api/tenants/aviation${url}`, ...(payload && { payload }) });
const warner = { id: 'warner', name: 'Warner Bros. Pictures', netDays: 30, deposit: 'none' as const };
const onWarner = { name: 'Dana', email: 'dana@warner.example', production: 'Night Flight', account: warner };
const issue = async (
  quoteId: string,
  issueDate: string,
  dueDate: string,
  balance: number,
  billTo: Invoice['billTo'] = onWarner,
) =>
  (
    await t.app.invoices.issue(
      sampleDraft(quoteId, {
        issueDate,
        issuedAt: `${issueDate}T17:00:00.000Z`,
        dueDate,
        total: balance,
        paid: 0,
        balance,
        billTo,
        taxes: [],
        subtotal: balance,
      }),
    )
  ).invoice;
const pay = (number: string, body: object) => api('POST', `/invoices/${number}/payments`, { currency: 'USD', ...body });
const mails = () => (t.app.mailer as OutboxMailer).list();
const parsed = async (file: string) =>
  simpleParser(await readFile(path.join((t.app.mailer as OutboxMailer).dir, file)));

describe('statements and reminders on a customer account', () => {
  let a: Invoice;
  let b: Invoice;
  let c: Invoice;

  it('keeps an overpayment as credit, and pays a later invoice from it, no further than it holds', async () => {
    const opened = await api('POST', '/accounts', {
      id: 'warner',
      name: 'Warner Bros. Pictures',
      kind: 'studio',
      terms: { method: 'account', netDays: 30, deposit: 'none' },
      billingAddress: { line1: '4000 Warner Blvd', city: 'Burbank', state: 'CA', zip: '91522', country: 'US' },
      billingContact: { name: 'Accounts payable', email: 'ap@warner.example' },
      members: [],
    });
    expect(opened.statusCode, opened.body).toBe(201);
    a = await issue('q-a', '2026-09-03', '2026-10-03', 500);
    b = await issue('q-b', '2026-09-10', '2026-09-25', 300);
    c = await issue('q-c', '2026-08-01', '2026-08-31', 200, {
      name: 'Sam',
      email: 'sam@indie.example',
      studio: 'Indie Films',
    });

    const wire = await pay(a.number, {
      id: 'wire-000001',
      amount: 650,
      receivedOn: '2026-09-20',
      method: 'bankTransfer',
      reference: 'WB-PAY-1',
      keepRest: true,
    });
    expect(wire.statusCode, wire.body).toBe(201);
    expect(wire.json()).toMatchObject({ payment: { applied: 500, credit: 150 }, owed: 0, accountCredit: 150 });
    expect((await api('GET', `/invoices/${b.number}/payments`)).json()).toMatchObject({
      owed: 300,
      accountCredit: 150,
    });
    const used = await pay(b.number, {
      id: 'credit-00001',
      amount: 100,
      receivedOn: '2026-09-21',
      method: 'accountCredit',
    });
    expect(used.json()).toMatchObject({
      payment: { applied: 100, credit: -100, method: 'accountCredit' },
      owed: 200,
      accountCredit: 50,
    });
    // The invoice list, the invoice itself and its PDF say what it owes now, as the statement will: $200 of $300.
    const listed = (await api('GET', '/invoices?filter={"kind":"invoice"}&range=[0,99]')).json() as Array<{
      number: string;
      balance: number;
      owed: number;
    }>;
    expect(listed.find((row) => row.number === b.number)).toMatchObject({ balance: 300, owed: 200 });
    expect((await api('GET', `/invoices/${b.number}`)).json()).toMatchObject({ owed: 200 });
    const pdf = await api('GET', `/invoices/${b.number}/pdf`);
    const [page] = await pdfPages(pdf.rawPayload);
    expect(page).toMatch(/Paid Sep 21, 2026\s+-\$100\.00/);
    expect(page).toMatch(/Balance due\s+\$200\.00/);
    expect(page).toContain(`Please pay $200.00 by Sep 25, 2026, quoting ${b.number}.`);
    const tooMuch = await pay(b.number, {
      id: 'credit-00002',
      amount: 60,
      receivedOn: '2026-09-21',
      method: 'accountCredit',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors.amount).toBe('is more than the $50.00 of credit Warner Bros. Pictures holds');
    const offAccount = await pay(c.number, {
      id: 'credit-00003',
      amount: 10,
      receivedOn: '2026-09-21',
      method: 'accountCredit',
    });
    expect(offAccount.json().errors.method).toBe(
      `${c.number} is not on a customer account: only an account holds credit`,
    );
  });

  it('states the month: brought forward, each document and payment with the balance, the close by age; and as a PDF', async () => {
    const figures = await api('GET', '/accounts/warner/statements/2026-09');
    expect(figures.statusCode, figures.body).toBe(200);
    const statement = figures.json();
    expect(statement).toMatchObject({
      month: '2026-09',
      broughtForward: 0,
      closing: 150,
      credit: 50,
      ageing: { current: 0, days30: 200, days60: 0, days90: 0, over90: 0 },
    });
    expect(
      statement.lines.map(
        (line: { kind: string; reference: string; charge: number; received: number; balance: number }) => [
          line.kind,
          line.reference,
          line.charge,
          line.received,
          line.balance,
        ],
      ),
    ).toEqual([
      ['invoice', a.number, 500, 0, 500],
      ['invoice', b.number, 300, 0, 800],
      ['payment', a.number, 0, 650, 150],
      ['creditUsed', b.number, 0, 0, 150],
    ]);
    expect((await api('GET', '/accounts/warner/statements/2026-10')).json()).toMatchObject({
      broughtForward: 150,
      lines: [],
      closing: 150,
    });

    const pdf = await api('GET', '/accounts/warner/statements/2026-09/pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const file = path.join(t.root, 'statement.pdf');
    await writeFile(file, pdf.rawPayload);
    expect((await run('qpdf', ['--check', file])).stdout).toMatch(/No syntax or stream encoding errors/);
    const [page] = await pdfPages(pdf.rawPayload);
    for (const said of [
      'Statement',
      'September 2026',
      'STATEMENT FOR Warner Bros. Pictures',
      'Attn: Accounts payable',
      'Balance brought forward',
      `Invoice ${a.number}`,
      'Bank transfer · WB-PAY-1',
      'Credit applied',
      'Balance due on Sep 30, 2026 $150.00',
      '1–30 DAYS $200.00',
    ])
      expect(page).toContain(said);

    const ahead = await api('GET', '/accounts/warner/statements/2099-01');
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().errors.month).toMatch(/^2099-01 has not begun at the house/);
    expect((await api('GET', '/accounts/paramount/statements/2026-09')).statusCode).toBe(404);
    expect((await api('GET', '/accounts/warner/statements/2026-13')).statusCode).toBe(400);
  });

  it('mails each reminder and statement once, on the schedule, with its PDF, and no reminder once paid', async () => {
    const house = (await t.app.tenantStore.get('aviation'))!;
    await t.app.tenantStore.put(
      'aviation',
      { ...house.tenant, site: { ...house.tenant.site, reminderDays: [7, 30], statementDay: 1 } },
      { ifMatch: house.version, actor: 'test' },
    );
    const before = (await mails()).length;
    const watch = new ReceivablesWatch(t.app);
    const fifthOfOctober = new Date('2026-10-05T19:00:00Z');
    const first = await watch.pass(fifthOfOctober);
    // B is 10 days past due (the 7-day step), C 35 (the 30-day step only); A is paid.
    expect(first.reminders.sort()).toEqual([`reminder-${b.number}-7`, `reminder-${c.number}-30`].sort());
    expect(first.statements).toEqual(['statement-warner-2026-09']);
    // Another server's pass, and this one's again the next day: nothing more.
    expect(await new ReceivablesWatch(t.app).pass(fifthOfOctober)).toEqual({ reminders: [], statements: [] });
    expect(await watch.pass(new Date('2026-10-06T19:00:00Z'))).toEqual({ reminders: [], statements: [] });

    const sent = (await mails()).slice(0, (await mails()).length - before);
    expect(sent.map((mail) => [mail.kind, mail.to]).sort()).toEqual([
      ['paymentReminder', 'ap@warner.example'],
      ['paymentReminder', 'sam@indie.example'],
      ['statement', 'ap@warner.example'],
    ]);
    const statementMail = await parsed(sent.find((mail) => mail.kind === 'statement')!.file);
    expect(statementMail.subject).toBe('Jetway Props: statement for Warner Bros. Pictures, September 2026');
    expect(statementMail.text).toContain('$150.00 owed on Sep 30, 2026');
    expect(statementMail.attachments.map((attached) => [attached.filename, attached.contentType])).toEqual([
      ['statement-warner-2026-09.pdf', 'application/pdf'],
    ]);
    expect((await pdfPages(statementMail.attachments[0]!.content))[0]).toContain('Balance due on Sep 30, 2026 $150.00');
    const reminder = await parsed(
      sent.find((mail) => mail.kind === 'paymentReminder' && mail.to === 'ap@warner.example')!.file,
    );
    expect(reminder.subject).toBe(`Reminder: invoice ${b.number} from Jetway Props is 7 days past due ($200.00)`);
    expect(reminder.text).toContain('Hello Accounts payable,');
    expect(reminder.attachments[0]!.filename).toBe(`${b.number}.pdf`);
    expect((await pdfPages(reminder.attachments[0]!.content))[0]).toContain(b.number);

    const notices = await api('GET', '/accounts/warner/notices');
    expect(notices.json().map((notice: { id: string }) => notice.id)).toEqual(
      [`reminder-${b.number}-7`, 'statement-warner-2026-09'].sort((x, y) => (x < y ? -1 : 1)),
    );

    // B paid in full: at 31 days past due no 30-day reminder; C's 30-day one was sent.
    expect(
      (await pay(b.number, { id: 'wire-000002', amount: 200, receivedOn: '2026-10-20', method: 'bankTransfer' }))
        .statusCode,
    ).toBe(201);
    expect(await watch.pass(new Date('2026-10-26T19:00:00Z'))).toEqual({ reminders: [], statements: [] });
  });

  it("writes the accounts as Xero's and QuickBooks' contact imports, within their limits, and the payments received", async () => {
    const hostile = await api('POST', '/accounts', {
      id: 'odd',
      name: '=HYPERLINK("x"): Studio	One with a name far too long for QuickBooks to keep whole in its company field',
      kind: 'production',
      terms: { method: 'card' },
      exemption: { kind: 'resale', number: 'SR-88-1234-5678-90', expiresOn: '2030-12-31' },
      members: [],
    });
    expect(hostile.statusCode, hostile.body).toBe(201);

    const xero = await api('GET', '/contacts-export.csv?format=xero');
    expect(xero.headers['content-disposition']).toBe('attachment; filename="aviation-accounts-xero.csv"');
    const xeroRows = parse(xero.body, { columns: true }) as Array<Record<string, string>>;
    expect(Object.keys(xeroRows[0]!)).toEqual([
      '*ContactName',
      'AccountNumber',
      'EmailAddress',
      'POAttentionTo',
      'POAddressLine1',
      'POAddressLine2',
      'POCity',
      'PORegion',
      'POPostalCode',
      'POCountry',
      'TaxNumber',
      'DueDateSalesDay',
      'DueDateSalesTerm',
    ]);
    const warnerRow = xeroRows.find((row) => row.AccountNumber === 'warner')!;
    expect(warnerRow).toMatchObject({
      '*ContactName': 'Warner Bros. Pictures',
      EmailAddress: 'ap@warner.example',
      POAttentionTo: 'Accounts payable',
      POAddressLine1: '4000 Warner Blvd',
      POCity: 'Burbank',
      PORegion: 'CA',
      POPostalCode: '91522',
      POCountry: 'US',
      DueDateSalesDay: '30',
      DueDateSalesTerm: 'Days After',
    });
    // A card account has no sales terms of its own; a name that would be a formula is kept as text.
    expect(xeroRows.find((row) => row.AccountNumber === 'odd')).toMatchObject({
      '*ContactName': `'=HYPERLINK("x"): Studio\tOne with a name far too long for QuickBooks to keep whole in its company field`,
      DueDateSalesTerm: '',
    });

    const summary = (await api('GET', '/contacts-export?format=quickbooks')).json();
    expect(summary).toMatchObject({ accounts: 2, parts: 1 });
    expect(summary.changed).toEqual([
      'Account odd: Full Name written "=HYPERLINK(x) - Studio One with a name far too long for QuickBooks to keep whole in its company" (QuickBooks takes 100 characters, with no colon, quotation mark, tab or newline)',
      'Account odd: Company cut to "=HYPERLINK(x) - Studio One with a name far too" (QuickBooks takes 50 characters)',
      'Account odd: Resale Number SR-88-1234-5678-90 left out: QuickBooks takes 16 characters; enter it on the customer by hand',
    ]);
    const quickbooks = parse((await api('GET', '/contacts-export.csv?format=quickbooks')).body, {
      columns: true,
    }) as Array<Record<string, string>>;
    expect(Object.keys(quickbooks[0]!)).toEqual([
      'Full Name',
      'Company',
      'Email',
      'Street',
      'City',
      'State',
      'ZIP code',
      'Country',
      'Resale Number',
    ]);
    for (const row of quickbooks) {
      expect(row['Full Name']!.length).toBeLessThanOrEqual(100);
      expect(row['Full Name']).not.toMatch(/[:"\t\n]/);
      expect(row.Company!.length).toBeLessThanOrEqual(51); // 50, and the apostrophe that keeps a formula as text
      expect(row['Resale Number']!.length).toBeLessThanOrEqual(16);
    }
    expect(quickbooks.find((row) => row.Email === 'ap@warner.example')).toMatchObject({
      'Full Name': 'Warner Bros. Pictures',
      Street: '4000 Warner Blvd',
      City: 'Burbank',
      State: 'CA',
      'ZIP code': '91522',
      Country: 'US',
    });
    expect((await api('GET', '/contacts-export.csv?format=quickbooks&part=2')).json().errors.part).toBe(
      'there is 1 file: ask for 1',
    );
    expect((await api('GET', '/contacts-export.csv?format=sage')).statusCode).toBe(400);

    const payments = await api('GET', '/payments.csv?from=2026-09-01&to=2026-09-30');
    expect(payments.headers['content-disposition']).toBe(
      'attachment; filename="aviation-payments-2026-09-01-to-2026-09-30.csv"',
    );
    expect(
      (parse(payments.body, { columns: true }) as Array<Record<string, string>>).map((row) => [
        row['Received on'],
        row.Invoice,
        row.Method,
        row.Reference,
        row.Amount,
        row['Applied to invoice'],
        row['Kept as credit'],
      ]),
    ).toEqual([
      ['2026-09-20', a.number, 'Bank transfer', 'WB-PAY-1', '650.00', '500.00', '150.00'],
      ['2026-09-21', b.number, 'Account credit', '', '100.00', '100.00', '-100.00'],
    ]);
    expect((await api('GET', '/payments.csv?from=2026-10-01&to=2026-09-01')).json().errors.to).toBe(
      'must be the same day as from, or later',
    );

    // As bank statement lines, for each package to match with the invoice when the bank is
    // reconciled: the transfer reached the bank, the account credit moved onto b did not.
    const statement = await api('GET', '/payments.csv?from=2026-09-01&to=2026-09-30&format=xero-statement');
    expect(statement.headers['content-disposition']).toBe(
      'attachment; filename="aviation-payments-2026-09-01-to-2026-09-30-xero-statement.csv"',
    );
    expect(parse(statement.body)).toEqual([
      ['*Date', '*Amount', 'Payee', 'Description', 'Reference', 'Check Number'],
      [
        '09/20/2026',
        '650.00',
        'Warner Bros. Pictures',
        `Bank transfer for invoice ${a.number}, ref WB-PAY-1`,
        a.number,
        '',
      ],
    ]);
    const bank = await api('GET', '/payments.csv?from=2026-09-01&to=2026-09-30&format=quickbooks-bank');
    expect(parse(bank.body)).toEqual([
      ['Date', 'Description', 'Amount'],
      ['09/20/2026', `Warner Bros. Pictures · invoice ${a.number} · Bank transfer · WB-PAY-1`, '650.00'],
    ]);
    expect((await api('GET', '/payments.csv?from=2026-09-01&to=2026-09-30&format=sage')).statusCode).toBe(400);
  });

  it('uses the credit an account holds on its next invoice when it is issued, once', async () => {
    // Warner holds $50 of the overpayment; a new invoice takes it, and only once.
    const next = await issue('q-d', '2026-10-27', '2026-11-26', 80);
    const applied = await applyAccountCredit(t.app.invoices, next, '2026-10-27', new Date('2026-10-27T18:00:00Z'));
    expect(applied).toMatchObject({
      id: `credit-${next.number}`,
      method: 'accountCredit',
      amount: 50,
      applied: 50,
      credit: -50,
      reference: 'Applied when invoiced',
    });
    expect(await applyAccountCredit(t.app.invoices, next, '2026-10-27', new Date())).toEqual(applied);
    expect((await api('GET', `/invoices/${next.number}/payments`)).json()).toMatchObject({
      owed: 30,
      accountCredit: 0,
    });
    const after = await issue('q-e', '2026-10-28', '2026-11-27', 40);
    expect(await applyAccountCredit(t.app.invoices, after, '2026-10-28', new Date())).toBeUndefined();
    // Off an account there is no credit to use.
    const card = await issue('q-f', '2026-10-28', '2026-11-27', 40, { name: 'Sam', email: 'sam@indie.example' });
    expect(await applyAccountCredit(t.app.invoices, card, '2026-10-28', new Date())).toBeUndefined();
  });

  it('sends no reminder for an account whose reminders the house turned off', async () => {
    const stored = (await api('GET', '/accounts/warner')).json();
    const {
      id: _id,
      tenantId: _tenant,
      currency: _currency,
      version,
      createdAt: _created,
      updatedAt: _updated,
      ...input
    } = stored;
    expect(
      (
        await t.as('aviationAdmin', {
          method: 'PUT',
          url: '/api/tenants/aviation/accounts/warner',
          payload: { ...input, paymentReminders: false },
          headers: { 'if-match': `"${version}"` },
        })
      ).statusCode,
    ).toBe(200);
    const late = await issue('q-g', '2026-10-01', '2026-10-10', 60);
    const watch = new ReceivablesWatch(t.app);
    // 18 days past due on the 28th (the 7-day step): Sam's invoice off the account is reminded, Warner's is not.
    const sam = await issue('q-h', '2026-10-01', '2026-10-10', 60, { name: 'Sam', email: 'sam@indie.example' });
    expect((await watch.pass(new Date('2026-10-28T19:00:00Z'))).reminders).toEqual([`reminder-${sam.number}-7`]);
    expect(late.billTo.account?.id).toBe('warner');
  });

  it('tries a reminder the mail server refused again on the next pass, and sends it once', async () => {
    const unpaid = await issue('q-i', '2026-10-01', '2026-10-12', 75, { name: 'Sam', email: 'sam@indie.example' });
    // A real SMTP mailer pointed at a loopback port nothing listens on: the connection is refused.
    const refusing = new SmtpMailer('smtp://127.0.0.1:1');
    const notSent = await new ReceivablesWatch({
      tenantStore: t.app.tenantStore,
      invoices: t.app.invoices,
      customerAccounts: t.app.customerAccounts,
      mailer: refusing,
      pdfs: t.app.pdfs,
    }).pass(new Date('2026-10-28T19:00:00Z'));
    await refusing.close();
    expect(notSent.reminders).toEqual([]);
    expect((await t.app.invoices.notices('aviation', { invoice: unpaid.number })).length).toBe(0);
    const before = (await mails()).length;
    expect((await new ReceivablesWatch(t.app).pass(new Date('2026-10-28T19:30:00Z'))).reminders).toEqual([
      `reminder-${unpaid.number}-7`,
    ]);
    expect((await mails()).length).toBe(before + 1);
    expect((await new ReceivablesWatch(t.app).pass(new Date('2026-10-29T19:30:00Z'))).reminders).toEqual([]);
  });
});
