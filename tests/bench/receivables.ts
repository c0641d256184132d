/**
 * Receivables, measured (`npm run bench`, issue 38): a house's aged debtors over 100,000 invoices
 * of 5,000 customer accounts (and card customers), with 40,000 payments received, on the SQLite
 * invoice store, as the route makes it: the receivables read at once (invoices not settled by card,
 * credit notes), every payment, then aged. p95 of 10 runs, against listing every document a page at
 * a time as the invoice list does, in the same run (the baseline: what reading them all costs); the
 * pure ageing alone; and the heap the report's inputs take.
 *
 *   npx tsx --expose-gc tests/bench/receivables.ts
 * BENCH_INVOICES and BENCH_ACCOUNTS change the sizes (100,000 and 5,000).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { agedDebtors, paymentOf } from '../../schema/accounts/payments';
import { addDays } from '../../schema/rental/quote-rules';
import type { Invoice } from '../../schema/types.generated';
import { DEFAULT_INVOICE_PAGE } from '../../server/stores/invoice-store';
import { SqliteInvoiceStore } from '../../server/stores/sqlite-invoice-store';
import { sampleDraft } from '../contract/invoice-store.contract';
import { fmt, percentile, seededRandom } from './figures';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 100_000);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 5_000);
const PAYMENTS = Math.round(INVOICES * 0.4);
const RUNS = 10;
const TODAY = '2026-11-28';
const random = seededRandom(38);
const heapMb = () => {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed / 1_048_576;
};

async function readAll(store: SqliteInvoiceStore): Promise<Invoice[]> {
  const documents: Invoice[] = [];
  for (let offset = 0; ; offset += DEFAULT_INVOICE_PAGE * 10) {
    const { invoices } = await store.list('house', { offset, limit: DEFAULT_INVOICE_PAGE * 10 });
    documents.push(...invoices);
    if (invoices.length < DEFAULT_INVOICE_PAGE * 10) return documents;
  }
}

const root = await mkdtemp(path.join(tmpdir(), 'backlot-bench-receivables-'));
const store = new SqliteInvoiceStore(path.join(root, 'invoices.sqlite'));
try {
  const seeded = performance.now();
  const numbers: string[] = [];
  for (let index = 0; index < INVOICES; index++) {
    const onAccount = random() < 0.9;
    const account = Math.floor(random() * ACCOUNTS);
    const issueDate = addDays(TODAY, -Math.floor(random() * 240));
    const total = Math.round(100 + random() * 5_000);
    const { invoice } = await store.issue(
      sampleDraft(`q-${index}`, {
        tenantId: 'house',
        issueDate,
        issuedAt: `${issueDate}T12:00:00.000Z`,
        dueDate: addDays(issueDate, 30),
        total,
        paid: 0,
        balance: total,
        billTo: onAccount
          ? { name: 'Accounts', email: `ap@account-${account}.example`, account: { id: `account-${account}`, name: `Studio ${account}`, netDays: 30, deposit: 'none' } }
          : { name: `Visitor ${index}`, email: `visitor-${index % 2_000}@example.com` },
      }),
    );
    numbers.push(invoice.number);
  }
  const context = { today: TODAY, now: new Date(`${TODAY}T12:00:00Z`), by: 'office@house.example', format: String };
  for (let index = 0; index < PAYMENTS; index++) {
    const number = numbers[Math.floor(random() * numbers.length)]!;
    await store
      .recordPayment('house', number, `pay-${String(index).padStart(8, '0')}`, (state) => {
        const made = paymentOf(
          { id: `pay-${String(index).padStart(8, '0')}`, amount: Math.max(0.01, Math.round(random() * 3_000)), currency: 'USD', receivedOn: TODAY, method: 'bankTransfer' },
          state,
          context,
        );
        if ('problems' in made) throw new Error(made.problems[0]!.message);
        return made.payment;
      })
      .catch(() => undefined); // an invoice already paid off a card customer refuses more: some are, by chance
  }
  const seedSeconds = (performance.now() - seeded) / 1000;

  const reads: number[] = [];
  const reports: number[] = [];
  const pure: number[] = [];
  let rows = 0;
  for (let run = 0; run < RUNS; run++) {
    let started = performance.now();
    await readAll(store);
    reads.push(performance.now() - started);

    started = performance.now();
    const [documents, payments] = await Promise.all([store.receivables('house'), store.payments('house')]);
    const ageingStarted = performance.now();
    rows = agedDebtors(documents, payments, TODAY).length;
    reports.push(performance.now() - started);
    pure.push(performance.now() - ageingStarted);
  }
  const before = heapMb();
  const held = { documents: await store.receivables('house'), payments: await store.payments('house') };
  const inputsMb = heapMb() - before;

  console.log(
    `${INVOICES.toLocaleString('en')} invoices of ${ACCOUNTS.toLocaleString('en')} accounts and card customers, ${PAYMENTS.toLocaleString('en')} payments tried (seeded in ${fmt(seedSeconds, 1)} s); ${rows.toLocaleString('en')} debtors`,
  );
  console.table({
    'list every document (baseline)': { p50: `${fmt(percentile(reads, 50), 0)} ms`, p95: `${fmt(percentile(reads, 95), 0)} ms` },
    'aged debtors (read, payments, age)': { p50: `${fmt(percentile(reports, 50), 0)} ms`, p95: `${fmt(percentile(reports, 95), 0)} ms` },
    'ageing alone (pure)': { p50: `${fmt(percentile(pure, 50), 0)} ms`, p95: `${fmt(percentile(pure, 95), 0)} ms` },
  });
  console.log(
    `aged debtors p95 as a ratio of listing the documents: ${fmt(percentile(reports, 95) / percentile(reads, 95))}×; the report's inputs hold ${fmt(inputsMb, 0)} MB of heap${globalThis.gc ? '' : ' (no --expose-gc: includes garbage)'} (${held.documents.length.toLocaleString('en')} documents)`,
  );
} finally {
  await store.close();
  await rm(root, { recursive: true, force: true });
}
