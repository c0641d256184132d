/**
 * What every InvoiceStore adapter must do (server/stores/invoice-store.ts), written against the
 * port only: numbers per tenant and kind from 1 with no gap, taken with the document; the same key
 * answered with the first document and no number spent; many issued at once, all numbered
 * 1…n once each; a document that does not fit its schema refused with nothing spent; listing by
 * issue date and kind; a request's documents; a pro forma voided, an invoice never changed.
 */
import { describe, expect, it } from 'vitest';
import { withDefaults } from '../../schema/defaults';
import type { InvoiceDraft } from '../../schema/rental/invoices';
import type { Notice, SiteSettings, VendorConfig } from '../../schema/types.generated';
import { creditOf, paymentOf, type InvoiceState } from '../../schema/accounts/payments';
import { InvoiceNotVoidableError, UnknownInvoiceError, type InvoiceStore } from '../../server/stores/invoice-store';
import { storeUnderTest, type OpenedStore } from './store-under-test';

/** A London tenant's settings and business, as the invoice PDF takes them (the test's and the bench's). */
export function sampleIssuer(name: string) {
  return {
    site: withDefaults('site', {
      tenantId: 'london',
      domain: 'london.example',
      appTitle: name,
      currency: 'GBP',
      locale: 'en-GB',
    } as SiteSettings),
    vendor: withDefaults('vendor', {
      name,
      displayName: name,
      email: 'hire@props.example',
      address: { line1: '14 Berwick Street', city: 'London', zip: 'W1F 0PP', country: 'GB' },
    } as VendorConfig),
  };
}

export function sampleDraft(quoteId: string, overrides: Partial<InvoiceDraft> = {}): InvoiceDraft {
  return {
    tenantId: 'aviation',
    kind: 'invoice',
    key: `${quoteId}:invoice`,
    quoteId,
    version: 1,
    issuedAt: '2026-11-27T18:00:00.000Z',
    issueDate: '2026-11-27',
    dueDate: '2026-12-27',
    supplyFrom: '2026-11-20',
    supplyTo: '2026-11-25',
    currency: 'USD',
    billTo: { name: 'Dana', email: 'dana@studio.example', production: 'Red Eye 2', purchaseOrder: 'PO-7741' },
    lines: [
      {
        kind: 'rental',
        description: 'Atlas Galley Cart',
        quantity: 2,
        unitAmount: 170,
        amount: 340,
        glCode: '4310',
        taxRate: 20,
      },
    ],
    subtotal: 340,
    taxes: [{ name: 'VAT', rate: 20, base: 340, amount: 68 }],
    total: 408,
    paid: 408,
    balance: 0,
    ...overrides,
  };
}

