/**
 * Invoices and credit notes as the files accountants import, by invoice date (the basis named in
 * every file's name): pro formas are not accounting documents and are left out.
 *
 * - `xero`: Xero's sales invoice import (its template's headers, the required ones starred):
 *   *ContactName, EmailAddress, *InvoiceNumber, Reference, *InvoiceDate, *DueDate, *Description,
 *   *Quantity, *UnitAmount, *AccountCode (the GL code, else the tenant's default sales account),
 *   *TaxType (Xero UK's rate names: "20% (VAT on Income)", "Zero Rated Income", "Exempt Income",
 *   "No VAT" for what is outside the scope of VAT; US sales tax names), TaxAmount, TrackingName1/
 *   TrackingOption1 (Production), Currency. A credit note is a negative invoice in the month it was
 *   made, its Reference naming the invoice it credits. At most 500 invoices a file.
 * - `quickbooks`: QuickBooks Online's invoice import, under the column names its importer maps by
 *   itself (Invoice number, Customer, Invoice date, Due date, Terms, Memo, Item (Product/Service),
 *   Item Description, Item Quantity, Item Rate, Item Amount, Item tax code, Item Tax Amount, Service
 *   Date). Invoices only: QuickBooks refuses a negative invoice. One Product/Service per GL code,
 *   named with it ("Rental (GL 4200)"), so each reaches its own income account; tax codes from a
 *   table of QuickBooks' own ("20.0% S", "5.0% R", "0.0% Z", "Exempt", "No VAT"; TAX and NON in the
 *   US). At most 100 invoices and 1,000 rows a file.
 * - `quickbooks-credit-notes`: the credit notes, for QuickBooks Online's own credit note import
 *   (Credit note number, Credit note date, positive amounts), same limits.
 * - `csv`: one row per line and one per tax, each with its GL code (tax on its own account).
 *
 * Every cent is the invoice's: a line whose quantity × each is not its amount to the cent goes as
 * one of its amount; a tax rounded once on the invoice is shared out over its lines so they add up
 * to it exactly. Dates are written as the tenant's locale writes them (Xero and QuickBooks read
 * the organisation's own format). Text cells are guarded against formulas.
 */
import { stringify } from 'csv-stringify/sync';
import { cents } from '../../schema/rental/quote-pricing';
import { contactNameOf, untaxedReason, type ExportFormat } from '../../schema/rental/invoices';
import type { Invoice, SiteSettings } from '../../schema/types.generated';
import { inertCell } from '../../schema/spreadsheet-cells';

export { EXPORT_FORMATS, type ExportFormat } from '../../schema/rental/invoices';

/** How many invoices each package takes in one import. */
export const IMPORT_LIMITS: Record<ExportFormat, number> = {
  xero: 500,
  quickbooks: 100,
  'quickbooks-credit-notes': 100,
  csv: Number.POSITIVE_INFINITY,
};
/** How many rows (lines) each package takes in one import. */
export const ROW_LIMITS: Record<ExportFormat, number> = {
  xero: Number.POSITIVE_INFINITY,
  quickbooks: 1000,
  'quickbooks-credit-notes': 1000,
  csv: Number.POSITIVE_INFINITY,
};

/** Which documents a file of each layout holds. */
const HOLDS: Record<ExportFormat, ReadonlySet<Invoice['kind']>> = {
  xero: new Set(['invoice', 'creditNote']),
  quickbooks: new Set(['invoice']),
  'quickbooks-credit-notes': new Set(['creditNote']),
  csv: new Set(['invoice', 'creditNote']),
};

const KIND_NAMES: Record<Invoice['lines'][number]['kind'], string> = {
  rental: 'Rental',
  service: 'Service',
  late: 'Late return',
  damage: 'Damage',
  loss: 'Loss',
  waiver: 'Damage waiver',
  processing: 'Card processing',
  fee: 'Cancellation fee',
  credit: 'Credit',
};

/**
 * The documents an accountant imports: invoices and credit notes, no pro formas, in the order given
 * (the store's issuedBetween: by invoice date then number, sorted there once).
 */
export const exportable = (invoices: readonly Invoice[]) => invoices.filter((invoice) => invoice.kind !== 'proForma');

/**
 * The documents a layout holds, split into files no larger than the package imports at once: at
 * most its invoices and its rows a file (an invoice is never split; one longer than the row limit
 * goes alone).
 */
