/**
 * The invoice PDF prints any European name as it was written: a production, a studio and a line in
 * Polish, Danish, Greek and Russian, read back by a real PDF parser (pdfkit's built-in Helvetica
 * turned them into other characters). A character the font lacks (Japanese here) prints as a box
 * and leaves the rest of the page as it was.
 */
import { describe, expect, it } from 'vitest';
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
    const [page] = await pdfPages(await invoicePdf(invoiceWith('Łódź Nights — «Ωmega» / Москва', 'Café trolley, Ørsted blue'), site, vendor));
    for (const said of ['Søhø Prop Hire', 'Zoë Łukasiewicz', 'Łódź Nights — «Ωmega» / Москва', 'Café trolley, Ørsted blue', 'PO-Ω1', '£408.00']) expect(page).toContain(said);
  });

  it('leaves the rest of the page whole around characters its font lacks', async () => {
    const [page] = await pdfPages(await invoicePdf(invoiceWith('東京 Shoot', 'Galley cart 🎬'), site, vendor));
    for (const said of ['Shoot', 'Galley cart', 'INV-000007', '£408.00']) expect(page).toContain(said);
  });
});
