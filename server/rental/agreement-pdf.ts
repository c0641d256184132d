/**
 * The signed rental agreement as a PDF, on the house's paper (pdf-document.ts): the order (its
 * dates and lines, each with what it would cost to replace), the certificate of insurance on it,
 * the terms of the version signed (their Markdown drawn as headings, paragraphs and lists), and
 * the signature block: who signed, their title, when (on the house's clock), from which address,
 * and the terms' version. Drawn from the order as stored, so it is the same whenever it is asked.
 */
import { coverStatement } from '../../schema/rental/cover';
import MarkdownIt from 'markdown-it';
import { formatDay, formatDays, formatMoment, formatMoney } from '../../schema/display/format';
import type { Item, QuoteRequest, SiteSettings, VendorConfig } from '../../schema/types.generated';
import { todayIn } from '../../schema/rental/quote-rules';
import { INK, letterhead, MARGIN, moneyDocument, MUTED, numberPages, ruleAcross } from './pdf-document';

const markdown = new MarkdownIt('commonmark');

/** The terms' Markdown as blocks to draw: headings, paragraphs and list items, each as plain text. */
export function termsBlocks(text: string): Array<{ kind: 'heading' | 'paragraph' | 'item'; text: string }> {
  const blocks: Array<{ kind: 'heading' | 'paragraph' | 'item'; text: string }> = [];
  let inItem = 0;
  let heading = false;
  for (const token of markdown.parse(text, {})) {
    if (token.type === 'list_item_open') inItem += 1;
    else if (token.type === 'list_item_close') inItem -= 1;
    else if (token.type === 'heading_open') heading = true;
    else if (token.type === 'heading_close') heading = false;
    else if (token.type === 'inline') {
      // Inline marks (bold, links) are kept as their words: the agreement is read, not clicked.
      const words = (token.children ?? [])
        .map((child) => (child.type === 'softbreak' || child.type === 'hardbreak' ? ' ' : child.content))
        .join('')
        .trim();
      if (words) blocks.push({ kind: heading ? 'heading' : inItem ? 'item' : 'paragraph', text: words });
    }
  }
  return blocks;
}

export async function agreementPdf(
  order: QuoteRequest,
  items: ReadonlyMap<string, Pick<Item, 'replacementValue'>>,
  site: SiteSettings,
  vendor: VendorConfig,
): Promise<Buffer> {
  const signed = order.agreement;
  if (!signed) throw new Error(`order ${order.id} has no signed agreement`);
  const money = (amount: number) => formatMoney(amount, site);
  const { document, done } = await moneyDocument(vendor, {
    Title: `Rental agreement: ${order.production ?? order.id}`,
    Subject: `Signed by ${signed.name}, terms version ${signed.termsVersion}`,
  });
  letterhead(document, vendor, site, {
    title: 'Rental agreement',
    reference: order.production ?? `Order ${order.id.slice(0, 8)}`,
    facts: [
      ['Hire', formatDays(order.startDate, order.endDate, site)],
      // The day it was signed where the house is (the signature block gives the moment).
      ['Signed', formatDay(todayIn(vendor.timezone ?? 'UTC', new Date(signed.at)), site)],
      ['Terms version', signed.termsVersion],
    ],
  });
  const width = document.page.width - 2 * MARGIN;
  document.y = Math.max(document.y, MARGIN + 110);
  ruleAcross(document, document.y);
  document.moveDown(0.8);
  document.font('bold').fontSize(11).fillColor(INK).text('Between', MARGIN, document.y, { width });
  document
    .font('regular')
    .fontSize(10)
    .text(
      `${vendor.legalName ?? vendor.name} (the house) and ${order.studio ?? order.production ?? order.name ?? order.email} (the production), represented by ${signed.name}${signed.title ? `, ${signed.title}` : ''} (${order.email}).`,
      { width },
    );

  document.moveDown(0.8).font('bold').fontSize(11).text('What is hired', { width });
  document.font('regular').fontSize(10);
  for (const line of order.lines) {
    const each = items.get(line.objectID)?.replacementValue;
    document.text(
      `${line.quantity} × ${line.name}${each !== undefined ? `: replacement value ${money(each)} each, ${money(each * line.quantity)} in all` : ''}`,
      { width },
    );
  }
  document.moveDown(0.8).font('bold').fontSize(11).text('Insurance', { width });
  document.font('regular').fontSize(10).text(coverStatement(order, site), { width });

  document.moveDown(0.8).font('bold').fontSize(11).text('Terms', { width });
  for (const block of termsBlocks(signed.terms)) {
    if (block.kind === 'heading') document.moveDown(0.4).font('bold').fontSize(10.5).text(block.text, { width });
    else if (block.kind === 'item')
      document
        .font('regular')
        .fontSize(10)
        .text(`•  ${block.text}`, MARGIN + 12, document.y, { width: width - 12 });
    else document.moveDown(0.3).font('regular').fontSize(10).text(block.text, MARGIN, document.y, { width });
  }

  document.moveDown(1.2);
  if (document.y > document.page.height - MARGIN - 110) document.addPage();
  ruleAcross(document, document.y);
  document.moveDown(0.6).font('bold').fontSize(11).fillColor(INK).text('Signed', MARGIN, document.y, { width });
  document.font('regular').fontSize(10);
  for (const [label, value] of [
    ['Name', signed.name],
    ['Title', signed.title ?? '—'],
    ['When', formatMoment(signed.at, site, vendor.timezone ?? 'UTC')],
    ['From address', signed.ip],
    ['Terms version', signed.termsVersion],
  ] as const) {
    const y = document.y;
    document.fillColor(MUTED).text(label, MARGIN, y, { width: 110 });
    document.fillColor(INK).text(value, MARGIN + 110, y, { width: width - 110 });
  }
  // The signature as drawn, below the block, at most a third of the page wide.
  if (signed.drawing) {
    document.moveDown(0.5);
    if (document.y > document.page.height - MARGIN - 90) document.addPage();
    document.image(
      Buffer.from(signed.drawing.slice(signed.drawing.indexOf(',') + 1), 'base64'),
      MARGIN + 110,
      document.y,
      {
        fit: [width / 3, 70],
      },
    );
  }
  numberPages(document, `Rental agreement · ${order.production ?? order.id.slice(0, 8)}`);
  document.end();
  return done;
}