export function exportParts(invoices: readonly Invoice[], format: ExportFormat): Invoice[][] {
  const [limit, rowLimit] = [IMPORT_LIMITS[format], ROW_LIMITS[format]];
  const parts: Invoice[][] = [];
  let rows = 0;
  for (const invoice of invoices) {
    if (!HOLDS[format].has(invoice.kind)) continue;
    const current = parts.at(-1);
    if (!current || current.length >= limit || (current.length > 0 && rows + invoice.lines.length > rowLimit)) {
      parts.push([invoice]);
      rows = invoice.lines.length;
    } else {
      current.push(invoice);
      rows += invoice.lines.length;
    }
  }
  return parts.length ? parts : [[]];
}

export const exportFileName = (
  tenantId: string,
  format: ExportFormat,
  from: string,
  to: string,
  part: number,
  parts: number,
) =>
  `${tenantId}-invoices-by-invoice-date-${from}${to === from ? '' : `-to-${to}`}-${format}${parts > 1 ? `-part-${part}-of-${parts}` : ''}.csv`;

/**
 * Each line's share of its invoice's tax: the line's amount × its rate, rounded, then the cents the
 * rounding lost or gained given to the largest lines, so each rate's lines add up to its tax.
 */
export function lineTaxes(invoice: Invoice): number[] {
  const shares = invoice.lines.map((line) =>
    line.taxRate === undefined ? 0 : cents((line.amount * line.taxRate) / 100),
  );
  for (const tax of invoice.taxes) {
    const indexes = invoice.lines.flatMap((line, index) => (line.taxRate === tax.rate ? [index] : []));
    let difference = Math.round((tax.amount - indexes.reduce((sum, index) => sum + shares[index]!, 0)) * 100);
    const byAmount = [...indexes].sort(
      (a, b) => Math.abs(invoice.lines[b]!.amount) - Math.abs(invoice.lines[a]!.amount),
    );
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
  if (line.quantity > 0 && cents(line.quantity * line.unitAmount) === line.amount)
    return { quantity: line.quantity, each: line.unitAmount, description: line.description };
  return {
    quantity: 1,
    each: line.amount,
    description: line.quantity > 1 ? `${line.quantity} × ${line.description}` : line.description,
  };
}

/** A day as the tenant's locale writes it (26/11/2026 in en-GB, 11/26/2026 in en-US). */
export const dayIn = (locale: string) => {
  const format = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (date: string) => format.format(new Date(`${date}T00:00:00Z`));
};

/** QuickBooks Online's UK VAT codes, by rate (its own names, not made from the rate). */
const QUICKBOOKS_VAT_CODES: ReadonlyMap<number, string> = new Map([
  [20, '20.0% S'],
  [17.5, '17.5% S'],
  [15, '15.0% S'],
  [12.5, '12.5% S'],
  [5, '5.0% R'],
  [0, '0.0% Z'],
]);

/**
 * What a line's tax is called in the package. Under VAT: a rate's own name; a line with no rate is
 * outside the scope (loss, damage, card processing charged apart) or exempt (its group is); under US
 * sales tax, taxed or not.
 */
export function taxTypeOf(
  line: Pick<Invoice['lines'][number], 'kind' | 'taxRate'>,
  site: Pick<SiteSettings, 'taxName'>,
  format: 'xero' | 'quickbooks',
): string {
  const vat = /vat/i.test(site.taxName ?? '');
  const rate = line.taxRate;
  const untaxed = untaxedReason(line);
  if (format === 'quickbooks') {
    if (!vat) return rate ? 'TAX' : 'NON';
    if (untaxed === 'outsideScope') return 'No VAT';
    if (untaxed === 'exempt') return 'Exempt';
    const code = QUICKBOOKS_VAT_CODES.get(rate!);
    if (!code) throw new Error(`QuickBooks Online has no VAT code for ${rate}%: add it to QUICKBOOKS_VAT_CODES`);
    return code;
  }
  if (!vat) return rate ? 'Tax on Sales' : 'Tax Exempt';
  if (untaxed === 'outsideScope') return 'No VAT';
  if (untaxed === 'exempt') return 'Exempt Income';
  return untaxed === 'zeroRated' ? 'Zero Rated Income' : `${rate}% (VAT on Income)`;
}

/** The Product/Service a line goes under in QuickBooks: one per kind and GL code, named with the code, so each reaches its own income account. */
const quickbooksItem = (line: Pick<Invoice['lines'][number], 'kind' | 'glCode'>, defaultGlCode: string | undefined) => {
  const glCode = line.glCode ?? defaultGlCode;
  return glCode ? `${KIND_NAMES[line.kind]} (GL ${glCode})` : KIND_NAMES[line.kind];
};

const text = (value: string | undefined) => inertCell(value ?? '');
const money = (amount: number) => amount.toFixed(2);

/** What the files read of the tenant's settings. */
export type ExportSite = Pick<SiteSettings, 'locale' | 'taxName' | 'defaultSalesGlCode'>;

function xeroRows(
  invoices: readonly Invoice[],
  site: ExportSite,
): { header: string[]; rows: Array<Array<string | number>> } {
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
        text(contactNameOf(invoice)),
        text(invoice.billTo.email),
        invoice.number,
        // A credit note names the invoice it credits (then the production's purchase order).
        text(
          invoice.credits
            ? [invoice.credits, invoice.billTo.purchaseOrder].filter(Boolean).join(' / ')
            : (invoice.billTo.purchaseOrder ?? invoice.billTo.production),
        ),
        day(invoice.issueDate),
        day(invoice.dueDate),
        text(exact.description),
        exact.quantity,
        money(exact.each),
        // *AccountCode is required: a line with no GL code posts to the tenant's sales account.
        line.glCode ?? site.defaultSalesGlCode ?? '',
        taxTypeOf(line, site, 'xero'),
        money(taxes[index]!),
        invoice.billTo.production ? 'Production' : '',
        text(invoice.billTo.production),
        invoice.currency,
      ];
    });
  });
  return { header, rows };
}

