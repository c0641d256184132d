/**
 * After the request, over the real app: the vendor prices a request (the server's breakdown is the
 * one stored, GL codes from the category tree), revises it, pencils and releases holds, confirms;
 * the visitor sees their quotes without GL codes, accepts only the latest version on the revision
 * they read, and never someone else's; a confirmation that would overbook is refused naming the
 * line; a request for more than is free on its dates is refused naming the field; an expired quote
 * cannot be accepted; each step is in the audit trail, mailed to the other side, and counted on
 * the visitor's profile for their open pages.
 */
import { writeFile } from 'node:fs/promises';
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceQuote, pricingRuleOf } from '../../schema/rental/quote-pricing';
import { addDays, earliestStart, todayIn } from '../../schema/rental/quote-rules';
import type { OutboxMailer } from '../../server/mail/mailer';
import { sampleItem } from '../contract/item-store.contract';
import { acceptWithCard, authoriseCard } from '../helpers/card-hold';
import { buildTestApp, type TestApp } from '../helpers/server';
import { storefrontVisitor } from '../helpers/storefront-visitor';

const AVIATION = 'aviation.localhost';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    identity: { attemptsPerMinute: 1000 },
    quotes: { requestsPerMinute: 1000 },
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

const storefront = (
  method: 'GET' | 'POST',
  url: string,
  cookie: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    ...(payload && { payload }),
    headers: { host: AVIATION, origin: `http://${AVIATION}`, cookie, ...headers },
  });
