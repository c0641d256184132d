/**
 * Invoices, measured (`npm run bench`):
 *
 * - Numbering under load: 50 close-outs' invoices issued at once by two servers (two
 *   firebase-admin apps, 25 each) on the official Firestore emulator, each number taken in the
 *   transaction that writes its invoice. Checked: numbers 1…50, none missing, none twice. Time per
 *   invoice (from asking to answered, under that load) p50 and p95, against the same 50 plain
 *   document writes at once in the same run (the baseline: what one write costs there).
 * - The same on SQLite (two stores on one file: two servers on one machine), against plain inserts.
 * - A PDF of a 200-line invoice: time (median of 10) and size, against a 1-line one in the same run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import type { InvoiceDraft } from '../../schema/rental/invoices';
import type { Invoice } from '../../schema/types.generated';
import { invoicePdf } from '../../server/rental/invoice-pdf';
import type { InvoiceStore } from '../../server/stores/invoice-store';
import { SqliteInvoiceStore } from '../../server/stores/sqlite-invoice-store';
import { sampleDraft, sampleIssuer } from '../contract/invoice-store.contract';
import { onFirestoreEmulator } from '../helpers/firestore-emulator';
import { fmt, percentile } from './figures';

const CLOSE_OUTS = 50;

/** Issues CLOSE_OUTS invoices at once, alternating between two stores; each one's time, and the numbers checked. */
async function numbering(a: InvoiceStore, b: InvoiceStore, tenantId: string): Promise<number[]> {
  const times: number[] = [];
  const issued = await Promise.all(
    Array.from({ length: CLOSE_OUTS }, async (_, index) => {
      const started = performance.now();
      const answer = await (index % 2 ? a : b).issue(sampleDraft(`close-${index}`, { tenantId }));
      times.push(performance.now() - started);
      return answer.invoice.sequence;
    }),
  );
  const sorted = [...issued].sort((x, y) => x - y);
  const expected = Array.from({ length: CLOSE_OUTS }, (_, index) => index + 1);
  if (sorted.join() !== expected.join())
    throw new Error(`numbers are not 1…${CLOSE_OUTS} once each: ${sorted.join(', ')}`);
  return times;
}

function report(label: string, times: number[], baseline: number[]) {
  const [p50, p95, base] = [percentile(times, 50), percentile(times, 95), percentile(baseline, 95)];
  console.log(
    `  ${label}: numbers 1…${CLOSE_OUTS}, no gap, no duplicate; per invoice p50 ${fmt(p50)} ms, p95 ${fmt(p95)} ms; a plain write p95 ${fmt(base)} ms (${fmt(p95 / base)}×)`,
  );
}

console.log(`Invoice numbering, ${CLOSE_OUTS} close-outs at once across two servers:`);
const root = await mkdtemp(path.join(tmpdir(), 'backlot-bench-invoices-'));
try {
  // SQLite: two stores on one file; the baseline, 50 plain inserts at once into a table of its own.
  const file = path.join(root, 'invoices.sqlite');
  const [a, b] = [new SqliteInvoiceStore(file), new SqliteInvoiceStore(file)];
  const sqliteTimes = await numbering(a, b, 'bench');
  const plain = new Database(path.join(root, 'plain.sqlite'));
  plain.pragma('journal_mode = WAL');
  plain.exec('CREATE TABLE rows (id TEXT PRIMARY KEY, document TEXT NOT NULL)');
  const insert = plain.prepare('INSERT INTO rows (id, document) VALUES (?, ?)');
  const plainTimes = await Promise.all(
    Array.from({ length: CLOSE_OUTS }, async (_, index) => {
      const started = performance.now();
      await Promise.resolve();
      insert.run(`row-${index}`, JSON.stringify(sampleDraft(`close-${index}`)));
      return performance.now() - started;
    }),
  );
  report('SQLite', sqliteTimes, plainTimes);
  await Promise.all([a.close(), b.close()]);
  plain.close();

  // Firestore: the official emulator, two firebase-admin apps; the baseline, 50 plain creates at once.
  await onFirestoreEmulator(async () => {
    const { initializeApp, deleteApp } = await import('firebase-admin/app');
    const { getFirestore } = await import('firebase-admin/firestore');
    const { FirestoreInvoiceStore } = await import('../../server/stores/firestore-invoice-store');
    const apps = [
      initializeApp({ projectId: 'backlot-bench-invoices' }, 'bench-invoices-a'),
      initializeApp({ projectId: 'backlot-bench-invoices' }, 'bench-invoices-b'),
    ];
    const [first, second] = [
      new FirestoreInvoiceStore(getFirestore(apps[0]!)),
      new FirestoreInvoiceStore(getFirestore(apps[1]!)),
    ];
    const firestoreTimes = await numbering(first, second, 'bench');
    const collection = getFirestore(apps[0]!).collection('plain');
    const baseline = await Promise.all(
      Array.from({ length: CLOSE_OUTS }, async (_, index) => {
        const started = performance.now();
        await collection
          .doc(`row-${index}`)
          .create(JSON.parse(JSON.stringify(sampleDraft(`close-${index}`))) as Record<string, unknown>);
        return performance.now() - started;
      }),
    );
    report('Firestore emulator', firestoreTimes, baseline);
    // For scale: the same issued one after another by one server (no contention: what a normal day looks like).
    const sequential: number[] = [];
    for (let index = 0; index < 20; index += 1) {
      const started = performance.now();
      await first.issue(sampleDraft(`one-by-one-${index}`, { tenantId: 'bench-sequential' }));
      sequential.push(performance.now() - started);
    }
    console.log(
      `  Firestore emulator, one at a time: per invoice p50 ${fmt(percentile(sequential, 50))} ms, p95 ${fmt(percentile(sequential, 95))} ms`,
    );
    await Promise.all([first.close(), second.close()]);
    await Promise.all(apps.map((app) => deleteApp(app)));
  });

  // A PDF of 200 lines against one of 1, in the same run.
  const { site, vendor } = sampleIssuer('Bench Props');
  const invoiceOf = (lines: number): Invoice => {
    const draft: InvoiceDraft = sampleDraft('pdf', {
      lines: Array.from({ length: lines }, (_, index) => ({
        kind: 'rental' as const,
        description: `1950s Propliner Triple Seat Row, Brown Houndstooth (${index + 1})`,
        detail: 'Days 1–7: week rate £60.00 = £60.00; Day 8: 0.5 day rates × £20.00 × 0.75 (weeks 2 and on) = £7.50',
        quantity: 2,
        unitAmount: 67.5,
        amount: 135,
        taxRate: 20,
      })),
    });
    return { ...draft, number: 'INV-000042', sequence: 42 };
  };
  const render = async (invoice: Invoice) => {
    const times: number[] = [];
    let size = 0;
    for (let run = 0; run < 10; run += 1) {
      const started = performance.now();
      size = (await invoicePdf(invoice, site, vendor)).length;
      times.push(performance.now() - started);
    }
    return { median: percentile(times, 50), size };
  };
  const one = await render(invoiceOf(1));
  const many = await render(invoiceOf(200));
  console.log(
    `A PDF invoice of 200 lines: ${fmt(many.median)} ms (median of 10), ${fmt(many.size / 1024, 1)} KiB; of 1 line ${fmt(one.median)} ms, ${fmt(one.size / 1024, 1)} KiB (${fmt(many.median / one.median)}× the time)`,
  );
} finally {
  await rm(root, { recursive: true, force: true });
}
