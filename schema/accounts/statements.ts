/**
 * A customer account's monthly statement and the payment reminders a house mails (issue 38), as
 * pure rules the server (the PDF, the mailing watch) and the console share.
 *
 * A statement is the account's running balance over a month: what it owed at the start (brought
 * forward), each invoice (a charge), credit note and payment (money off) in date order with the
 * balance after it, what it owes at the end, and that end balance by age (current, 1–30 … over 90
 * days past due, on the month's last day). Pro formas are not on it: they are not owed.
 *
 * The balance counts what each document changed: an invoice its balance (what the card did not
 * pay), a credit note what it took off its invoice (never more than the invoice was left owing), a
 * payment all that arrived (what paid the invoice and what stayed as credit). Credit paying a later
 * invoice moves nothing (the money arrived earlier) and is listed to show where it went. What
 * changed nothing on the account (an invoice the card settled, a credit note refunded to the card)
 * is left off, so a statement made from the house's receivables is the one made from all its
 * documents.
 */
import { cents } from '../rental/quote-pricing';
import { MONTH_PATTERN } from '../marketplace/statements';
import type { Invoice, Payment } from '../types.generated';
import {
  AGE_BUCKETS,
  AGEING_STEP,
  ageOf,
  creditOf,
  daysBetween,
  invoiceStates,
  invoiceStateSteps,
  owedOnInvoice,
  runSteps,
  type AgeBucket,
  type InvoiceState,
} from './payments';

export type StatementLineKind = 'invoice' | 'creditNote' | 'payment' | 'creditUsed';

export interface StatementLine {
  /** The document's day, or the day the payment arrived. */
  date: string;
  kind: StatementLineKind;
  /** The invoice or credit note's number, or the invoice a payment was for. */
  reference: string;
  /** The payment's method and reference, a credit note's reason, an invoice's production or PO. */
  detail?: string;
  /** What it added to the balance (an invoice). */
  charge: number;
  /** What it took off the balance (a credit note, a payment). */
  received: number;
  /** The account's balance after it. */
  balance: number;
}

export interface Statement {
  account: { id: string; name: string };
  currency: string;
  /** YYYY-MM, and its first and last days. */
  month: string;
  from: string;
  to: string;
  broughtForward: number;
  lines: StatementLine[];
  /** What the account owes at the end of the month (negative: in credit). */
  closing: number;
  /** What is owed on the month's last day, by how long past due. */
  ageing: Record<AgeBucket, number>;
  /** Credit the account holds on the month's last day. */
  credit: number;
}

