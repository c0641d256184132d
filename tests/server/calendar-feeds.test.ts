/**
 * Calendar feeds over HTTP: the vendor's link (pick-ups and returns) and each item's, made,
 * replaced (the old link then opens nothing) and turned off from the console; a visitor's own link
 * from the storefront; iCalendar that a calendar app reads (all-day events, the vendor's zone named);
 * a hostile production name staying text; and every wrong, other or ended secret a 404.
 */
import ICAL from 'ical.js';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../schema/rental/quote-rules';
import { quoteStoresOf } from '../../server/rental/quote-stores';
import { vendorFeed } from '../../server/rental/calendar-feeds';
import { quoteSettingsOf } from '../../server/rental/quote-conversation';
import { confirmedOrder, type ConfirmedOrder } from '../helpers/confirmed-order';
import { buildTestApp, type TestApp } from '../helpers/server';
import { AVIATION_HOST, storefrontVisitor } from '../helpers/storefront-visitor';

let t: TestApp;
let order: ConfirmedOrder;
const logLines: string[] = [];
const SEATS = '1950s-propliner-triple-seat-row-brown-houndstooth';
const HOSTILE = 'Red Eye\r\nBEGIN:VEVENT\r\nSUMMARY:pwned\r\nEND:VEVENT';

beforeAll(async () => {
  const log = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await buildTestApp({
    logger: { level: 'info', stream: log },
    identity: { attemptsPerMinute: 1000 },
    quotes: { requestsPerMinute: 1000 },
  });
  order = await confirmedOrder(t, 'feeds@studio.example', [{ objectID: SEATS, quantity: 2 }], 4, HOSTILE);
});
afterAll(() => t.close());

/** A feed's events as a calendar app reads them: lines unfolded, each VEVENT's properties. */
function events(ics: string): Array<Record<string, string>> {
  const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n');
  const found: Array<Record<string, string>> = [];
  let current: Record<string, string> | undefined;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      found.push(current!);
      current = undefined;
    } else if (current) {
      const colon = line.indexOf(':');
      current[line.slice(0, colon)] = line.slice(colon + 1);
    }
  }
  return found;
}
const compact = (date: string) => date.replaceAll('-', '');
const read = (url: string) => t.app.inject({ url: new URL(url).pathname });

