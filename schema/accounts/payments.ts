/**
 * Money received against invoices (issue 38), as pure rules the server (recording, in the store's
 * transaction), the console and the aged-debtors report share:
 *
 * - What an invoice still owes: its balance after the card (what the hold captured) less its credit
 *   notes and the payments applied to it.
 * - A payment: refused in another currency than the invoice's, dated after the house's today, or
 *   against a pro forma or a credit note. It pays the invoice up to what is owed; the rest stays on
 *   the customer's account as credit, which only an invoice on a customer account can keep (anyone
 *   else's overpayment is refused, saying how much is owed).
 * - Aged debtors: what each customer owes by how long past due (current, 1–30, 31–60, 61–90 and
 *   over 90 days), with the credit each account holds.
 */
import { cents } from '../rental/quote-pricing';
import { contactNameOf } from '../rental/invoices';
import type { Invoice, Payment, PaymentInput } from '../types.generated';

export interface InvoiceState {
  invoice: Invoice;
  /** The invoice's credit notes (documents whose `credits` is its number). */
  creditNotes: readonly Invoice[];
  /** The payments already recorded against it. */
  payments: readonly Payment[];
  /** The credit its customer account holds (left over from earlier payments, less what paid other invoices): read only when the invoice is on an account. */
  accountCredit?: number;
}

export interface Problem {
  pointer: string;
  message: string;
}

/** How many documents the ageing works through between pauses (a server lets other requests in at each). */
export const AGEING_STEP = 1_000;

