/**
 * The warehouse floor over HTTP: an item moved to units, an order's pull sheet, scans out and back
 * (a repeated scan id answered, not applied; a wrong, unknown or another tenant's code said and
 * recorded), damage sending a unit to repair and back, the visitor mailed when the hire changes
 * state, the hire closed, and the dispatch board (late first; an overdue order naming the later
 * hire it now leaves short, who and what). Check-out is never a plain step.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../schema/rental/quote-rules';
import type { OutboxMailer } from '../../server/mail/mailer';
import { dispatchBoard } from '../../server/rental/hire-floor';
import { tellOverdue } from '../../server/rental/overdue-watch';
import { quoteSettingsOf } from '../../server/rental/quote-conversation';
import { TINY_PNG } from '../fixtures/tiny-png';
import { confirmedOrder as confirmedOrderOf, type ConfirmedOrder } from '../helpers/confirmed-order';
import { buildTestApp, type TestApp } from '../helpers/server';
import { AVIATION_HOST } from '../helpers/storefront-visitor';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ identity: { attemptsPerMinute: 1000 }, quotes: { requestsPerMinute: 1000 } });
});
afterAll(() => t.close());

const TZ = 'America/Los_Angeles';
/** Four in stock: moved to units in the first test. */
const SEATS = '1950s-propliner-triple-seat-row-brown-houndstooth';
/** Ten in stock, counted as a quantity. */
const CASES = '1950s-hard-train-case-cream';

const vendor = (url: string, revision: string, payload?: object) =>
  t.as('aviationAdmin', {
    method: 'POST',
    url: `/api/tenants/aviation/quote-requests/${url}`,
    ...(payload && { payload }),
    headers: { 'if-match': `"${revision}"` },
  });
const consoleApi = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.as('aviationAdmin', { method, url: `/api/tenants/aviation/${url}`, ...(payload && { payload }) });
const mails = () => (t.app.mailer as OutboxMailer).list();

