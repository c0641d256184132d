/**
 * One house's aged debtors never stall another's pages (issue 50), measured on the built server
 * (what `npm start` runs): Jetway's report over 100,000 invoices and 40,000 payments, asked back to
 * back, while London's page is asked, as page-isolation.ts measures it. The report reads a page of
 * SQLite rows at a time and ages a few thousand invoices at a time, letting the event loop go
 * between (server/lib/let-go.ts).
 *
 *   npx tsx tests/bench/receivables-isolation.ts   (BENCH_INVOICES changes the size)
 */
import path from 'node:path';
import { SqliteInvoiceStore } from '../../server/stores/sqlite-invoice-store';
import { pageWhileWorking, withStaffServer } from './page-isolation';
import { seedReceivables } from './seed-receivables';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 600);
await withStaffServer(
  'receivables-isolation',
  async (dataDir) => {
    const seeding = new SqliteInvoiceStore(path.join(dataDir, 'invoices.sqlite'));
    await seedReceivables(seeding, {
      tenantId: 'aviation',
      invoices: INVOICES,
      accounts: 5_000,
      today: new Date().toISOString().slice(0, 10),
    });
    await seeding.close();
  },
  async ({ url, cookie }) => {
    const report = async () => {
      const answer = await fetch(`${url}/api/tenants/aviation/aged-debtors`, { headers: { cookie } });
      const text = await answer.text();
      if (answer.status !== 200 || !text.includes('"rows":[{'))
        throw new Error(`the aged debtors answered ${answer.status}`);
    };
    await pageWhileWorking({
      url,
      work: report,
      works: 5,
      requests: REQUESTS,
      said: `Jetway's aged debtors over ${INVOICES.toLocaleString('en-US')} invoices is made`,
    });
  },
);
