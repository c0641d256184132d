/**
 * One house's large import never stalls the others (issue 50), over a real HTTP server: a sheet
 * of 60,000 and of 90,000 rows is checked in a worker thread. While its rows are being planned
 * (the check says how far it is, line by line) another house's page is answered, and the check
 * goes on saying it is part-way after that: on the event loop, every progress line would reach
 * the browser at once, after the last row. Before, a 60,000-row check held the event loop for
 * 42–77 s and every other request waited for it. A sheet past the row limit is refused by name.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SHEET_ROWS } from '../../server/catalogue/import/read-sheet';
import { buildTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** A house's sheet of `rows` rows: names, a category (half of them not in the tree) and a day rate. */
function sheetOf(rows: number): string {
  const lines = ['Name,Category,Day rate'];
  for (let row = 0; row < rows; row += 1)
    lines.push(`Thing ${row},${['Galley', 'Practicals', 'Economy', 'Whatever'][row % 4]},${row % 50}`);
  return Buffer.from(lines.join('\n')).toString('base64');
}

const check = (data: string, headers: Record<string, string> = {}) =>
  fetch(`${origin}/api/tenants/aviation/items/import/check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: t.cookieOf('aviationAdmin'), origin, ...headers },
    body: JSON.stringify({ fileName: 'stock.csv', data }),
  });

describe("a house's 60,000-row import check", () => {
  it("leaves another house's pages and the health check answering while it runs", async () => {
    let pending = true;
    const checked = check(sheetOf(60_000)).finally(() => (pending = false));
    // Another house's visitors, one request after another for as long as the check is under way.
    let answered = 0;
    while (pending) {
      const [page, health] = await Promise.all([
        fetch(`${origin}/`, { headers: { host: 'acme.localhost' } }),
        fetch(`${origin}/api/health`),
      ]);
      expect([page.status, health.status]).toEqual([200, 200]);
      await Promise.all([page.text(), health.text()]);
      answered += 1;
    }
    expect(answered).toBeGreaterThan(0);
    const answer = await checked;
    expect(answer.status).toBe(200);
    const { sheet, plan } = (await answer.json()) as {
      sheet: { rows: number };
      plan: { create: string[]; unknownCategories: Array<{ text: string; rows: number[]; nearest?: string }> };
    };
    expect(sheet.rows).toBe(60_000);
    expect(plan.create).toHaveLength(30_000);
    expect(plan.unknownCategories.map(({ text, rows, nearest }) => [text, rows.length, nearest])).toEqual([
      ['Galley', 15_000, 'Aviation Sets > Galleys'],
      ['Whatever', 15_000, undefined],
    ]);
  });

  it('says how far it is as it goes, and another house is answered while the rows are still being planned', async () => {
    const answer = await check(sheetOf(90_000), { accept: 'application/x-ndjson' });
    expect(answer.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    const lines = answer.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = '';
    const nextLine = async (): Promise<{
      progress?: { stage: string; done: number; total: number };
      result?: { sheet: { rows: number } };
    }> => {
      while (!buffered.includes('\n')) {
        const { value, done } = await lines.read();
        if (done) throw new Error('the answer ended without a result');
        buffered += value;
      }
      const at = buffered.indexOf('\n');
      const line = buffered.slice(0, at);
      buffered = buffered.slice(at + 1);
      return JSON.parse(line) as never;
    };
    // Part-way through the rows (on the event loop, every line would come at once, after them all).
    let line = await nextLine();
    expect(line.progress).toMatchObject({ stage: 'rows', total: 90_000 });
    const page = await fetch(`${origin}/`, { headers: { host: 'acme.localhost' } });
    expect(page.status).toBe(200);
    await page.text();
    // Since the page was answered, the check has said it is still part-way at least once more.
    const after: number[] = [];
    for (line = await nextLine(); !line.result; line = await nextLine()) after.push(line.progress!.done);
    expect(after.some((done) => done < 90_000)).toBe(true);
    expect(line.result.sheet.rows).toBe(90_000);
  });

  it('refuses a sheet past the row limit, saying the limit', async () => {
    const answer = await check(sheetOf(MAX_SHEET_ROWS + 1));
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toBe(
      'stock.csv has more than 100,000 rows: split it into files of at most that many',
    );
  });
});
