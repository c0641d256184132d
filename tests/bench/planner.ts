/**
 * Planner benchmark (run by `npm run bench`; figures, not assertions): aviation's catalogue grown
 * to 5,000 items (BENCH_ITEMS; each item copied with a number) and 20,000 orders and holds
 * (BENCH_BOOKINGS) over the next three months, written straight into its bookings. In headless
 * Chromium, logged in: the planner is opened, then asked for three months, and timed from the
 * click until the grid shows its 92 day columns and its first rows (the draw the issue asks for in
 * ≤ 1.5 s); and the one API call alone. As a ratio: the storefront home page's load in the same run.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, todayIn } from '../../schema/rental/quote-rules';
import { SqliteQuoteRequestStore } from '../../server/stores/sqlite-quote-request-store';
import { containedContext, launchChromium } from '../helpers/browser';
import { tenantsDir } from '../helpers/paths';
import { startServer } from '../helpers/server-process';
import { seededRandom } from './figures';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 5_000);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const EMAIL = 'staff@backlot.example';
const PASSWORD = 'correct horse battery staple';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const today = todayIn('America/Los_Angeles', new Date());

const scratch = await mkdtemp(path.join(tmpdir(), 'backlot-bench-planner-'));
try {
  const tenants = path.join(scratch, 'tenants');
  const data = path.join(scratch, '.data');
  for (const tenant of ['aviation', 'platform'])
    await cp(path.join(tenantsDir, tenant), path.join(tenants, tenant), { recursive: true });
  const file = path.join(tenants, 'aviation', 'catalogue.json');
  const shipped = (JSON.parse(await readFile(file, 'utf8')) as { items: Array<Record<string, unknown>> }).items;
  const items = Array.from({ length: ITEMS }, (_, n) => {
    const base = shipped[n % shipped.length]!;
    const copy = Math.floor(n / shipped.length);
    return copy
      ? { ...base, objectID: `${String(base.objectID)}-${copy}`, name: `${String(base.name)} #${copy}`, sku: undefined }
      : base;
  });
  await writeFile(file, JSON.stringify({ items }));
  await mkdir(data, { recursive: true });
  const store = new SqliteQuoteRequestStore(path.join(data, 'quotes.sqlite'));
  const database = (store as unknown as { database: import('better-sqlite3').Database }).database;
  const insert = database.prepare(
    "INSERT INTO bookings (tenant_id, quote_id, object_id, quantity, first_day, last_day, kind, expires_on, out, reaches_to, held_at, who) VALUES ('aviation', ?, ?, 1, ?, ?, ?, ?, 0, ?, NULL, ?)",
  );
  const random = seededRandom(53);
  database.transaction(() => {
    for (let n = 0; n < BOOKINGS; n += 1) {
      const first = addDays(today, Math.floor(random() * 90));
      const last = addDays(first, Math.floor(random() * 7));
      const hold = n % 5 === 0;
      const item = items[Math.floor(random() * items.length)]!;
      insert.run(
        `bench-${n}`,
        item.objectID,
        first,
        last,
        hold ? 'pencil' : 'order',
        hold ? addDays(today, 60) : null,
        last,
        `Production ${n % 400}`,
      );
    }
  })();
  await store.close();

  const server = await startServer({
    BACKLOT_TENANTS_DIR: tenants,
    BACKLOT_DATA_DIR: data,
    BACKLOT_ADMIN_EMAIL: EMAIL,
    BACKLOT_ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
  });
  const browser = await launchChromium();
  try {
    const { context } = await containedContext(browser, { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/`);
    await page.locator('input[name=username]').fill(EMAIL);
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/#\/tenants/);

    const draws: number[] = [];
    const calls: number[] = [];
    const homes: number[] = [];
    let size = 0;
    for (let run = 0; run < RUNS; run++) {
      await page.goto(`${server.url}/admin/#/t/aviation/planner`);
      const grid = page.getByRole('grid', { name: 'Items by day' });
      await grid.getByRole('columnheader').nth(14).waitFor();
      const started = Date.now();
      await page.getByRole('button', { name: 'Three months' }).click();
      await grid.getByRole('columnheader').nth(92).waitFor();
      await page.getByRole('progressbar').waitFor({ state: 'detached' });
      await grid.getByRole('rowheader').nth(5).waitFor();
      draws.push(Date.now() - started);

      const from = today;
      const answer = await page.evaluate(
        async (url) => {
          const begun = performance.now();
          const response = await fetch(url);
          const text = await response.text();
          JSON.parse(text);
          return { ms: performance.now() - begun, bytes: text.length };
        },
        `/api/tenants/aviation/planner?from=${from}&to=${addDays(from, 91)}`,
      );
      calls.push(answer.ms);
      size = answer.bytes;

      const begun = Date.now();
      await page.goto(`http://aviation.localhost:${server.port}/`, { waitUntil: 'load' });
      homes.push(Date.now() - begun);
    }
    const draw = median(draws);
    const home = median(homes);
    console.log(`planner: ${ITEMS} items, ${BOOKINGS} bookings, three months`);
    console.log(`  draw (click → 92 columns and rows shown): median ${draw} ms (goal ≤ 1,500 ms)`);
    console.log(
      `  the one API call: median ${median(calls).toFixed(0)} ms, ${(size / 1024 / 1024).toFixed(2)} MB of JSON`,
    );
    console.log(`  storefront home page load: median ${home} ms; draw ÷ home = ${(draw / home).toFixed(2)}×`);
  } finally {
    await browser.close();
    await server.stop();
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