/** Runs a stepwise computation to its end at once: the pure form of one the server runs a step at a time. */
export function runSteps<T>(steps: Generator<unknown, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

const sum = (amounts: readonly number[]) => cents(amounts.reduce((total, amount) => total + amount, 0));

/** What the invoice still owes: its balance less its credit notes and the payments applied to it (never below nothing). */
export function owedOnInvoice({ invoice, creditNotes, payments }: InvoiceState): number {
  const credited = sum(
    creditNotes.filter((note) => note.credits === invoice.number).map((note) => Math.abs(note.total)),
  );
  return Math.max(0, cents(invoice.balance - credited - sum(payments.map((payment) => payment.applied))));
}

/** Each invoice's state for payments.ts (its credit notes and payments), grouped once: an account may hold years of invoices. */
export const invoiceStates = (
  documents: readonly Invoice[],
  payments: readonly Payment[],
): ((invoice: Invoice) => InvoiceState) => runSteps(invoiceStateSteps(documents, payments));

/** invoiceStates a step at a time (see agedDebtorSteps). */
export function* invoiceStateSteps(
  documents: readonly Invoice[],
  payments: readonly Payment[],
): Generator<undefined, (invoice: Invoice) => InvoiceState> {
  const notes = new Map<string, Invoice[]>();
  let counted = 0;
  for (const document of documents) {
    if (++counted % AGEING_STEP === 0) yield;
    if (document.kind === 'creditNote' && document.credits)
      notes.set(document.credits, [...(notes.get(document.credits) ?? []), document]);
  }
  const paid = new Map<string, Payment[]>();
  for (const payment of payments) {
    if (++counted % AGEING_STEP === 0) yield;
    const list = paid.get(payment.invoice);
    if (list) list.push(payment);
    else paid.set(payment.invoice, [payment]);
  }
  return (invoice) => ({
    invoice,
    creditNotes: notes.get(invoice.number) ?? [],
    payments: paid.get(invoice.number) ?? [],
  });
}

/** The payment as recorded, or why it is refused, field by field. `format` writes money as the house does. */
export function paymentOf(
  input: PaymentInput,
  state: InvoiceState,
  context: { today: string; now: Date; by: string; format: (amount: number) => string },
): { payment: Payment } | { problems: Problem[] } {
  const { invoice } = state;
  if (invoice.kind !== 'invoice')
    return {
      problems: [
        {
          pointer: '',
          message: `${invoice.number} is ${invoice.kind === 'proForma' ? 'a pro forma' : 'a credit note'}: payments are recorded against the invoice`,
        },
      ],
    };
  const problems: Problem[] = [];
  if (input.currency !== invoice.currency)
    problems.push({
      pointer: '/currency',
      message: `${invoice.number} is in ${invoice.currency}: record what arrived in ${invoice.currency}`,
    });
  if (input.receivedOn > context.today)
    problems.push({
      pointer: '/receivedOn',
      message: `is after today (${context.today}): record a payment once it has arrived`,
    });
  else if (input.receivedOn < invoice.issueDate)
    problems.push({
      pointer: '/receivedOn',
      message: `is before ${invoice.number} was issued (${invoice.issueDate}): give the day the money arrived, on or after it`,
    });
  const owed = owedOnInvoice(state);
  const account = invoice.billTo.account?.id;
  if (input.method === 'accountCredit') {
    const used = creditUsed(input, state, owed, context);
    return problems.length ? { problems: [...problems, ...('problems' in used ? used.problems : [])] } : used;
  }
  const twice = sameAsRecorded(input, state.payments);
  if (twice)
    problems.push({
      pointer: '/reference',
      message: `${twice.reference} for ${context.format(twice.amount)} on ${twice.receivedOn} was recorded on ${invoice.number} by ${twice.recordedBy} already: a payment is recorded once (give its own reference if this is another)`,
    });
  const applied = Math.min(cents(input.amount), owed);
  const credit = cents(input.amount - applied);
  if (credit > 0 && account && !input.keepRest)
    problems.push({
      pointer: '/amount',
      message: `is ${context.format(credit)} more than the ${context.format(owed)} still owed on ${invoice.number}: choose to keep the rest as ${invoice.billTo.account!.name}'s credit, or record what is owed`,
    });
  else if (credit > 0 && account && credit > invoice.total)
    problems.push({
      pointer: '/amount',
      message: `would leave ${context.format(credit)} as credit, more than ${invoice.number} came to (${context.format(invoice.total)}): record the rest as a payment of its own on another invoice`,
    });
  if (credit > 0 && !account)
    problems.push({
      pointer: '/amount',
      message:
        owed > 0
          ? `is more than the ${context.format(owed)} still owed on ${invoice.number}: only a customer account keeps the rest as credit`
          : `${invoice.number} is paid: nothing is owed on it, and only a customer account keeps a payment as credit`,
    });
  if (problems.length) return { problems };
  return {
    payment: {
      id: input.id,
      tenantId: invoice.tenantId,
      invoice: invoice.number,
      ...(account && { account }),
      amount: cents(input.amount),
      applied,
      credit,
      currency: input.currency,
      receivedOn: input.receivedOn,
      method: input.method,
      ...(input.reference?.trim() && { reference: input.reference.trim() }),
      recordedAt: context.now.toISOString(),
      recordedBy: context.by,
    },
  };
}

/**
 * A payment already recorded on the invoice that this one repeats: the same reference, amount, day
 * and way (two people recording one bank transfer, each with a dialog of their own). Without a
 * reference two equal payments may both be real (two cash payments in a day), so none is judged.
 */
function sameAsRecorded(input: PaymentInput, recorded: readonly Payment[]): Payment | undefined {
  const reference = referenceKey(input.reference);
  if (!reference) return undefined;
  return recorded.find(
    (payment) =>
      payment.id !== input.id &&
      referenceKey(payment.reference) === reference &&
      payment.amount === cents(input.amount) &&
      payment.receivedOn === input.receivedOn &&
      payment.method === input.method,
  );
}

/** A reference as banks and people vary it, compared by its letters and digits alone: BANK-123, "bank 123" and "Bank123." are one. */
const referenceKey = (reference: string | undefined) => reference?.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '') ?? '';

/** The account's credit paying the invoice: no more than the account holds, nor than the invoice owes (credit never makes credit). */
function creditUsed(
  input: PaymentInput,
  state: InvoiceState,
  owed: number,
  context: { today: string; now: Date; by: string; format: (amount: number) => string },
): { payment: Payment } | { problems: Problem[] } {
  const { invoice } = state;
  const account = invoice.billTo.account;
  const held = state.accountCredit ?? 0;
  const amount = cents(input.amount);
  if (!account)
    return {
      problems: [
        { pointer: '/method', message: `${invoice.number} is not on a customer account: only an account holds credit` },
      ],
    };
  if (amount > held)
    return {
      problems: [
        { pointer: '/amount', message: `is more than the ${context.format(held)} of credit ${account.name} holds` },
      ],
    };
  if (amount > owed)
    return {
      problems: [
        { pointer: '/amount', message: `is more than the ${context.format(owed)} still owed on ${invoice.number}` },
      ],
    };
  return {
    payment: {
      id: input.id,
      tenantId: invoice.tenantId,
      invoice: invoice.number,
      account: account.id,
      amount,
      applied: amount,
      credit: -amount,
      currency: input.currency,
      receivedOn: input.receivedOn,
      method: 'accountCredit',
      ...(input.reference?.trim() && { reference: input.reference.trim() }),
      recordedAt: context.now.toISOString(),
      recordedBy: context.by,
    },
  };
}

