/**
 * A house's customer accounts as the files its accountant imports, so that the books know the same
 * customers Backlot invoices (issue 38), and its payments received as a file to reconcile with:
 *
 * - `xero`: Xero's contacts import (help.xero.com "Import contacts into Xero": the template's
 *   headers, *ContactName the only one required; at most 1,000 contacts a file). Each account
 *   with its id as AccountNumber, its billing contact as EmailAddress and POAttentionTo, its billing
 *   address as the postal address, its tax registration as TaxNumber, and its terms as the default
 *   invoice payment term: DueDateSalesDay (days) with DueDateSalesTerm "Days After" (Xero's words
 *   for days after the invoice date).
 * - `quickbooks`: QuickBooks Online's customer import (Intuit's "Which contact fields are imported":
 *   Full Name, Company, Email, Street, City, State, ZIP code, Country, Resale Number), under the
 *   field names its import maps by itself. Its limits are kept, and each row a limit changed is
 *   reported: a Full Name of at most 100 characters with no colon, quotation mark, tab or newline
 *   (a colon becomes a dash, quotation marks go, tabs and newlines become spaces), a Company of at most 50 (both cut after a whole word), a Resale Number (the exemption
 *   certificate's number) of at most 16 (a longer one is left out, never cut into another number).
 * - payments received, by the day they arrived, in one of three layouts. Neither Xero nor QuickBooks
 *   Online imports customer payments against invoices from a file: both take money received as
 *   bank statement lines and match each to its open invoice when the bank is reconciled. So:
 *   - `list`: every payment with what it paid and kept as credit (a plain CSV, to check against);
 *   - `xero-statement`: Xero's bank statement import (help.xero.com "Import a bank statement":
 *     *Date, *Amount, Payee, Description, Reference, Check Number; at most 1,000 lines), the
 *     invoice's number as Reference and its contact as Payee, which reconciliation matches on;
 *   - `quickbooks-bank`: QuickBooks Online's 3-column bank upload (Intuit's "Format CSV files":
 *     Date, Description, Amount), the payer and invoice number in the description.
 *   The statement layouts hold money that reached the bank only: credit moved onto an invoice
 *   (method Account credit) is not a bank line.
 *
 * Text cells are guarded against formulas (spreadsheet-cells.ts), as the invoice exports are.
 */
import { stringify } from 'csv-stringify/sync';
import { inertCell } from '../../schema/spreadsheet-cells';
import type { CustomerAccount, Payment } from '../../schema/types.generated';
import { dayIn } from '../rental';
import { byReceipt } from '../stores/invoice-store';

export const CONTACT_FORMATS = ['xero', 'quickbooks'] as const;
export type ContactFormat = (typeof CONTACT_FORMATS)[number];

/** How many contacts each package takes in one import. */
export const CONTACT_LIMITS: Record<ContactFormat, number> = { xero: 1000, quickbooks: 1000 };

export const XERO_CONTACT_COLUMNS = [
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
] as const;
export const QUICKBOOKS_CUSTOMER_COLUMNS = [
  'Full Name',
  'Company',
  'Email',
  'Street',
  'City',
  'State',
  'ZIP code',
  'Country',
  'Resale Number',
] as const;
export const XERO_STATEMENT_COLUMNS = [
  '*Date',
  '*Amount',
  'Payee',
  'Description',
  'Reference',
  'Check Number',
] as const;
export const QUICKBOOKS_BANK_COLUMNS = ['Date', 'Description', 'Amount'] as const;
export const PAYMENT_FORMATS = ['list', 'xero-statement', 'quickbooks-bank'] as const;
export type PaymentFormat = (typeof PAYMENT_FORMATS)[number];
/** How many lines a bank statement import takes at once (Xero's limit; QuickBooks' upload is held to the same). */
export const STATEMENT_LINE_LIMIT = 1000;
export const PAYMENT_COLUMNS = [
  'Received on',
  'Invoice',
  'Account',
  'Method',
  'Reference',
  'Currency',
  'Amount',
  'Applied to invoice',
  'Kept as credit',
  'Recorded by',
  'Recorded at',
] as const;

const METHOD_WORDS: Record<Payment['method'], string> = {
  bankTransfer: 'Bank transfer',
  cheque: 'Cheque',
  cardByPhone: 'Card by phone',
  cash: 'Cash',
  other: 'Other',
  accountCredit: 'Account credit',
};

export interface ContactsFile {
  csv: string;
  rows: number;
  /** What a package's limits changed, row by row, for the person importing to check. */
  changed: string[];
}

const cell = (value: string | number | undefined) =>
  typeof value === 'number' ? value.toFixed(2) : inertCell(value ?? '');

/** At most `limit` characters, cut after a whole word where one ends late enough. */
function within(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  const space = cut.lastIndexOf(' ');
  return (space > limit * 0.6 ? cut.slice(0, space) : cut).trimEnd();
}

function xeroRow(account: CustomerAccount): string[] {
  const address = account.billingAddress;
  const onAccount = account.terms.method === 'account';
  return [
    account.name,
    account.id,
    account.billingContact?.email ?? '',
    account.billingContact?.name ?? '',
    address?.line1 ?? '',
    address?.line2 ?? '',
    address?.city ?? '',
    address?.state ?? '',
    address?.zip ?? '',
    address?.country ?? '',
    account.taxNumber ?? '',
    onAccount ? String(account.terms.netDays ?? 30) : '',
    onAccount ? 'Days After' : '',
  ];
}