let scanNumber = 0;
const scan = async (orderId: string, body: Record<string, unknown>) => {
  const response = await consoleApi('POST', `orders/${orderId}/scans`, {
    id: `test-scan-${String((scanNumber += 1)).padStart(4, '0')}`,
    direction: 'out',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { record: { outcome: string; message: string }; repeat: boolean; state?: string };
};

const confirmedOrder = (
  email: string,
  lines: Array<{ objectID: string; quantity: number }>,
  inDays: number,
  production: string,
) => confirmedOrderOf(t, email, lines, inDays, production);

describe('the warehouse floor', () => {
  let tags: string[] = [];
  let order: ConfirmedOrder;

  it('moves an item to units, one tagged unit per one in stock, and only once', async () => {
    const made = await consoleApi('POST', `items/${SEATS}/units`);
    expect(made.statusCode, made.body).toBe(201);
    tags = (made.json() as Array<{ tag: string }>).map((unit) => unit.tag);
    expect(tags).toHaveLength(4);
    expect(tags[0]).toMatch(/^1950S-PROPLINER-[0-9A-Z]{3}-0001$/);
    expect(new Set(tags).size).toBe(4);
    expect((await consoleApi('POST', `items/${SEATS}/units`)).json()).toEqual([]);
    expect((await consoleApi('GET', `items/${SEATS}/units`)).json()).toHaveLength(4);
    expect((await t.app.itemStore.get('aviation', SEATS))?.tracking).toBe('units');

    // Labels: one per unit (its code what the scan field reads), or the item's own for one counted as a quantity.
    const labels = (await consoleApi('GET', `labels?item=${SEATS}`)).json().labels as Array<{
      code: string;
      tag: string | null;
      counted: boolean;
    }>;
    expect(labels.map((label) => [label.code, label.counted])).toEqual(tags.map((tag) => [`aviation/${tag}`, false]));
    expect((await consoleApi('GET', `labels?item=${CASES}`)).json().labels).toEqual([
      {
        code: `aviation/${CASES}`,
        tag: null,
        objectID: CASES,
        name: '1950s Hard Train Case, Cream',
        location: null,
        counted: true,
      },
    ]);
    expect((await consoleApi('GET', 'labels')).statusCode).toBe(400);
    expect((await consoleApi('GET', `labels?item=${CASES}&order=x`)).statusCode).toBe(400);
    expect((await consoleApi('GET', 'labels?item=no-such-item')).statusCode).toBe(404);
  });

  it('shows a pull sheet, scans out by tag and by count, answers a repeated scan, and says what a wrong code is', async () => {
    order = await confirmedOrder(
      'crew-test@studio.example',
      [
        { objectID: SEATS, quantity: 2 },
        { objectID: CASES, quantity: 3 },
      ],
      5,
      'Night Flight',
    );
    const sheet = (await consoleApi('GET', `orders/${order.id}/pull-sheet`)).json();
    expect(sheet).toMatchObject({
      state: 'confirmed',
      lines: [
        { objectID: SEATS, tracking: 'units', quantity: 2, out: 0 },
        { objectID: CASES, tracking: 'quantity', quantity: 3 },
      ],
    });
    expect(sheet.lines[0].onShelf.slice(0, 2)).toEqual(tags.slice(0, 2));

    // A plain step cannot check out: that is the scan screen's.
    expect((await vendor(`${order.id}/checkOut`, '3')).statusCode).toBe(400);

    const first = await t.as('aviationAdmin', {
      method: 'POST',
      url: `/api/tenants/aviation/orders/${order.id}/scans`,
      payload: { id: 'phone-one-0001', direction: 'out', code: `aviation/${tags[0]}` },
    });
    expect(first.json()).toMatchObject({ repeat: false, state: 'partlyOut', record: { outcome: 'ok' } });
    const again = await t.as('aviationAdmin', {
      method: 'POST',
      url: `/api/tenants/aviation/orders/${order.id}/scans`,
      payload: { id: 'phone-one-0001', direction: 'out', code: `aviation/${tags[0]}` },
    });
    expect(again.json()).toMatchObject({ repeat: true, record: first.json().record });

    expect((await scan(order.id, { code: tags[0] })).record.outcome).toBe('alreadyOut');
    expect((await scan(order.id, { code: 'platform/ANY-1' })).record.outcome).toBe('otherTenant');
    expect((await scan(order.id, { code: 'NOT-A-TAG-99' })).record).toMatchObject({
      outcome: 'unknown',
      message: 'No unit or item here is labelled "NOT-A-TAG-99".',
    });
    expect((await scan(order.id, { code: SEATS })).record.outcome).toBe('refused');
    expect((await scan(order.id, { code: CASES, count: 4 })).record.outcome).toBe('tooMany');
    expect((await scan(order.id, { code: CASES, count: 3 })).record.outcome).toBe('ok');
    const last = await scan(order.id, { code: tags[1]!.toLowerCase() });
    // A week before its hire, further ahead than the house's two days: noted.
    const early = Math.round((Date.parse(order.startDate) - Date.parse(todayIn(TZ, new Date()))) / 86_400_000);
    expect(last).toMatchObject({
      state: 'out',
      record: {
        outcome: 'ok',
        message: `Out: ${tags[1]} (1950s Propliner Triple Seat Row, Brown Houndstooth). 2 of 2 out. Out ${early} days before the hire starts (this house lets hires go out 2 days before): kept from other bookings until then.`,
      },
    });

    // The hand-over: a name and a signature (an image stored here); a retry is stored once; a signature from elsewhere is refused.
    const signature = (
      await consoleApi('POST', 'item-photos', { name: 'signature.png', data: TINY_PNG.toString('base64') })
    ).json().url as string;
    const handover = { id: 'handover-phone-01', direction: 'out', name: 'Dana Reyes', signature };
    const signed = await consoleApi('POST', `orders/${order.id}/handovers`, handover);
    expect(signed.json()).toMatchObject({
      repeat: false,
      record: { outcome: 'ok', message: 'Handed over to Dana Reyes (signed).' },
    });
    expect((await consoleApi('POST', `orders/${order.id}/handovers`, handover)).json()).toMatchObject({ repeat: true });
    expect(
      (
        await consoleApi('POST', `orders/${order.id}/handovers`, {
          ...handover,
          id: 'handover-phone-02',
          signature: 'https://evil.example/sig.png',
        })
      ).statusCode,
    ).toBe(409);
    // A path that only starts like this tenant's photos, once normalised, or a photo that is not there: refused, nothing stored.
    for (const [index, hostile] of [
      '/items/aviation/../london/x.svg',
      '/items/aviation/../../../../etc/passwd',
      '/items/aviation/%2e%2e/london/x.svg',
      '/items/aviation/sub/../../london/x.svg',
      '/items/aviation/never-uploaded.png',
    ].entries()) {
      const refused = await consoleApi('POST', `orders/${order.id}/handovers`, {
        ...handover,
        id: `handover-hostile-${index}`,
        signature: hostile,
      });
      expect(refused.statusCode, hostile).toBe(409);
      expect(refused.json().message).toBe('The signature must be an image uploaded here, in this house’s own photos.');
    }
    expect(
      (await consoleApi('POST', `orders/${order.id}/handovers`, { ...handover, id: 'handover-phone-03', name: '   ' }))
        .statusCode,
    ).toBe(400);
    const handovers = (await t.app.quoteRequests.get('aviation', order.id))?.hire?.handovers;
    expect(handovers).toEqual([
      expect.objectContaining({ direction: 'out', name: 'Dana Reyes', signature, by: 'admin@jetwayprops.com' }),
    ]);
    const seenHandovers = (
      await t.app.inject({ url: `/api/quotes/${order.id}`, headers: { host: AVIATION_HOST, cookie: order.cookie } })
    ).json().hire.handovers;
    expect(seenHandovers).toEqual([{ at: handovers![0]!.at, direction: 'out', name: 'Dana Reyes', signature }]);

    // An order's labels: the units out on it, and the counted item's own.
    expect(
      ((await consoleApi('GET', `labels?order=${order.id}`)).json().labels as Array<{ code: string }>).map(
        (label) => label.code,
      ),
    ).toEqual([`aviation/${tags[0]}`, `aviation/${tags[1]}`, `aviation/${CASES}`]);

    const after = (await consoleApi('GET', `orders/${order.id}/pull-sheet`)).json();
    expect(after.lines.map((line: { out: number; tagsOut: string[] }) => [line.out, line.tagsOut])).toEqual([
      [2, tags.slice(0, 2)],
      [3, []],
    ]);
    expect(
      after.scans.map((record: { outcome: string; code: string }) => [
        record.code === 'handover' ? 'handover' : 'scan',
        record.outcome,
      ]),
    ).toEqual([
      ['scan', 'ok'],
      ['scan', 'alreadyOut'],
      ['scan', 'otherTenant'],
      ['scan', 'unknown'],
      ['scan', 'refused'],
      ['scan', 'tooMany'],
      ['scan', 'ok'],
      ['scan', 'ok'],
      ['handover', 'ok'],
    ]);
    const subjects = (await mails()).filter((mail) => mail.to === order.email).map((mail) => mail.subject);
    expect(subjects).toContain('Part of your order with Jetway Props is out');
    expect(subjects).toContain('Everything on your order with Jetway Props is out');
  });

  it('checks back in with condition: damaged goes to repair, back in service from the console; a returned hire closes', async () => {
    await scan(order.id, { direction: 'in', code: tags[0] });
    // The crew photographs the damage from the phone: an item photo, checked by the image rules, its address sent with the scan.
    await t.app.itemStore.update('aviation', SEATS, (item) => ({ ...item, replacementValue: 1800 }));
    const photo = await consoleApi('POST', 'item-photos', {
      name: 'armrest-crack.png',
      data: TINY_PNG.toString('base64'),
    });
    expect(photo.statusCode, photo.body).toBe(201);
    const photoUrl = (photo.json() as { url: string }).url;
    expect(
      (
        await scan(order.id, {
          direction: 'in',
          code: tags[1],
          condition: 'damaged',
          note: 'Armrest cracked',
          photos: [photoUrl],
        })
      ).state,
    ).toBe('partlyReturned');
    const hostile = await consoleApi('POST', `orders/${order.id}/scans`, {
      id: 'hostile-photo-01',
      direction: 'in',
      code: tags[0],
      condition: 'damaged',
      photos: ['javascript:alert(1)'],
    });
    expect([hostile.statusCode, hostile.body]).toEqual([400, expect.stringContaining('photos/0')]);
    // A photo address that is not one this house stored (another house's folder, a climb out of its own) is refused at it.
    for (const [index, foreign] of [
      '/items/harbor/armrest.png',
      `/items/aviation/..%2fharbor%2farmrest.png`,
    ].entries()) {
      const elsewhere = await consoleApi('POST', `orders/${order.id}/scans`, {
        id: `foreign-photo-0${index}`,
        direction: 'in',
        code: tags[0],
        condition: 'damaged',
        photos: [photoUrl, foreign],
      });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().errors).toEqual({
        'photos.1': 'Photo 2 must be an image uploaded here, in this house’s own photos.',
      });
    }
    const unit = (await consoleApi('GET', `items/${SEATS}/units`))
      .json()
      .find((entry: { tag: string }) => entry.tag === tags[1]);
    expect(unit).toMatchObject({ status: 'repair', condition: 'Armrest cracked' });
    expect((await scan(order.id, { direction: 'in', code: CASES, count: 4 })).record).toMatchObject({
      outcome: 'tooMany',
      message: 'Only 3 1950s Hard Train Case, Cream are out on this order: 4 cannot come back.',
    });
    expect((await scan(order.id, { direction: 'in', code: CASES, count: 3 })).state).toBe('returned');
    expect((await mails()).filter((mail) => mail.to === order.email).map((mail) => mail.subject)).toContain(
      'Everything is back with Jetway Props',
    );

    const repaired = await consoleApi('POST', `units/${tags[1]}/status`, {
      status: 'inService',
      note: 'Armrest reglued',
    });
    expect(repaired.json()).toMatchObject({ status: 'inService' });
    expect((await consoleApi('POST', `units/${tags[1]}/status`, { status: 'inService' })).statusCode).toBe(409);

    // The damage is a charge on the order: 25% of the replacement value, with the note and photo; the vendor prices the repair, with a reason.
    const charges = () =>
      (
        t.app.quoteRequests.get('aviation', order.id) as Promise<{
          hire?: { charges?: Array<Record<string, unknown>> };
        }>
      ).then((stored) => stored.hire?.charges ?? []);
    const [damage] = await charges();
    expect(damage).toMatchObject({
      kind: 'damage',
      tag: tags[1],
      unitPrice: 450,
      subtotal: 450,
      note: 'Armrest cracked',
      photos: [photoUrl],
    });
    const adjust = (chargeId: string, payload: object) =>
      t.as('aviationAdmin', {
        method: 'PUT',
        url: `/api/tenants/aviation/orders/${order.id}/charges/${encodeURIComponent(chargeId)}`,
        payload,
      });
    expect((await adjust(String(damage!.id), { adjustment: { amount: -270 } })).statusCode).toBe(400);
    expect((await adjust('damage:no-such-scan', { adjustment: null })).statusCode).toBe(404);
    const adjusted = await adjust(String(damage!.id), {
      adjustment: { amount: -270, reason: 'Reglued in house: an hour and glue' },
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    expect((await charges())[0]).toMatchObject({
      subtotal: 180,
      adjustment: { amount: -270, reason: 'Reglued in house: an hour and glue' },
    });
    // The visitor sees it, priced and explained, without the GL code; and the order's total with it.
    const seen = (
      await t.app.inject({
        method: 'GET',
        url: `/api/quotes/${order.id}`,
        headers: { host: AVIATION_HOST, cookie: order.cookie },
      })
    ).json();
    expect(seen.hire.charges).toEqual([expect.objectContaining({ kind: 'damage', subtotal: 180, photos: [photoUrl] })]);
    expect(seen.hire.charges[0]).not.toHaveProperty('glCode');
    expect(seen.hireTotals).toEqual({ quoted: seen.total, charges: 180, total: seen.total + 180 });

    const pricing = (await consoleApi('GET', `quote-requests/${order.id}`)).json();
    expect(pricing.actions).toEqual(['close']);
    const closed = await vendor(`${order.id}/close`, pricing.version);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().state).toBe('closed');
    expect((await scan(order.id, { code: tags[0] })).record.outcome).toBe('refused');
    expect((await adjust(String(damage!.id), { adjustment: null })).statusCode).toBe(409);

    // A cancelled order neither goes out nor comes back: each scan is refused, and recorded.
    const cancelled = await confirmedOrder(
      'cancelled-hire@studio.example',
      [{ objectID: CASES, quantity: 1 }],
      12,
      'Cancelled Shoot',
    );
    const cancelling = (await consoleApi('GET', `quote-requests/${cancelled.id}`)).json();
    expect(
      (
        await t.as('aviationAdmin', {
          method: 'POST',
          url: `/api/tenants/aviation/quote-requests/${cancelled.id}/cancel`,
          payload: { reason: 'Shoot moved' },
          headers: { 'if-match': `"${cancelling.version}"` },
        })
      ).statusCode,
    ).toBe(200);
    for (const direction of ['out', 'in'])
      expect((await scan(cancelled.id, { direction, code: CASES })).record).toMatchObject({
        outcome: 'refused',
        message: expect.stringMatching(/^A cancelled request cannot be checked (out|in)\./),
      });

    // A closed hire is still an order for the accountant: its lines stay in the month's export.
    const month = todayIn(TZ, new Date()).slice(0, 7);
    const csv = await consoleApi('GET', `orders.csv?from=${month}&to=${month}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(order.id);
  });

  it('puts late ones first on the dispatch board, and names the later hire an overdue order leaves short', async () => {
    // Two of the four seats go out on an early order, the other two are booked a week after it.
    const early = await confirmedOrder('early@studio.example', [{ objectID: SEATS, quantity: 2 }], 20, 'Early Shoot');
    const later = await confirmedOrder('later@studio.example', [{ objectID: SEATS, quantity: 4 }], 27, 'Later Shoot');
    await scan(early.id, { code: tags[2] });
    await scan(early.id, { code: tags[3] });

    const stores = { quoteRequests: t.app.quoteRequests, itemStore: t.app.itemStore, profileStore: t.app.profileStore };
    const settings = quoteSettingsOf((await t.app.tenantStore.get('aviation'))!.tenant);
    // Two days after the early order's last day, its seats are still out.
    const board = await dispatchBoard(stores, settings, 'aviation', new Date(`${addDays(early.endDate, 2)}T20:00:00Z`));
    const lateRow = board.returning.find((row) => row.id === early.id)!;
    expect(lateRow).toMatchObject({ overdue: true, late: true, out: 2 });
    expect(board.returning[0]!.id).toBe(early.id);
    expect(lateRow.collides).toEqual([
      expect.objectContaining({
        id: later.id,
        production: 'Later Shoot',
        startDate: later.startDate,
        endDate: later.endDate,
        objectID: SEATS,
        free: 2,
        quantity: 4,
      }),
    ]);
    expect(board.going.map((row) => row.id)).toContain(later.id);

    // The watch tells the vendor and the visitor once, at once, with the hire it leaves short: two passes at the same moment (two servers) send one pair.
    const twoDaysLate = new Date(`${addDays(early.endDate, 2)}T20:00:00Z`);
    const passes = await Promise.all([
      tellOverdue(t.app, t.app.log, twoDaysLate),
      tellOverdue(t.app, t.app.log, twoDaysLate),
    ]);
    expect(passes.flat()).toEqual([early.id]);
    expect(await tellOverdue(t.app, t.app.log, twoDaysLate)).toEqual([]);
    const overdueMails = (await mails())
      .filter((mail) => mail.kind === 'hireOverdue')
      .sort((a, b) => Number(a.to === early.email) - Number(b.to === early.email));
    expect(overdueMails.map((mail) => mail.to)).toEqual(['rentals@jetwayprops.com', early.email]);
    const { text: toVendor } = await simpleParser(
      await readFile(path.join((t.app.mailer as OutboxMailer).dir, overdueMails[0]!.file)),
    );
    expect(toVendor).toContain(`Later Shoot: 1950s Propliner Triple Seat Row, Brown Houndstooth from`);
    expect(toVendor).toContain('(2 free of 4 booked)');
    expect(toVendor).toContain(`2 × 1950s Propliner Triple Seat Row, Brown Houndstooth (${tags[2]}, ${tags[3]})`);
    expect(overdueMails[1]!.subject).toMatch(/^Your hire from Jetway Props was due back /);
    expect((await consoleApi('GET', `orders/${early.id}/pull-sheet`)).json().scans.at(-1)).toMatchObject({
      code: 'overdue',
      message: 'Overdue: the vendor and the visitor were told.',
    });

    // Over HTTP, today: the order goes out later, nothing is late yet; a span past a month is refused.
    const today = await consoleApi('GET', 'dispatch?days=31');
    expect(today.statusCode, today.body).toBe(200);
    expect(today.json().returning.find((row: { id: string }) => row.id === early.id)).toMatchObject({
      late: false,
      overdue: false,
      state: 'out',
    });
    expect(today.json().going.find((row: { id: string }) => row.id === later.id)).toMatchObject({
      late: false,
      state: 'confirmed',
    });
    expect((await consoleApi('GET', 'dispatch?days=32')).statusCode).toBe(400);

    const onTime = await dispatchBoard(stores, settings, 'aviation', new Date(`${early.startDate}T20:00:00Z`));
    expect(onTime.returning.find((row) => row.id === early.id)).toMatchObject({ overdue: false, collides: [] });
  });
});
