/**
 * One house's import never stalls another's pages (issue 50), measured on the built server (what
 * `npm start` runs): another house's page while Jetway checks 60,000-row sheets back to back (each
 * read, mapped and planned in a worker thread), as page-isolation.ts measures it.
 */
import { fmt } from './figures';
import { pageWhileWorking, withStaffServer } from './page-isolation';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 600);
const CHECKS = 5;
const ROWS = 60_000;

await withStaffServer(
  'import-isolation',
  async () => undefined,
  async ({ url, cookie }) => {
    const lines = ['Name,Category,Day rate'];
    for (let row = 0; row < ROWS; row += 1)
      lines.push(`Thing ${row},${['Galley', 'Practicals', 'Economy', 'Whatever'][row % 4]},${row % 50}`);
    const sheet = Buffer.from(lines.join('\n'));
    const body = JSON.stringify({ fileName: 'stock.csv', data: sheet.toString('base64') });

    const checkOnce = async () => {
      const answer = await fetch(`${url}/api/tenants/aviation/items/import/check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: url },
        body,
      });
      // Read, not parsed: parsing its 7 MB here would stall this process's own timing of the page.
      const report = await answer.text();
      if (answer.status !== 200 || !report.includes(`"rows":${ROWS},`))
        throw new Error(`the check answered ${answer.status}`);
    };
    await pageWhileWorking({
      url,
      work: checkOnce,
      works: CHECKS,
      requests: REQUESTS,
      said: `Jetway checks ${ROWS.toLocaleString('en-US')}-row sheets (${fmt(sheet.length / 1024 / 1024, 1)} MB)`,
    });
  },
);