const visitor = (email: string) => storefrontVisitor(t, email);
const start = () => earliestStart('America/Los_Angeles', 2, new Date());
const ask = async (
  who: { cookie: string },
  items: Array<{ objectID: string; quantity: number }>,
  from = start(),
  days = 8,
) => {
  const answer = await storefront('POST', '/api/quote-requests', who.cookie, {
    items,
    startDate: from,
    endDate: addDays(from, days - 1),
    production: 'Red Eye 2',
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().id as string;
};
const vendor = (method: 'GET' | 'POST', id: string, action = '', payload?: object | null, revision?: string) =>
  t.as('aviationAdmin', {
    method,
    url: `/api/tenants/aviation/quote-requests/${id}${action && `/${action}`}`,
    ...(payload !== undefined && { payload: payload ?? undefined }),
    headers: revision === undefined ? {} : { 'if-match': `"${revision}"` },
  });
const etagOf = (response: LightMyRequestResponse) => String(response.headers.etag).replace(/"/g, '');
/** The outbox, newest first. */
const mails = () => (t.app.mailer as OutboxMailer).list();

const pricing = {
  adjustments: { 'galley-cart': { amount: -20, reason: 'Returning client' } },
  services: [
    {
      category: { group: 'services', category: 'delivery-and-pickup', subcategory: 'local-delivery' },
      name: 'Delivery to Stage 3',
      quantity: 2,
      unitPrice: 175,
    },
  ],
  message: 'Delivery included both ways.',
};

describe('the conversation after a quote request', () => {
  it('prices, revises and confirms a request, and shows the visitor their quote without GL codes', async () => {
    const dana = await visitor('dana@studio.example');
    const id = await ask(dana, [
      { objectID: 'galley-cart', quantity: 2 },
      { objectID: 'jump-seat', quantity: 1 },
    ]);

    const opened = await vendor('GET', id);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(etagOf(opened)).toBe('0');
    expect(opened.json()).toMatchObject({
      state: 'requested',
      hold: 'none',
      actions: ['quote', 'change', 'hold', 'cancel'],
      rule: { weeklyDiscounts: [0.5, 0.5, 1, 0, 0.5, 0.5, 1, 0.75], cardProcessingPercent: 5 },
      lineDetails: [
        { objectID: 'galley-cart', glCode: '4310', stock: 3, free: 3 },
        { objectID: 'jump-seat', glCode: '4200', stock: 1, free: 1 },
      ],
      conflicts: [],
    });

    // No If-Match, a stale one, and pricing that names what is not on the request: refused, nothing stored.
    expect((await vendor('POST', id, 'quote', pricing)).statusCode).toBe(428);
    expect((await vendor('POST', id, 'quote', pricing, '7')).statusCode).toBe(412);
    const wrong = await vendor(
      'POST',
      id,
      'quote',
      {
        adjustments: { ghost: { amount: 1, reason: 'x' } },
        services: [{ ...pricing.services[0], category: { group: 'seats', category: 'economy' } }],
      },
      '0',
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({
      'adjustments.ghost': 'is not an item on this request',
      'services.0.category': 'must be a category of a Service group in the category tree',
    });
    // A service line at nothing is a price not typed yet: said at its price, not sent.
    const free = await vendor(
      'POST',
      id,
      'quote',
      { ...pricing, services: [{ ...pricing.services[0]!, unitPrice: 0 }] },
      '0',
    );
    expect(free.json().errors).toEqual({
      'services.0.unitPrice':
        'Delivery to Stage 3 is priced at nothing: give its price, or remove the line and say it is free in the message',
    });

    const mailsBefore = (await mails()).length;
    const quoted = await vendor('POST', id, 'quote', pricing, '0');
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(etagOf(quoted)).toBe('1');
    const version = quoted.json().versions[0];
    // The stored breakdown is the pricing function's, from the rates the visitor was quoted.
    const expected = priceQuote(
      {
        startDate: start(),
        endDate: addDays(start(), 7),
        lines: [
          {
            objectID: 'galley-cart',
            name: 'Atlas Galley Cart',
            quantity: 2,
            dayRate: 85,
            weekRate: 255,
            glCode: '4310',
            adjustment: pricing.adjustments['galley-cart'],
          },
          { objectID: 'jump-seat', name: 'Jump Seat', quantity: 1, dayRate: 40, glCode: '4200' },
        ],
        services: [{ ...pricing.services[0]!, glCode: '4810' }],
      },
      pricingRuleOf(
        { weeklyDiscounts: [0.5, 0.5, 1, 0, 0.5, 0.5, 1, 0.75] },
        { ccAuthEnabled: true, ccAuthProcessingPercentage: 5 },
      ),
    );
    expect(version.breakdown).toEqual(expected);
    // 2 × (255 + 85 × 0.5 × 0.75 = 31.88) − 20 = 553.76; 160 + 40 × 0.5 × 0.75 = 175; delivery 2 × 175.
    expect([version.breakdown.total, version.breakdown.cardAuthorisation]).toEqual([
      1078.76,
      { processingPercent: 5, processing: 53.94, amount: 1132.7 },
    ]);
    // The mail says what the card is charged, as the quote page ends on it.
    expect(quoted.json()).toMatchObject({ state: 'quoted', actions: ['quote', 'change', 'hold', 'cancel'] });
    const all = await mails();
    const sent = all.slice(0, all.length - mailsBefore);
    expect(sent.map((mail) => [mail.kind, mail.to, mail.subject])).toEqual([
      ['quoteUpdate', 'dana@studio.example', 'Your quote from Jetway Props: $1,132.70'],
    ]);
    expect((await t.app.profileStore.get('aviation', dana.uid))?.stats?.unreadNotificationCount).toBe(1);

    // The visitor's view: the same numbers, no GL codes, and the buttons they have.
    const mine = await storefront('GET', '/api/quotes', dana.cookie);
    expect(mine.json().quotes).toHaveLength(1);
    expect(mine.json().quotes[0]).toMatchObject({
      id,
      state: 'quoted',
      total: 1078.76,
      // Holding its items is the production's to ask for too, until it accepts.
      actions: ['hold', 'accept', 'decline', 'cancel'],
    });
    expect(mine.body).not.toMatch(/glCode|4310|4200|4810|admin@jetwayprops/);

    // A revision makes version 2: accepting version 1 is refused with the reason, then version 2 goes.
    const revised = await vendor('POST', id, 'quote', { ...pricing, adjustments: {} }, '1');
    expect(revised.json().versions.map((entry: { version: number }) => entry.version)).toEqual([1, 2]);
    const accept = (version: number, revision: string) =>
      storefront('POST', `/api/quotes/${id}/accept`, dana.cookie, { version }, { 'if-match': `"${revision}"` });
    const oldVersion = await accept(1, '2');
    expect(oldVersion.statusCode).toBe(409);
    expect(oldVersion.json().message).toBe('Version 1 was revised: read version 2 before you accept it.');
    expect((await accept(2, '1')).statusCode).toBe(412);
    // Accepting holds the visitor's card first (tests/server/card-holds.test.ts has the rest).
    expect((await accept(2, '2')).statusCode).toBe(402);
    const { revision: held } = await authoriseCard(t.app, id, dana.cookie);
    const accepted = await accept(2, held);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ state: 'accepted', actions: ['cancel'] });
    expect((await mails())[0]).toMatchObject({
      kind: 'quoteUpdate',
      to: 'rentals@jetwayprops.com',
      subject: 'dana (dana@studio.example) accepted quote version 2',
    });

    // Someone else's request is not there for another visitor; a vendor's action is not a visitor's.
    const sam = await visitor('sam@studio.example');
    expect((await storefront('GET', `/api/quotes/${id}`, sam.cookie)).statusCode).toBe(404);
    expect(
      (await storefront('POST', `/api/quotes/${id}/decline`, sam.cookie, {}, { 'if-match': '"3"' })).statusCode,
    ).toBe(404);
    expect(
      (await storefront('POST', `/api/quotes/${id}/confirm`, dana.cookie, {}, { 'if-match': '"3"' })).statusCode,
    ).toBe(400);

    // Sam asks for the only jump seat on overlapping dates and the vendor pencils it: Dana, holding
    // nothing, is behind Sam's hold; her confirmation is refused naming the line and the day, until the pencil is released.
    const samsId = await ask(sam, [{ objectID: 'jump-seat', quantity: 1 }], addDays(start(), 3), 2);
    const pencilled = await vendor('POST', samsId, 'hold', null, '0');
    expect(pencilled.json()).toMatchObject({ state: 'requested', hold: 'pencil' });
    const acceptedAt = etagOf(accepted);
    const refused = await vendor('POST', id, 'confirm', null, acceptedAt);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual({
      'lines.1.quantity': `only 0 of 1 free on ${addDays(start(), 2)}: holds ahead of this one have the rest`,
    });
    expect(refused.json().message).toMatch(
      /^Not confirmed: another production holds these items ahead of this request/,
    );
    expect((await vendor('GET', id)).json()).toMatchObject({
      state: 'accepted',
      hold: 'none',
      conflicts: [{ quoteId: samsId, objectID: 'jump-seat', kind: 'pencil' }],
    });
    await vendor('POST', samsId, 'release', null, '1');
    const confirmed = await vendor('POST', id, 'confirm', null, acceptedAt);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ state: 'confirmed', hold: 'order', actions: ['change', 'cancel'] });
    expect(
      confirmed.json().history.map((entry: { action: string; by: string }) => `${entry.action} by ${entry.by}`),
    ).toEqual(['request by visitor', 'quote by vendor', 'quote by vendor', 'accept by visitor', 'confirm by vendor']);

    // Now the jump seat is taken on those dates: a new request for it is refused at the field.
    const more = await storefront('POST', '/api/quote-requests', sam.cookie, {
      items: [{ objectID: 'jump-seat', quantity: 1 }],
      startDate: addDays(start(), 4),
      endDate: addDays(start(), 5),
    });
    expect(more.statusCode).toBe(400);
    // With the first day the same two-day hire fits: after the held days and a turnaround day.
    expect(more.json().errors['items.0.quantity']).toMatch(
      new RegExp(
        `^only 0 free from ${addDays(start(), 4)} to ${addDays(start(), 5)}: the rest are held for other hires\\. From \\d{4}-\\d{2}-\\d{2}, 1 is free for as many days$`,
      ),
    );

    // The console filters by state and by dates.
    const list = (filter: object) =>
      t.as('aviationAdmin', {
        url: `/api/tenants/aviation/quote-requests?filter=${encodeURIComponent(JSON.stringify(filter))}`,
      });
    expect((await list({ state: 'confirmed' })).json().map((quote: { id: string }) => quote.id)).toEqual([id]);
    expect((await list({ from: addDays(start(), 30) })).json()).toEqual([]);
    expect(
      (await list({ state: 'requested', to: addDays(start(), 3) }))
        .json()
        .map((quote: { id: string; total: null }) => [quote.id, quote.total]),
    ).toEqual([[samsId, null]]);
  });

  it('stores a quote as expired once its last day has passed, and refuses to accept it', async () => {
    const lee = await visitor('lee@studio.example');
    const id = await ask(lee, [{ objectID: 'galley-cart', quantity: 1 }], addDays(start(), 40), 3);
    await vendor('POST', id, 'hold', null, '0');
    await vendor('POST', id, 'quote', { adjustments: {}, services: [] }, '1');
    // The quote's last day moved into the past, as if two weeks had gone by.
    await t.app.quoteRequests.change('aviation', id, {
      revision: 2,
      apply: (quote) => ({
        ...quote,
        versions: quote.versions!.map((version) => ({ ...version, expiresOn: '2020-01-01' })),
      }),
    });
    const seen = await storefront('GET', `/api/quotes/${id}`, lee.cookie);
    expect(seen.json()).toMatchObject({ state: 'expired', hold: 'none', actions: [] });
    expect(seen.json().history.at(-1)).toMatchObject({ action: 'expire', by: 'system', from: 'quoted', to: 'expired' });
    expect((await mails())[0]).toMatchObject({
      kind: 'quoteUpdate',
      to: 'lee@studio.example',
      subject: 'Your quote from Jetway Props expired',
    });
    const accept = await storefront(
      'POST',
      `/api/quotes/${id}/accept`,
      lee.cookie,
      { version: 1 },
      { 'if-match': `"${etagOf(seen)}"` },
    );
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe('An expired request cannot be accepted.');
    expect(
      await t.app.quoteRequests.bookings('aviation', ['galley-cart'], '2000-01-01', '2100-01-01'),
    ).not.toContainEqual(expect.objectContaining({ quoteId: id }));
  });
});