/** The credit an account's payments left over, less what of it has paid invoices since. */
export const creditOf = (payments: readonly Payment[]) => sum(payments.map((payment) => payment.credit));

export const AGE_BUCKETS = ['current', 'days30', 'days60', 'days90', 'over90'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];

/** Days between two calendar days (b − a). */
export const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** Where an invoice due on `dueDate` falls on `today`: not yet due (current), or by days overdue. */
export function ageOf(dueDate: string, today: string): AgeBucket {
  const late = daysBetween(dueDate, today);
  return late <= 0 ? 'current' : late <= 30 ? 'days30' : late <= 60 ? 'days60' : late <= 90 ? 'days90' : 'over90';
}

export interface DebtorRow {
  /** The account's id, or `email:<address>` for a customer not on one. */
  key: string;
  name: string;
  account?: string;
  currency: string;
  buckets: Record<AgeBucket, number>;
  total: number;
  /** Credit the account holds (payments left over). */
  credit: number;
  /** Invoices still owing something. */
  invoices: number;
  /** The oldest due date among them. */
  oldestDue?: string;
}

/**
 * Who owes what by age, from a house's documents and payments on `today`, those owing most first.
 * One pass over each list: grouped by invoice, then by customer.
 */
export const agedDebtors = (documents: readonly Invoice[], payments: readonly Payment[], today: string): DebtorRow[] =>
  runSteps(agedDebtorSteps(documents, payments, today));

/** agedDebtors a step at a time: it pauses every few thousand invoices (the server answers other requests there). */
export function* agedDebtorSteps(
  documents: readonly Invoice[],
  payments: readonly Payment[],
  today: string,
): Generator<undefined, DebtorRow[]> {
  const stateOf = yield* invoiceStateSteps(documents, payments);
  const credit = new Map<string, number>();
  let counted = 0;
  for (const payment of payments) {
    if (++counted % AGEING_STEP === 0) yield;
    if (payment.account && payment.credit)
      credit.set(payment.account, cents((credit.get(payment.account) ?? 0) + payment.credit));
  }
  const rows = new Map<string, DebtorRow>();
  const rowFor = (invoice: Invoice): DebtorRow => {
    const account = invoice.billTo.account;
    const key = account ? account.id : `email:${invoice.billTo.email.toLowerCase()}`;
    let row = rows.get(key);
    if (!row)
      rows.set(
        key,
        (row = {
          key,
          name: contactNameOf(invoice),
          ...(account && { account: account.id }),
          currency: invoice.currency,
          buckets: { current: 0, days30: 0, days60: 0, days90: 0, over90: 0 },
          total: 0,
          credit: account ? (credit.get(account.id) ?? 0) : 0,
          invoices: 0,
        }),
      );
    return row;
  };
  for (const invoice of documents) {
    if (++counted % AGEING_STEP === 0) yield;
    if (invoice.kind !== 'invoice') continue;
    const owed = owedOnInvoice(stateOf(invoice));
    if (owed <= 0) continue;
    const row = rowFor(invoice);
    const bucket = ageOf(invoice.dueDate, today);
    row.buckets[bucket] = cents(row.buckets[bucket] + owed);
    row.total = cents(row.total + owed);
    row.invoices++;
    if (bucket !== 'current' && (!row.oldestDue || invoice.dueDate < row.oldestDue)) row.oldestDue = invoice.dueDate;
  }
  // An account owed nothing but holding credit is listed too: what it holds is the house's to use or return.
  for (const invoice of documents) {
    if (++counted % (AGEING_STEP * 10) === 0) yield;
    if (invoice.kind === 'invoice' && invoice.billTo.account && credit.get(invoice.billTo.account.id)) rowFor(invoice);
  }
  return [...rows.values()].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
}
