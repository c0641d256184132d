/**
 * Invoices and credit notes as the files accountants import, by invoice date (the basis named in
 * every file's name): pro formas are not accounting documents and are left out; a credit note is a
 * negative invoice in the month it was made.
 *
 * - `xero`: Xero's sales invoice import (its template's headers, the required ones starred):
 *   *ContactName, EmailAddress, *InvoiceNumber, Reference, *InvoiceDate, *DueDate, *Description,
 *   *Quantity, *UnitAmount, *AccountCode (the GL code), *TaxType, TaxAmount, TrackingName1/
 *   TrackingOption1 (Production), Currency. At most 500 invoices a file.
 * - `quickbooks`: QuickBooks Online's invoice import: Invoice no, Customer, Invoice date, Due date,
 *   Terms, Memo, Item(Product/Service), Item Description, Item Quantity, Item Rate, Item Amount,
 *   Item Tax Code, Item Tax Amount, Service Date. At most 100 invoices a file.
 * - `csv`: one row per line and one per tax, each with its GL code (tax on its own account).
 *
 * Every cent is the invoice's: a line whose quantity × each is not its amount to the cent goes as
 * one of its amount; a tax rounded once on the invoice is shared out over its lines so they add up
 * to it exactly. Dates are written as the tenant's locale writes them (Xero and QuickBooks read
 * the organisation's own format). Text cells are guarded against formulas.
 */
import { stringify } from 'csv-stringify/sync';
import { cents } from '../../schema/rental/quote-pricing';
import type { Invoice, SiteSettings } from '../../schema/types.generated';
import { inertCell } from '../../schema/spreadsheet-cells';

export type ExportFormat = 'xero' | 'quickbooks' | 'csv';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['xero', 'quickbooks', 'csv'];

/** How many invoices each package takes in one import. */
export const IMPORT_LIMITS: Record<ExportFormat, number> = { xero: 500, quickbooks: 100, csv: Number.POSITIVE_INFINITY };

const KIND_NAMES: Record<Invoice['lines'][number]['kind'], string> = {
  rental: 'Rental',
  service: 'Service',
  late: 'Late return',
  damage: 'Damage',
  loss: 'Loss',
  processing: 'Card processing',
  fee: 'Cancellation fee',
  credit: 'Credit',
};

/** The documents an accountant imports: invoices and credit notes, by invoice date then number. */
export const exportable = (invoices: readonly Invoice[]) =>
  invoices.filter((invoice) => invoice.kind !== 'proForma').sort((a, b) => a.issueDate.localeCompare(b.issueDate) || a.issuedAt.localeCompare(b.issuedAt) || a.number.localeCompare(b.number));

/** The documents split into files no larger than the package imports at once. */
export function exportParts(invoices: readonly Invoice[], format: ExportFormat): Invoice[][] {
  const limit = IMPORT_LIMITS[format];
  const parts: Invoice[][] = [];
  for (let start = 0; start < invoices.length; start += Number.isFinite(limit) ? limit : invoices.length) parts.push(invoices.slice(start, start + (Number.isFinite(limit) ? limit : invoices.length)));
  return parts.length ? parts : [[]];
}

export const exportFileName = (tenantId: string, format: ExportFormat, from: string, to: string, part: number, parts: number) =>
  `${tenantId}-invoices-by-invoice-date-${from}${to === from ? '' : `-to-${to}`}-${format}${parts > 1 ? `-part-${part}-of-${parts}` : ''}.csv`;

/**
 * Each line's share of its invoice's tax: the line's amount × its rate, rounded, then the cents the
 * rounding lost or gained given to the largest lines, so each rate's lines add up to its tax.
 */
export function lineTaxes(invoice: Invoice): number[] {
  const shares = invoice.lines.map((line) => (line.taxRate === undefined ? 0 : cents((line.amount * line.taxRate) / 100)));
  for (const tax of invoice.taxes) {
    const indexes = invoice.lines.flatMap((line, index) => (line.taxRate === tax.rate ? [index] : []));
    let difference = Math.round((tax.amount - indexes.reduce((sum, index) => sum + shares[index]!, 0)) * 100);
    const byAmount = [...indexes].sort((a, b) => Math.abs(invoice.lines[b]!.amount) - Math.abs(invoice.lines[a]!.amount));
    for (let turn = 0; difference !== 0 && byAmount.length; turn += 1) {
      const index = byAmount[turn % byAmount.length]!;
      const step = Math.sign(difference);
      shares[index] = cents(shares[index]! + step / 100);
      difference -= step;
    }
  }
  return shares;
}

/** A line's quantity and each, exact: when quantity × each is not its amount to the cent, one of its amount. */
function exactly(line: Invoice['lines'][number]): { quantity: number; each: number; description: string } {
  if (line.quantity > 0 && cents(line.quantity * line.unitAmount) === line.amount) return { quantity: line.quantity, each: line.unitAmount, description: line.description };
  return { quantity: 1, each: line.amount, description: line.quantity > 1 ? `${line.quantity} × ${line.description}` : line.description };
}

/** A day as the tenant's locale writes it (26/11/2026 in en-GB, 11/26/2026 in en-US). */
const dayIn = (locale: string) => {
  const format = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
  return (date: string) => format.format(new Date(`${date}T00:00:00Z`));
};

