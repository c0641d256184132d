/**
 * Holds (pencils) over the real app: productions hold the last jump seat themselves and the house
 * holds for another; they rank first and second in the order placed, on the board and on each
 * production's page; the second cannot be confirmed past the first, so the house challenges it;
 * the holder is mailed the deadline in working hours; silence releases it (the watch, two passes
 * at once release it once) and the challenger, the house and the holder are told; the challenger
 * is confirmed. A hold's days: extended by the house (a day in its hire refused at the field),
 * released by the watch after its last day, and the hold behind told it is first now. The house
 * moves a hold up past the one ahead of it, and the hold passed is told.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart, todayIn } from '../../schema/rental/quote-rules';
import type { OutboxMailer } from '../../server/mail/mailer';
import { releaseLapsedHolds } from '../../server/workflows/hold-watch';
import { reminderDue, tellEndingCertificates } from '../../server/rental/certificate-watch';
import { sampleQuoteRequest } from '../contract/quote-request-store.contract';
import { sampleItem } from '../contract/item-store.contract';
import { acceptWithCard, authoriseCard } from '../helpers/card-hold';
import { buildTestApp, editTenant, type TestApp } from '../helpers/server';
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

const storefront = (method: 'GET' | 'POST', url: string, cookie: string, revision?: string) =>
  t.app.inject({
    method,
    url,
    headers: {
      host: AVIATION,
      origin: `http://${AVIATION}`,
      cookie,
      ...(revision !== undefined && { 'if-match': `"${revision}"` }),
    },
  });
const vendor = (method: 'GET' | 'POST', url: string, payload?: object, revision?: string) =>
  t.as('aviationAdmin', {
    method,
    url: `/api/tenants/aviation/${url}`,
    ...(payload && { payload }),
    headers: revision === undefined ? {} : { 'if-match': `"${revision}"` },
  });
const etagOf = (response: LightMyRequestResponse) => String(response.headers.etag).replace(/"/g, '');
const mails = () => (t.app.mailer as OutboxMailer).list();
const mailText = async (file: string) =>
  (await simpleParser(await readFile(path.join((t.app.mailer as OutboxMailer).dir, file)))).text ?? '';
/** The newest mail of a kind to an address. */
const newest = async (to: string, subject: RegExp) =>
  (await mails()).find((mail) => mail.to === to && subject.test(mail.subject));

const start = () => addDays(earliestStart('America/Los_Angeles', 2, new Date()), 20);
async function ask(email: string, production: string, from = start()) {
  const who = await storefrontVisitor(t, email);
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/quote-requests',
    payload: {
      items: [{ objectID: 'jump-seat', quantity: 1 }],
      startDate: from,
      endDate: addDays(from, 4),
      production,
    },
    headers: { host: AVIATION, origin: `http://${AVIATION}`, cookie: who.cookie },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return { ...who, id: answer.json().id as string };
}

