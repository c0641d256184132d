/**
 * kill -9 in the middle of a burst of order confirmations, on the embedded store (the built server
 * as a real process, SQLite under its data folder): sixty accepted requests for one unit each of
 * five items with a few in stock, confirmed four at a time through the console API; the server is
 * killed (SIGKILL) after the first answers, then started again on the same folders. A check over
 * the store then finds every confirmation the server acknowledged stored with its order, no item
 * booked beyond its stock on any day, and no order without its confirmed request (or the reverse):
 * each confirmation was one transaction.
 */
import { mkdtemp, readFile, rm, cp } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysFrom } from '../../schema/rental/availability';
import { priceQuote, pricingRuleOf } from '../../schema/rental/quote-pricing';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import type { Catalogue, QuoteRequest } from '../../schema/types.generated';
import { SqliteQuoteRequestStore } from '../../server/stores/sqlite-quote-request-store';
import { PASSWORD, STAFF, staffCookie } from '../helpers/console';
import { tenantsDir } from '../helpers/paths';
import { http, startServer, type ServerProcess } from '../helpers/server-process';

let root: string;
let server: ServerProcess | undefined;
const env = () => ({
  BACKLOT_TENANTS_DIR: path.join(root, 'tenants'),
  BACKLOT_DATA_DIR: path.join(root, '.data'),
  BACKLOT_ADMIN_EMAIL: STAFF,
  BACKLOT_ADMIN_PASSWORD: PASSWORD,
  LOG_LEVEL: 'warn',
});

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'backlot-confirm-crash-'));
  await cp(path.join(tenantsDir, 'aviation'), path.join(root, 'tenants', 'aviation'), { recursive: true });
}, 30_000);
afterAll(async () => {
  await server?.stop();
  await rm(root, { recursive: true, force: true });
});

const catalogue = JSON.parse(await readFile(path.join(tenantsDir, 'aviation', 'catalogue.json'), 'utf8')) as Catalogue;
const items = catalogue.items.filter((item) => item.quantity >= 2 && item.quantity <= 6).slice(0, 5);
const start = earliestStart('America/Los_Angeles', 10, new Date());

/** An accepted request for one of `item`, priced as the server would have. */
function acceptedRequest(index: number): QuoteRequest {
  const item = items[index % items.length]!;
  const base = {
    id: `crash-${index}`,
    tenantId: 'aviation',
    uid: `visitor-${index}`,
    email: `visitor-${index}@studio.example`,
    lines: [
      { objectID: item.objectID, name: item.name, quantity: 1, dayRate: item.rates.day },
    ] as QuoteRequest['lines'],
    // Overlapping hires: each starts a day after the one before it, four days long.
    startDate: addDays(start, index % 3),
    endDate: addDays(start, (index % 3) + 3),
    createdAt: new Date().toISOString(),
  };
  const breakdown = priceQuote(
    { ...base, lines: base.lines.map((line) => ({ ...line, glCode: '4300' })) },
    pricingRuleOf(
      { weeklyDiscounts: [0.5, 0.5, 1, 0, 0.5, 0.5, 1, 0.75] },
      { ccAuthEnabled: true, ccAuthProcessingPercentage: 5 },
    ),
  );
  return {
    ...base,
    state: 'accepted',
    hold: 'none',
    revision: 2,
    versions: [
      {
        version: 1,
        sentAt: base.createdAt,
        expiresOn: addDays(start, -1),
        pricing: { adjustments: {}, services: [] },
        breakdown,
      },
    ],
    history: [],
  };
}

describe('a confirmation burst killed with SIGKILL', () => {
  it('loses no acknowledged order and books nothing beyond stock', async () => {
    mkdirSync(path.join(root, '.data'), { recursive: true });
    const seeded = new SqliteQuoteRequestStore(path.join(root, '.data', 'quotes.sqlite'));
    for (let index = 0; index < 60; index++) await seeded.add(acceptedRequest(index));
    await seeded.close();

    server = await startServer(env());
    const cookie = await staffCookie(server.url);

    const acknowledged: string[] = [];
    const answered: number[] = [];
    let next = 0;
    const worker = async (running: ServerProcess) => {
      while (next < 60) {
        const id = `crash-${next++}`;
        const answer = await http(`${running.url}/api/tenants/aviation/quote-requests/${id}/confirm`, {
          method: 'POST',
          headers: { cookie, origin: running.url, 'if-match': '"2"' },
        }).catch(() => undefined);
        if (!answer) return;
        answered.push(answer.status);
        if (answer.status === 200) acknowledged.push(id);
      }
    };
    const burst = Promise.all([1, 2, 3, 4].map(() => worker(server!)));
    await expect.poll(() => answered.length, { interval: 5 }).toBeGreaterThanOrEqual(6);
    process.kill(-server.child.pid!, 'SIGKILL');
    await burst;
    expect(answered.length).toBeLessThan(60);
    expect(answered.every((status) => status === 200 || status === 409)).toBe(true);

    // Started again on the same folders: it opens the store as the crash left it.
    server = await startServer(env());
    expect((await http(`${server.url}/api/health`)).status).toBe(200);
    await server.stop();
    server = undefined;

    const database = new Database(path.join(root, '.data', 'quotes.sqlite'), { readonly: true });
    try {
      const requests = new Map(
        (
          database.prepare("SELECT id, document FROM quote_requests WHERE tenant_id = 'aviation'").all() as Array<{
            id: string;
            document: string;
          }>
        ).map((row) => [row.id, JSON.parse(row.document) as QuoteRequest]),
      );
      const orders = database
        .prepare(
          "SELECT quote_id, object_id, quantity, first_day, last_day FROM bookings WHERE tenant_id = 'aviation' AND kind = 'order'",
        )
        .all() as Array<{
        quote_id: string;
        object_id: string;
        quantity: number;
        first_day: string;
        last_day: string;
      }>;
      // Every acknowledged confirmation is stored, with its order.
      for (const id of acknowledged) {
        expect(requests.get(id)).toMatchObject({ state: 'confirmed', hold: 'order' });
        expect(orders.some((order) => order.quote_id === id)).toBe(true);
      }
      // Orders and confirmed requests match one for one.
      const confirmed = [...requests.values()]
        .filter((request) => request.state === 'confirmed')
        .map((request) => request.id);
      expect(orders.map((order) => order.quote_id).sort()).toEqual(confirmed.sort());
      // No item is booked beyond its stock on any day (with the turnaround of a day either side).
      for (const item of items) {
        const mine = orders.filter((order) => order.object_id === item.objectID);
        for (const day of daysFrom(addDays(start, -2), addDays(start, 8))) {
          const taken = mine
            .filter((order) => addDays(order.first_day, -1) <= day && day <= addDays(order.last_day, 1))
            .reduce((sum, order) => sum + order.quantity, 0);
          expect(taken, `${item.objectID} on ${day}`).toBeLessThanOrEqual(item.quantity);
        }
      }
      expect(confirmed.length).toBeGreaterThan(0);
    } finally {
      database.close();
    }
  });
});