/** A month's first and last days. */
export function monthDays(month: string): { from: string; to: string } {
  const [, year, number] = MONTH_PATTERN.exec(month)!;
  const last = new Date(Date.UTC(Number(year), Number(number), 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** The month before the one `day` falls in (YYYY-MM). */
export function monthBefore(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

const METHOD_WORDS: Record<Payment['method'], string> = {
  bankTransfer: 'Bank transfer',
  cheque: 'Cheque',
  cardByPhone: 'Card by phone',
  cash: 'Cash',
  other: 'Payment',
  accountCredit: 'Account credit',
};
const ORDER: Record<StatementLineKind, number> = { invoice: 0, creditNote: 1, payment: 2, creditUsed: 3 };

/** Everything that moved the account's balance, each with its day and effect, oldest first. */
function movements(documents: readonly Invoice[], payments: readonly Payment[]): Array<Omit<StatementLine, 'balance'>> {
  const invoices = new Map(
    documents.filter((document) => document.kind === 'invoice').map((invoice) => [invoice.number, invoice]),
  );
  const creditedSoFar = new Map<string, number>();
  const moved: Array<Omit<StatementLine, 'balance'>> = [];
  for (const invoice of invoices.values())
    if (invoice.balance > 0)
      moved.push({
        date: invoice.issueDate,
        kind: 'invoice',
        reference: invoice.number,
        detail:
          [invoice.billTo.production, invoice.billTo.purchaseOrder && `PO ${invoice.billTo.purchaseOrder}`]
            .filter(Boolean)
            .join(' · ') || undefined,
        charge: invoice.balance,
        received: 0,
      });
  for (const note of [...documents]
    .filter((document) => document.kind === 'creditNote')
    .sort((a, b) => a.issueDate.localeCompare(b.issueDate) || a.number.localeCompare(b.number))) {
    const credited = note.credits ? invoices.get(note.credits) : undefined;
    // A credit note takes off what its invoice was left owing (what the card paid is refunded to the card, not the account).
    const room = credited ? Math.max(0, cents(credited.balance - (creditedSoFar.get(credited.number) ?? 0))) : 0;
    const off = Math.min(Math.abs(note.total), room);
    if (credited) creditedSoFar.set(credited.number, cents((creditedSoFar.get(credited.number) ?? 0) + off));
    if (off > 0)
      moved.push({
        date: note.issueDate,
        kind: 'creditNote',
        reference: note.number,
        detail: note.credits ? `Credits ${note.credits}` : undefined,
        charge: 0,
        received: off,
      });
  }
  for (const payment of payments) {
    const used = payment.method === 'accountCredit';
    moved.push({
      date: payment.receivedOn,
      kind: used ? 'creditUsed' : 'payment',
      reference: payment.invoice,
      detail: [METHOD_WORDS[payment.method], payment.reference].filter(Boolean).join(' · '),
      charge: 0,
      received: used ? 0 : payment.amount,
    });
  }
  return moved.sort(
    (a, b) => a.date.localeCompare(b.date) || ORDER[a.kind] - ORDER[b.kind] || a.reference.localeCompare(b.reference),
  );
}

/** The account's statement for `month`, from all its documents and payments (those after the month are left out). */
export function statementOf(
  account: { id: string; name: string; currency: string },
  documents: readonly Invoice[],
  payments: readonly Payment[],
  month: string,
): Statement {
  const { from, to } = monthDays(month);
  let balance = 0;
  const lines: StatementLine[] = [];
  for (const movement of movements(documents, payments)) {
    if (movement.date > to) break;
    balance = cents(balance + movement.charge - movement.received);
    if (movement.date >= from) lines.push({ ...movement, balance });
  }
  const broughtForward = lines.length ? cents(lines[0]!.balance - lines[0]!.charge + lines[0]!.received) : balance;
  // Ageing as the account stood on the last day: only documents and payments dated by then.
  const known = documents.filter((document) => document.issueDate <= to);
  const paidBy = payments.filter((payment) => payment.receivedOn <= to);
  const stateOf = invoiceStates(known, paidBy);
  const ageing = Object.fromEntries(AGE_BUCKETS.map((bucket) => [bucket, 0])) as Record<AgeBucket, number>;
  for (const invoice of known) {
    if (invoice.kind !== 'invoice') continue;
    const owed = owedOnInvoice(stateOf(invoice));
    if (owed > 0) ageing[ageOf(invoice.dueDate, to)] = cents(ageing[ageOf(invoice.dueDate, to)] + owed);
  }
  return {
    account: { id: account.id, name: account.name },
    currency: account.currency,
    month,
    from,
    to,
    broughtForward,
    lines,
    closing: balance,
    ageing,
    credit: creditOf(paidBy),
  };
}

/** Whether the account gets a statement for the month: something happened in it, or something is owed or held. */
export const statementWanted = (statement: Statement) => statement.lines.length > 0 || statement.closing !== 0;

// ---------------------------------------------------------------------------------------------
// Reminders

export interface ReminderDue {
  invoice: Invoice;
  /** The step of the house's schedule reached (days past due). */
  daysOverdue: number;
  owed: number;
}

/** The notice id of an invoice's reminder at one step of the schedule: the same on every server. */
export const reminderId = (invoice: string, days: number) => `reminder-${invoice}-${days}`;
/** The notice id of an account's statement for a month. */
export const statementId = (account: string, month: string) => `statement-${account}-${month}`;

/**
 * The reminders owed on `today`: each invoice still owing something, at the latest step of the
 * schedule it has reached, unless that step was sent (`sent` holds notice ids). A step missed while
 * no server ran is not sent late on top of the next: only the latest reached is.
 */
export const remindersDue = (
  documents: readonly Invoice[],
  payments: readonly Payment[],
  schedule: readonly number[],
  today: string,
  sent: ReadonlySet<string>,
): ReminderDue[] =>
  runSteps(remindersDueSteps(documents, runSteps(invoiceStateSteps(documents, payments)), schedule, today, sent));

/** remindersDue a step at a time, from what each invoice stands at (the watch pauses every thousand invoices). */
export function* remindersDueSteps(
  documents: readonly Invoice[],
  stateOf: (invoice: Invoice) => InvoiceState,
  schedule: readonly number[],
  today: string,
  sent: ReadonlySet<string>,
): Generator<undefined, ReminderDue[]> {
  if (!schedule.length) return [];
  const steps = [...schedule].sort((a, b) => b - a);
  const due: ReminderDue[] = [];
  let counted = 0;
  for (const invoice of documents) {
    if (++counted % AGEING_STEP === 0) yield;
    if (invoice.kind !== 'invoice') continue;
    const late = daysBetween(invoice.dueDate, today);
    const step = steps.find((days) => days <= late);
    if (step === undefined || sent.has(reminderId(invoice.number, step))) continue;
    const owed = owedOnInvoice(stateOf(invoice));
    if (owed > 0) due.push({ invoice, daysOverdue: step, owed });
  }
  return due;
}