describe('holds, ranked and challenged', () => {
  it('ranks two holds on the last seat, refuses the second its order, challenges the first, and releases it unanswered', async () => {
    const ferry = await ask('ferry@studio.example', 'Night Ferry');
    const redEye = await ask('redeye@studio.example', 'Red Eye 2');

    // The production holds its own request; the house holds the other one, behind it.
    const held = await storefront('POST', `/api/quotes/${ferry.id}/hold`, ferry.cookie, '0');
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toMatchObject({
      hold: 'pencil',
      pencil: { rank: 1, by: 'visitor' },
      actions: ['release', 'cancel'],
    });
    expect(await newest('rentals@jetwayprops.com', /pencilled items/)).toBeDefined();
    const second = await vendor('POST', `quote-requests/${redEye.id}/hold`, {}, '0');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ hold: 'pencil', pencil: { rank: 2, by: 'vendor' } });
    expect(second.json().heldAhead).toMatchObject([{ id: ferry.id, who: 'Night Ferry' }]);
    // Each production reads its own rank, never whose hold is ahead.
    const redEyeList = await storefront('GET', '/api/quotes', redEye.cookie);
    expect(redEyeList.json().quotes[0].pencil).toMatchObject({ rank: 2 });
    expect(redEyeList.body).not.toContain('Night Ferry');

    // Anyone's calendar says the seat is on hold, not whose: not free, one on hold each day.
    const calendar = await t.app.inject({
      url: `/api/availability/jump-seat?from=${start()}&to=${addDays(start(), 4)}`,
      headers: { host: AVIATION },
    });
    expect(calendar.json().days.map((day: { free: number; onHold?: number }) => [day.free, day.onHold])).toEqual(
      Array(5).fill([0, 1]),
    );
    expect(calendar.body).not.toMatch(/Night Ferry|Red Eye|ferry@/);

    const board = await vendor('GET', 'holds');
    expect(
      board.json().holds.map((row: { who: string; rank: number; item: string }) => [row.item, row.who, row.rank]),
    ).toEqual([
      ['Jump Seat', 'Night Ferry', 1],
      ['Jump Seat', 'Red Eye 2', 2],
    ]);

    // Red Eye is priced and accepts (its card held); its order is refused while the first hold stands: the reason says to challenge it.
    const quoted = await vendor(
      'POST',
      `quote-requests/${redEye.id}/quote`,
      { adjustments: {}, services: [] },
      etagOf(second),
    );
    expect(quoted.statusCode, quoted.body).toBe(200);
    const accepted = await acceptWithCard(t.app, redEye.id, redEye.cookie);
    const refused = await vendor('POST', `quote-requests/${redEye.id}/confirm`, {}, accepted);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /another production holds these items ahead of this request. Challenge its hold first/,
    );
    expect(refused.json().errors['lines.0.quantity']).toMatch(/holds ahead of this one have the rest/);

    // Challenged: the holder is mailed the deadline in working hours, in the house's time zone.
    const challenged = await vendor('POST', `quote-requests/${redEye.id}/challenge-holds`);
    expect(challenged.statusCode, challenged.body).toBe(200);
    const [{ answerBy }] = challenged.json().challenged;
    expect(challenged.json().challenged).toMatchObject([{ id: ferry.id, who: 'Night Ferry', already: false }]);
    const hours = (Date.parse(answerBy) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThanOrEqual(23.9);
    expect(hours).toBeLessThanOrEqual(24 + 3 * 24);
    const asked = await newest(ferry.email, /Another production wants the items you hold/);
    expect(await mailText(asked!.file)).toMatch(
      /Accept the quote to confirm your order, or release the hold, by \w{3}, \w{3} \d+, \d+:\d\d [AP]M P[SD]T/,
    );
    const ferryView = await storefront('GET', `/api/quotes/${ferry.id}`, ferry.cookie);
    expect(ferryView.json().pencil).toEqual(
      expect.objectContaining({ rank: 1, challenge: expect.objectContaining({ answerBy }) }),
    );
    expect(ferryView.body).not.toContain(redEye.id);
    // A second challenge leaves the first as it was.
    const again = await vendor('POST', `quote-requests/${redEye.id}/challenge-holds`);
    expect(again.json().challenged).toMatchObject([{ id: ferry.id, answerBy, already: true }]);

    // Before the deadline the watch leaves it; after it, two passes at once (two servers) release it once.
    expect(await releaseLapsedHolds(t.app, t.app.log, new Date(Date.parse(answerBy) - 60_000), ['aviation'])).toEqual(
      [],
    );
    const after = new Date(Date.parse(answerBy) + 60_000);
    const passes = await Promise.all([
      releaseLapsedHolds(t.app, t.app.log, after, ['aviation']),
      releaseLapsedHolds(t.app, t.app.log, after, ['aviation']),
    ]);
    expect(passes.flat()).toEqual([ferry.id]);
    const released = await storefront('GET', `/api/quotes/${ferry.id}`, ferry.cookie);
    expect(released.json()).toMatchObject({ hold: 'none', actions: ['hold', 'cancel'] });
    expect(released.json().history.at(-1)).toMatchObject({ action: 'release', by: 'system' });
    expect(await mailText((await newest(ferry.email, /hold on your items was released/))!.file)).toMatch(
      /another production wanted the items, and the hold was not confirmed in the time given/,
    );
    expect(await newest('rentals@jetwayprops.com', /The hold you challenged was released/)).toBeDefined();
    expect(await newest(redEye.email, /The hold ahead of yours .* was released/)).toBeDefined();

    // Nothing ahead now: the challenger is confirmed.
    const current = await vendor('GET', `quote-requests/${redEye.id}`);
    expect(current.json()).toMatchObject({ heldAhead: [], pencil: { rank: 1 } });
    const confirmed = await vendor('POST', `quote-requests/${redEye.id}/confirm`, {}, etagOf(current));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ state: 'confirmed', hold: 'order' });
    // An order has nothing to challenge.
    const ordered = await vendor('POST', `quote-requests/${redEye.id}/challenge-holds`);
    expect([ordered.statusCode, ordered.json().message]).toEqual([
      409,
      'Only an open request (requested, quoted or accepted) challenges the holds ahead of it.',
    ]);
    // A production cannot hold what an order has taken.
    const late = await storefront('POST', `/api/quotes/${ferry.id}/hold`, ferry.cookie, etagOf(released));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/^Not held/);
  });

  it('lets exactly one of the holder’s answer and the watch take a challenged hold as its window closes; an answer in time stands until the house confirms', async () => {
    const from = addDays(start(), 60);
    const holder = await ask('wren@studio.example', 'Last Light', from);
    const wanting = await ask('oak@studio.example', 'Dawn Patrol', from);
    await storefront('POST', `/api/quotes/${holder.id}/hold`, holder.cookie, '0');
    const quoted = await vendor('POST', `quote-requests/${holder.id}/quote`, { adjustments: {}, services: [] }, '1');
    expect(quoted.statusCode, quoted.body).toBe(200);
    const { revision } = await authoriseCard(t.app, holder.id, holder.cookie);
    const challenged = await vendor('POST', `quote-requests/${wanting.id}/challenge-holds`);
    const closes = new Date(Date.parse(challenged.json().challenged[0].answerBy) + 1000);
    // The holder accepts (its answer) and the watch passes at the same moment: both read the same revision.
    const [accepted, released] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: `/api/quotes/${holder.id}/accept`,
        payload: { version: 1 },
        headers: {
          host: AVIATION,
          origin: `http://${AVIATION}`,
          cookie: holder.cookie,
          'if-match': `"${Number(revision) + 1}"`,
        },
      }),
      releaseLapsedHolds(t.app, t.app.log, closes, ['aviation']),
    ]);
    const stored = (await vendor('GET', `quote-requests/${holder.id}`)).json();
    if (accepted.statusCode === 200) {
      expect(released).toEqual([]);
      expect(stored).toMatchObject({ state: 'accepted', hold: 'pencil' });
      // Answered in time: later passes leave it for the house to confirm.
      expect(await releaseLapsedHolds(t.app, t.app.log, new Date(closes.getTime() + 3_600_000), ['aviation'])).toEqual(
        [],
      );
      const confirmed = await vendor('POST', `quote-requests/${holder.id}/confirm`, {}, stored.version);
      expect(confirmed.json()).toMatchObject({ state: 'confirmed', hold: 'order' });
    } else {
      expect(accepted.statusCode, accepted.body).toBe(412);
      expect(released).toEqual([holder.id]);
      expect(stored).toMatchObject({ state: 'quoted', hold: 'none' });
    }
    const history = (await vendor('GET', `quote-requests/${holder.id}`)).json().history as Array<{ action: string }>;
    expect(history.filter((entry) => ['accept', 'release'].includes(entry.action))).toHaveLength(1);
  });

  it("extends a hold within its request's days, releases it after its last day, and tells the hold behind it is first now", async () => {
    const from = addDays(start(), 30);
    const today = todayIn('America/Los_Angeles', new Date());
    const lee = await ask('lee@studio.example', 'Long Haul', from);
    const kim = await ask('kim@studio.example', 'Short Hop', from);
    // The house's hold days (7 by default) from today.
    const leeHeld = await vendor('POST', `quote-requests/${lee.id}/hold`, {}, '0');
    expect(leeHeld.json().pencil).toMatchObject({ until: addDays(today, 7), rank: 1 });
    const kimHeld = await storefront('POST', `/api/quotes/${kim.id}/hold`, kim.cookie, '0');
    expect(kimHeld.json().pencil).toMatchObject({ rank: 2 });

    // A last day in the hire is refused at the field; the day before the hire is taken.
    const intoHire = await vendor('POST', `quote-requests/${kim.id}/extend`, { until: from }, '1');
    expect(intoHire.statusCode).toBe(400);
    expect(intoHire.json().errors.until).toBe(
      `must be a day from ${today} to ${addDays(from, -1)} (the day before the hire)`,
    );
    const extended = await vendor('POST', `quote-requests/${kim.id}/extend`, { until: addDays(from, -1) }, '1');
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json().pencil).toMatchObject({ until: addDays(from, -1), rank: 2 });
    expect(await newest(kim.email, /extended your hold/)).toBeDefined();

    // The day after Lee's last day, the watch releases it (and only it), and Kim's hold is first.
    const dayAfter = new Date(`${addDays(today, 8)}T20:00:00Z`);
    expect(await releaseLapsedHolds(t.app, t.app.log, dayAfter, ['aviation'])).toEqual([lee.id]);
    expect(await mailText((await newest(lee.email, /hold on your items was released/))!.file)).toMatch(
      new RegExp(`it lapsed after ${addDays(today, 7)}`),
    );
    const kimView = await storefront('GET', `/api/quotes/${kim.id}`, kim.cookie);
    expect(kimView.json().pencil).toMatchObject({ rank: 1 });
    expect(await mailText((await newest(kim.email, /is now first/))!.file)).toMatch(
      /A hold ahead of yours on Short Hop was released, so yours moved up: it is the 1st hold/,
    );
    // The production lets go of its own hold; the house is told.
    const letGo = await storefront('POST', `/api/quotes/${kim.id}/release`, kim.cookie, etagOf(kimView));
    expect(letGo.json()).toMatchObject({ hold: 'none' });
    expect(await newest('rentals@jetwayprops.com', /released their hold/)).toBeDefined();
  });
});

