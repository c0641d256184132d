/**
 * Receivables, measured (`npm run bench`, issue 38): a house's aged debtors over 100,000 invoices
 * of 5,000 customer accounts (and card customers), with 40,000 payments received, on the SQLite
 * invoice store, as the route makes it: the receivables read at once (invoices not settled by card,
 * credit notes), every payment, then aged. p95 of 10 runs, against listing every document a page at
 * a time as the invoice list does, in the same run (the baseline: what reading them all costs); the
 * pure ageing alone; and the heap the report's inputs take.
 *
 * Then a month's statements for every account, as the receivables watch makes them before mailing
 * (server/accounts/receivables-watch.ts): the house's receivables and payments read once, grouped by
 * account, each account's statement worked out and drawn as its PDF. Time in all, p95 per
 * statement against one invoice's PDF per account drawn in the same run (the baseline), and the
 * heap at its highest while they are made, over what it was before.
 *
 *   npx tsx --expose-gc tests/bench/receivables.ts
 * BENCH_INVOICES and BENCH_ACCOUNTS change the sizes (100,000 and 5,000).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { agedDebtors } from '../../schema/accounts/payments';
import { statementOf, statementWanted } from '../../schema/accounts/statements';
import { statementPdf } from '../../server/accounts/statement-pdf';
import { invoicePdf } from '../../server/rental/invoice-pdf';
import type { Invoice } from '../../schema/types.generated';
import { DEFAULT_INVOICE_PAGE } from '../../server/stores/invoice-store';
import { SqliteInvoiceStore } from '../../server/stores/sqlite-invoice-store';
import { fmt, percentile } from './figures';
import { seedReceivables } from './seed-receivables';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 100_000);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 5_000);
const PAYMENTS = Math.round(INVOICES * 0.4);
const RUNS = 10;
const TODAY = '2026-11-28';
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
  await seedReceivables(store, { tenantId: 'house', invoices: INVOICES, accounts: ACCOUNTS, today: TODAY });
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
    'list every document (baseline)': {
      p50: `${fmt(percentile(reads, 50), 0)} ms`,
      p95: `${fmt(percentile(reads, 95), 0)} ms`,
    },
    'aged debtors (read, payments, age)': {
      p50: `${fmt(percentile(reports, 50), 0)} ms`,
      p95: `${fmt(percentile(reports, 95), 0)} ms`,
    },
    'ageing alone (pure)': { p50: `${fmt(percentile(pure, 50), 0)} ms`, p95: `${fmt(percentile(pure, 95), 0)} ms` },
  });
  console.log(
    `aged debtors p95 as a ratio of listing the documents: ${fmt(percentile(reports, 95) / percentile(reads, 95))}×; the report's inputs hold ${fmt(inputsMb, 0)} MB of heap${globalThis.gc ? '' : ' (no --expose-gc: includes garbage)'} (${held.documents.length.toLocaleString('en')} documents)`,
  );

  // A month's statements for every account.
  const site = { locale: 'en-US', currency: 'USD', appTitle: 'House', taxName: 'Sales tax', ccAuthEnabled: false };
  const vendor = {
    name: 'House',
    displayName: 'House',
    legalName: 'House LLC',
    address: { line1: '1 Stage Rd', city: 'Burbank', state: 'CA', zip: '91522', country: 'US' },
    email: 'office@house.example',
    remittance: 'ACH to House LLC',
  };
  const account = (index: number) => ({
    id: `account-${index}`,
    name: `Studio ${index}`,
    currency: 'USD',
    billingContact: { name: 'Accounts payable', email: `ap@account-${index}.example` },
    terms: { method: 'account' as const, netDays: 30 },
  });
  const baseline: number[] = [];
  const sample = held.documents.find((document) => document.kind === 'invoice')!;
  let started = performance.now();
  for (let index = 0; index < ACCOUNTS; index++) {
    const one = performance.now();
    await invoicePdf(sample, site, vendor);
    baseline.push(performance.now() - one);
  }
  const baselineSeconds = (performance.now() - started) / 1000;
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  started = performance.now();
  const [documents, payments] = await Promise.all([store.receivables('house'), store.payments('house')]);
  const byAccount = new Map<string, Invoice[]>();
  for (const document of documents)
    if (document.billTo.account)
      byAccount.set(document.billTo.account.id, [...(byAccount.get(document.billTo.account.id) ?? []), document]);
  const paidByAccount = new Map<string, typeof payments>();
  for (const payment of payments)
    if (payment.account) paidByAccount.set(payment.account, [...(paidByAccount.get(payment.account) ?? []), payment]);
  const each: number[] = [];
  let pages = 0;
  let bytes = 0;
  for (let index = 0; index < ACCOUNTS; index++) {
    const one = performance.now();
    const statement = statementOf(
      account(index),
      byAccount.get(`account-${index}`) ?? [],
      paidByAccount.get(`account-${index}`) ?? [],
      '2026-10',
    );
    if (!statementWanted(statement)) continue;
    const pdf = await statementPdf(statement, account(index), site, vendor);
    each.push(performance.now() - one);
    bytes += pdf.length;
    pages += statement.lines.length;
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }
  const statementSeconds = (performance.now() - started) / 1000;
  console.log(
    `a month's statements (October 2026) for ${ACCOUNTS.toLocaleString('en')} accounts: ${each.length.toLocaleString('en')} made (${pages.toLocaleString('en')} lines, ${fmt(bytes / 1_048_576, 1)} MB of PDF)`,
  );
  console.table({
    'one invoice PDF per account (baseline)': {
      total: `${fmt(baselineSeconds, 1)} s`,
      p95: `${fmt(percentile(baseline, 95), 1)} ms`,
    },
    'statements (read, group, state, PDF)': {
      total: `${fmt(statementSeconds, 1)} s`,
      p95: `${fmt(percentile(each, 95), 1)} ms`,
    },
  });
  console.log(
    `statements took ${fmt(statementSeconds / baselineSeconds)}× the baseline's time; the heap rose at most ${fmt((heapPeak - heapBefore) / 1_048_576, 0)} MB while they were made${globalThis.gc ? '' : ' (no --expose-gc: includes garbage)'}`,
  );
} finally {
  await store.close();
  await rm(root, { recursive: true, force: true });
}