/** What a line's tax is called in the package: Xero's tax rate names (UK VAT, or US sales tax), QuickBooks' codes. */
function taxTypeOf(rate: number | undefined, site: Pick<SiteSettings, 'taxName'>, format: 'xero' | 'quickbooks'): string {
  const vat = /vat/i.test(site.taxName ?? '');
  if (format === 'quickbooks') return rate === undefined ? (vat ? 'No VAT' : 'NON') : vat ? `${rate}.0% S` : 'TAX';
  return rate === undefined ? (vat ? 'No VAT' : 'Tax Exempt') : vat ? `${rate}% (VAT on Income)` : 'Tax on Sales';
}

const text = (value: string | undefined) => inertCell(value ?? '');
const money = (amount: number) => amount.toFixed(2);

function xeroRows(invoices: readonly Invoice[], site: Pick<SiteSettings, 'locale' | 'taxName'>): { header: string[]; rows: Array<Array<string | number>> } {
  const day = dayIn(site.locale ?? 'en-US');
  const header = [
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
  ];
  const rows = invoices.flatMap((invoice) => {
    const taxes = lineTaxes(invoice);
    return invoice.lines.map((line, index) => {
      const exact = exactly(line);
      return [
        text(invoice.billTo.studio ?? invoice.billTo.name),
        text(invoice.billTo.email),
        invoice.number,
        text(invoice.billTo.purchaseOrder ?? invoice.credits ?? invoice.billTo.production),
        day(invoice.issueDate),
        day(invoice.dueDate),
        text(exact.description),
        exact.quantity,
        money(exact.each),
        line.glCode ?? '',
        taxTypeOf(line.taxRate, site, 'xero'),
        money(taxes[index]!),
        invoice.billTo.production ? 'Production' : '',
        text(invoice.billTo.production),
        invoice.currency,
      ];
    });
  });
  return { header, rows };
}

function quickbooksRows(invoices: readonly Invoice[], site: Pick<SiteSettings, 'locale' | 'taxName'>): { header: string[]; rows: Array<Array<string | number>> } {
  const day = dayIn(site.locale ?? 'en-US');
  const header = [
    'Invoice no',
    'Customer',
    'Invoice date',
    'Due date',
    'Terms',
    'Memo',
    'Item(Product/Service)',
    'Item Description',
    'Item Quantity',
    'Item Rate',
    'Item Amount',
    'Item Tax Code',
    'Item Tax Amount',
    'Service Date',
  ];
  const rows = invoices.flatMap((invoice) => {
    const taxes = lineTaxes(invoice);
    const days = Math.round((Date.parse(invoice.dueDate) - Date.parse(invoice.issueDate)) / 86_400_000);
    const memo = [invoice.billTo.purchaseOrder && `PO ${invoice.billTo.purchaseOrder}`, invoice.billTo.production, invoice.credits && `Credits ${invoice.credits}: ${invoice.reason ?? ''}`]
      .filter(Boolean)
      .join(' · ');
    return invoice.lines.map((line, index) => {
      const exact = exactly(line);
      return [
        invoice.number,
        text(invoice.billTo.studio ?? invoice.billTo.name),
        day(invoice.issueDate),
        day(invoice.dueDate),
        days > 0 ? `Net ${days}` : 'Due on receipt',
        text(memo),
        KIND_NAMES[line.kind],
        text(exact.description),
        exact.quantity,
        money(exact.each),
        money(line.amount),
        taxTypeOf(line.taxRate, site, 'quickbooks'),
        money(taxes[index]!),
        day(invoice.supplyTo ?? invoice.issueDate),
      ];
    });
  });
  return { header, rows };
}

function genericRows(invoices: readonly Invoice[]): { header: string[]; rows: Array<Array<string | number>> } {
  const header = [
    'Invoice date',
    'Number',
    'Kind',
    'Credits',
    'Due date',
    'Customer',
    'Email',
    'Production',
    'Purchase order',
    'Order',
    'GL code',
    'Line',
    'Description',
    'Quantity',
    'Each',
    'Amount',
    'Tax rate',
    'Currency',
  ];
  const rows = invoices.flatMap((invoice) => {
    const common = (glCode: string, kind: string, description: string) => [
      invoice.issueDate,
      invoice.number,
      invoice.kind === 'creditNote' ? 'credit note' : 'invoice',
      invoice.credits ?? '',
      invoice.dueDate,
      text(invoice.billTo.studio ?? invoice.billTo.name),
      text(invoice.billTo.email),
      text(invoice.billTo.production),
      text(invoice.billTo.purchaseOrder),
      invoice.quoteId,
      glCode,
      kind,
      text(description),
    ];
    return [
      ...invoice.lines.map((line) => [
        ...common(line.glCode ?? '', KIND_NAMES[line.kind], line.description),
        line.quantity,
        money(line.unitAmount),
        money(line.amount),
        line.taxRate ?? '',
        invoice.currency,
      ]),
      // Tax on its own account, one row per rate.
      ...invoice.taxes.map((tax) => [...common(tax.glCode ?? '', 'Tax', `${tax.name} ${tax.rate}% on ${money(tax.base)}`), 1, money(tax.amount), money(tax.amount), tax.rate, invoice.currency]),
    ];
  });
  return { header, rows };
}

/** One file of an export: its header and rows as CSV (CRLF rows; line breaks inside a field quoted). */
export function exportCsv(invoices: readonly Invoice[], format: ExportFormat, site: Pick<SiteSettings, 'locale' | 'taxName'>): string {
  const { header, rows } = format === 'xero' ? xeroRows(invoices, site) : format === 'quickbooks' ? quickbooksRows(invoices, site) : genericRows(invoices);
  return stringify(rows, { header: true, columns: header, record_delimiter: 'windows', quoted_match: /[\r\n]/ });
}
