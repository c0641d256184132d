/** The SQLite InvoiceStore against the contract, on a real file; and two processes' worth of stores on one file numbering together. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { SqliteInvoiceStore } from '../../server/stores/sqlite-invoice-store';
import { describeInvoiceStoreContract, sampleDraft } from './invoice-store.contract';

describeInvoiceStoreContract('sqlite', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'backlot-invoices-'));
  return { store: new SqliteInvoiceStore(path.join(root, 'invoices.sqlite')), cleanup: () => rm(root, { recursive: true, force: true }) };
});

it('sqlite: two stores on one file (two servers on one machine) share one sequence', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'backlot-invoices-'));
  const [a, b] = [new SqliteInvoiceStore(path.join(root, 'invoices.sqlite')), new SqliteInvoiceStore(path.join(root, 'invoices.sqlite'))];
  try {
    const issued = await Promise.all(Array.from({ length: 30 }, (_, index) => (index % 2 ? a : b).issue(sampleDraft(`q-${index}`))));
    expect(issued.map((answer) => answer.invoice.sequence).sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
  } finally {
    await a.close();
    await b.close();
    await rm(root, { recursive: true, force: true });
  }
});
