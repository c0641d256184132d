/**
 * Quote requests over the real app: only an approved visitor of this storefront may ask; every bad
 * request (no items, a start inside the lead time, a reversed range, more than in stock, fewer than
 * one, an unknown item, another tenant's item, a price sent along) is refused with the field named
 * and nothing stored; a good one is stored with the catalogue's rates, counted on the profile,
 * mailed to the vendor and the visitor, and listed in the console.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import type { OutboxMailer } from '../../server/mail/mailer';
import { sampleItem } from '../contract/item-store.contract';
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
              category: { group: 'set-dressing', category: 'carts-and-trolleys' },
              rates: { day: 85, week: 255 },
              quantity: 3,
            }),
            sampleItem('jump-seat', { name: 'Jump Seat', quantity: 1 }),
          ],
        }),
      ),
  });
  await t.app.itemStore.put(
    'acme',
    sampleItem('acme-only', { category: { group: 'sets', category: 'galleys' }, vendorId: 'acme' }),
  );
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { host: AVIATION, origin: `http://${AVIATION}`, ...headers } });
const visitor = (email: string, approved: boolean | null) => storefrontVisitor(t, email, approved);
// Dates as the vendor counts them (Los Angeles): the earliest start, and a week later.
const start = () => earliestStart('America/Los_Angeles', 2, new Date());
const good = () => ({
  items: [{ objectID: 'galley-cart', quantity: 2 }],
  startDate: start(),
  endDate: addDays(start(), 6),
  production: 'Red Eye 2',
  notes: 'Stage 4',
});

describe('a quote request', () => {
  it('is for signed-in, approved visitors only, and says why to the others', async () => {
    expect((await post('/api/quote-requests', good())).statusCode).toBe(401);
    const waiting = await visitor('wai@studio.example', null);
    const answer = await post('/api/quote-requests', good(), { cookie: waiting.cookie });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toMatch(
      /^Jetway Props checks every new account first: you can send a quote request once yours is approved/,
    );
    const denied = await visitor('den@studio.example', false);
    expect((await post('/api/quote-requests', good(), { cookie: denied.cookie })).json().message).toMatch(
      /could not approve this account/,
    );
  });

  it("is stored with the catalogue's rates, counted on the profile, mailed to both, and listed in the console", async () => {
    const dana = await visitor('dana@studio.example', true);
    const before = (await (t.app.mailer as OutboxMailer).list()).length;
    const answer = await post('/api/quote-requests', good(), { cookie: dana.cookie });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({
      tenantId: 'aviation',
      email: 'dana@studio.example',
      lines: [{ objectID: 'galley-cart', name: 'Atlas Galley Cart', quantity: 2, dayRate: 85, weekRate: 255 }],
      production: 'Red Eye 2',
    });
    expect((await t.app.profileStore.get('aviation', dana.uid))?.stats?.quoteRequestCount).toBe(1);
    const mails = (await (t.app.mailer as OutboxMailer).list()).slice(
      0,
      (await (t.app.mailer as OutboxMailer).list()).length - before,
    );
    expect(mails.map((mail) => [mail.kind, mail.to]).sort()).toEqual([
      ['quoteConfirmation', 'dana@studio.example'],
      ['quoteRequest', 'rentals@jetwayprops.com'],
    ]);
    const list = await t.as('aviationAdmin', { url: '/api/tenants/aviation/quote-requests' });
    expect(list.headers['content-range']).toBe('quote-requests 0-0/1');
    expect(list.json()[0]).toMatchObject({ id: answer.json().id, email: 'dana@studio.example', items: 2 });
    expect([403, 404]).toContain((await t.as('acmeAdmin', { url: '/api/tenants/aviation/quote-requests' })).statusCode);
  });

  it('is refused, with the field named and nothing stored, for each bad request', async () => {
    const sam = await visitor('sam@studio.example', true);
    const ask = (body: object) => post('/api/quote-requests', body, { cookie: sam.cookie });
    const cases: Array<[string, object, Record<string, unknown>]> = [
      ['no items', { ...good(), items: [] }, { items: expect.stringMatching(/at least 1/) }],
      [
        'a start inside the lead time',
        { ...good(), startDate: addDays(start(), -1) },
        { startDate: expect.stringMatching(/^must be \d{4}-\d\d-\d\d or later \(2 days' notice/) },
      ],
      [
        'a reversed range',
        { ...good(), endDate: addDays(start(), -1) },
        { endDate: 'must be on or after the first day' },
      ],
      [
        'more than in stock',
        { ...good(), items: [{ objectID: 'jump-seat', quantity: 2 }] },
        { 'items.0.quantity': 'only 1 in stock' },
      ],
      [
        'fewer than one',
        { ...good(), items: [{ objectID: 'jump-seat', quantity: 0 }] },
        { 'items.0.quantity': expect.stringMatching(/at least 1/) },
      ],
      [
        'an unknown item',
        { ...good(), items: [{ objectID: 'no-such-item', quantity: 1 }] },
        { 'items.0.objectID': 'no item "no-such-item" in this catalogue' },
      ],
      [
        "another tenant's item",
        { ...good(), items: [{ objectID: 'acme-only', quantity: 1 }] },
        { 'items.0.objectID': 'no item "acme-only" in this catalogue' },
      ],
      [
        'a tampered price',
        { ...good(), items: [{ objectID: 'galley-cart', quantity: 1, dayRate: 1 }] },
        { 'items.0.dayRate': expect.stringMatching(/unknown key "dayRate"/) },
      ],
    ];
    for (const [what, body, errors] of cases) {
      const answer = await ask(body);
      expect(answer.statusCode, what).toBe(400);
      expect(answer.json().errors, what).toMatchObject(errors);
    }
    expect((await t.app.profileStore.get('aviation', sam.uid))?.stats?.quoteRequestCount ?? 0).toBe(0);
    expect((await t.app.quoteRequests.list('aviation')).requests.filter((quote) => quote.uid === sam.uid)).toEqual([]);
  });

  it('is limited per address: past the limit in a minute, the answer is 429, whatever the request', async () => {
    const limited = await buildTestApp({ quotes: { requestsPerMinute: 2 } });
    try {
      const ask = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/quote-requests',
          payload: good(),
          headers: { host: AVIATION, origin: `http://${AVIATION}` },
        });
      expect([(await ask()).statusCode, (await ask()).statusCode, (await ask()).statusCode]).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
