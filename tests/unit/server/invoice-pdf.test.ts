/**
 * The invoice PDF prints any European name as it was written: a production, a studio and a line in
 * Polish, Danish, Greek and Russian, read back by a real PDF parser (pdfkit's built-in Helvetica
 * turned them into other characters). A character the font lacks (Japanese here) prints as a box
 * and leaves the rest of the page as it was. A UK VAT invoice says what HMRC asks of one, and is
 * checked by the programs that read PDFs (qpdf --check, pdffonts: every font embedded, pdftotext);
 * a US house's paper is Letter, a UK one's A4, read from the file; a pro forma never asks to be paid.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { withDefaults } from '../../../schema/defaults';
import type { Invoice } from '../../../schema/types.generated';
import { invoicePdf } from '../../../server/rental/invoice-pdf';
import { sampleDraft, sampleIssuer } from '../../contract/invoice-store.contract';
import { pdfPages } from '../../helpers/pdf-text';

const { site, vendor } = sampleIssuer('Søhø Prop Hire');

const invoiceWith = (production: string, description: string): Invoice => ({
  ...sampleDraft('names', {
    currency: 'GBP',
    billTo: { name: 'Zoë Łukasiewicz', email: 'zoe@studio.example', production, purchaseOrder: 'PO-Ω1' },
    lines: [{ kind: 'rental', description, quantity: 1, unitAmount: 340, amount: 340, taxRate: 20 }],
  }),
  number: 'INV-000007',
  sequence: 7,
});

describe('the invoice PDF', () => {
  it('prints Polish, Danish, Greek and Russian as written', async () => {
    const [page] = await pdfPages(
      await invoicePdf(invoiceWith('Łódź Nights — «Ωmega» / Москва', 'Café trolley, Ørsted blue'), site, vendor),
    );
    for (const said of [
      'Søhø Prop Hire',
      'Zoë Łukasiewicz',
      'Łódź Nights — «Ωmega» / Москва',
      'Café trolley, Ørsted blue',
      'PO-Ω1',
      '£408.00',
    ])
      expect(page).toContain(said);
  });

  it('leaves the rest of the page whole around characters its font lacks', async () => {
    const [page] = await pdfPages(await invoicePdf(invoiceWith('東京 Shoot', 'Galley cart 🎬'), site, vendor));
    for (const said of ['Shoot', 'Galley cart', 'INV-000007', '£408.00']) expect(page).toContain(said);
  });
});

const run = promisify(execFile);
const pageSize = async (bytes: Buffer) => {
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  try {
    return (await document.getPage(1)).view.map(Math.round);
  } finally {
    await document.destroy();
  }
};

/** A London house with everything a UK VAT invoice must show, and a closed hire with a taxed rental and an untaxed damage charge. */
const uk = {
  site: { ...site, taxName: 'VAT', ccAuthEnabled: true },
  vendor: {
    ...vendor,
    legalName: 'Søhø Prop Hire Ltd',
    taxRegistrationNumber: 'GB 284 7719 36',
    companyNumber: '09876543',
    registeredOffice: '14 Berwick Street, London W1F 0PP',
    remittance: 'Bank transfer to Søhø Prop Hire Ltd\nSort code 20-00-00 · Account 53048812',
  },
};
const closedHire = (kind: Invoice['kind'], paid: number): Invoice => ({
  ...sampleDraft('uk-vat', {
    kind,
    currency: 'GBP',
    billTo: {
      name: 'Kit Ealing',
      email: 'kit@ealing.example',
      production: 'Ealing Nights',
      billingAddress: 'Ealing Nights Ltd\nEaling Studios, Ealing Green\nLondon W5 5EP',
    },
    lines: [
      { kind: 'rental', description: 'Hard train case', quantity: 2, unitAmount: 100, amount: 200, taxRate: 20 },
      { kind: 'damage', description: 'Damage: hard train case', quantity: 1, unitAmount: 100, amount: 100 },
    ],
    subtotal: 300,
    taxes: [{ name: 'VAT', rate: 20, base: 200, amount: 40 }],
    total: 340,
    paid,
    balance: 340 - paid,
  }),
  number: kind === 'proForma' ? 'PF-000004' : 'INV-000004',
  sequence: 4,
});

describe('a UK VAT invoice', () => {
  it('shows the seller’s VAT number, company number and registered office, the customer’s address, the untaxed lines apart with why, the terms and how to pay', async () => {
    const bytes = await invoicePdf(closedHire('invoice', 240), uk.site, uk.vendor);
    const [page] = await pdfPages(bytes);
    for (const said of [
      'VAT registration no. GB 284 7719 36',
      'Company no. 09876543',
      'Registered office: 14 Berwick Street, London W1F 0PP',
      'Ealing Nights Ltd',
      'Ealing Studios, Ealing Green',
      'London W5 5EP',
      'VAT 20% on £200.00',
      'Outside the scope of VAT (compensation for loss or damage)',
      'Payment due within 30 days of the invoice date.',
      'Please pay £100.00 by',
      'How to pay',
      'Sort code 20-00-00',
    ])
      expect(page).toContain(said);
    // What other programs make of it: a sound file, every font embedded, the same words.
    const scratch = await mkdtemp(path.join(tmpdir(), 'backlot-pdf-'));
    try {
      const file = path.join(scratch, 'invoice.pdf');
      await writeFile(file, bytes);
      await run('qpdf', ['--check', file]);
      const fonts = (await run('pdffonts', [file])).stdout.split('\n').slice(2).filter(Boolean);
      expect(fonts.length).toBeGreaterThan(0);
      for (const font of fonts) expect(font.split(/\s+/).at(-5), font).toBe('yes');
      expect((await run('pdftotext', ['-layout', file, '-'])).stdout).toContain('VAT registration no. GB 284 7719 36');
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });

  it('as a pro forma, says what the card will be charged and when, and never asks to be paid', async () => {
    const [page] = await pdfPages(await invoicePdf(closedHire('proForma', 0), uk.site, uk.vendor));
    expect(page).toContain('The card held for this order is charged what the hire comes to when it is closed');
    expect(page).not.toContain('Please pay');
    expect(page).not.toContain('Balance due');
  });

  it('is on Letter paper for a house in the US or Canada, A4 elsewhere', async () => {
    const us = withDefaults('vendor', {
      ...uk.vendor,
      address: { line1: '7400 Hollywood Blvd', city: 'Los Angeles', state: 'CA', zip: '90046', country: 'US' },
    });
    const ca = withDefaults('vendor', {
      ...uk.vendor,
      address: { line1: '1 Front St', city: 'Toronto', country: 'CA' },
    });
    expect(await pageSize(await invoicePdf(closedHire('invoice', 0), { ...uk.site, locale: 'en' }, us))).toEqual([
      0, 0, 612, 792,
    ]);
    expect(await pageSize(await invoicePdf(closedHire('invoice', 0), uk.site, ca))).toEqual([0, 0, 612, 792]);
    expect(
      await pageSize(await invoicePdf(closedHire('invoice', 0), { ...uk.site, locale: 'en-US' }, uk.vendor)),
    ).toEqual([0, 0, 595, 842]);
  });
});
