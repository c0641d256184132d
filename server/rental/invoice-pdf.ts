/**
 * An invoice, pro forma or credit note as a PDF a studio's accounts department files (pdfkit, in
 * DejaVu Sans from node_modules, so no font is fetched and any European name prints: pdf-fonts.ts):
 * the vendor, its address, tax registration, company number and registered office (what a UK VAT
 * invoice and a company's documents must show: HMRC VAT Notice 700 §16.3); the document's kind and
 * number, its dates and the hire's, the purchase order, and who it is made out to with their
 * address; each line with how it was priced, its quantity, each, tax rate and amount; the subtotal,
 * each tax on its base, the lines with no tax added up by why (zero-rated, exempt, outside the
 * scope), the total, what the card paid and the balance due; the payment terms in words and how
 * to pay. A pro forma says what the card will be charged and when, never asks to be paid. Letter
 * paper for a vendor in the US or Canada, A4 elsewhere. Long documents flow onto more pages, the
 * table's head repeated and every page numbered. A voided pro forma is stamped VOID; a credit note
 * names the invoice it credits and why.
 */
import { schemaDocuments } from '../../schema/documents';
import { exemptionStands, untaxedTotals, type UntaxedReason } from '../../schema/rental/invoices';
import { owedOnInvoice, type InvoiceState } from '../../schema/accounts/payments';
import type { Invoice, SiteSettings, VendorConfig } from '../../schema/types.generated';
import { formatDay, formatMoney } from '../../schema/display/format';
import {
  closingWords,
  FAINT_RULE,
  letterhead,
  MARGIN,
  moneyDocument,
  MUTED,
  INK,
  numberPages,
  ruleAcross,
} from './pdf-document';

const TITLES: Record<Invoice['kind'], string> = {
  invoice: 'Invoice',
  proForma: 'Pro forma invoice',
  creditNote: 'Credit note',
};
/** Why lines carry no tax, as the totals say it. */
const UNTAXED_WORDS: Record<UntaxedReason, (tax: string) => string> = {
  zeroRated: (tax) => `Zero-rated for ${tax}`,
  exempt: (tax) => `Exempt from ${tax}`,
  outsideScope: (tax) => `Outside the scope of ${tax} (compensation for loss or damage)`,
};
const EXEMPTION_KINDS = Object.fromEntries(
  schemaDocuments.customerAccount.properties.exemption.properties.kind.oneOf.map((option) => [
    option.const,
    option.title,
  ]),
);

/** The customer's exemption certificate as the document says it: in date (the lines it covers carry no tax), or expired (tax charged). */
const exemptionSaid = (
  exemption: { kind: string; number: string; expiresOn: string },
  issued: string,
  day: (date: string) => string,
) =>
  exemptionStands(exemption, issued)
    ? `${EXEMPTION_KINDS[exemption.kind] ?? 'Exemption'} ${exemption.number}, valid to ${day(exemption.expiresOn)}`
    : `${EXEMPTION_KINDS[exemption.kind] ?? 'Exemption'} ${exemption.number} expired ${day(exemption.expiresOn)}: tax charged`;

/** An invoice's credit notes and payments since it was issued, as rows of its totals (each taken off what is due). */
function settledRows(
  invoice: Invoice,
  settled: Pick<InvoiceState, 'creditNotes' | 'payments'>,
  money: (amount: number) => string,
  day: (date: string) => string,
): Array<[string, string]> {
  const notes = settled.creditNotes
    .filter((note) => note.credits === invoice.number)
    .map((note): [string, string] => [
      `Credit note ${note.number}, ${day(note.issueDate)}`,
      money(-Math.abs(note.total)),
    ]);
  const paid = [...settled.payments]
    .filter((payment) => payment.applied > 0)
    .sort((a, b) => a.receivedOn.localeCompare(b.receivedOn))
    .map((payment): [string, string] => [
      `Paid ${day(payment.receivedOn)}${payment.reference ? ` (${payment.reference})` : ''}`,
      money(-payment.applied),
    ]);
  return [...notes, ...paid];
}

/** The payment terms in words, from the invoice's own dates. */
const termsOf = (invoice: Pick<Invoice, 'issueDate' | 'dueDate'>) => {
  const days = Math.round((Date.parse(invoice.dueDate) - Date.parse(invoice.issueDate)) / 86_400_000);
  return days > 0 ? `Payment due within ${days} days of the invoice date` : 'Payment due on receipt';
};

/** The columns of the lines table: x and width, the amounts right-aligned. */
const COLUMNS = {
  description: { x: MARGIN, width: 262 },
  quantity: { x: 316, width: 40 },
  each: { x: 360, width: 72 },
  tax: { x: 436, width: 40 },
  amount: { x: 480, width: 67 },
};

