/**
 * What people read, over the real app (issue 26, points 11–16): the mails carry what each side
 * needs (a quote's lines and the vendor's message, a revision said as one, the order's amount,
 * how long a hold lasts, the reason for a decline or a cancellation, a link to the console for the
 * vendor and to the quote for the visitor); the visitor's name is their profile's first and last
 * name in the console and in mail; cancelling a confirmed order needs a reason and accepting needs
 * the version read, each a 400 naming the field; an item page asked for with shoot dates is
 * rendered with them and how many are free; a listing's department cards keep the dates and
 * "only what is free"; a phone's filters are folded in the page the server sends.
 * Mails are read back with mailparser from the outbox.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import type { OutboxMailer } from '../../server/mail/mailer';
import { acceptWithCard } from '../helpers/card-hold';
import { buildTestApp, type TestApp } from '../helpers/server';
import { AVIATION_HOST, storefrontVisitor } from '../helpers/storefront-visitor';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ identity: { attemptsPerMinute: 1000 }, quotes: { requestsPerMinute: 1000 } });
});
afterAll(() => t.close());

const TZ = 'America/Los_Angeles';
const SEAT = '1950s-propliner-triple-seat-row-orange-vinyl';
const storefront = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  cookie = '',
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    ...(payload && { payload }),
    headers: { host: AVIATION_HOST, origin: `http://${AVIATION_HOST}`, cookie, ...headers },
  });
const vendor = (url: string, revision: string, payload?: object) =>
  t.as('aviationAdmin', {
    method: 'POST',
    url: `/api/tenants/aviation/quote-requests/${url}`,
    ...(payload && { payload }),
    headers: { 'if-match': `"${revision}"` },
  });
const etag = (response: LightMyRequestResponse) => String(response.headers.etag).replace(/"/g, '');
/** The newest mail of this kind to this address, as its reader sees it. */
async function mailTo(to: string, subject: RegExp): Promise<{ subject: string; text: string }> {
  const outbox = t.app.mailer as OutboxMailer;
  const entry = (await outbox.list()).find((candidate) => candidate.to.includes(to) && subject.test(candidate.subject));
  if (!entry)
    throw new Error(
      `no mail to ${to} matching ${subject}: ${(await outbox.list()).map((mail) => `${mail.to} ${mail.subject}`).join('; ')}`,
    );
  const parsed = await simpleParser(await readFile(path.join(outbox.dir, entry.file)));
  return { subject: parsed.subject ?? '', text: parsed.text ?? '' };
}
const pricing = {
  adjustments: { [SEAT]: { amount: -20, reason: 'Returning client' } },
  services: [],
  message: 'Delivery included both ways.',
};

