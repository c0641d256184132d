/**
 * A studio that pays on account, end to end in Chromium against the built server, every
 * off-machine request aborted: the house's admin opens Customer accounts (empty: it says what an
 * account is for), opens Warner's with net 45 days, a credit limit and the purchase order it
 * requires, and adds the production designer who orders; on her quote page she sees "Pay on
 * account" beside the card panel, and accepts on Warner's account, the dialog holding Accept until
 * she gives the purchase order, with no card asked. In the console the order says it is on
 * Warner's account; confirming is held back past the credit limit, and the admin releases it with a
 * reason, which the order shows. The hire closed, Warner's bank transfer is recorded against the
 * invoice, the little more than owed kept as its credit, which Aged debtors shows. axe-core on the storefront pages; screenshots at 1280 and 375 px.
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import type { Catalogue } from '../../schema/types.generated';
import { axeViolations, visitorPage } from '../helpers/browser';
import { mailedLink } from '../helpers/mailed-links';
import { pdfPages } from '../helpers/pdf-text';
import { startConsole, type ConsoleUnderTest } from '../helpers/console';
import { tenantsDir } from '../helpers/paths';

let app: ConsoleUnderTest;
let storefront: string;
beforeAll(async () => {
  app = await startConsole('customer-accounts', { BACKLOT_SIGN_INS_PER_MINUTE: '100' });
  storefront = app.server.url.replace('127.0.0.1', 'aviation.localhost');
}, 60_000);
afterAll(() => app?.close(), 30_000);

const item = (
  JSON.parse(readFileSync(path.join(tenantsDir, 'aviation', 'catalogue.json'), 'utf8')) as Catalogue
).items.find((candidate) => candidate.quantity >= 2 && candidate.rates.day >= 100)!;

/** The hire goes out and comes back (the crew's scans, as the scan screen sends them) and is closed, by the house: the close's status. */
const hiredAndClosed = (page: Page, id: string, count: number) =>
  page.evaluate(
    async ({ id, code, count }) => {
      const post = (url: string, body: object, headers: Record<string, string> = {}) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
      for (const direction of ['out', 'in'])
        await post(`/api/tenants/aviation/orders/${id}/scans`, { id: `${id}-${direction}`, direction, code, count });
      const { version } = await (await fetch(`/api/tenants/aviation/quote-requests/${id}`)).json();
      return (await post(`/api/tenants/aviation/quote-requests/${id}/close`, {}, { 'if-match': `"${version}"` }))
        .status;
    },
    { id, code: item.objectID, count },
  );

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: path.join(app.artifacts, `${name}_${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('a customer account', () => {
  it('is opened in the console, accepted on by its member with no card, and its order released past the credit limit', async () => {
    const { page, errors } = await visitorPage(app.browser, {
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    await page.goto(`${storefront}/quotes`);
    await page.locator('html[data-hydrated]').waitFor();
    const admin = await app.signUpApproved(page, storefront, 'dana@warner.example');

    // The console: no accounts yet, then Warner's opened.
    await admin.page.getByRole('menuitem', { name: 'Customer accounts' }).click();
    await admin.page.getByText('No customer accounts yet').waitFor();
    await admin.page.screenshot({ path: path.join(app.artifacts, 'accounts-empty_1280.png'), fullPage: true });
    await admin.page.getByRole('link', { name: 'Open an account' }).first().click();
    await admin.page.getByRole('textbox', { name: 'Name', exact: true }).fill('Warner Bros. Pictures');
    await admin.page.getByRole('combobox', { name: /^Kind/ }).click();
    await admin.page.getByRole('option', { name: 'Studio' }).click();
    await admin.page.getByRole('spinbutton', { name: /Days to pay/ }).fill('45');
    await admin.page.getByRole('spinbutton', { name: 'Credit limit (USD)' }).fill('100');
    await admin.page.getByLabel('Purchase order required').check();
    await admin.page.getByRole('button', { name: 'Add' }).click();
    await admin.page.getByRole('textbox', { name: 'Email', exact: true }).fill('dana@warner.example');
    await admin.page.getByRole('textbox', { name: 'Name', exact: true }).nth(1).fill('Dana');
    await admin.page.screenshot({ path: path.join(app.artifacts, 'account-form_1280.png'), fullPage: true });
    await admin.page.getByRole('button', { name: 'Save' }).click();
    await admin.page.waitForURL(/#\/t\/aviation\/accounts\/warner-bros-pictures$/);
    // The account's page has loaded (it says where the account stands) before the list is opened.
    await admin.page.getByRole('status').filter({ hasText: 'Owes $0.00 of its $100.00 credit limit' }).waitFor();
    await admin.page.getByRole('menuitem', { name: 'Customer accounts' }).click();
    await admin.page.waitForURL(/#\/t\/aviation\/accounts$/);
    const row = admin.page.getByRole('row', { name: /Warner Bros\. Pictures/ });
    await row.getByText('Net 45').waitFor();
    await admin.page.screenshot({ path: path.join(app.artifacts, 'accounts_1280.png'), fullPage: true });
    await row.getByText('$100').waitFor();
    await admin.page.screenshot({ path: path.join(app.artifacts, 'accounts_1280.png'), fullPage: true });

    // Dana asks, and the house prices it.
    const startDate = addDays(earliestStart('America/Los_Angeles', 2, new Date()), 3);
    const asked = await page.evaluate(
      (body) =>
        fetch('/api/quote-requests', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((response) => response.json()),
      {
        items: [{ objectID: item.objectID, quantity: 2 }],
        startDate,
        endDate: addDays(startDate, 2),
        production: 'Night Flight',
      },
    );
    const priced = await admin.page.evaluate(
      (id) =>
        fetch(`/api/tenants/aviation/quote-requests/${id}/quote`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'if-match': '"0"' },
          body: JSON.stringify({ adjustments: {}, services: [] }),
        }).then((response) => response.status),
      asked.id as string,
    );
    expect(priced).toBe(200);

    // Her address is on Warner's account but not yet confirmed: the account waits for the link mailed to it.
    await page.goto(`${storefront}/quotes/${asked.id}`);
    await page.locator('html[data-hydrated]').waitFor();
    const onAccount = page.getByRole('region', { name: 'Pay on account' });
    await onAccount
      .getByText('To order on Warner Bros. Pictures’s account, confirm dana@warner.example first', { exact: false })
      .waitFor();
    await onAccount.getByRole('button', { name: 'Send the link again' }).click();
    await onAccount
      .getByRole('status')
      .filter({ hasText: 'Sent: look in dana@warner.example’s inbox for the link.' })
      .waitFor();
    await shoot(page, 'quote-confirm-email-first');
    await page.goto(await mailedLink(path.join(app.root, '.data', 'outbox'), 'dana@warner.example', 'verifyEmail'));
    await page.locator('html[data-hydrated]').waitFor();

    // Confirmed, her quote page offers the account beside the card, and asks for the purchase order Warner needs.
    await page.goto(`${storefront}/quotes/${asked.id}`);
    await page.locator('html[data-hydrated]').waitFor();
    await onAccount
      .getByText('You can accept this quote on Warner Bros. Pictures’s account: no card needed', { exact: false })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'quote-on-account');
    await onAccount.getByRole('button', { name: 'Accept on Warner Bros. Pictures’s account' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(/Accept this quote for \$[\d,.]+ on Warner Bros\. Pictures’s account\?/).waitFor();
    const accept = dialog.getByRole('button', { name: 'Accept on Warner Bros. Pictures’s account' });
    expect(await accept.isDisabled()).toBe(true);
    await dialog
      .getByRole('textbox', { name: 'Purchase-order number (Warner Bros. Pictures needs one)' })
      .fill('WB-5512');
    await accept.click();
    await page.getByText('Accepted. The vendor has been told.').waitFor();
    await page.getByText('On Warner Bros. Pictures’s account, net 45 days').waitFor();
    expect(await page.getByRole('region', { name: 'Pay on account' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'quote-accepted-on-account');

    // The console: on Warner's account; past its limit, confirmed only with a reason.
    await admin.page.goto(`${app.server.url}/admin/#/t/aviation/quote-requests/${asked.id}`);
    await admin.page.getByText('On account, net 45 days:').waitFor();
    await admin.page.getByText('PO WB-5512', { exact: false }).waitFor();
    await admin.page.getByRole('button', { name: 'Confirm order' }).click();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Confirm order' }).click();
    const refusal = admin.page.getByRole('alert').filter({ hasText: 'takes it past its credit limit of $100' });
    await refusal.waitFor();
    await admin.page.screenshot({ path: path.join(app.artifacts, 'order-held-by-account_1280.png'), fullPage: true });
    await refusal.getByRole('button', { name: 'Release and confirm…' }).click();
    const release = admin.page.getByRole('dialog', { name: 'Confirm on the account all the same?' });
    await release
      .getByRole('textbox', { name: 'Why you let it through' })
      .fill('Producer vouched; PO approved by WB finance');
    await release.getByRole('button', { name: 'Release and confirm' }).click();
    await admin.page
      .getByText('Released by owner@jetwayprops.com: “Producer vouched; PO approved by WB finance”', { exact: false })
      .waitFor();
    await admin.page.screenshot({ path: path.join(app.artifacts, 'order-released_1280.png'), fullPage: true });

    // The hire goes out and comes back (the crew's scans, as the scan screen sends them), and is closed: its invoice goes to Warner.
    const closed = await hiredAndClosed(admin.page, asked.id as string, 2);
    expect(closed).toBe(200);
    await admin.page.reload();
    // Warner pays by bank transfer, a little more than the invoice: the rest stays on its account.
    await admin.page.getByRole('button', { name: 'Record payment' }).click();
    const payment = admin.page.getByRole('dialog', { name: /Payment received against INV-/ });
    await payment.getByText(/still owed of/).waitFor();
    const owed = Number(await payment.getByRole('spinbutton', { name: 'Amount received (USD)' }).inputValue());
    await payment.getByRole('spinbutton', { name: 'Amount received (USD)' }).fill(String(owed + 25));
    // More than is owed: kept as the account's credit only when asked.
    await payment
      .getByRole('checkbox', { name: 'Keep the $25.00 more than is owed as Warner Bros. Pictures’s credit' })
      .check();
    await payment.getByRole('textbox', { name: 'Reference (bank, cheque or receipt)' }).fill('WB AP 7781');
    await admin.page.screenshot({ path: path.join(app.artifacts, 'record-payment_1280.png'), fullPage: true });
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await payment.waitFor({ state: 'hidden' });
    await admin.page.getByText('Paid in full').waitFor();
    await admin.page.getByText(/recorded: the invoice is paid and \$25\.00 is on the account as credit\./).waitFor();

    // The accountant's files beside the accounts: Warner as a Xero contact, the payment to reconcile.
    await admin.page.goto(`${app.server.url}/admin/#/t/aviation/accounts`);
    const files = admin.page.getByRole('region', { name: 'For your accountant' });
    const contacts = files.getByRole('link', { name: 'Download 1 account (CSV)' });
    await contacts.waitFor();
    const xero = await admin.page.evaluate(
      async (href) => (await fetch(href)).text(),
      (await contacts.getAttribute('href'))!,
    );
    expect(xero.split('\r\n')[1]).toMatch(/^Warner Bros\. Pictures,warner-bros-pictures,/);
    // The transfer as a line of Xero's bank statement import, paid by the contact above.
    await files.getByRole('combobox', { name: 'Payments as' }).click();
    await admin.page.getByRole('option', { name: 'Xero statement lines' }).click();
    const [statement] = await Promise.all([
      admin.page.waitForEvent('download'),
      files.getByRole('button', { name: 'Download payments (CSV)' }).click(),
    ]);
    const lines = readFileSync((await statement.path())!, 'utf8').split('\r\n');
    expect(lines[0]).toBe('*Date,*Amount,Payee,Description,Reference,Check Number');
    expect(lines[1]).toMatch(
      /^\d\d\/\d\d\/\d{4},\d+\.\d\d,Warner Bros\. Pictures,"Bank transfer for invoice [^,]+, ref WB AP 7781",/,
    );
    await admin.page.screenshot({ path: path.join(app.artifacts, 'accounts-files_1280.png'), fullPage: true });

    // Aged debtors: Warner owes nothing and holds $25.00.
    await admin.page.goto(`${app.server.url}/admin/#/t/aviation/accounts`);
    await admin.page.getByRole('link', { name: 'Aged debtors' }).click();
    const warner = admin.page.getByRole('row', { name: /Warner Bros\. Pictures/ });
    await warner.getByRole('cell', { name: '$25.00' }).waitFor();
    await admin.page.screenshot({ path: path.join(app.artifacts, 'aged-debtors_1280.png'), fullPage: true });
    await admin.page.setViewportSize({ width: 375, height: 812 });
    await admin.page.screenshot({ path: path.join(app.artifacts, 'aged-debtors_375.png'), fullPage: true });
    await admin.page.setViewportSize({ width: 1280, height: 900 });
    // The account says where it stands above its form.
    await warner.getByRole('link', { name: 'Warner Bros. Pictures' }).click();
    await admin.page
      .getByRole('status')
      .filter({ hasText: 'Owes $0.00 of its $100.00 credit limit' })
      .getByText('$25.00 credit', { exact: false })
      .waitFor();
    await admin.page.screenshot({ path: path.join(app.artifacts, 'account-standing_1280.png'), fullPage: true });

    // Its statement for this month: the invoice and the payment, and the credit held, as a PDF.
    const statements = admin.page.getByRole('region', { name: 'Statements and reminders' });
    await statements.getByText('Nothing mailed yet.', { exact: false }).waitFor();
    // Warner has no billing contact yet: the panel says what that means for its mail.
    await statements
      .getByText('No billing contact below: monthly statements are not mailed to this account', { exact: false })
      .waitFor();
    const thisMonth = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }).format(new Date());
    await statements.getByRole('combobox', { name: 'Month' }).click();
    await admin.page.getByRole('option', { name: thisMonth }).click();
    const pdfLink = statements.getByRole('link', { name: `Statement for ${thisMonth} (PDF)` });
    const statementPdf = await admin.page.evaluate(
      async (href) => {
        const response = await fetch(href);
        return {
          status: response.status,
          type: response.headers.get('content-type'),
          bytes: Array.from(new Uint8Array(await response.arrayBuffer())),
        };
      },
      (await pdfLink.getAttribute('href'))!,
    );
    expect([statementPdf.status, statementPdf.type]).toEqual([200, 'application/pdf']);
    const [statementText] = await pdfPages(Buffer.from(statementPdf.bytes));
    expect(statementText).toContain('STATEMENT FOR Warner Bros. Pictures');
    expect(statementText).toContain('Bank transfer · WB AP 7781');
    expect(statementText).toContain('Warner Bros. Pictures holds $25.00 of credit');
    await shoot(admin.page, 'account-statements');

    // Payment reminders are on for the account until the house turns them off.
    expect(await admin.page.getByLabel('Mail payment reminders').isChecked()).toBe(true);
    // Warner's resale certificate: named on the account, then its PDF kept with it.
    await admin.page.getByRole('combobox', { name: 'Tax exemption · Kind' }).click();
    await admin.page.getByRole('option', { name: 'Resale certificate' }).click();
    await admin.page.getByRole('textbox', { name: 'Tax exemption · Certificate number' }).fill('SR-88-1234');
    await admin.page.getByLabel('Tax exemption · Expires on').fill('2030-12-31');
    await admin.page.getByRole('button', { name: 'Save' }).click();
    const certificate = admin.page.getByRole('region', { name: 'Exemption certificate SR-88-1234' });
    await certificate.getByText('No file yet', { exact: false }).waitFor();
    await certificate
      .locator('input[type=file]')
      .setInputFiles({ name: 'not-a-certificate.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await certificate
      .getByText('is not a PDF, PNG or JPEG: upload the certificate as a PDF or a photo of it')
      .waitFor();
    await certificate
      .locator('input[type=file]')
      .setInputFiles({ name: 'resale.pdf', mimeType: 'application/pdf', buffer: Buffer.from(statementPdf.bytes) });
    await certificate.getByText('The certificate is on file.').waitFor();
    await certificate.getByRole('link', { name: 'Open the certificate' }).waitFor();
    await admin.page.screenshot({ path: path.join(app.artifacts, 'exemption-certificate_1280.png'), fullPage: true });

    // The house mails reminders 7, 14 and 30 days past due: typed as it says them, kept in order.
    await admin.page.goto(`${app.server.url}/admin/#/t/aviation/site/invoices`);
    const reminders = admin.page.getByRole('textbox', { name: 'Payment reminders (days past due)' });
    await reminders.fill('30, 7, 7');
    await admin.page.getByRole('button', { name: 'Save' }).click();
    await admin.page.getByText('7 is listed twice').waitFor();
    await reminders.fill('30, 7 14');
    await admin.page.getByRole('button', { name: 'Save' }).click();
    await admin.page.getByText('Element updated').waitFor();
    await admin.page.reload();
    await admin.page
      .getByRole('textbox', { name: 'Payment reminders (days past due)' })
      .and(admin.page.locator('[value="7, 14, 30"]'))
      .waitFor();
    await admin.page.screenshot({ path: path.join(app.artifacts, 'reminder-settings_1280.png'), fullPage: true });

    // A second order on the account, hired and closed: Warner's $25.00 of credit is used on its invoice as it is issued.
    const second = await page.evaluate(
      (body) =>
        fetch('/api/quote-requests', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((response) => response.json()),
      {
        items: [{ objectID: item.objectID, quantity: 1 }],
        startDate: addDays(startDate, 10),
        endDate: addDays(startDate, 11),
        production: 'Night Flight',
      },
    );
    const vendorStep = (id: string, step: string, body: object) =>
      admin.page.evaluate(
        async ({ id, step, body }) => {
          const etag = (await fetch(`/api/tenants/aviation/quote-requests/${id}`)).headers.get('etag')!;
          return (
            await fetch(`/api/tenants/aviation/quote-requests/${id}/${step}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'if-match': etag },
              body: JSON.stringify(body),
            })
          ).status;
        },
        { id, step, body },
      );
    expect(await vendorStep(second.id, 'quote', { adjustments: {}, services: [] })).toBe(200);
    const acceptedSecond = await page.evaluate(async (id) => {
      const { revision } = await (await fetch(`/api/quotes/${id}`)).json();
      return (
        await fetch(`/api/quotes/${id}/accept`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'if-match': `"${revision}"` },
          body: JSON.stringify({ version: 1, account: 'warner-bros-pictures', purchaseOrder: 'WB-5513' }),
        })
      ).status;
    }, second.id as string);
    expect(acceptedSecond).toBe(200);
    expect(await vendorStep(second.id, 'confirm', { release: 'Repeat customer' })).toBe(200);
    const closedSecond = await hiredAndClosed(admin.page, second.id as string, 1);
    expect(closedSecond).toBe(200);
    await admin.page.goto(`${app.server.url}/admin/#/t/aviation/quote-requests/${second.id}`);
    await admin.page.getByRole('button', { name: 'Record payment' }).click();
    const fromCredit = admin.page.getByRole('dialog', { name: /Payment received against INV-/ });
    await fromCredit.getByText('$200.00 still owed of $225.00.').waitFor();
    await fromCredit.getByText(/: \$25\.00 by Account credit \(Applied when invoiced\)$/).waitFor();
    // No credit is left to offer.
    await fromCredit.getByRole('combobox', { name: 'How it was paid' }).click();
    expect(await admin.page.getByRole('option', { name: 'Account credit' }).count()).toBe(0);
    await admin.page.keyboard.press('Escape');
    await admin.page.screenshot({ path: path.join(app.artifacts, 'credit-applied_1280.png'), fullPage: true });
    await fromCredit.getByRole('button', { name: 'Cancel' }).click();
    // The invoice's row says what is paid and what is owed.
    await admin.page.getByText('$25.00 paid · $200.00 still owed').waitFor();
    expect(errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  }, 300_000);

  it('lets a visitor ask to order on the account, and the house approve it into the account', async () => {
    const { page, errors } = await visitorPage(app.browser, {
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    await page.goto(`${storefront}/quotes`);
    await page.locator('html[data-hydrated]').waitFor();
    const admin = await app.signUpApproved(page, storefront, 'lee@warner.example');
    const startDate = addDays(earliestStart('America/Los_Angeles', 2, new Date()), 20);
    const asked = await page.evaluate(
      (body) =>
        fetch('/api/quote-requests', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((response) => response.json()),
      {
        items: [{ objectID: item.objectID, quantity: 1 }],
        startDate,
        endDate: addDays(startDate, 1),
        production: 'Night Flight',
      },
    );
    const priced = await admin.page.evaluate(async (id) => {
      const etag = (await fetch(`/api/tenants/aviation/quote-requests/${id}`)).headers.get('etag')!;
      return (
        await fetch(`/api/tenants/aviation/quote-requests/${id}/quote`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'if-match': etag },
          body: JSON.stringify({ adjustments: {}, services: [] }),
        })
      ).status;
    }, asked.id as string);
    expect(priced).toBe(200);

    // Lee is on no account: the quote offers to ask for Warner's.
    await page.goto(`${storefront}/quotes/${asked.id}`);
    await page.locator('html[data-hydrated]').waitFor();
    const ask = page.getByRole('region', { name: 'Pay on account' });
    await ask.getByRole('button', { name: 'Ask to order on your company’s account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Ask Jetway Props to add you to your company’s account' });
    const send = dialog.getByRole('button', { name: 'Send the request' });
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Company (studio or production company)' }).fill('Warner Bros.');
    await dialog
      .getByRole('textbox', { name: 'Note for the house (your role, who can vouch for you)' })
      .fill('Art department coordinator; Dana can vouch');
    await send.click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Your request to order on Warner Bros.’s account is with Jetway Props' })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'join-asked');

    // The house sees it above its accounts, Warner's account chosen from the name Lee gave, and approves.
    await admin.page.goto(`${app.server.url}/admin/#/t/aviation/accounts`);
    const requests = admin.page.getByRole('region', { name: 'A request to order on an account' });
    await requests.getByText('lee@warner.example asks to order on Warner Bros.’s account', { exact: false }).waitFor();
    await requests.getByText('Art department coordinator; Dana can vouch').waitFor();
    expect(await requests.getByRole('combobox', { name: 'Add them to' }).textContent()).toContain(
      'Warner Bros. Pictures',
    );
    await admin.page.screenshot({ path: path.join(app.artifacts, 'join-requests_1280.png'), fullPage: true });
    await requests.getByRole('button', { name: 'Approve' }).click();
    await admin.page.getByText('lee@warner.example can now order on the account: they were told by mail.').waitFor();
    await requests.waitFor({ state: 'detached' });

    // Lee's quote now names Warner's account, once Lee's address is confirmed; then offers it instead of the request.
    await page.reload();
    await page
      .getByRole('region', { name: 'Pay on account' })
      .getByText('To order on Warner Bros. Pictures’s account, confirm lee@warner.example first', { exact: false })
      .waitFor();
    await page.goto(await mailedLink(path.join(app.root, '.data', 'outbox'), 'lee@warner.example', 'verifyEmail'));
    await page.locator('html[data-hydrated]').waitFor();
    await page.goto(`${storefront}/quotes/${asked.id}`);
    await page
      .getByRole('region', { name: 'Pay on account' })
      .getByRole('button', { name: 'Accept on Warner Bros. Pictures’s account' })
      .waitFor();
    expect(errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  }, 300_000);
});
