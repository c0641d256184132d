/**
 * A house with two stores on the real app over HTTP (issue 53, part 3): stock placed at a store
 * the house lacks is refused at its field; a request collected from Atlanta, where none are kept,
 * cannot be confirmed until a transfer from Sun Valley has arrived; in transit the pieces count at
 * neither store; a transfer that would leave an order short is refused in words, one that would
 * leave a hold short only when the house says so; the transfers are listed by name; and a lamp
 * checked in at Atlanta stays there, so Sun Valley's next hire cannot scan it out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import { dispatchBoard, quoteSettingsOf, quoteStoresOf } from '../../server/rental';
import { confirmedOrder, type ConfirmedOrder } from '../helpers/confirmed-order';
import { buildTestApp, type TestApp } from '../helpers/server';
import { AVIATION_HOST, storefrontVisitor } from '../helpers/storefront-visitor';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ identity: { attemptsPerMinute: 1000 }, quotes: { requestsPerMinute: 1000 } });
  const house = (await t.app.tenantStore.get('aviation'))!;
  await t.app.tenantStore.put(
    'aviation',
    {
      ...house.tenant,
      vendor: {
        ...house.tenant.vendor,
        stores: [
          { id: 'sun-valley', name: 'Sun Valley', _geoloc: { lat: 34.2189, lng: -118.3715 } },
          { id: 'atlanta', name: 'Atlanta', timezone: 'America/New_York', _geoloc: { lat: 33.749, lng: -84.388 } },
        ],
      },
    },
    { ifMatch: house.version, actor: 'test' },
  );
});
afterAll(() => t.close());

/** Four in stock, all at Sun Valley (the main store) to begin with. */
const SEATS = '1970s-first-class-lounge-seat-cream-leather';
const api = (url: string, payload?: object, method = payload ? 'POST' : 'GET') =>
  t.as('aviationAdmin', { method, url: `/api/tenants/aviation/${url}`, ...(payload && { payload }) });
const first = addDays(earliestStart('America/Los_Angeles', 2, new Date()), 10);
/** The store a request from a production near Atlanta, naming none, is collected from. */
const storeNearAtlanta = async (email: string) => {
  const visitor = await storefrontVisitor(t, email);
  await t.app.profileStore.update('aviation', visitor.uid, (profile) => ({
    ...profile,
    _geoloc: { lat: 33.75, lng: -84.39 },
  }));
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/quote-requests',
    payload: { items: [{ objectID: SEATS, quantity: 1 }], startDate: first, endDate: addDays(first, 2) },
    headers: { host: AVIATION_HOST, origin: `http://${AVIATION_HOST}`, cookie: visitor.cookie },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  return (await api(`quote-requests/${asked.json().id}`)).json().store as string;
};
/** Two seats collected from Atlanta (the second case's order). */
let atlantaOrder: ConfirmedOrder;
/** A visitor's request for the seats, as the storefront sends it. */
const ask = async (email: string, quantity: number, startDate: string, more: object = {}) => {
  const visitor = await storefrontVisitor(t, email);
  return t.app.inject({
    method: 'POST',
    url: '/api/quote-requests',
    payload: { items: [{ objectID: SEATS, quantity }], startDate, endDate: addDays(startDate, 2), ...more },
    headers: { host: AVIATION_HOST, origin: `http://${AVIATION_HOST}`, cookie: visitor.cookie },
  });
};