describe("the console's live list", () => {
  it('hears each request added or changed in its tenant, as it happens', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const stream = await new Promise<IncomingMessage>((resolve, reject) =>
      get(
        {
          host: '127.0.0.1',
          port,
          path: '/api/tenants/aviation/quote-requests/events',
          headers: { cookie: t.cookieOf('aviationAdmin') },
        },
        resolve,
      ).on('error', reject),
    );
    try {
      expect(stream.statusCode).toBe(200);
      expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
      let events = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (events += chunk));
      const mo = await visitor('mo@studio.example');
      const id = await ask(mo, [{ objectID: 'galley-cart', quantity: 1 }], addDays(start(), 120), 2);
      await expect.poll(() => events).toContain(`event: quote\ndata: {"id":"${id}"}`);
      const before = events.length;
      await vendor('POST', id, 'hold', null, '0');
      await expect.poll(() => events.slice(before)).toContain(`data: {"id":"${id}"}`);
      // Another tenant's admin may not listen here.
      expect([403, 404]).toContain(
        (await t.as('acmeAdmin', { url: '/api/tenants/aviation/quote-requests/events' })).statusCode,
      );
    } finally {
      stream.destroy();
    }
  });
});

describe('what the stock is doing, and the accounts', () => {
  it("shows an item's free quantity per day with the bookings behind it, and exports confirmed lines by GL code and month", async () => {
    const kim = await visitor('kim@studio.example');
    const from = addDays(start(), 60);
    const id = await ask(kim, [{ objectID: 'galley-cart', quantity: 2 }], from, 3);
    await vendor(
      'POST',
      id,
      'quote',
      {
        adjustments: {},
        services: [
          {
            category: { group: 'services', category: 'labor', subcategory: 'overtime' },
            name: '=HYPERLINK("x") crew overtime',
            quantity: 3,
            unitPrice: 60,
          },
        ],
      },
      '0',
    );
    expect((await vendor('POST', id, 'confirm', null, await acceptWithCard(t.app, id, kim.cookie))).statusCode).toBe(
      200,
    );

    const timeline = await t.as('aviationAdmin', {
      url: `/api/tenants/aviation/availability/galley-cart?from=${addDays(from, -2)}&to=${addDays(from, 4)}`,
    });
    expect(timeline.statusCode, timeline.body).toBe(200);
    // Three in stock; two out for three days, with a turnaround day either side.
    expect(timeline.json().days.map((day: { free: number }) => day.free)).toEqual([3, 1, 1, 1, 1, 1, 3]);
    expect(timeline.json().bookings).toEqual([
      expect.objectContaining({
        quoteId: id,
        quantity: 2,
        kind: 'order',
        who: 'kim',
        production: 'Red Eye 2',
        state: 'confirmed',
      }),
    ]);
    expect(
      (
        await t.as('aviationAdmin', {
          url: `/api/tenants/aviation/availability/galley-cart?from=${from}&to=${addDays(from, 100)}`,
        })
      ).statusCode,
    ).toBe(400);
    expect((await t.as('aviationAdmin', { url: '/api/tenants/aviation/availability/no-such-item' })).statusCode).toBe(
      404,
    );
    expect([403, 404]).toContain(
      (await t.as('acmeAdmin', { url: '/api/tenants/aviation/availability/galley-cart' })).statusCode,
    );

    // Filed by the month it was confirmed in (today, where the vendor is), not the month the hire starts.
    const confirmedOn = todayIn('America/Los_Angeles', new Date());
    const month = confirmedOn.slice(0, 7);
    const csv = await t.as('aviationAdmin', { url: `/api/tenants/aviation/orders.csv?from=${month}&to=${month}` });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]).toBe(
      'GL code,Month confirmed,Confirmed on,Amount,Order,Production,Customer,Kind,Item,Item id,Quantity,First day,Last day,Quote version',
    );
    // 3 days of a galley cart: 85 × (0.5 + 0.5 + 1) = 170 each; overtime posts to its own code, and cannot run as a formula.
    expect(rows.filter((row) => row.includes(id))).toEqual([
      `4310,${month},${confirmedOn},340.00,${id},Red Eye 2,kim <kim@studio.example>,rental,Atlas Galley Cart,galley-cart,2,${from},${addDays(from, 2)},1`,
      `4831,${month},${confirmedOn},180.00,${id},Red Eye 2,kim <kim@studio.example>,service,"'=HYPERLINK(""x"") crew overtime",services/labor/overtime,3,${from},${addDays(from, 2)},1`,
    ]);
    expect(
      (await t.as('aviationAdmin', { url: '/api/tenants/aviation/orders.csv?from=2026-13&to=2026-12' })).statusCode,
    ).toBe(400);
  });
});

