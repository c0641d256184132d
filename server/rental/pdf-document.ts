/**
 * What every money document a house sends shares (the invoice, pro forma and credit note of
 * invoice-pdf.ts, the account statement of accounts/statement-pdf.ts): the paper for the house's
 * country, the fonts, the house's letterhead with what the law asks a business document to show
 * (tax registration, company number, registered office), the facts beside it, and each page
 * numbered in the footer.
 */
import PDFDocument from 'pdfkit';
import type { SiteSettings, VendorConfig } from '../../schema/types.generated';
import { addressLines } from '../../schema/display/contact';
import { withPdfFonts } from './pdf-fonts';

export const MARGIN = 48;
export const INK = '#1f2328';
export const MUTED = '#57606a';
export const RULE = '#d0d7de';
export const FAINT_RULE = '#eaeef2';

/** Letter paper where it is the standard (North America), A4 elsewhere. */
const LETTER_COUNTRIES: ReadonlySet<string> = new Set(['US', 'CA']);
export const paperFor = (vendor: Pick<VendorConfig, 'address'>) =>
  LETTER_COUNTRIES.has(vendor.address?.country ?? '') ? 'LETTER' : 'A4';

export type Letterhead = Pick<
  VendorConfig,
  'name' | 'legalName' | 'address' | 'phone' | 'email' | 'taxRegistrationNumber' | 'companyNumber' | 'registeredOffice'
>;

/** A document on the house's paper, in the fonts, collected into a Buffer when it ends. */
export async function moneyDocument(
  vendor: Letterhead,
  info: { Title: string; Subject?: string },
): Promise<{ document: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  const document = new PDFDocument({
    size: paperFor(vendor),
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { ...info, Author: vendor.legalName ?? vendor.name },
  });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });
  await withPdfFonts(document);
  return { document, done };
}

/** The house's name and particulars at the top left; its title, reference and facts at the top right. */
export function letterhead(
  document: PDFKit.PDFDocument,
  vendor: Letterhead,
  site: Pick<SiteSettings, 'taxName'>,
  heading: { title: string; reference: string; facts: Array<[string, string]> },
): void {
  const right = document.page.width - MARGIN;
  document
    .fillColor(INK)
    .font('bold')
    .fontSize(16)
    .text(vendor.legalName ?? vendor.name, MARGIN, MARGIN, { width: 300 });
  document.font('regular').fontSize(9).fillColor(MUTED);
  const taxName = site.taxName ?? 'Tax';
  for (const line of [
    ...addressLines(vendor.address),
    [vendor.phone, vendor.email].filter(Boolean).join(' · '),
    vendor.taxRegistrationNumber &&
      `${/vat/i.test(taxName) ? 'VAT registration no.' : 'Tax registration no.'} ${vendor.taxRegistrationNumber}`,
    vendor.companyNumber && `Company no. ${vendor.companyNumber}`,
    vendor.registeredOffice && `Registered office: ${vendor.registeredOffice}`,
  ])
    if (line) document.text(line, { width: 300 });
  document
    .font('bold')
    .fontSize(18)
    .fillColor(INK)
    .text(heading.title, 340, MARGIN, { width: right - 340, align: 'right' });
  document
    .font('regular')
    .fontSize(10)
    .text(heading.reference, { width: right - 340, align: 'right' });
  document.moveDown(0.5).fontSize(9);
  for (const [label, value] of heading.facts) {
    const y = document.y;
    document.fillColor(MUTED).text(label, 340, y, { width: 90 });
    document.fillColor(INK).text(value, 430, y, { width: right - 430, align: 'right' });
  }
}

/** A thin rule across the page at `y`. */
export function ruleAcross(document: PDFKit.PDFDocument, y: number, color = RULE, width = 0.75): void {
  document
    .moveTo(MARGIN, y)
    .lineTo(document.page.width - MARGIN, y)
    .strokeColor(color)
    .lineWidth(width)
    .stroke();
}

/** The closing words in grey, then how to pay (the house's remittance details) when something is to be paid. */
export function closingWords(
  document: PDFKit.PDFDocument,
  words: readonly string[],
  remittance: string | undefined,
): void {
  const width = document.page.width - 2 * MARGIN;
  if (words.length)
    document
      .moveDown(0.5)
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(words.join(' '), MARGIN, document.y, { width });
  if (!remittance) return;
  document.moveDown(0.5).font('bold').fontSize(9).fillColor(INK).text('How to pay', MARGIN, document.y, { width });
  document.font('regular').text(remittance, MARGIN, document.y, { width });
}

/** Every page numbered in its footer ("<label> · page n of N"); `also` draws more on each page. */
export function numberPages(document: PDFKit.PDFDocument, label: string, also?: () => void): void {
  const range = document.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    document.switchToPage(index);
    // Below the bottom margin pdfkit would start a new page: the footer is written with none.
    document.page.margins.bottom = 0;
    document
      .font('regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${label} · page ${index + 1} of ${range.count}`, MARGIN, document.page.height - MARGIN - 8, {
        width: document.page.width - 2 * MARGIN,
        align: 'right',
        lineBreak: false,
      });
    also?.();
  }
}
