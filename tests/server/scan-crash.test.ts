/**
 * kill -9 in the middle of a burst of check-ins, on the embedded store (the built server as a real
 * process, SQLite under its data folder): an order with forty-odd units out is checked back in by
 * four phones at once through the console API; the server is killed (SIGKILL) after the first
 * answers, then started again on the same folders. Every scan the server acknowledged is then in
 * the audit, its unit back on the shelf, and no unit is both out and in: a unit is out exactly when
 * the order lists its tag out, and the order's bookings carry as many out as its counts say.
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeScan, newTags, outNow } from '../../schema/rental/hire';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import type { Catalogue, QuoteRequest, Unit } from '../../schema/types.generated';
import { SqliteQuoteRequestStore } from '../../server/stores/sqlite-quote-request-store';
import { PASSWORD, STAFF, staffCookie } from '../helpers/console';
import { tenantsDir } from '../helpers/paths';
import { http, startServer, type ServerProcess } from '../helpers/server-process';
import { DEFAULT_CHARGE_RULE } from '../fixtures/charge-rule';

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
  root = await mkdtemp(path.join(tmpdir(), 'backlot-scan-crash-'));
  await cp(path.join(tenantsDir, 'aviation'), path.join(root, 'tenants', 'aviation'), { recursive: true });
}, 30_000);
afterAll(async () => {
  await server?.stop();
  await rm(root, { recursive: true, force: true });
});

const catalogue = JSON.parse(await readFile(path.join(tenantsDir, 'aviation', 'catalogue.json'), 'utf8')) as Catalogue;
const items = catalogue.items.filter((item) => item.quantity >= 8).slice(0, 4);
const start = earliestStart('America/Los_Angeles', 10, new Date());
const ORDER = 'scan-crash-order';

/** The order, confirmed with its bookings placed, then every unit of its items checked out, through the store's own steps. */
async function seed(): Promise<Unit[]> {
  mkdirSync(path.join(root, '.data'), { recursive: true });
  const store = new SqliteQuoteRequestStore(path.join(root, '.data', 'quotes.sqlite'));
  try {
    const now = new Date().toISOString();
    const units = items.flatMap((item) =>
      newTags(item.objectID, new Set(), item.quantity).map((tag): Unit => ({
        tenantId: 'aviation',
        tag,
        objectID: item.objectID,
        status: 'inService',
        createdAt: now,
        updatedAt: now,
        history: [],
      })),
    );
    await store.addUnits('aviation', units);
    const lines = items.map((item) => ({
      objectID: item.objectID,
      name: item.name,
      quantity: item.quantity,
      dayRate: item.rates.day,
    })) as QuoteRequest['lines'];
    await store.add({
      id: ORDER,
      tenantId: 'aviation',
      uid: 'visitor',
      email: 'crew-crash@studio.example',
      lines,
      startDate: start,
      endDate: addDays(start, 4),
      createdAt: now,
      state: 'accepted',
      hold: 'none',
    });
    await store.change('aviation', ORDER, {
      revision: 0,
      apply: (current) => ({ ...current, state: 'confirmed', hold: 'order' }),
      bookings: {
        place: 'order',
        placement: {
          stock: new Map(items.map((item) => [item.objectID, item.quantity])),
          turnaroundDays: 1,
          today: addDays(start, -10),
        },
      },
    });
    const known = new Map(items.map((item) => [item.objectID, item]));
    for (const [index, unit] of units.entries()) {
      const id = `seed-out-${String(index).padStart(4, '0')}`;
      const done = await store.hireStep('aviation', {
        id,
        orderId: ORDER,
        tag: unit.tag,
        apply: ({ order, unit: current }) =>
          judgeScan({
            tenantId: 'aviation',
            order: order!,
            unit: current,
            items: known,
            input: { id, direction: 'out', code: unit.tag },
            who: 'seed',
            now: new Date(`${start}T10:00:00Z`),
            today: start,
            turnaroundDays: 1,
            timezone: 'UTC',
            charges: DEFAULT_CHARGE_RULE,
          }),
      });
      expect(done.record.outcome, done.record.message).toBe('ok');
    }
    return units;
  } finally {
    await store.close();
  }
}

