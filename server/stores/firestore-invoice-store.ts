/**
 * The InvoiceStore in Cloud Firestore through firebase-admin:
 *
 *   vendors/{tenantId}/invoices/{number}          the document, as the invoice schema has it
 *   vendors/{tenantId}/invoiceSequences/{kind}    { last }: the last number issued of that kind
 *   vendors/{tenantId}/invoiceKeys/{sha256(key)}  { number }: what was issued under each key
 *   vendors/{tenantId}/payments/{id}              a payment received against an invoice
 *   vendors/{tenantId}/notices/{id}               a reminder or statement mailed (created once by its id)
 *
 * issue() reads the key and the sequence and writes all three in one transaction: two servers
 * issuing at once contend on the sequence, Firestore runs the loser again on fresh reads, and each
 * number is spent once, with its document. Within one server, issues of a tenant's kind are queued
 * (they would only contend with each other). Listing by date needs a composite index on the
 * invoices collection (kind ASC, issueDate ASC, issuedAt ASC, number ASC) on Cloud Firestore (server/stores/firestore.indexes.json).
 */
import { createHash } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { invoiceNumber, type InvoiceDraft } from '../../schema/rental/invoices';
import { creditOf, type InvoiceState } from '../../schema/accounts/payments';
import type { Invoice, Notice, Payment } from '../../schema/types.generated';
import {
  byIssue,
  byReceipt,
  bySending,
  checkedInvoice,
  checkedNotice,
  checkedPayment,
  DEFAULT_INVOICE_PAGE,
  InvoiceNotVoidableError,
  UnknownInvoiceError,
  type InvoiceListQuery,
  type InvoiceStore,
} from './invoice-store';

/** Firestore's own retries of a transaction that lost a race; issues across servers may queue this deep. */
const MAX_ATTEMPTS = 60;

const plain = (invoice: Invoice) => JSON.parse(JSON.stringify(invoice)) as Record<string, unknown>;
const keyId = (key: string) => createHash('sha256').update(key).digest('hex');

