/**
 * A house upgrading keeps its data folder: the current server starts on one written by the
 * previous release (tests/fixtures/previous-release-data, 395b871), whose quote store predates
 * the listing and reach columns, and serves what it held: the accounts sign in, the staff account
 * stored under the role's old name (`platform`) is platform staff (its row renamed), the console
 * lists the requests by state (the new columns, filled from the documents), and the confirmed
 * order's booking still counts against its dates.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleItem } from '../contract/item-store.contract';
import { repoRoot } from '../helpers/paths';
import { buildTestApp, USERS, type TestApp } from '../helpers/server';

const PREVIOUS_RELEASE = path.join(repoRoot, 'tests/fixtures/previous-release-data');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    data: PREVIOUS_RELEASE,
    // The catalogue the previous release's requests were made for.
    beforeStart: (tenants) =>
      writeFile(
        path.join(tenants, 'aviation', 'catalogue.json'),
        JSON.stringify({
          items: [
            sampleItem('galley-cart', {
              name: 'Atlas Galley Cart',
              category: { group: 'set-dressing', category: 'uniforms-and-props' },
              rates: { day: 85, week: 255 },
              quantity: 3,
            }),
            sampleItem('jump-seat', {
              name: 'Jump Seat',
              category: { group: 'seats', category: 'jump-seats' },
              rates: { day: 40 },
              quantity: 1,
            }),
          ],
        }),
      ),
  });
});
afterAll(() => t.close());

const list = (filter: object = {}) =>
  t.as('aviationAdmin', {
    url: `/api/tenants/aviation/quote-requests?filter=${encodeURIComponent(JSON.stringify(filter))}`,
  });

describe("the previous release's data folder", () => {
  it("gives the staff account stored as 'platform' the role's new name, and its reach of every tenant", async () => {
    const old = new Database(path.join(PREVIOUS_RELEASE, 'backlot.sqlite'), { readonly: true });
    expect(old.prepare('SELECT role FROM user WHERE email = ?').get(USERS.platformStaff)).toEqual({ role: 'platform' });
    old.close();
    const me = await t.as('platformStaff', { url: '/api/auth/me' });
    expect(me.json()).toMatchObject({ email: USERS.platformStaff, role: 'platform-staff' });
    expect((await t.as('platformStaff', { url: '/api/tenants' })).json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'acme' }), expect.objectContaining({ id: 'aviation' })]),
    );
    const upgraded = new Database(path.join(t.root, '.data', 'backlot.sqlite'), { readonly: true });
    expect(upgraded.prepare('SELECT role FROM user WHERE email = ?').get(USERS.platformStaff)).toEqual({
      role: 'platform-staff',
    });
    upgraded.close();
  });

  it('opens, and the console lists its requests by state, newest first', async () => {
    const all = await list();
    expect(all.statusCode, all.body).toBe(200);
    const rows = all.json() as Array<{ id: string; production: string; state: string }>;
    expect(rows.map((row) => [row.production, row.state])).toEqual([
      ['Red Eye 3', 'requested'],
      ['Red Eye 2', 'requested'],
      ['Red Eye 1', 'confirmed'],
    ]);
    expect(all.headers['content-range']).toMatch(/\/3$/);
    const confirmed = (await list({ state: 'confirmed' })).json() as Array<{ production: string }>;
    expect(confirmed.map((row) => row.production)).toEqual(['Red Eye 1']);
  });

  it("keeps the confirmed order's booking on its dates", async () => {
    const [order] = (await list({ state: 'confirmed' })).json() as Array<{
      id: string;
      startDate: string;
      endDate: string;
    }>;
    const read = await t.as('aviationAdmin', { url: `/api/tenants/aviation/quote-requests/${order!.id}` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      state: 'confirmed',
      lineDetails: expect.arrayContaining([expect.objectContaining({ objectID: 'jump-seat', stock: 1 })]),
    });
    const held = await t.app.quoteRequests.bookings(
      'aviation',
      ['galley-cart', 'jump-seat'],
      order!.startDate,
      order!.endDate,
    );
    expect(
      held
        .filter((booking) => booking.quoteId === order!.id)
        .map((booking) => [booking.objectID, booking.quantity, booking.kind])
        .sort(),
    ).toEqual([
      ['galley-cart', 2, 'order'],
      ['jump-seat', 1, 'order'],
    ]);
  });
});
