/**
 * The receivables watch never stalls other houses (issue 50): one pass over a house with a month's
 * statements due for every one of its customer accounts and payment reminders due on its overdue
 * invoices (each mailed with its PDF, to the outbox), on the SQLite stores, while the event loop's
 * delay is sampled (the PDFs drawn in a worker thread, as the server draws them) (perf_hooks' monitorEventLoopDelay, 10 ms resolution). The figure is how long a
 * request arriving during the pass could wait at worst (the loop's longest delay, and its p99),
 * against the same measure at rest in the same run, and what the pass mailed in what time.
 *
 *   npx tsx tests/bench/statements-isolation.ts   (BENCH_INVOICES, BENCH_ACCOUNTS change the sizes: 20,000 and 1,000)
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { ReceivablesWatch } from '../../server/accounts/receivables-watch';
import { pdfRendering } from '../../server/lib/pdf-rendering';
import { OutboxMailer } from '../../server/mail/mailer';
import { FileTenantStore } from '../../server/stores/file-tenant-store';
import { SqliteCustomerAccountStore } from '../../server/stores/sqlite-customer-account-store';
import { SqliteInvoiceStore } from '../../server/stores/sqlite-invoice-store';
import { sampleCustomerAccount } from '../contract/customer-account-store.contract';
import { tenantsDir } from '../helpers/paths';
import { fmt } from './figures';
import { seedReceivables } from './seed-receivables';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 20_000);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1_000);
const today = new Date().toISOString().slice(0, 10);
const scratch = await mkdtemp(path.join(tmpdir(), 'backlot-statements-isolation-'));
try {
  await cp(tenantsDir, path.join(scratch, 'tenants'), { recursive: true });
  // Statements from the 1st of each month, reminders a week, two and four weeks late.
  const siteFile = path.join(scratch, 'tenants', 'aviation', 'site.json');
  await writeFile(
    siteFile,
    JSON.stringify(
      { ...JSON.parse(await readFile(siteFile, 'utf8')), statementDay: 1, reminderDays: [7, 14, 30] },
      null,
      2,
    ),
  );
  const invoices = new SqliteInvoiceStore(path.join(scratch, 'invoices.sqlite'));
  await seedReceivables(invoices, { tenantId: 'aviation', invoices: INVOICES, accounts: ACCOUNTS, today });
  const customerAccounts = new SqliteCustomerAccountStore(path.join(scratch, 'accounts.sqlite'));
  for (let index = 0; index < ACCOUNTS; index++)
    await customerAccounts.create(
      'aviation',
      sampleCustomerAccount(`account-${index}`, {
        name: `Studio ${index}`,
        billingContact: { name: 'Accounts', email: `ap@account-${index}.example` },
      }),
    );
  const tenantStore = await FileTenantStore.open({ tenantsDir: path.join(scratch, 'tenants'), dataDir: scratch });
  const mailer = new OutboxMailer(path.join(scratch, 'outbox'));
  // The PDFs drawn in a worker thread, as the server draws them (server/lib/pdf-rendering.ts).
  const pdfs = pdfRendering();
  const watch = new ReceivablesWatch({ tenantStore, invoices, customerAccounts, mailer, pdfs });

  const delays = async <T>(during: () => Promise<T>) => {
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    const started = performance.now();
    const result = await during();
    const took = performance.now() - started;
    histogram.disable();
    return { result, took, max: histogram.max / 1e6, p99: histogram.percentile(99) / 1e6 };
  };
  const rest = await delays(() => sleep(3_000));
  const pass = await delays(() => watch.pass(new Date()));
  const { reminders, statements } = pass.result;
  console.log(
    `The receivables watch's pass over ${INVOICES.toLocaleString('en-US')} invoices of ${ACCOUNTS.toLocaleString('en-US')} accounts: ${statements.length} statements and ${reminders.length} reminders mailed with their PDFs in ${fmt(pass.took / 1000)} s`,
  );
  console.log(`  event loop delay at rest     p99 ${fmt(rest.p99)} ms, longest ${fmt(rest.max)} ms`);
  console.log(
    `  event loop delay in the pass p99 ${fmt(pass.p99)} ms, longest ${fmt(pass.max)} ms (what a request arriving meanwhile waits at worst)`,
  );
  await Promise.all([invoices.close(), customerAccounts.close(), tenantStore.close(), pdfs.close()]);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