export class FirestoreInvoiceStore implements InvoiceStore {
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly firestore: Firestore,
    private readonly options: { onClose?: () => Promise<void> } = {},
  ) {}

  private tenant(tenantId: string) {
    return this.firestore.collection('vendors').doc(tenantId);
  }

  async issue(draft: InvoiceDraft): Promise<{ invoice: Invoice; repeat: boolean }> {
    const queue = `${draft.tenantId}/${draft.kind}`;
    const run = (this.queues.get(queue) ?? Promise.resolve()).catch(() => undefined).then(() => this.issueNow(draft));
    this.queues.set(queue, run);
    try {
      return await run;
    } finally {
      if (this.queues.get(queue) === run) this.queues.delete(queue);
    }
  }

  private issueNow(draft: InvoiceDraft): Promise<{ invoice: Invoice; repeat: boolean }> {
    const tenant = this.tenant(draft.tenantId);
    const keyRef = tenant.collection('invoiceKeys').doc(keyId(draft.key));
    const sequenceRef = tenant.collection('invoiceSequences').doc(draft.kind);
    return this.firestore.runTransaction(
      async (transaction) => {
        const [keyDoc, sequenceDoc] = await transaction.getAll(keyRef, sequenceRef);
        if (keyDoc!.exists) {
          const issued = await transaction.get(tenant.collection('invoices').doc(String(keyDoc!.get('number'))));
          return { invoice: issued.data() as Invoice, repeat: true };
        }
        const sequence = ((sequenceDoc!.get('last') as number | undefined) ?? 0) + 1;
        const invoice = checkedInvoice({ ...draft, number: invoiceNumber(draft.kind, sequence), sequence });
        transaction.create(tenant.collection('invoices').doc(invoice.number), plain(invoice));
        transaction.set(sequenceRef, { last: sequence });
        transaction.create(keyRef, { number: invoice.number, key: draft.key });
        return { invoice, repeat: false };
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
  }

  async get(tenantId: string, number: string): Promise<Invoice | undefined> {
    const snapshot = await this.tenant(tenantId).collection('invoices').doc(number).get();
    return snapshot.exists ? (snapshot.data() as Invoice) : undefined;
  }

  async forQuote(tenantId: string, quoteId: string): Promise<Invoice[]> {
    const snapshot = await this.tenant(tenantId).collection('invoices').where('quoteId', '==', quoteId).get();
    return snapshot.docs.map((doc) => doc.data() as Invoice).sort((a, b) => a.issuedAt.localeCompare(b.issuedAt));
  }

  async recordPayment(
    tenantId: string,
    invoiceNumber: string,
    paymentId: string,
    make: (state: InvoiceState) => Payment,
  ): Promise<{ payment: Payment; repeat: boolean }> {
    const tenant = this.tenant(tenantId);
    const paymentRef = tenant.collection('payments').doc(paymentId);
    return this.firestore.runTransaction(
      async (transaction) => {
        const [existing, invoiceDoc] = await transaction.getAll(
          paymentRef,
          tenant.collection('invoices').doc(invoiceNumber),
        );
        if (existing!.exists) return { payment: existing!.data() as Payment, repeat: true };
        if (!invoiceDoc!.exists) throw new UnknownInvoiceError(invoiceNumber);
        const invoice = invoiceDoc!.data() as Invoice;
        // Read in the transaction: a payment recorded meanwhile makes Firestore run this again on fresh reads.
        // The account's credit is read here too: two invoices paid from the same credit at once cannot both spend it.
        const account = invoice.billTo.account?.id;
        const [notes, payments, onAccount] = await Promise.all([
          transaction.get(tenant.collection('invoices').where('credits', '==', invoice.number)),
          transaction.get(tenant.collection('payments').where('invoice', '==', invoice.number)),
          account === undefined
            ? undefined
            : transaction.get(tenant.collection('payments').where('account', '==', account)),
        ]);
        const accountCredit = onAccount && creditOf(onAccount.docs.map((doc) => doc.data() as Payment));
        const payment = checkedPayment(
          make({
            invoice,
            creditNotes: notes.docs.map((doc) => doc.data() as Invoice),
            payments: payments.docs.map((doc) => doc.data() as Payment).sort(byReceipt),
            ...(accountCredit !== undefined && { accountCredit }),
          }),
        );
        transaction.create(paymentRef, JSON.parse(JSON.stringify(payment)) as Record<string, unknown>);
        return { payment, repeat: false };
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
  }

  async recordNotice(notice: Notice): Promise<{ notice: Notice; repeat: boolean }> {
    const checked = checkedNotice(notice);
    const ref = this.tenant(checked.tenantId).collection('notices').doc(checked.id);
    try {
      await ref.create(JSON.parse(JSON.stringify(checked)) as Record<string, unknown>);
      return { notice: checked, repeat: false };
    } catch (error) {
      // ALREADY_EXISTS: another server (or an earlier pass) recorded it first.
      if ((error as { code?: number }).code !== 6) throw error;
      return { notice: (await ref.get()).data() as Notice, repeat: true };
    }
  }

  async forgetNotice(tenantId: string, id: string): Promise<void> {
    await this.tenant(tenantId).collection('notices').doc(id).delete();
  }

  async notices(tenantId: string, query: { invoice?: string; account?: string } = {}): Promise<Notice[]> {
    let filtered = this.tenant(tenantId).collection('notices') as FirebaseFirestore.Query;
    if (query.invoice !== undefined) filtered = filtered.where('invoice', '==', query.invoice);
    else if (query.account !== undefined) filtered = filtered.where('account', '==', query.account);
    return (await filtered.get()).docs.map((doc) => doc.data() as Notice).sort(bySending);
  }

  async payments(tenantId: string, query: { invoice?: string; account?: string } = {}): Promise<Payment[]> {
    let filtered = this.tenant(tenantId).collection('payments') as FirebaseFirestore.Query;
    if (query.invoice !== undefined) filtered = filtered.where('invoice', '==', query.invoice);
    else if (query.account !== undefined) filtered = filtered.where('account', '==', query.account);
    return (await filtered.get()).docs.map((doc) => doc.data() as Payment).sort(byReceipt);
  }

  async receivables(tenantId: string): Promise<Invoice[]> {
    const snapshot = await this.tenant(tenantId)
      .collection('invoices')
      .where('kind', 'in', ['invoice', 'creditNote'])
      .get();
    return snapshot.docs
      .map((doc) => doc.data() as Invoice)
      .filter((document) => document.kind === 'creditNote' || document.balance > 0);
  }

  async forAccount(tenantId: string, accountId: string): Promise<Invoice[]> {
    // One equality on a field: Firestore's automatic single-field index serves it; the order is made here.
    const snapshot = await this.tenant(tenantId)
      .collection('invoices')
      .where('billTo.account.id', '==', accountId)
      .get();
    return snapshot.docs.map((doc) => doc.data() as Invoice).sort(byIssue);
  }

  async issuedBetween(tenantId: string, from: string, to: string): Promise<Invoice[]> {
    const snapshot = await this.tenant(tenantId)
      .collection('invoices')
      .where('issueDate', '>=', from)
      .where('issueDate', '<=', to)
      .get();
    return snapshot.docs.map((doc) => doc.data() as Invoice).sort(byIssue);
  }

  async list(tenantId: string, query: InvoiceListQuery = {}): Promise<{ total: number; invoices: Invoice[] }> {
    let filtered = this.tenant(tenantId).collection('invoices') as FirebaseFirestore.Query;
    if (query.kind) filtered = filtered.where('kind', '==', query.kind);
    if (query.from) filtered = filtered.where('issueDate', '>=', query.from);
    if (query.to) filtered = filtered.where('issueDate', '<=', query.to);
    const total = (await filtered.count().get()).data().count;
    const page = await filtered
      .orderBy('issueDate')
      .orderBy('issuedAt')
      .orderBy('number')
      .offset(query.offset ?? 0)
      .limit(query.limit ?? DEFAULT_INVOICE_PAGE)
      .get();
    return { total, invoices: page.docs.map((doc) => doc.data() as Invoice).sort(byIssue) };
  }

  async voidProForma(tenantId: string, number: string, at: string): Promise<Invoice | undefined> {
    const ref = this.tenant(tenantId).collection('invoices').doc(number);
    return this.firestore.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(ref);
      if (!snapshot.exists) return undefined;
      const invoice = snapshot.data() as Invoice;
      if (invoice.kind !== 'proForma')
        throw new InvoiceNotVoidableError(
          `${number} is ${invoice.kind === 'invoice' ? 'an invoice' : 'a credit note'}: it is never changed; issue a credit note instead.`,
        );
      if (invoice.voidedAt) return invoice;
      const voided = checkedInvoice({ ...invoice, voidedAt: at });
      transaction.set(ref, plain(voided));
      return voided;
    });
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.queues.values()]);
    await this.options.onClose?.();
  }
}