function quickbooksRows(
  invoices: readonly Invoice[],
  site: ExportSite,
  credits: boolean,
): { header: string[]; rows: Array<Array<string | number>> } {
  const day = dayIn(site.locale ?? 'en-US');
  // The names QuickBooks Online's importer maps by itself (invoices), and its credit note import's.
  const header = [
    credits ? 'Credit note number' : 'Invoice number',
    'Customer',
    credits ? 'Credit note date' : 'Invoice date',
    ...(credits ? [] : ['Due date', 'Terms']),
    'Memo',
    'Item (Product/Service)',
    'Item Description',
    'Item Quantity',
    'Item Rate',
    'Item Amount',
    'Item tax code',
    'Item Tax Amount',
    'Service Date',
  ];
  // A credit note is imported as a credit note, with positive amounts.
  const sign = credits ? -1 : 1;
  const rows = invoices.flatMap((invoice) => {
    const taxes = lineTaxes(invoice);
    const days = Math.round((Date.parse(invoice.dueDate) - Date.parse(invoice.issueDate)) / 86_400_000);
    const memo = [
      invoice.billTo.purchaseOrder && `PO ${invoice.billTo.purchaseOrder}`,
      invoice.billTo.production,
      invoice.credits && `Credits ${invoice.credits}: ${invoice.reason ?? ''}`,
    ]
      .filter(Boolean)
      .join(' · ');
    return invoice.lines.map((line, index) => {
      const exact = exactly(line);
      return [
        invoice.number,
        text(contactNameOf(invoice)),
        day(invoice.issueDate),
        ...(credits ? [] : [day(invoice.dueDate), days > 0 ? `Net ${days}` : 'Due on receipt']),
        text(memo),
        text(quickbooksItem(line, site.defaultSalesGlCode)),
        text(exact.description),
        exact.quantity,
        money(sign * exact.each),
        money(sign * line.amount),
        taxTypeOf(line, site, 'quickbooks'),
        money(sign * taxes[index]!),
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
      text(contactNameOf(invoice)),
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
      ...invoice.taxes.map((tax) => [
        ...common(tax.glCode ?? '', 'Tax', `${tax.name} ${tax.rate}% on ${money(tax.base)}`),
        1,
        money(tax.amount),
        money(tax.amount),
        tax.rate,
        invoice.currency,
      ]),
    ];
  });
  return { header, rows };
}

/** One file of an export: its header and rows as CSV (CRLF rows; line breaks inside a field quoted). */
export function exportCsv(invoices: readonly Invoice[], format: ExportFormat, site: ExportSite): string {
  const held = invoices.filter((invoice) => HOLDS[format].has(invoice.kind));
  const { header, rows } =
    format === 'xero'
      ? xeroRows(held, site)
      : format === 'csv'
        ? genericRows(held)
        : quickbooksRows(held, site, format === 'quickbooks-credit-notes');
  return stringify(rows, { header: true, columns: header, record_delimiter: 'windows', quoted_match: /[\r\n]/ });
}