export function describeInvoiceStoreContract(name: string, open: () => Promise<OpenedStore<InvoiceStore>>) {
  describe(`InvoiceStore contract: ${name}`, () => {
    const subject = storeUnderTest(open);

    it('numbers each kind from 1 without a gap, per tenant, with the document', async () => {
      const { store } = subject;
      const first = await store.issue(sampleDraft('q-1'));
      expect(first).toMatchObject({ repeat: false, invoice: { number: 'INV-000001', sequence: 1, quoteId: 'q-1' } });
      expect((await store.issue(sampleDraft('q-2'))).invoice.number).toBe('INV-000002');
      expect(
        (await store.issue(sampleDraft('q-2', { kind: 'proForma', key: 'q-2:proForma:v1', paid: 0, balance: 408 })))
          .invoice.number,
      ).toBe('PF-000001');
      expect((await store.issue(sampleDraft('q-9', { tenantId: 'acme' }))).invoice.number).toBe('INV-000001');
      expect(await store.get('aviation', 'INV-000002')).toMatchObject({
        number: 'INV-000002',
        total: 408,
        billTo: { purchaseOrder: 'PO-7741' },
      });
      expect(await store.get('aviation', 'INV-000404')).toBeUndefined();
    });

    it('answers a document issued again under its key with the first, spending no number', async () => {
      const { store } = subject;
      const first = await store.issue(sampleDraft('q-1'));
      const again = await store.issue(sampleDraft('q-1', { total: 999, balance: 591 }));
      expect(again).toEqual({ invoice: first.invoice, repeat: true });
      expect((await store.issue(sampleDraft('q-2'))).invoice.number).toBe('INV-000002');
    });

    it('numbers forty issued at once 1…40, each once, and a repeated key among them once', async () => {
      const { store } = subject;
      const answers = await Promise.all([
        ...Array.from({ length: 40 }, (_, index) => store.issue(sampleDraft(`q-${index}`))),
        store.issue(sampleDraft('q-7')),
      ]);
      const numbers = answers.filter((answer) => !answer.repeat).map((answer) => answer.invoice.sequence);
      expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
      expect(
        answers.filter((answer) => answer.invoice.quoteId === 'q-7').map((answer) => answer.invoice.number),
      ).toHaveLength(2);
      expect(
        new Set(answers.filter((answer) => answer.invoice.quoteId === 'q-7').map((answer) => answer.invoice.number))
          .size,
      ).toBe(1);
    });

    it('refuses a document that does not fit its schema, and spends no number on it', async () => {
      const { store } = subject;
      await expect(store.issue(sampleDraft('q-1', { total: 1.234 }))).rejects.toThrow(
        /total must have at most two decimals/,
      );
      expect((await store.issue(sampleDraft('q-1'))).invoice.number).toBe('INV-000001');
    });

    it('lists by issue date and kind, and a request’s documents oldest first', async () => {
      const { store } = subject;
      await store.issue(sampleDraft('q-1', { issueDate: '2026-10-31', issuedAt: '2026-10-31T18:00:00.000Z' }));
      await store.issue(sampleDraft('q-2', { issueDate: '2026-11-01', issuedAt: '2026-11-01T18:00:00.000Z' }));
      await store.issue(
        sampleDraft('q-2', {
          kind: 'creditNote',
          key: 'INV-000002:credit:1',
          issueDate: '2026-12-02',
          issuedAt: '2026-12-02T10:00:00.000Z',
          credits: 'INV-000002',
          total: -408,
          balance: -408,
          paid: 0,
        }),
      );
      const november = await store.list('aviation', { from: '2026-11-01', to: '2026-11-30' });
      expect(november).toMatchObject({ total: 1, invoices: [{ number: 'INV-000002' }] });
      expect((await store.list('aviation', { kind: 'creditNote' })).invoices.map((invoice) => invoice.number)).toEqual([
        'CN-000001',
      ]);
      expect((await store.list('aviation')).invoices.map((invoice) => invoice.number)).toEqual([
        'INV-000001',
        'INV-000002',
        'CN-000001',
      ]);
      expect((await store.forQuote('aviation', 'q-2')).map((invoice) => invoice.number)).toEqual([
        'INV-000002',
        'CN-000001',
      ]);
      // An export's documents: every one issued in the days, both ends included, by issue date, another tenant's never.
      await store.issue(sampleDraft('q-3', { issueDate: '2026-11-30', issuedAt: '2026-11-30T09:00:00.000Z' }));
      await store.issue(
        sampleDraft('q-4', { tenantId: 'acme', issueDate: '2026-11-15', issuedAt: '2026-11-15T09:00:00.000Z' }),
      );
      expect(
        (await store.issuedBetween('aviation', '2026-11-01', '2026-12-02')).map((invoice) => invoice.number),
      ).toEqual(['INV-000002', 'INV-000003', 'CN-000001']);
      expect(
        (await store.issuedBetween('aviation', '2026-10-31', '2026-10-31')).map((invoice) => invoice.number),
      ).toEqual(['INV-000001']);
      expect(await store.issuedBetween('aviation', '2027-01-01', '2027-01-31')).toEqual([]);
    });

    it("finds the documents of an account's orders, and only its own", async () => {
      const { store } = subject;
      const warner = { id: 'warner-bros', name: 'Warner Bros. Pictures', netDays: 30, deposit: 'none' as const };
      const onAccount = (quoteId: string, overrides: Partial<InvoiceDraft> = {}) =>
        sampleDraft(quoteId, { billTo: { name: 'Dana', email: 'dana@studio.example', account: warner }, ...overrides });
      await store.issue(onAccount('q-1', { issueDate: '2026-11-28', issuedAt: '2026-11-28T09:00:00.000Z' }));
      await store.issue(sampleDraft('q-2'));
      await store.issue(
        onAccount('q-3', {
          kind: 'proForma',
          key: 'q-3:proForma:v1',
          paid: 0,
          balance: 408,
          issueDate: '2026-11-26',
          issuedAt: '2026-11-26T09:00:00.000Z',
        }),
      );
      await store.issue(onAccount('q-4', { tenantId: 'acme' }));
      expect(
        (await store.forAccount('aviation', 'warner-bros')).map((invoice) => [
          invoice.number,
          invoice.billTo.account?.name,
        ]),
      ).toEqual([
        ['PF-000001', 'Warner Bros. Pictures'],
        ['INV-000001', 'Warner Bros. Pictures'],
      ]);
      expect(await store.forAccount('aviation', 'paramount')).toEqual([]);
      // Receivables: invoices not settled by card and credit notes; no pro formas, and none settled by card (paid 408 of 408).
      expect(await store.receivables('aviation')).toEqual([]);
      await store.issue(sampleDraft('q-5', { paid: 0, balance: 408 }));
      await store.issue(
        sampleDraft('q-5', {
          kind: 'creditNote',
          key: 'q-5:credit',
          credits: 'INV-000003',
          total: -10,
          balance: -10,
          paid: 0,
        }),
      );
      expect((await store.receivables('aviation')).map((invoice) => invoice.number).sort()).toEqual([
        'CN-000001',
        'INV-000003',
      ]);
    });

    it('records a payment once, on what the invoice stands at, and lists payments by invoice and by account', async () => {
      const { store } = subject;
      const warner = { id: 'warner', name: 'Warner Bros. Pictures', netDays: 30, deposit: 'none' as const };
      const invoice = (
        await store.issue(
          sampleDraft('q-1', {
            paid: 0,
            balance: 408,
            billTo: { name: 'Dana', email: 'dana@studio.example', account: warner },
          }),
        )
      ).invoice;
      await store.issue(
        sampleDraft('q-1', {
          kind: 'creditNote',
          key: 'q-1:credit:1',
          credits: invoice.number,
          total: -8,
          balance: -8,
          paid: 0,
        }),
      );
      const pay = (id: string, amount: number) => (state: InvoiceState) => {
        const made = paymentOf(
          { id, amount, currency: 'USD', receivedOn: '2026-11-28', keepRest: true, method: 'bankTransfer' },
          state,
          {
            today: '2026-11-28',
            now: new Date('2026-11-28T10:00:00Z'),
            by: 'admin@jetwayprops.com',
            format: String,
          },
        );
        if ('problems' in made) throw new Error(made.problems[0]!.message);
        return made.payment;
      };
      expect(await store.recordPayment('aviation', invoice.number, 'pay-0001', pay('pay-0001', 300))).toMatchObject({
        repeat: false,
        payment: { applied: 300, credit: 0, account: 'warner' },
      });
      // The same id again is the same payment, whatever it says now.
      expect(await store.recordPayment('aviation', invoice.number, 'pay-0001', pay('pay-0001', 999))).toMatchObject({
        repeat: true,
        payment: { amount: 300 },
      });
      // $400 owed after the credit note, $300 paid: the next $150 pays $100 and leaves $50 on the account.
      expect(
        (await store.recordPayment('aviation', invoice.number, 'pay-0002', pay('pay-0002', 150))).payment,
      ).toMatchObject({ applied: 100, credit: 50 });
      await expect(
        store.recordPayment('aviation', 'INV-000404', 'pay-0003', pay('pay-0003', 1)),
      ).rejects.toBeInstanceOf(UnknownInvoiceError);
      expect((await store.payments('aviation', { invoice: invoice.number })).map((payment) => payment.id)).toEqual([
        'pay-0001',
        'pay-0002',
      ]);
      expect((await store.payments('aviation', { account: 'warner' })).length).toBe(2);
      expect(await store.payments('acme')).toEqual([]);
    });

    it('pays what was owed once when two payments of it arrive at once', async () => {
      const { store } = subject;
      const invoice = (await store.issue(sampleDraft('q-7', { paid: 0, balance: 408 }))).invoice;
      const pay = (id: string) => (state: InvoiceState) => {
        const made = paymentOf(
          { id, amount: 408, currency: 'USD', receivedOn: '2026-11-28', keepRest: true, method: 'cheque' },
          state,
          {
            today: '2026-11-28',
            now: new Date(),
            by: 'admin@jetwayprops.com',
            format: String,
          },
        );
        if ('problems' in made) throw new Error(made.problems[0]!.message);
        return made.payment;
      };
      const outcomes = await Promise.allSettled([
        store.recordPayment('aviation', invoice.number, 'cheque-a1', pay('cheque-a1')),
        store.recordPayment('aviation', invoice.number, 'cheque-b1', pay('cheque-b1')),
      ]);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      expect(
        String((outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult).reason.message),
      ).toMatch(/is paid: nothing is owed on it/);
      expect(await store.payments('aviation', { invoice: invoice.number })).toHaveLength(1);
    });

    it('records one bank transfer once when two people record it at once on an account, each from a dialog of their own', async () => {
      const { store } = subject;
      const warner = { id: 'warner', name: 'Warner Bros. Pictures', netDays: 30, deposit: 'none' as const };
      const invoice = (
        await store.issue(
          sampleDraft('q-8', {
            paid: 0,
            balance: 408,
            billTo: { name: 'Dana', email: 'dana@studio.example', account: warner },
          }),
        )
      ).invoice;
      // On an account an overpayment is kept as credit, so only the reference tells a repeat.
      const pay = (id: string, reference: string) => (state: InvoiceState) => {
        const made = paymentOf(
          {
            id,
            amount: 408,
            currency: 'USD',
            receivedOn: '2026-11-28',
            keepRest: true,
            method: 'bankTransfer',
            reference,
          },
          state,
          {
            today: '2026-11-28',
            now: new Date(),
            by: `${id.slice(5)}@jetwayprops.com`,
            format: (value) => `$${value.toFixed(2)}`,
          },
        );
        if ('problems' in made) throw new Error(made.problems[0]!.message);
        return made.payment;
      };
      const outcomes = await Promise.allSettled([
        store.recordPayment('aviation', invoice.number, 'wire-sam1', pay('wire-sam1', 'WB AP 7781')),
        store.recordPayment('aviation', invoice.number, 'wire-kim1', pay('wire-kim1', 'wb ap 7781 ')),
      ]);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      expect(
        String((outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult).reason.message),
      ).toMatch(
        new RegExp(
          `^WB AP 7781 for \\$408\\.00 on 2026-11-28 was recorded on ${invoice.number} by (sam1|kim1)@jetwayprops\\.com already: a payment is recorded once`,
          'i',
        ),
      );
      expect(await store.payments('aviation', { invoice: invoice.number })).toHaveLength(1);
      // Another transfer with its own reference is another payment: kept as credit.
      expect(
        (await store.recordPayment('aviation', invoice.number, 'wire-lee1', pay('wire-lee1', 'WB AP 7790'))).payment
          .credit,
      ).toBe(408);
    });

    it("spends an account's credit once when two invoices take it at once", async () => {
      const { store } = subject;
      const warner = { id: 'warner', name: 'Warner Bros. Pictures', netDays: 30, deposit: 'none' as const };
      const onWarner = { name: 'Dana', email: 'dana@studio.example', account: warner };
      const [first, second, third] = await Promise.all(
        ['q-20', 'q-21', 'q-22'].map(
          async (quoteId) =>
            (await store.issue(sampleDraft(quoteId, { paid: 0, balance: 100, billTo: onWarner }))).invoice,
        ),
      );
      const pay = (id: string, amount: number, method: 'bankTransfer' | 'accountCredit') => (state: InvoiceState) => {
        const made = paymentOf(
          { id, amount, currency: 'USD', receivedOn: '2026-11-28', keepRest: true, method },
          state,
          {
            today: '2026-11-28',
            now: new Date(),
            by: 'admin@jetwayprops.com',
            format: (value) => `$${value.toFixed(2)}`,
          },
        );
        if ('problems' in made) throw new Error(made.problems[0]!.message);
        return made.payment;
      };
      expect(
        (await store.recordPayment('aviation', first!.number, 'wire-0001', pay('wire-0001', 160, 'bankTransfer')))
          .payment.credit,
      ).toBe(60);
      const outcomes = await Promise.allSettled([
        store.recordPayment('aviation', second!.number, 'credit-000a', pay('credit-000a', 60, 'accountCredit')),
        store.recordPayment('aviation', third!.number, 'credit-000b', pay('credit-000b', 60, 'accountCredit')),
      ]);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      expect(
        String((outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult).reason.message),
      ).toBe('is more than the $0.00 of credit Warner Bros. Pictures holds');
      expect(creditOf(await store.payments('aviation', { account: 'warner' }))).toBe(0);
    });

    it('records each notice once by its id, also when two servers send it at once, and lists them by invoice and account', async () => {
      const { store } = subject;
      const notice = (id: string, overrides: Partial<Notice> = {}): Notice => ({
        id,
        tenantId: 'aviation',
        kind: 'reminder',
        invoice: 'INV-000001',
        daysOverdue: 7,
        to: 'ap@warner.example',
        sentAt: '2026-11-28T09:00:00.000Z',
        ...overrides,
      });
      const outcomes = await Promise.all([
        store.recordNotice(notice('reminder-INV-000001-7')),
        store.recordNotice(notice('reminder-INV-000001-7', { sentAt: '2026-11-28T09:00:01.000Z' })),
      ]);
      expect(outcomes.map((outcome) => outcome.repeat).sort()).toEqual([false, true]);
      expect(outcomes[0]!.notice).toEqual(outcomes[1]!.notice);
      await store.recordNotice({
        id: 'statement-warner-2026-10',
        tenantId: 'aviation',
        kind: 'statement',
        account: 'warner',
        month: '2026-10',
        to: 'ap@warner.example',
        sentAt: '2026-11-01T06:00:00.000Z',
      });
      await store.recordNotice(
        notice('reminder-INV-000001-14', { daysOverdue: 14, account: 'warner', sentAt: '2026-11-30T09:00:00.000Z' }),
      );
      expect((await store.notices('aviation', { invoice: 'INV-000001' })).map((sent) => sent.id)).toEqual([
        'reminder-INV-000001-7',
        'reminder-INV-000001-14',
      ]);
      expect((await store.notices('aviation', { account: 'warner' })).map((sent) => sent.id)).toEqual([
        'statement-warner-2026-10',
        'reminder-INV-000001-14',
      ]);
      expect(await store.notices('acme')).toEqual([]);
      // A notice whose mail was refused is forgotten, and can be recorded (sent) again.
      await store.forgetNotice('aviation', 'reminder-INV-000001-14');
      expect((await store.notices('aviation', { invoice: 'INV-000001' })).map((sent) => sent.id)).toEqual([
        'reminder-INV-000001-7',
      ]);
      expect((await store.recordNotice(notice('reminder-INV-000001-14', { daysOverdue: 14 }))).repeat).toBe(false);
      await expect(store.recordNotice(notice('reminder-bad', { to: 'not an address' }))).rejects.toThrow(/to/);
    });

    it('voids a pro forma, and never changes an invoice', async () => {
      const { store } = subject;
      const proForma = (
        await store.issue(sampleDraft('q-1', { kind: 'proForma', key: 'q-1:proForma:v1', paid: 0, balance: 408 }))
      ).invoice;
      expect(await store.voidProForma('aviation', proForma.number, '2026-11-28T09:00:00.000Z')).toMatchObject({
        voidedAt: '2026-11-28T09:00:00.000Z',
      });
      const invoice = (await store.issue(sampleDraft('q-1'))).invoice;
      await expect(store.voidProForma('aviation', invoice.number, '2026-11-28T09:00:00.000Z')).rejects.toBeInstanceOf(
        InvoiceNotVoidableError,
      );
      expect(await store.get('aviation', invoice.number)).toEqual(invoice);
    });
  });
}