describe('a check-in burst killed with SIGKILL', () => {
  it('keeps every acknowledged scan, and no unit is both out and in', async () => {
    const units = await seed();
    server = await startServer(env());
    const cookie = await staffCookie(server.url);

    const acknowledged: Array<{ id: string; tag: string }> = [];
    let next = 0;
    const phone = async (running: ServerProcess) => {
      while (next < units.length) {
        const tag = units[next]!.tag;
        const id = `crash-in-${String(next++).padStart(4, '0')}`;
        const answer = await http(`${running.url}/api/tenants/aviation/orders/${ORDER}/scans`, {
          method: 'POST',
          headers: { cookie, origin: running.url },
          body: { id, direction: 'in', code: `aviation/${tag}` },
        }).catch(() => undefined);
        if (!answer) return;
        expect(answer.status, answer.text).toBe(200);
        if ((JSON.parse(answer.text) as { record: { outcome: string } }).record.outcome === 'ok')
          acknowledged.push({ id, tag });
      }
    };
    const burst = Promise.all([1, 2, 3, 4].map(() => phone(server!)));
    await expect.poll(() => acknowledged.length, { interval: 5 }).toBeGreaterThanOrEqual(6);
    process.kill(-server.child.pid!, 'SIGKILL');
    await burst;
    expect(acknowledged.length).toBeLessThan(units.length);

    // Started again on the same folders: it opens the store as the crash left it.
    server = await startServer(env());
    expect((await http(`${server.url}/api/health`)).status).toBe(200);
    await server.stop();
    server = undefined;

    const database = new Database(path.join(root, '.data', 'quotes.sqlite'), { readonly: true });
    try {
      const order = JSON.parse(
        (
          database
            .prepare("SELECT document FROM quote_requests WHERE tenant_id = 'aviation' AND id = ?")
            .get(ORDER) as { document: string }
        ).document,
      ) as QuoteRequest;
      const stored = new Map(
        (
          database.prepare("SELECT tag, document FROM units WHERE tenant_id = 'aviation'").all() as Array<{
            tag: string;
            document: string;
          }>
        ).map((row) => [row.tag, JSON.parse(row.document) as Unit]),
      );
      const scans = new Set(
        (
          database.prepare("SELECT id FROM scans WHERE tenant_id = 'aviation' AND order_id = ?").all(ORDER) as Array<{
            id: string;
          }>
        ).map((row) => row.id),
      );
      // Every acknowledged scan is in the audit, and its unit is back on the shelf.
      for (const { id, tag } of acknowledged) {
        expect(scans.has(id), id).toBe(true);
        expect(stored.get(tag)?.status, tag).toBe('inService');
      }
      // A unit is out exactly when the order lists its tag out; the counts and the bookings agree.
      const tagsOut = new Set((order.hire?.lines ?? []).flatMap((line) => line.tags ?? []));
      for (const unit of stored.values()) expect(unit.status === 'out', unit.tag).toBe(tagsOut.has(unit.tag));
      const bookings = database
        .prepare("SELECT object_id, out FROM bookings WHERE tenant_id = 'aviation' AND quote_id = ?")
        .all(ORDER) as Array<{ object_id: string; out: number }>;
      for (const line of order.hire?.lines ?? []) {
        expect(outNow(line), line.objectID).toBe(
          [...stored.values()].filter((unit) => unit.objectID === line.objectID && unit.status === 'out').length,
        );
        expect(bookings.find((booking) => booking.object_id === line.objectID)?.out ?? 0, line.objectID).toBe(
          outNow(line),
        );
      }
      expect(order.state).toBe(acknowledged.length ? 'partlyReturned' : 'out');
    } finally {
      database.close();
    }
  });
});
