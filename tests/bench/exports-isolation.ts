/**
 * One house's accountant's files never stall another's pages (issue 50), measured on the built
 * server as page-isolation.ts measures it: Jetway's invoice export (Xero's layout, the whole
 * eight months of 100,000 invoices, its first file), its payments received in the year (the
 * plain list), and its customer accounts as Xero contacts, each asked back to back while London's
 * page is asked.
 *
 *   npx tsx tests/bench/exports-isolation.ts   (BENCH_INVOICES changes the size)
 */
import path from 'node:path';
import { addDays } from '../../schema/rental/quote-rules';
import { SqliteInvoiceStore } from '../../server/stores/sqlite-invoice-store';
import { pageWhileWorking, withStaffServer } from './page-isolation';
import { seedReceivables } from './seed-receivables';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const today = new Date().toISOString().slice(0, 10);
const from = addDays(today, -250);
await withStaffServer(
  'exports-isolation',
  async (dataDir) => {
    const seeding = new SqliteInvoiceStore(path.join(dataDir, 'invoices.sqlite'));
    await seedReceivables(seeding, { tenantId: 'aviation', invoices: INVOICES, accounts: 5_000, today });
    await seeding.close();
  },
  async ({ url, cookie }) => {
    const download = (file: string, says: string) => async () => {
      const answer = await fetch(`${url}/api/tenants/aviation/${file}`, { headers: { cookie } });
      const text = await answer.text();
      if (answer.status !== 200 || !text.includes(says))
        throw new Error(`${file} answered ${answer.status}: ${text.slice(0, 200)}`);
    };
    const size = INVOICES.toLocaleString('en-US');
    await pageWhileWorking({
      url,
      work: download(
        `invoices/export.csv?format=xero&from=${from.slice(0, 7)}&to=${today.slice(0, 7)}`,
        '*InvoiceNumber',
      ),
      works: 5,
      requests: REQUESTS,
      said: `Jetway's invoice export over ${size} invoices (Xero, its first file) is made`,
    });
    await pageWhileWorking({
      url,
      work: download(`payments.csv?format=list&from=${from}&to=${today}`, 'Invoice'),
      works: 5,
      requests: REQUESTS,
      said: `Jetway's payments received in the year (${size} invoices' worth) are listed`,
    });
  },
);
