/** The SQLite InvoiceStore against the contract, on a real file; and two processes' worth of stores on one file numbering together. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { SqliteInvoiceStore } from '../../server/stores/sqlite-invoice-store';
import { describeInvoiceStoreContract, sampleDraft } from './invoice-store.contract';

describeInvoiceStoreContract('sqlite', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'backlot-invoices-'));
  return {
    store: new SqliteInvoiceStore(path.join(root, 'invoices.sqlite')),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
});

it('sqlite: two stores on one file (two servers on one machine) share one sequence', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'backlot-invoices-'));
  const [a, b] = [
    new SqliteInvoiceStore(path.join(root, 'invoices.sqlite')),
    new SqliteInvoiceStore(path.join(root, 'invoices.sqlite')),
  ];
  try {
    const issued = await Promise.all(
      Array.from({ length: 30 }, (_, index) => (index % 2 ? a : b).issue(sampleDraft(`q-${index}`))),
    );
    expect(issued.map((answer) => answer.invoice.sequence).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 30 }, (_, index) => index + 1),
    );
  } finally {
    await a.close();
    await b.close();
    await rm(root, { recursive: true, force: true });
  }
});

it('sqlite: reads a house’s receivables whole, a page at a time, with other work let in between pages', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'backlot-invoices-'));
  const store = new SqliteInvoiceStore(path.join(root, 'invoices.sqlite'));
  try {
    // More than two pages of invoices (one in three paid by card: not a receivable), and another house's.
    for (let index = 0; index < 4_500; index++)
      await store.issue(sampleDraft(`q-${index}`, index % 3 === 0 ? {} : { paid: 0, balance: 408 }));
    await store.issue(sampleDraft('q-other', { tenantId: 'other' }));
    // Other work waiting its turn on the event loop (as another request would): counted each time it gets one.
    let turns = 0;
    let waiting = true;
    const other = () => {
      if (!waiting) return;
      turns += 1;
      setImmediate(other);
    };
    setImmediate(other);
    const receivables = await store.receivables('aviation');
    waiting = false;
    expect(receivables).toHaveLength(3_000);
    expect(new Set(receivables.map((invoice) => invoice.number)).size).toBe(3_000);
    expect(receivables.every((invoice) => invoice.tenantId === 'aviation' && invoice.balance > 0)).toBe(true);
    // It got its turns between the pages (read all at once, it would have had none).
    expect(turns).toBeGreaterThan(0);
  } finally {
    await store.close();
    await rm(root, { recursive: true, force: true });
  }
}, 60_000);