describe("the vendor's calendar", () => {
  let hires: string;

  it('has no link until staff make one, and only staff of the tenant may', async () => {
    expect((await t.as('aviationAdmin', { url: '/api/tenants/aviation/calendar-feed' })).json()).toEqual({
      url: null,
      itemUrl: null,
    });
    expect((await t.as('anonymous', { method: 'POST', url: '/api/tenants/aviation/calendar-feed' })).statusCode).toBe(
      401,
    );
    expect([403, 404]).toContain(
      (await t.as('acmeAdmin', { method: 'POST', url: '/api/tenants/aviation/calendar-feed' })).statusCode,
    );
    const made = await t.as('aviationAdmin', { method: 'POST', url: '/api/tenants/aviation/calendar-feed' });
    expect(made.statusCode, made.body).toBe(200);
    hires = made.json().url;
    expect(hires).toMatch(/^http:\/\/[^/]+\/calendar\/aviation\/[A-Za-z0-9_-]{32}\/hires\.ics$/);
    expect(made.json().itemUrl).toBe(hires.replace('hires.ics', 'items/{objectID}.ics'));
    expect((await t.as('aviationAdmin', { url: '/api/tenants/aviation/calendar-feed' })).json().url).toBe(hires);
  });

  it('lists each order going out and coming back as all-day events, its name kept as text', async () => {
    const feed = await read(hires);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.body).toContain('X-WR-TIMEZONE:America/Los_Angeles');
    const mine = events(feed.body).filter((event) => event.UID?.startsWith(order.id));
    expect(mine.map((event) => [event.SUMMARY, event['DTSTART;VALUE=DATE'], event['DTEND;VALUE=DATE']])).toEqual([
      [
        String.raw`Out: Red Eye\nBEGIN:VEVENT\nSUMMARY:pwned\nEND:VEVENT (2 pieces)`,
        compact(order.startDate),
        compact(addDays(order.startDate, 1)),
      ],
      [
        String.raw`Back: Red Eye\nBEGIN:VEVENT\nSUMMARY:pwned\nEND:VEVENT`,
        compact(order.endDate),
        compact(addDays(order.endDate, 1)),
      ],
    ]);
    // The name's line breaks are escaped: no event of its own, no line of its own.
    expect(feed.body.split('\r\n').filter((line) => line.startsWith('SUMMARY:pwned'))).toEqual([]);
    expect(mine[0]!.DESCRIPTION).toContain(String.raw`2 × 1950s Propliner Triple Seat Row`);
    expect(mine[0]!['URL;VALUE=URI']).toMatch(new RegExp(`/admin/#/t/aviation/dispatch/${order.id}$`));
  });

  it('is well-formed iCalendar (ical.js reads it), stamps each event with its last change, counts changes in SEQUENCE, and answers 304 when unchanged', async () => {
    const first = await read(hires);
    // RFC 5545: every line, the last included, ends with CRLF; none is longer than 75 octets.
    expect(first.body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    for (const line of first.body.split('\r\n')) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    const calendar = new ICAL.Component(ICAL.parse(first.body));
    const back = calendar
      .getAllSubcomponents('vevent')
      .find((event) => event.getFirstPropertyValue('uid') === `${order.id}-back@aviation.backlot`)!;
    const stored = (await t.app.quoteRequests.get('aviation', order.id))!;
    // DTSTAMP is the order's last change, not the moment of the download.
    expect((back.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().toISOString()).toBe(
      new Date(stored.history!.at(-1)!.at).toISOString().replace(/\.\d{3}Z$/, '.000Z'),
    );
    expect(back.getFirstPropertyValue('sequence')).toBe((stored.revision ?? 0) * 2);
    expect(String(back.getFirstPropertyValue('summary'))).toMatch(/^Back: Red Eye/);

    // A poll that holds the current text downloads nothing; the feed says when it last changed.
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(Date.parse(String(first.headers['last-modified']))).toBeGreaterThan(0);
    const again = await t.app.inject({
      url: new URL(hires).pathname,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect([again.statusCode, again.body]).toEqual([304, '']);
    expect((await read(hires)).body).toBe(first.body);
  });

  it('counts turning overdue as a change of the return event: a higher SEQUENCE, stamped when it became overdue', async () => {
    const late = await confirmedOrder(
      t,
      'late-feeds@studio.example',
      [{ objectID: SEATS, quantity: 1 }],
      30,
      'Late Show',
    );
    const scanned = await t.as('aviationAdmin', {
      method: 'POST',
      url: `/api/tenants/aviation/orders/${late.id}/scans`,
      payload: { id: 'feed-late-out-1', direction: 'out', code: SEATS, count: 1 },
    });
    expect(scanned.statusCode, scanned.body).toBe(200);
    const settings = quoteSettingsOf((await t.app.tenantStore.get('aviation'))!.tenant);
    const backOf = async (now: Date) => {
      const feed = await vendorFeed(quoteStoresOf(t.app), settings, 'aviation', { order: (id) => id }, now);
      return new ICAL.Component(ICAL.parse(feed.body))
        .getAllSubcomponents('vevent')
        .find((event) => event.getFirstPropertyValue('uid') === `${late.id}-back@aviation.backlot`)!;
    };
    const onTime = await backOf(new Date());
    const overdue = await backOf(new Date(`${addDays(late.endDate, 3)}T20:00:00Z`));
    expect(String(overdue.getFirstPropertyValue('summary'))).toMatch(/^OVERDUE \(1 still out\) · Back: Late Show/);
    expect(overdue.getFirstPropertyValue('sequence')).toBe(Number(onTime.getFirstPropertyValue('sequence')) + 1);
    expect((overdue.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().getTime()).toBeGreaterThan(
      (onTime.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().getTime(),
    );
  });

  it("gives each item's hires under the same link, and nothing for an item the tenant lacks", async () => {
    const feed = await read(hires.replace('hires.ics', `items/${SEATS}.ics`));
    expect(feed.statusCode).toBe(200);
    const mine = events(feed.body).find((event) => event.UID?.startsWith(order.id));
    expect(mine).toMatchObject({
      'DTSTART;VALUE=DATE': compact(order.startDate),
      'DTEND;VALUE=DATE': compact(addDays(order.endDate, 1)),
      STATUS: 'CONFIRMED',
    });
    expect(mine!.SUMMARY).toMatch(/^2 × Red Eye/);
    expect((await read(hires.replace('hires.ics', 'items/no-such-item.ics'))).statusCode).toBe(404);
    expect((await read(hires.replace('hires.ics', 'items/..%2F..%2Fetc.ics'))).statusCode).toBe(400);
  });

  it('stops opening once replaced or turned off; a wrong or other tenant secret opens nothing', async () => {
    const secret = hires.split('/')[5]!;
    expect((await t.app.inject({ url: `/calendar/aviation/${'A'.repeat(32)}/hires.ics` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/calendar/acme/${secret}/hires.ics` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/calendar/nobody/${secret}/hires.ics` })).statusCode).toBe(404);
    const replaced = (
      await t.as('aviationAdmin', { method: 'POST', url: '/api/tenants/aviation/calendar-feed' })
    ).json().url as string;
    expect(replaced).not.toBe(hires);
    expect((await read(hires)).statusCode).toBe(404);
    expect((await read(replaced)).statusCode).toBe(200);
    expect(
      (await t.as('aviationAdmin', { method: 'DELETE', url: '/api/tenants/aviation/calendar-feed' })).json(),
    ).toEqual({ url: null, itemUrl: null });
    const ended = await read(replaced);
    expect([ended.statusCode, ended.json().message]).toEqual([
      404,
      'No such calendar: the link may have been replaced or turned off.',
    ]);
  });
});

describe("a visitor's calendar", () => {
  const visitor = (method: 'GET' | 'POST' | 'DELETE', cookie = order.cookie) =>
    t.app.inject({
      method,
      url: '/api/calendar-feed',
      headers: { host: AVIATION_HOST, origin: `http://${AVIATION_HOST}`, cookie },
    });

  it('is their own hires, behind a link only they make or end', async () => {
    expect((await t.app.inject({ url: '/api/calendar-feed', headers: { host: AVIATION_HOST } })).statusCode).toBe(401);
    expect((await visitor('GET')).json()).toEqual({ url: null });
    const url = (await visitor('POST')).json().url as string;
    expect(url).toMatch(new RegExp(`/calendar/aviation/visitors/${order.uid}/[A-Za-z0-9_-]{32}\\.ics$`));
    const feed = await read(url);
    expect(feed.statusCode).toBe(200);
    expect(events(feed.body)).toEqual([
      expect.objectContaining({
        SUMMARY: String.raw`Hire: Red Eye\nBEGIN:VEVENT\nSUMMARY:pwned\nEND:VEVENT (Jetway Props)`,
        'DTSTART;VALUE=DATE': compact(order.startDate),
        'DTEND;VALUE=DATE': compact(addDays(order.endDate, 1)),
        STATUS: 'CONFIRMED',
      }),
    ]);

    // Another visitor's secret does not open this one's hires; theirs has nothing of this one's.
    const other = await storefrontVisitor(t, 'other-feeds@studio.example');
    const theirs = (await visitor('POST', other.cookie)).json().url as string;
    expect((await read(theirs.replace(other.uid, order.uid))).statusCode).toBe(404);
    expect(events((await read(theirs)).body)).toEqual([]);

    expect((await visitor('DELETE')).json()).toEqual({ url: null });
    expect((await read(url)).statusCode).toBe(404);
  });
});

describe('the access log', () => {
  it('never holds a feed link’s secret: the vendor’s, an item’s, or a visitor’s', async () => {
    const made = (await t.as('aviationAdmin', { method: 'POST', url: '/api/tenants/aviation/calendar-feed' })).json()
      .url as string;
    const vendorSecret = made.split('/')[5]!;
    await read(made);
    await read(made.replace('hires.ics', `items/${SEATS}.ics`));
    const mine = (
      await t.app.inject({
        method: 'POST',
        url: '/api/calendar-feed',
        headers: { host: AVIATION_HOST, origin: `http://${AVIATION_HOST}`, cookie: order.cookie },
      })
    ).json().url as string;
    await read(mine);
    const visitorSecret = /\/([A-Za-z0-9_-]{32})\.ics$/.exec(mine)![1]!;
    const requests = logLines.filter((line) => line.includes('"msg":"request"') && line.includes('/calendar/'));
    expect(requests.length).toBeGreaterThanOrEqual(3);
    expect(requests.join('\n')).toContain('/calendar/aviation/[redacted]/hires.ics');
    expect(requests.join('\n')).toContain(`/calendar/aviation/visitors/${order.uid}/[redacted].ics`);
    for (const secret of [vendorSecret, visitorSecret]) expect(logLines.join('\n')).not.toContain(secret);
  });
});