function quickbooksRow(account: CustomerAccount, changed: string[]): string[] {
  const address = account.billingAddress;
  // QuickBooks refuses a colon, a quotation mark, a tab or a newline in a name.
  const clean = account.name
    .replace(/"/g, '')
    .replace(/\s*:\s*/g, ' - ')
    .replace(/\s+/g, ' ')
    .trim();
  const name = within(clean, 100);
  const company = within(clean, 50);
  const resale = account.exemption?.number ?? '';
  if (name !== account.name)
    changed.push(
      `Account ${account.id}: Full Name written "${name}" (QuickBooks takes 100 characters, with no colon, quotation mark, tab or newline)`,
    );
  if (company !== clean)
    changed.push(`Account ${account.id}: Company cut to "${company}" (QuickBooks takes 50 characters)`);
  // A certificate's number cut short would be another number: it is left for the accountant to enter.
  if (resale.length > 16)
    changed.push(
      `Account ${account.id}: Resale Number ${resale} left out: QuickBooks takes 16 characters; enter it on the customer by hand`,
    );
  return [
    name,
    company,
    account.billingContact?.email ?? '',
    [address?.line1, address?.line2].filter(Boolean).join(', '),
    address?.city ?? '',
    address?.state ?? '',
    address?.zip ?? '',
    address?.country ?? '',
    resale.length > 16 ? '' : resale,
  ];
}

/** One file of `accounts` (by name) in a package's contact import: the `part`th of as many as its limit makes (from 1). */
export function contactsCsv(accounts: readonly CustomerAccount[], format: ContactFormat, part = 1): ContactsFile {
  const ordered = [...accounts].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  const limit = CONTACT_LIMITS[format];
  const chosen = ordered.slice((part - 1) * limit, part * limit);
  const changed: string[] = [];
  const rows = chosen.map((account) =>
    (format === 'xero' ? xeroRow(account) : quickbooksRow(account, changed)).map((value) => cell(value)),
  );
  const header = format === 'xero' ? XERO_CONTACT_COLUMNS : QUICKBOOKS_CUSTOMER_COLUMNS;
  return { csv: stringify([[...header], ...rows], { record_delimiter: 'windows' }), rows: rows.length, changed };
}

/** How many files the accounts make in a package's import. */
export const contactParts = (count: number, format: ContactFormat) =>
  Math.max(1, Math.ceil(count / CONTACT_LIMITS[format]));

export interface PaymentsFileOptions {
  format: PaymentFormat;
  /** The house's locale: the packages read days as the organisation writes them. */
  locale: string;
  /** Whom each invoice names in the books (contactNameOf), by invoice number. */
  payers: ReadonlyMap<string, string>;
}

/** The payments a file of `format` holds from `from` to `to` (calendar days, inclusive), by the day they arrived. */
export function paymentsIn(payments: readonly Payment[], from: string, to: string, format: PaymentFormat): Payment[] {
  return payments
    .filter(
      (payment) =>
        payment.receivedOn >= from &&
        payment.receivedOn <= to &&
        (format === 'list' || payment.method !== 'accountCredit'),
    )
    .sort(byReceipt);
}

function bankRow(payment: Payment, format: Exclude<PaymentFormat, 'list'>, options: PaymentsFileOptions): string[] {
  const day = dayIn(options.locale)(payment.receivedOn);
  const payer = options.payers.get(payment.invoice) ?? '';
  const method = METHOD_WORDS[payment.method];
  if (format === 'xero-statement')
    return [
      day,
      cell(payment.amount),
      cell(payer),
      cell(`${method} for invoice ${payment.invoice}${payment.reference ? `, ref ${payment.reference}` : ''}`),
      cell(payment.invoice),
      payment.method === 'cheque' ? cell(payment.reference) : '',
    ];
  return [
    day,
    cell([payer, `invoice ${payment.invoice}`, method, payment.reference].filter(Boolean).join(' · ')),
    cell(payment.amount),
  ];
}

/** Payments (as paymentsIn chose them for the layout) in a layout (see the head of this file). */
export function paymentsCsv(chosen: readonly Payment[], options: PaymentsFileOptions): { csv: string; rows: number } {
  const { header, row } = paymentLayout(options);
  return { csv: stringify([header, ...chosen.map(row)], PAYMENT_CSV), rows: chosen.length };
}

/** How a payments file is written: Windows line ends, as the packages' own exports have. */
export const PAYMENT_CSV = { record_delimiter: 'windows' } as const;

/** A payments file's header and each payment's row (paymentsCsv writes them; a long list is written a step at a time). */
export function paymentLayout(options: PaymentsFileOptions): { header: string[]; row: (payment: Payment) => string[] } {
  const { format } = options;
  if (format !== 'list')
    return {
      header: [...(format === 'xero-statement' ? XERO_STATEMENT_COLUMNS : QUICKBOOKS_BANK_COLUMNS)],
      row: (payment) => bankRow(payment, format, options),
    };
  const row = (payment: Payment) => [
    payment.receivedOn,
    cell(payment.invoice),
    cell(payment.account),
    METHOD_WORDS[payment.method],
    cell(payment.reference),
    payment.currency,
    cell(payment.amount),
    cell(payment.applied),
    cell(payment.credit),
    cell(payment.recordedBy),
    payment.recordedAt,
  ];
  return { header: [...PAYMENT_COLUMNS], row };
}