describe('the house reorders holds', () => {
  it('moves the 3rd hold past the 2nd and back, telling the hold passed; refuses a move past one behind it, a stale read and a challenged hold', async () => {
    const from = addDays(start(), 90);
    const [first, second, third] = [
      await ask('first@studio.example', 'First Light', from),
      await ask('second@studio.example', 'Second Unit', from),
      await ask('third@studio.example', 'Third Act', from),
    ];
    for (const request of [first, second, third])
      expect((await vendor('POST', `quote-requests/${request.id}/hold`, {}, '0')).statusCode).toBe(200);
    const ours = new Set([first.id, second.id, third.id]);
    type Row = { quoteId: string; who: string; rank: number; revision: number; justAhead?: { who: string } };
    const board = async () =>
      ((await vendor('GET', 'holds')).json().holds as Row[]).filter((row) => ours.has(row.quoteId));
    expect((await board()).map((row) => [row.who, row.rank, row.justAhead?.who])).toEqual([
      ['First Light', 1, undefined],
      ['Second Unit', 2, 'First Light'],
      ['Third Act', 3, 'Second Unit'],
    ]);

    // The first cannot move past a hold behind it; a stale revision is refused.
    const backwards = await vendor('POST', `quote-requests/${first.id}/move-ahead`, { of: third.id }, '1');
    expect(backwards.statusCode).toBe(409);
    expect(backwards.json().message).toBe('That hold is not ahead of this one on its items: nothing to move past.');
    const stale = await vendor('POST', `quote-requests/${third.id}/move-ahead`, { of: second.id }, '0');
    expect(stale.statusCode).toBe(412);

    const moved = await vendor('POST', `quote-requests/${third.id}/move-ahead`, { of: second.id }, '1');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ rank: 2, passed: 'Second Unit' });
    expect((await board()).map((row) => [row.who, row.rank])).toEqual([
      ['First Light', 1],
      ['Third Act', 2],
      ['Second Unit', 3],
    ]);
    expect(await mailText((await newest(second.email, /is now the 3rd hold/))!.file)).toMatch(
      /moved another production's hold ahead of yours on Second Unit: yours is the 3rd hold/,
    );
    expect(await newest(third.email, /moved your hold up/)).toBeDefined();
    // Nobody else is told: the first hold keeps its place.
    expect(await newest(first.email, /is now the/)).toBeUndefined();

    // A hold challenged for this request cannot be passed while its holder answers.
    const challenged = await vendor('POST', `quote-requests/${third.id}/challenge-holds`);
    expect(challenged.json().challenged).toMatchObject([{ id: first.id, already: false }]);
    const pastChallenge = await vendor(
      'POST',
      `quote-requests/${third.id}/move-ahead`,
      { of: first.id },
      etagOf(moved),
    );
    expect(pastChallenge.statusCode).toBe(409);
    expect(pastChallenge.json().message).toMatch(
      /^First Light's hold is challenged for this request: its holder answers by \w{3}, \w{3} \d+, \d+:\d\d [AP]M P[SD]T\.$/,
    );

    // The second, now behind both, moves past the third and stands 2nd again; the history says so.
    const back = await vendor('POST', `quote-requests/${second.id}/move-ahead`, { of: third.id }, '1');
    expect(back.json()).toEqual({ rank: 2, passed: 'Third Act' });
    const view = await vendor('GET', `quote-requests/${second.id}`);
    expect(view.json().pencil).toMatchObject({ rank: 2 });
    expect(view.json().heldAhead).toMatchObject([{ id: first.id }]);
    expect(view.json().history.at(-1)).toMatchObject({ action: 'reorder', by: 'vendor' });
    expect((await storefront('GET', `/api/quotes/${third.id}`, third.cookie)).json().pencil).toMatchObject({ rank: 3 });
  });
});