describe('shoot dates on the storefront', () => {
  it('says how many are free on listings and leaves out what is booked out, with a calendar per item', async () => {
    const page = (url: string) => t.app.inject({ url, headers: { host: AVIATION, 'accept-encoding': 'identity' } });
    const free = (html: string) =>
      JSON.parse(/<script type="application\/json" id="backlot-state">(.*?)<\/script>/s.exec(html)![1]!).catalogue
        .free as Record<string, number>;
    // Ole's request holds the only jump seat on day 10 to 12 as an order.
    const ole = await visitor('ole@studio.example');
    const from = addDays(start(), 90);
    const id = await ask(ole, [{ objectID: 'jump-seat', quantity: 1 }], from, 3);
    await vendor('POST', id, 'quote', { adjustments: {}, services: [] }, '0');
    await vendor('POST', id, 'confirm', null, await acceptWithCard(t.app, id, ole.cookie));

    const onDates = await page(`/rentals/seats?from=${from}&to=${addDays(from, 1)}`);
    expect(onDates.statusCode).toBe(200);
    expect(free(onDates.body)).toEqual({ 'jump-seat': 0 });
    expect(onDates.body).toContain('Booked on your dates');
    // The day after the turnaround it is free again.
    expect(free((await page(`/rentals/seats?from=${addDays(from, 4)}&to=${addDays(from, 5)}`)).body)).toEqual({
      'jump-seat': 1,
    });
    // "Only what is free" leaves it out; without dates there is no count and the filter does nothing.
    expect((await page(`/rentals/seats?from=${from}&to=${from}&available=1`)).body).toContain(
      'Nothing matches all of these filters.',
    );
    // Across the catalogue, the same read of the bookings leaves it out and counts what is shown.
    const everythingFree = free((await page(`/rentals?from=${from}&to=${from}&available=1`)).body);
    expect(Object.keys(everythingFree).length).toBeGreaterThan(0);
    expect(everythingFree).not.toHaveProperty('jump-seat');
    expect(Object.values(everythingFree).every((quantity) => quantity >= 1)).toBe(true);
    const plain = (await page('/rentals/seats?available=1')).body;
    expect(plain).not.toMatch(/item-card-(free|booked)/);
    expect(plain).toContain('Jump Seat');
    // Backwards or overlong dates are no dates.
    expect((await page(`/rentals/seats?from=${from}&to=${addDays(from, -1)}`)).body).not.toMatch(
      /item-card-(free|booked)/,
    );
    expect((await page(`/rentals/seats?from=${from}&to=${addDays(from, 200)}`)).body).not.toMatch(
      /item-card-(free|booked)/,
    );

    const calendar = await page(`/api/availability/jump-seat?from=${addDays(from, -2)}&to=${addDays(from, 4)}`);
    expect(calendar.json()).toMatchObject({
      stock: 1,
      days: [1, 0, 0, 0, 0, 0, 1].map((count, index) => ({ date: addDays(from, index - 2), free: count })),
    });
    expect(calendar.body).not.toContain(id);
    // At most 92 days at once (as long as shoot dates may be).
    expect((await page(`/api/availability/jump-seat?from=${from}&to=${addDays(from, 60)}`)).statusCode).toBe(200);
    expect((await page(`/api/availability/jump-seat?from=${from}&to=${addDays(from, 92)}`)).statusCode).toBe(400);
    expect((await page('/api/availability/no-such-item')).statusCode).toBe(404);
  });
});