describe('a house with two stores', () => {
  it('refuses stock at a store it lacks, and a request collected from a store it lacks', async () => {
    const { version, ...item } = (await api(`items/${SEATS}`)).json();
    const refused = await t.as('aviationAdmin', {
      method: 'PUT',
      url: `/api/tenants/aviation/items/${SEATS}`,
      payload: { ...item, storeStock: [{ store: 'leeds', quantity: 1 }] },
      headers: { 'if-match': `"${version}"` },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ 'storeStock.0.store': 'the house has no store "leeds"' });

    const asked = await ask('leeds@studio.example', 1, first, { store: 'leeds' });
    expect(asked.statusCode).toBe(400);
    expect(asked.json().errors).toEqual({
      store: 'Jetway Props has no store "leeds" (its stores: sun-valley, atlanta)',
    });

    // A transfer from a store the house lacks says so at its field, in the same words.
    const nowhere = await api('transfers', {
      objectID: SEATS,
      quantity: 1,
      from: 'leeds',
      to: 'atlanta',
      outOn: first,
      inOn: first,
    });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().errors).toEqual({
      from: 'Jetway Props has no store "leeds" (its stores: sun-valley, atlanta)',
    });

    // Collected from Atlanta, which keeps none yet: refused as it is asked, at the line.
    const atAtlanta = await ask('atl-none@studio.example', 1, first, { store: 'atlanta' });
    expect(atAtlanta.statusCode).toBe(400);
    expect(atAtlanta.json().errors).toEqual({
      'items.0.quantity': `Atlanta has only 0 free from ${first} to ${addDays(first, 2)}: collect from another store, or from the nearest that has them`,
    });

    // Asked without a store, from near Atlanta: Atlanta keeps none yet, so Sun Valley has it.
    expect(await storeNearAtlanta('peachtree@studio.example')).toBe('sun-valley');
  });

  it('confirms an order at Atlanta only once a transfer has brought the seats there, and counts them nowhere in transit', async () => {
    // None at Atlanta: the order cannot be confirmed there (the helper expects a confirmation).
    await expect(
      confirmedOrder(t, 'atl-early@studio.example', [{ objectID: SEATS, quantity: 2 }], 10, 'Peachtree', {
        store: 'atlanta',
      }),
    ).rejects.toThrow();

    const today = (await api('transfers')).json().today as string;
    const outOn = addDays(today, 1);
    const sent = await api('transfers', {
      objectID: SEATS,
      quantity: 2,
      from: 'sun-valley',
      to: 'atlanta',
      outOn,
      inOn: addDays(outOn, 3),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    // House-wide, two of four are free while they travel, and four once they are there.
    const free = async (day: string) =>
      (await api(`availability/${SEATS}?from=${day}&to=${day}`)).json().days[0].free as number;
    expect(await free(addDays(outOn, 1))).toBe(2);
    expect(await free(addDays(outOn, 3))).toBe(4);
    // Arrived before the hire: a production near Atlanta that names no store collects there.
    expect(await storeNearAtlanta('near-atlanta@studio.example')).toBe('atlanta');
    // The item page says where they are once they have arrived: two at each store.
    const onPage = await t.app.inject({
      url: `/api/availability/${SEATS}?from=${addDays(outOn, 3)}&to=${addDays(outOn, 4)}`,
      headers: { host: AVIATION_HOST },
    });
    expect(onPage.json().stores).toEqual([
      { id: 'sun-valley', name: 'Sun Valley', free: 2 },
      { id: 'atlanta', name: 'Atlanta', free: 2 },
    ]);

    const order = (atlantaOrder = await confirmedOrder(
      t,
      'atl@studio.example',
      [{ objectID: SEATS, quantity: 2 }],
      10,
      'Peachtree',
      {
        store: 'atlanta',
      },
    ));
    expect((await api(`quote-requests/${order.id}`)).json().store).toBe('atlanta');
    // Sun Valley still has its two on those days: an order there is not short.
    await confirmedOrder(t, 'sv@studio.example', [{ objectID: SEATS, quantity: 2 }], 10, 'Burbank');

    // Sending Atlanta's two back before its order would leave the order short: refused, in words.
    const back = await api('transfers', {
      objectID: SEATS,
      quantity: 2,
      from: 'atlanta',
      to: 'sun-valley',
      outOn: addDays(outOn, 5),
      inOn: addDays(outOn, 6),
    });
    expect(back.statusCode).toBe(409);
    expect(back.json().errors).toEqual({
      quantity: `Atlanta has only 0 1970s First Class Lounge Seat, Cream Leather spare on ${addDays(order.startDate, -1)}: its orders take the rest`,
    });

    // A hold at Atlanta on its two seats later on: a transfer that leaves it short is refused, unless the house says so.
    const held = await ask('hold@studio.example', 2, addDays(first, 20), { store: 'atlanta' });
    const hold = await t.as('aviationAdmin', {
      method: 'POST',
      url: `/api/tenants/aviation/quote-requests/${held.json().id}/hold`,
      headers: { 'if-match': '"0"' },
    });
    expect(hold.statusCode, hold.body).toBe(200);
    const afterOrder = addDays(first, 14);
    const moreOut = {
      objectID: SEATS,
      quantity: 1,
      from: 'atlanta',
      to: 'sun-valley',
      outOn: afterOrder,
      inOn: afterOrder,
    };
    const warned = await api('transfers', moreOut);
    expect(warned.statusCode).toBe(409);
    expect(warned.json().errors.quantity).toBe(
      `Atlanta has only 0 1970s First Class Lounge Seat, Cream Leather spare on ${addDays(first, 19)}: its holds take the rest. Tick "Leave holds short" to move it anyway`,
    );
    expect((await api('transfers', { ...moreOut, leaveHoldsShort: true })).statusCode).toBe(201);

    const listed = (await api('transfers')).json().transfers;
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({ from: 'atlanta', to: 'sun-valley', outOn: afterOrder });
    expect(listed).toContainEqual(
      expect.objectContaining({
        quantity: 2,
        from: 'sun-valley',
        to: 'atlanta',
        fromName: 'Sun Valley',
        toName: 'Atlanta',
        outOn,
        by: 'admin@jetwayprops.com',
      }),
    );
  });

  it('plans and reports each store on its own: its stock as transfers moved it, its own hires, no transfer drawn as a hire', async () => {
    const { startDate } = atlantaOrder;
    const planned = async (store: string) =>
      (await api(`planner?from=${startDate}&to=${addDays(startDate, 13)}&q=lounge seat, cream&store=${store}`)).json();
    const atlanta = await planned('atlanta');
    expect(atlanta.rows).toEqual([expect.objectContaining({ objectID: SEATS, stock: 2 })]);
    expect(atlanta.bars.map((bar: { quoteId: string; kind: string }) => [bar.quoteId, bar.kind])).toEqual(
      expect.arrayContaining([[atlantaOrder.id, 'order']]),
    );
    expect(atlanta.bars.some((bar: { kind: string }) => bar.kind.startsWith('transfer'))).toBe(false);
    expect(atlanta.short).toEqual([]);
    const sunValley = await planned('sun-valley');
    expect(sunValley.rows[0].stock).toBe(2);
    expect(sunValley.bars.map((bar: { quoteId: string }) => bar.quoteId)).not.toContain(atlantaOrder.id);

    // What the seats earned at each store, and at both.
    const earned = async (store?: string) =>
      (
        (await api(`earnings?from=${first}&to=${addDays(first, 30)}${store ? `&store=${store}` : ''}`)).json()
          .rows as Array<{ key: string; daysOut: number; stock: number; revenue: number }>
      ).find((row) => row.key === SEATS)!;
    const [atAtlanta, atSunValley, atBoth] = [await earned('atlanta'), await earned('sun-valley'), await earned()];
    expect([atAtlanta.daysOut, atSunValley.daysOut, atBoth.daysOut]).toEqual([6, 6, 12]);
    expect(atAtlanta.revenue).toBeGreaterThan(0);
    expect(atAtlanta.revenue + atSunValley.revenue).toBeCloseTo(atBoth.revenue, 2);
    // One went back to Sun Valley on the 14th day: Atlanta ends the period with one.
    expect([atAtlanta.stock, atSunValley.stock, atBoth.stock]).toEqual([1, 3, 4]);
    // Side by side, a row per store: each its own hires, summed over what it keeps.
    const byStore = (await api(`earnings?from=${first}&to=${addDays(first, 30)}&by=store`)).json().rows as Array<{
      key: string;
      name: string;
      revenue: number;
      daysOut: number;
    }>;
    expect(byStore.map((row) => [row.key, row.name])).toEqual([
      ['sun-valley', 'Sun Valley'],
      ['atlanta', 'Atlanta'],
    ]);
    const all = (await api(`earnings?from=${first}&to=${addDays(first, 30)}&by=category`)).json().rows as Array<{
      revenue: number;
    }>;
    expect(byStore[0]!.revenue + byStore[1]!.revenue).toBeCloseTo(
      all.reduce((sum, row) => sum + row.revenue, 0),
      2,
    );
    expect(byStore[1]!.daysOut).toBeGreaterThanOrEqual(atAtlanta.daysOut);
  });

  it('keeps a unit checked in at another store there, by a transfer the check-in makes', async () => {
    const LAMPS = 'cockpit-flood-light-pair';
    const made = await api(`items/${LAMPS}/units`, {});
    expect(made.statusCode).toBe(201);
    const tag = (made.json() as Array<{ tag: string }>)[0]!.tag;
    const order = await confirmedOrder(t, 'lamp@studio.example', [{ objectID: LAMPS, quantity: 1 }], 0, 'Night Shoot');
    let sequence = 0;
    const scan = (orderId: string, direction: 'out' | 'in', more: object = {}) =>
      api(`orders/${orderId}/scans`, { id: `store-scan-${++sequence}`, direction, code: `aviation/${tag}`, ...more });
    expect((await scan(order.id, 'out')).json().record.outcome).toBe('ok');
    // Out now: the hire comes back where it went out from, so it cannot move store.
    const { revision } = (await api(`quote-requests/${order.id}`)).json();
    const moved = await t.as('aviationAdmin', {
      method: 'POST',
      url: `/api/tenants/aviation/quote-requests/${order.id}/change`,
      payload: {
        items: [{ objectID: LAMPS, quantity: 1 }],
        startDate: order.startDate,
        endDate: order.endDate,
        pricing: { adjustments: {}, services: [] },
        store: 'atlanta',
      },
      headers: { 'if-match': `"${revision}"` },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual({ store: 'the hire is under way from Sun Valley: it keeps its store' });
    // A store the house lacks is refused before anything is read.
    const nowhere = await scan(order.id, 'in', { store: 'leeds' });
    expect(nowhere.statusCode).toBe(400);
    const back = await scan(order.id, 'in', { store: 'atlanta' });
    expect(back.json().record).toMatchObject({
      outcome: 'ok',
      message: expect.stringContaining('Kept at Atlanta (a transfer from Sun Valley).'),
    });
    const units = (await api(`items/${LAMPS}/units`)).json() as Array<{ tag: string }>;
    expect(units.find((unit) => unit.tag === tag)).toMatchObject({ status: 'inService', store: 'atlanta' });
    expect((await api('transfers')).json().transfers).toContainEqual(
      expect.objectContaining({ objectID: LAMPS, quantity: 1, from: 'sun-valley', to: 'atlanta' }),
    );
    // Atlanta's floor counts its days in its own time zone: at 10:30 pm in Sun Valley it is tomorrow there.
    const settings = quoteSettingsOf((await t.app.tenantStore.get('aviation'))!.tenant);
    const lateEvening = new Date('2026-12-20T06:30:00Z');
    const boardAt = (store?: string) =>
      dispatchBoard(quoteStoresOf(t.app), settings, 'aviation', lateEvening, 1, store);
    expect((await boardAt('atlanta')).today).toBe('2026-12-20');
    expect((await boardAt('sun-valley')).today).toBe('2026-12-19');
    expect((await boardAt()).today).toBe('2026-12-19');

    // Sun Valley's next hire of the lamp cannot take the one at Atlanta.
    const next = await confirmedOrder(t, 'lamp-2@studio.example', [{ objectID: LAMPS, quantity: 1 }], 5, 'Day Shoot');
    expect((await scan(next.id, 'out')).json().record).toMatchObject({
      outcome: 'unavailable',
      message: `${tag} (Cockpit Flood Light Pair) is kept at Atlanta; this order goes out from Sun Valley: transfer it there first.`,
    });

    // Sent back by name: a lamp is tracked unit by unit, so a transfer without its tag is refused at the field.
    const today = (await api('transfers')).json().today as string;
    const move = { objectID: LAMPS, quantity: 1, from: 'atlanta', to: 'sun-valley', outOn: today, inOn: today };
    const unnamed = await api('transfers', move);
    expect(unnamed.statusCode).toBe(409);
    expect(unnamed.json().errors).toEqual({
      tags: 'Cockpit Flood Light Pair is tracked unit by unit: name the 1 unit moved by their tags',
    });
    const wrongStore = await api('transfers', { ...move, from: 'sun-valley', to: 'atlanta', tags: [tag] });
    expect(wrongStore.json().errors).toEqual({ 'tags.0': `${tag} is kept at Atlanta, not Sun Valley` });
    expect((await api('transfers', { ...move, tags: [tag] })).statusCode).toBe(201);
    const home = (await api(`items/${LAMPS}/units`)).json() as Array<{ tag: string; store?: string }>;
    expect(home.find((unit) => unit.tag === tag)!.store).toBe('sun-valley');

    // Another lamp sent to Atlanta arrives in three days: on its way, it goes out from neither store.
    const other = home.find((unit) => unit.tag !== tag)!.tag;
    const arrives = addDays(today, 3);
    const away = { ...move, from: 'sun-valley', to: 'atlanta', inOn: arrives, tags: [other] };
    expect((await api('transfers', away)).statusCode).toBe(201);
    const travelling = ((await api(`items/${LAMPS}/units`)).json() as Array<{ tag: string }>).find(
      (unit) => unit.tag === other,
    );
    expect(travelling).toMatchObject({ store: 'atlanta', arrivesOn: arrives });
    const early = await api(`orders/${next.id}/scans`, {
      id: `store-scan-${++sequence}`,
      direction: 'out',
      code: `aviation/${other}`,
    });
    expect(early.json().record).toMatchObject({
      outcome: 'unavailable',
      message: `${other} (Cockpit Flood Light Pair) is on its way to Atlanta, arriving ${arrives}: it cannot go out before it arrives.`,
    });
    expect((await scan(next.id, 'out')).json().record.outcome).toBe('ok');
  });

  it('keeps its main store first, and a store with stock or hires in it', async () => {
    const record = (await api('vendor/aviation')).json();
    const { id: _id, version, ...vendor } = record;
    const save = (stores: unknown) =>
      t.as('aviationAdmin', {
        method: 'PUT',
        url: '/api/tenants/aviation/vendor/aviation',
        payload: { ...vendor, stores },
        headers: { 'if-match': `"${version}"` },
      });
    const [sunValley, atlanta] = vendor.stores;
    const reordered = await save([atlanta, sunValley]);
    expect(reordered.statusCode).toBe(409);
    expect(reordered.json().message).toBe(
      'Not saved: Sun Valley is the main store: it stays first, since everything that names no store is kept there',
    );
    const removed = await save([sunValley]);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toMatch(/^Not saved: Atlanta still has 1 unit, \d+ hires or transfers: move them/);
    // Renamed, it stays the same store.
    expect((await save([sunValley, { ...atlanta, name: 'Atlanta (Fayetteville)' }])).statusCode).toBe(200);

    // A store opened and closed with nothing in it keeps its id: no later store is given it.
    const saveNow = async (stores: unknown, extra: object = {}) => {
      const { id: _current, version: now, ...latest } = (await api('vendor/aviation')).json();
      return t.as('aviationAdmin', {
        method: 'PUT',
        url: '/api/tenants/aviation/vendor/aviation',
        payload: { ...latest, stores, ...extra },
        headers: { 'if-match': `"${now}"` },
      });
    };
    const savannah = { ...atlanta, id: 'savannah', name: 'Savannah' };
    expect((await saveNow([sunValley, atlanta, savannah])).statusCode).toBe(200);
    const closed = await saveNow([sunValley, atlanta], { formerStores: [] });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().formerStores).toEqual(['savannah']);
    const again = await saveNow([sunValley, atlanta, { ...savannah, name: 'Savannah (new)' }]);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({
      'stores.2.id':
        '"savannah" was a store the house removed, and its past hires still name it: give this store an id of its own',
    });
  });
});