describe('certificates ending during a hire', () => {
  it('reminds both sides once per reminder, whichever of two servers passes first, and never for a certificate that covers the hire (or a hire the waiver covers)', async () => {
    const today = todayIn('America/Los_Angeles', new Date());
    const edited = await editTenant(t, 'aviation', (tenant) => {
      Object.assign(tenant.site, {
        insuranceRequired: true,
        coverOptions: ['certificate', 'waiver'],
        damageWaiver: { percent: 10, covers: 'Damage', excludes: 'Loss', maxLiability: 500 },
      });
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const certificate = (expiresOn: string) => ({
      file: 'coi-0123abcd-0123456789abcdef.pdf',
      fileName: 'coi.pdf',
      contentType: 'application/pdf' as const,
      size: 2048,
      expiresOn,
      uploadedAt: new Date().toISOString(),
      uploadedBy: 'visitor' as const,
    });
    const order = (id: string, expiresOn: string, extra: object = {}) =>
      t.app.quoteRequests.add(
        sampleQuoteRequest(id, {
          email: `${id}@studio.example`,
          production: id,
          lines: [{ objectID: 'jump-seat', name: 'Jump Seat', quantity: 1, dayRate: 40 }],
          startDate: addDays(today, 5),
          endDate: addDays(today, 30),
          state: 'confirmed',
          hold: 'order',
          insurance: certificate(expiresOn),
          ...extra,
        }),
      );
    await order('ends-early', addDays(today, 12));
    await order('waived', addDays(today, 12), {
      cover: { choice: 'waiver', at: new Date().toISOString(), by: 'visitor' },
    });
    await order('covered', addDays(today, 30));
    const passes = await Promise.all([
      tellEndingCertificates(t.app, t.app.log, new Date()),
      tellEndingCertificates(t.app, t.app.log, new Date()),
    ]);
    expect(passes.flat()).toEqual(['ends-early:14']);
    expect(await tellEndingCertificates(t.app, t.app.log, new Date())).toEqual([]);
    const told = await newest('ends-early@studio.example', /certificate of insurance ends in 12 days/);
    expect(await mailText(told!.file)).toMatch(/Upload a certificate that covers the whole hire on your order's page/);
    expect(
      reminderDue(
        { ...sampleQuoteRequest('x'), endDate: '2027-01-20', insurance: certificate('2027-01-17') },
        '2027-01-14',
      ),
    ).toBe(3);
    expect(
      reminderDue(
        { ...sampleQuoteRequest('x'), endDate: '2027-01-20', insurance: certificate('2027-01-17') },
        '2027-01-03',
      ),
    ).toBe(14);
    expect(
      reminderDue(
        { ...sampleQuoteRequest('x'), endDate: '2027-01-20', insurance: certificate('2027-01-17') },
        '2027-01-02',
      ),
    ).toBeUndefined();
  });
});