export async function invoicePdf(
  invoice: Invoice,
  site: Pick<SiteSettings, 'locale' | 'currency' | 'appTitle' | 'taxName' | 'ccAuthEnabled'>,
  vendor: Pick<
    VendorConfig,
    | 'name'
    | 'legalName'
    | 'displayName'
    | 'address'
    | 'phone'
    | 'email'
    | 'taxRegistrationNumber'
    | 'companyNumber'
    | 'registeredOffice'
    | 'remittance'
  >,
  /** For an invoice: its credit notes and the payments recorded against it since it was issued, each a line before what is still due. */
  settled: Pick<InvoiceState, 'creditNotes' | 'payments'> = { creditNotes: [], payments: [] },
): Promise<Buffer> {
  const money = (amount: number) => formatMoney(amount, { locale: site.locale, currency: invoice.currency });
  const day = (date: string) => formatDay(date, site);
  // What it still owes: its balance less its credit notes and payments since (what statements and aged debtors say).
  const owed = invoice.kind === 'invoice' ? owedOnInvoice({ invoice, ...settled }) : 0;
  const { document, done } = await moneyDocument(vendor, {
    Title: `${TITLES[invoice.kind]} ${invoice.number}`,
    Subject: invoice.billTo.production ?? invoice.quoteId,
  });
  const right = document.page.width - MARGIN;
  const bottom = () => document.page.height - MARGIN - 24;
  const taxName = site.taxName ?? 'Tax';
  letterhead(document, vendor, site, {
    title: TITLES[invoice.kind],
    reference: invoice.number,
    facts: [
      [invoice.kind === 'creditNote' ? 'Date' : 'Invoice date', day(invoice.issueDate)],
      // A pro forma is not payable: it has no due date to show.
      ...(invoice.kind === 'invoice' ? ([['Due', day(invoice.dueDate)]] as Array<[string, string]>) : []),
      ...(invoice.supplyFrom && invoice.supplyTo
        ? ([['Hire', `${day(invoice.supplyFrom)} – ${day(invoice.supplyTo)}`]] as Array<[string, string]>)
        : []),
      ...(invoice.billTo.purchaseOrder
        ? ([['Purchase order', invoice.billTo.purchaseOrder]] as Array<[string, string]>)
        : []),
      ...(invoice.billTo.account && invoice.kind === 'invoice'
        ? ([['Terms', `On account, net ${invoice.billTo.account.netDays} days`]] as Array<[string, string]>)
        : []),
      ['Reference', invoice.quoteId],
    ],
  });

  // Who it is for.
  const billY = Math.max(document.y, 150) + 12;
  document.font('bold').fontSize(9).fillColor(MUTED).text('BILL TO', MARGIN, billY);
  document.font('regular').fontSize(10).fillColor(INK);
  const account = invoice.billTo.account;
  for (const line of [
    // On a customer account the document is made out to the company, for the attention of whoever ordered.
    account?.name,
    account ? `Attn: ${invoice.billTo.name}` : invoice.billTo.name,
    account?.taxNumber && `Tax number: ${account.taxNumber}`,
    account?.exemption && exemptionSaid(account.exemption, invoice.issueDate, day),
    invoice.billTo.studio !== account?.name && invoice.billTo.studio,
    ...(invoice.billTo.billingAddress?.split(/\r?\n/) ?? []),
    invoice.billTo.production && `Production: ${invoice.billTo.production}`,
    invoice.billTo.billingContact && `Billing: ${invoice.billTo.billingContact}`,
    invoice.billTo.email,
  ])
    if (line) document.text(line, MARGIN, document.y, { width: 280 });
  if (invoice.kind === 'creditNote' && invoice.credits) {
    document
      .moveDown(0.5)
      .font('bold')
      .text(`Credits invoice ${invoice.credits}`, MARGIN, document.y, { width: right - MARGIN });
    if (invoice.reason) document.font('regular').text(`Reason: ${invoice.reason}`, { width: right - MARGIN });
  }
  if (invoice.kind === 'proForma')
    document
      .moveDown(0.5)
      .font('oblique')
      .fontSize(9)
      .fillColor(MUTED)
      .text(
        'Pro forma: not a tax invoice, and nothing to pay now. The invoice follows when the hire is closed.',
        MARGIN,
        document.y,
        { width: right - MARGIN },
      );

  // The lines.
  const head = () => {
    const y = document.y + 14;
    document.font('bold').fontSize(8).fillColor(MUTED);
    document.text('DESCRIPTION', COLUMNS.description.x, y, { width: COLUMNS.description.width });
    document.text('QTY', COLUMNS.quantity.x, y, { width: COLUMNS.quantity.width, align: 'right' });
    document.text('EACH', COLUMNS.each.x, y, { width: COLUMNS.each.width, align: 'right' });
    document.text('TAX', COLUMNS.tax.x, y, { width: COLUMNS.tax.width, align: 'right' });
    document.text('AMOUNT', COLUMNS.amount.x, y, { width: COLUMNS.amount.width, align: 'right' });
    ruleAcross(document, y + 12);
    document.y = y + 18;
  };
  head();
  for (const line of invoice.lines) {
    document.font('regular').fontSize(9);
    const heightOf =
      document.heightOfString(line.description, { width: COLUMNS.description.width }) +
      (line.detail ? document.fontSize(8).heightOfString(line.detail, { width: COLUMNS.description.width }) + 2 : 0);
    document.fontSize(9);
    if (document.y + heightOf > bottom()) {
      document.addPage();
      document.y = MARGIN;
      head();
    }
    document.font('regular').fontSize(9);
    const y = document.y;
    document.fillColor(INK).text(line.description, COLUMNS.description.x, y, { width: COLUMNS.description.width });
    if (line.detail)
      document
        .fontSize(8)
        .fillColor(MUTED)
        .text(line.detail, COLUMNS.description.x, document.y + 1, { width: COLUMNS.description.width });
    const after = document.y;
    document.fontSize(9).fillColor(INK);
    document.text(String(line.quantity), COLUMNS.quantity.x, y, { width: COLUMNS.quantity.width, align: 'right' });
    document.text(money(line.unitAmount), COLUMNS.each.x, y, { width: COLUMNS.each.width, align: 'right' });
    document.text(line.taxRate !== undefined ? `${line.taxRate}%` : '—', COLUMNS.tax.x, y, {
      width: COLUMNS.tax.width,
      align: 'right',
    });
    document.text(money(line.amount), COLUMNS.amount.x, y, { width: COLUMNS.amount.width, align: 'right' });
    document.y = Math.max(after, document.y) + 6;
    ruleAcross(document, document.y - 3, FAINT_RULE, 0.5);
  }

  // The totals.
  // Lines with no tax are added up apart, saying why, where the tenant charges tax.
  const untaxed =
    invoice.taxes.length || invoice.lines.some((line) => line.taxRate !== undefined) ? untaxedTotals(invoice) : [];
  const rows: Array<[string, string, boolean?]> = [
    ['Subtotal', money(invoice.subtotal)],
    ...invoice.taxes.map((tax): [string, string] => [
      `${tax.name} ${tax.rate}% on ${money(tax.base)}`,
      money(tax.amount),
    ]),
    ...untaxed.map(({ reason, amount }): [string, string] => [UNTAXED_WORDS[reason](taxName), money(amount)]),
    [invoice.kind === 'creditNote' ? 'Total credited' : 'Total', money(invoice.total), true],
    ...(invoice.paid ? ([['Paid by card', money(-invoice.paid)]] as Array<[string, string]>) : []),
    ...(invoice.kind === 'invoice' ? settledRows(invoice, settled, money, day) : []),
    ...(invoice.kind === 'invoice' ? ([['Balance due', money(owed), true]] as Array<[string, string, boolean]>) : []),
  ];
  if (document.y + rows.length * 16 + 10 > bottom()) {
    document.addPage();
    document.y = MARGIN;
  }
  document.y += 6;
  for (const [label, value, strong] of rows) {
    const y = document.y;
    document
      .font(strong ? 'bold' : 'regular')
      .fontSize(strong ? 10.5 : 9.5)
      .fillColor(INK);
    // The label ends a gap before its amount, however wide a large amount is.
    const amountStart = right - Math.max(77, document.widthOfString(value));
    const labelWidth = amountStart - 12 - 200;
    document.text(label, 200, y, { width: labelWidth, align: 'right' });
    document.text(value, amountStart, y, { width: right - amountStart, align: 'right' });
    // A label that wraps (why some lines carry no tax) pushes the next row down.
    document.y = y + Math.max(strong ? 17 : 15, document.heightOfString(label, { width: labelWidth }) + 4);
  }
  // What to pay, when and how; a pro forma says what the card will be charged instead.
  const closing: string[] = [];
  if (invoice.kind === 'proForma')
    closing.push(
      site.ccAuthEnabled
        ? `The card held for this order is charged what the hire comes to when it is closed, after ${day(invoice.supplyTo ?? invoice.dueDate)}: ${money(invoice.total)} as quoted, with any charges after the hire; the rest of the hold is then released. Nothing is charged now.`
        : `Nothing to pay now: the invoice follows when the hire is closed, with its payment terms.`,
    );
  if (invoice.kind === 'invoice') {
    closing.push(`${termsOf(invoice)}.`);
    if (owed > 0) closing.push(`Please pay ${money(owed)} by ${day(invoice.dueDate)}, quoting ${invoice.number}.`);
  }
  closingWords(document, closing, invoice.kind === 'invoice' && owed > 0 ? vendor.remittance : undefined);

  // Every page: its number, and VOID across a voided pro forma.
  numberPages(document, invoice.number, () => {
    if (!invoice.voidedAt) return;
    document.save().rotate(-30, { origin: [document.page.width / 2, document.page.height / 2] });
    document
      .font('bold')
      .fontSize(96)
      .fillColor('#cf222e')
      .opacity(0.18)
      .text('VOID', 0, document.page.height / 2 - 48, {
        width: document.page.width,
        align: 'center',
        lineBreak: false,
      });
    document.restore();
  });
  document.end();
  return done;
}