describe('mails and words', () => {
  it('say what each side needs, with the name the profile has', async () => {
    const dana = await storefrontVisitor(t, 'dana@words.example');
    expect(
      (await storefront('PUT', '/api/identity/profile', dana.cookie, { firstName: 'Dana', lastName: 'Reyes' }))
        .statusCode,
    ).toBe(200);
    const start = earliestStart(TZ, 2, new Date());
    const asked = await storefront('POST', '/api/quote-requests', dana.cookie, {
      items: [{ objectID: SEAT, quantity: 1 }],
      startDate: start,
      endDate: addDays(start, 4),
      production: 'Red Eye 2',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().id as string;

    const receipt = await mailTo('dana@words.example', /request to/);
    expect(receipt.text).toContain('Hello Dana Reyes,');
    expect(receipt.text).toContain(`/quotes/${id}`);
    const toVendor = await mailTo('rentals@jetwayprops.com', /New quote request/);
    expect(toVendor.subject).toContain('Dana Reyes');
    expect(toVendor.text).toContain(`/admin/#/t/aviation/quote-requests/${id}`);
    expect(toVendor.text).not.toContain(`Request ${id}`);

    const quoted = await vendor(`${id}/quote`, '0', pricing);
    expect(quoted.statusCode, quoted.body).toBe(200);
    const first = await mailTo('dana@words.example', /^Your quote from/);
    expect(first.text).toContain('Delivery included both ways.');
    expect(first.text).toMatch(
      /1 × 1950s Propliner Triple Seat Row, Orange Vinyl: \$[\d,.]+ \(less \$20\.00: Returning client\)\./,
    );
    const held = await vendor(`${id}/hold`, etag(quoted));
    expect((await mailTo('dana@words.example', /holding your items/)).text).toMatch(
      /, until the end of \w{3} \d+, \d{4}\. A hold is not an order: if another production wants them/,
    );
    const revised = await vendor(`${id}/quote`, etag(held), { ...pricing, message: 'Now with a second delivery.' });
    const second = await mailTo('dana@words.example', /revised quote \(version 2\)/);
    expect(second.text).toContain('It replaces the earlier version');
    expect(second.text).toContain('Now with a second delivery.');

    // Accepting without the version read is a 400 naming it.
    const blind = await storefront(
      'POST',
      `/api/quotes/${id}/accept`,
      dana.cookie,
      {},
      { 'if-match': `"${etag(revised)}"` },
    );
    expect(blind.statusCode).toBe(400);
    expect(blind.json().errors).toEqual({ version: 'is needed to accept: the priced version you read' });
    const confirmed = await vendor(`${id}/confirm`, await acceptWithCard(t.app, id, dana.cookie, 2));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const order = await mailTo('dana@words.example', /order with .* is confirmed/);
    expect(order.subject).toMatch(/: \$[\d,.]+$/);
    expect(order.text).toMatch(/in all\./);

    // A confirmed order's cancellation says why, or is refused naming the reason.
    const silent = await vendor(`${id}/cancel`, etag(confirmed));
    expect(silent.statusCode).toBe(400);
    expect(silent.json().errors).toEqual({
      reason: 'say why the order is cancelled: the visitor reads it in their mail',
    });
    const cancelled = await vendor(`${id}/cancel`, etag(confirmed), { reason: 'The set burned down' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().history.at(-1)).toMatchObject({ action: 'cancel', note: 'The set burned down' });
    const cancelMail = await mailTo('dana@words.example', /order with .* was cancelled/);
    expect(cancelMail.text).toContain('“The set burned down”');

    // The console's Users says the name too.
    const users = await t.as('aviationAdmin', {
      url: `/api/tenants/aviation/users?filter=${encodeURIComponent(JSON.stringify({ decision: 'approved' }))}`,
    });
    expect(users.json().find((user: { id: string }) => user.id === dana.uid)).toMatchObject({ name: 'Dana Reyes' });
  });

  it('tells the vendor why a visitor declined', async () => {
    const sam = await storefrontVisitor(t, 'sam@words.example');
    const start = addDays(earliestStart(TZ, 2, new Date()), 30);
    const id = (
      await storefront('POST', '/api/quote-requests', sam.cookie, {
        items: [{ objectID: SEAT, quantity: 1 }],
        startDate: start,
        endDate: addDays(start, 2),
      })
    ).json().id as string;
    const quoted = await vendor(`${id}/quote`, '0', pricing);
    const declined = await storefront(
      'POST',
      `/api/quotes/${id}/decline`,
      sam.cookie,
      { reason: 'Went with a standing set' },
      { 'if-match': `"${etag(quoted)}"` },
    );
    expect(declined.statusCode, declined.body).toBe(200);
    const mail = await mailTo('rentals@jetwayprops.com', /declined your quote/);
    expect(mail.text).toContain('“Went with a standing set”');
    expect(mail.text).toContain(`/admin/#/t/aviation/quote-requests/${id}`);
  });
});

describe('pages', () => {
  it('render an item asked for with shoot dates with them and how many are free, without keeping it', async () => {
    const from = addDays(earliestStart(TZ, 2, new Date()), 60);
    const to = addDays(from, 3);
    const page = await storefront('GET', `/item/${SEAT}?from=${from}&to=${to}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`value="${from}"`);
    expect(page.body).toMatch(/2 free from/);
    const plain = await storefront('GET', `/item/${SEAT}`);
    expect(plain.body).not.toContain(`value="${from}"`);
  });

  it("keep the dates and 'only what is free' on a listing's department cards, and fold a phone's filters from the first paint", async () => {
    const page = await storefront('GET', '/rentals?from=2027-03-01&to=2027-03-05&available=1');
    expect(page.body).toContain('href="/rentals/seats?from=2027-03-01&amp;to=2027-03-05&amp;available=1"');
    const plain = await storefront('GET', '/rentals/seats');
    expect(plain.body).toContain('class="filters-panel" data-folded="true"');
    const filtered = await storefront('GET', '/rentals/seats?color=Blue');
    expect(filtered.body).toContain('class="filters-panel" data-folded="false"');
  });
});

describe('overbooking as each side meets it', () => {
  it('says when a refused line is free again, tells a visitor their own order apart, and flags a request that lost its stock', async () => {
    const x = addDays(earliestStart(TZ, 2, new Date()), 120);
    const ask = (who: { cookie: string }, from: string, days: number) =>
      storefront('POST', '/api/quote-requests', who.cookie, {
        items: [{ objectID: SEAT, quantity: 2 }],
        startDate: from,
        endDate: addDays(from, days - 1),
      });
    const order = async (who: { cookie: string }, id: string) => {
      await vendor(`${id}/quote`, '0', { adjustments: {}, services: [] });
      return vendor(`${id}/confirm`, await acceptWithCard(t.app, id, who.cookie));
    };
    const ana = await storefrontVisitor(t, 'ana@overbook.example');
    const first = (await ask(ana, x, 5)).json().id as string;
    expect((await order(ana, first)).statusCode).toBe(200);

    // Both seats are out on x…x+4, with a day's turnaround after: the same 2-day hire fits from x+6.
    const ben = await storefrontVisitor(t, 'ben@overbook.example');
    const refused = await ask(ben, addDays(x, 2), 2);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors['items.0.quantity']).toBe(
      `only 0 free from ${addDays(x, 2)} to ${addDays(x, 3)}: the rest are held for other hires. From ${addDays(x, 6)}, 2 are free for as many days`,
    );

    // Ana's own order is hers, not "other hires"; Ben sees none free.
    const mine = await storefront('GET', `/api/availability/${SEAT}?from=${x}&to=${addDays(x, 4)}`, ana.cookie);
    expect(mine.json().days[0]).toEqual({ date: x, free: 0, freeBesidesYours: 2 });
    expect(
      (await storefront('GET', `/api/availability/${SEAT}?from=${x}&to=${addDays(x, 4)}`, ben.cookie)).json().days[0],
    ).toEqual({ date: x, free: 0 });

    // Two requests for the same later days, asked while both seats were free; one is confirmed, and the list flags the other.
    const later = addDays(x, 20);
    const confirmedId = (await ask(ana, later, 3)).json().id as string;
    const waitingId = (await ask(ben, addDays(later, 1), 3)).json().id as string;
    expect((await order(ana, confirmedId)).statusCode).toBe(200);
    const list = await t.as('aviationAdmin', {
      url: `/api/tenants/aviation/quote-requests?filter=${encodeURIComponent(JSON.stringify({ from: later, to: addDays(later, 3) }))}`,
    });
    const rows = list.json() as Array<{ id: string; short: boolean }>;
    expect(rows.find((row) => row.id === waitingId)).toMatchObject({ short: true });
    expect(rows.find((row) => row.id === confirmedId)).toMatchObject({ short: false });
    // Confirming it is refused in the words of the step taken.
    await vendor(`${waitingId}/quote`, '0', { adjustments: {}, services: [] });
    const refusedConfirm = await vendor(`${waitingId}/confirm`, await acceptWithCard(t.app, waitingId, ben.cookie));
    expect(refusedConfirm.statusCode).toBe(409);
    expect(refusedConfirm.json().message).toBe('Not confirmed: a line is not free on these dates');
  });
});
