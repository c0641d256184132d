/**
 * Houses hiring from each other, over the real app (file tenants, SQLite items and bookings, the
 * embedded index): a house short of a line is offered the same or similar items free on its dates
 * at the other listed houses that take its sub-hires, nearest first, at their trade price; a house
 * that takes none, or not from this one, is never offered; what a house has booked out is not
 * offered; bad asks are refused by field.
 */
import { termsVersionOf } from '../../schema/rental/agreement';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import type { SubHireOffer } from '../../schema/marketplace/sub-hires';
import { confirmedOrder } from '../helpers/confirmed-order';
import { buildTestApp, editTenant, withShippedHouses, type TestApp } from '../helpers/server';
import { AVIATION_HOST, storefrontVisitor } from '../helpers/storefront-visitor';
import { authoriseCard } from '../helpers/card-hold';
import type { OutboxMailer } from '../../server/mail/mailer';
import { simpleParser } from 'mailparser';
import { parse } from 'csv-parse/sync';
import { readFile } from 'node:fs/promises';
import { TINY_PNG } from '../fixtures/tiny-png';
import { expectNoTradeFields } from '../helpers/visitor-fields';
import path from 'node:path';

let t: TestApp;
const mails = () => (t.app.mailer as OutboxMailer).list();
beforeAll(async () => {
  // Many requests from one address in a minute: the limit is the rate-limit tests' concern.
  t = await buildTestApp({ beforeStart: withShippedHouses, quotes: { requestsPerMinute: 1000 } });
});
afterAll(() => t.close());

const RED_UNIFORM = '1960s-jet-age-flight-attendant-uniform-red';
/** Dates aviation's storefront would take: twenty days after its earliest start, three days. */
const from = addDays(earliestStart('America/Los_Angeles', 2, new Date()), 20);
const to = addDays(from, 2);

async function lends(tenantId: string, subHires: object | undefined) {
  const saved = await editTenant(t, tenantId, (tenant) => {
    if (subHires) tenant.vendor.subHires = subHires;
    else delete tenant.vendor.subHires;
  });
  expect(saved.statusCode, saved.body).toBe(200);
  // The platform's catalogue hears a house's change within its second's check; this asks it now.
  await t.app.marketplace.refresh(false, [tenantId]);
}

const offers = async (asking: 'aviation' | 'atlanta', objectID: string, quantity: number, dates = { from, to }) => {
  const who = asking === 'aviation' ? 'aviationAdmin' : 'platformStaff';
  const answer = await t.as(who, {
    url: `/api/tenants/${asking}/sub-hire-offers?objectID=${objectID}&quantity=${quantity}&from=${dates.from}&to=${dates.to}`,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { offers: SubHireOffer[]; lenders: number };
};

/** Jetway asks Peachtree for `quantity` of a line's item, Peachtree quotes it, Jetway accepts on its house account: Peachtree's request, to confirm. */
async function subHireAccepted(ours: string, objectID: string, quantity: number) {
  const ask = await t.as('aviationAdmin', {
    method: 'POST',
    url: `/api/tenants/aviation/quote-requests/${ours}/sub-hires`,
    payload: { objectID, house: 'atlanta', theirObjectID: objectID, quantity },
  });
  expect(ask.statusCode, ask.body).toBe(201);
  const theirId = ask.json().subHire.quoteId as string;
  const there = (action: string, revision: number, payload?: object) =>
    t.as('platformStaff', {
      method: 'POST',
      url: `/api/tenants/atlanta/quote-requests/${theirId}/${action}`,
      ...(payload && { payload }),
      headers: { 'if-match': `"${revision}"` },
    });
  expect((await there('quote', 0, { adjustments: {}, services: [] })).statusCode).toBe(200);
  const accepted = await t.as('aviationAdmin', {
    method: 'POST',
    url: `/api/tenants/aviation/quote-requests/${ours}/sub-hires/${theirId}/accept`,
    payload: { version: 1 },
    headers: { 'if-match': '"1"' },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { theirId, there };
}

describe('a house short of a line', () => {
  it('is offered nothing while no house takes sub-hires, and says so', async () => {
    // The shipped houses lend to each other (Atlanta to every house, Jetway to Atlanta): from none here.
    await lends('atlanta', undefined);
    await lends('aviation', undefined);
    expect(await offers('aviation', RED_UNIFORM, 2)).toEqual({ offers: [], lenders: 0 });
  });

  it('is offered the same item at the nearest house first, then similar ones farther off, at each house’s trade price', async () => {
    await lends('atlanta', { takes: 'everyListedHouse', tradeDiscountPercent: 20 });
    await lends('london', { takes: 'namedHouses', houses: ['aviation'], tradeDiscountPercent: 12.5 });
    const { offers: found, lenders } = await offers('aviation', RED_UNIFORM, 2);
    expect(lenders).toBe(2);
    const first = found[0]!;
    expect(first).toMatchObject({
      objectID: RED_UNIFORM,
      name: '1960s Jet Age Flight Attendant Uniform, Red',
      free: 4,
      enough: true,
      rates: { day: 35 },
      tradeRates: { day: 28 },
      discountPercent: 20,
    });
    expect(first.house).toMatchObject({ id: 'atlanta', currency: 'USD', city: expect.any(String) });
    // Sun Valley to Atlanta: about 3,100 km.
    expect(first.house.km).toBeGreaterThan(3000);
    expect(first.house.km).toBeLessThan(3200);
    // Nearest house first: every Atlanta offer before any London one, London's in pounds less its 12.5%.
    const houses = found.map((offer) => offer.house.id);
    expect(houses.lastIndexOf('atlanta')).toBeLessThan(houses.indexOf('london'));
    const navy = found.find(
      (offer) => offer.house.id === 'london' && offer.name === '1960s Jet Age Flight Attendant Uniform, Navy',
    );
    expect(navy, JSON.stringify(found.map((offer) => offer.name))).toBeDefined();
    expect(navy!.house.currency).toBe('GBP');
    expect(navy!.tradeRates.day).toBe(Math.round(navy!.rates.day * 87.5) / 100);
    // Never its own stock.
    expect(houses).not.toContain('aviation');
  });

  it('is not offered by a house that takes sub-hires only from others, nor by one that stopped', async () => {
    await lends('london', { takes: 'namedHouses', houses: ['atlanta'], tradeDiscountPercent: 10 });
    expect((await offers('aviation', RED_UNIFORM, 2)).offers.map((offer) => offer.house.id)).not.toContain('london');
    await lends('atlanta', undefined);
    expect(await offers('aviation', RED_UNIFORM, 2)).toEqual({ offers: [], lenders: 0 });
  });

  it('is not offered what the other house has booked out on the dates', async () => {
    await lends('aviation', { takes: 'namedHouses', houses: ['atlanta'], tradeDiscountPercent: 15 });
    await lends('london', { takes: 'no' });
    const order = await confirmedOrder(
      t,
      'crew@night-flight.example',
      [{ objectID: RED_UNIFORM, quantity: 7 }],
      20,
      'Night Flight',
    );
    const during = { from: order.startDate, to: order.endDate };
    const before = await offers('atlanta', RED_UNIFORM, 2, {
      from: addDays(order.endDate, 10),
      to: addDays(order.endDate, 12),
    });
    expect(before.offers[0]).toMatchObject({
      objectID: RED_UNIFORM,
      free: 7,
      tradeRates: { day: 38.25 },
      house: { id: 'aviation' },
    });
    const booked = await offers('atlanta', RED_UNIFORM, 2, during);
    expect(booked.lenders).toBe(1);
    expect(booked.offers.map((offer) => offer.objectID)).not.toContain(RED_UNIFORM);
  });

  it('is refused an ask that names no item of its own, backwards dates, or another house’s stock list', async () => {
    const ask = (who: 'aviationAdmin' | 'acmeAdmin', query: string) =>
      t.as(who, { url: `/api/tenants/aviation/sub-hire-offers?${query}` });
    expect((await ask('aviationAdmin', `objectID=no-such-item&quantity=1&from=${from}&to=${to}`)).statusCode).toBe(404);
    const backwards = await ask('aviationAdmin', `objectID=${RED_UNIFORM}&quantity=1&from=${to}&to=${from}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual({ to: 'must be on or after the first day, at most 92 days on' });
    expect((await ask('aviationAdmin', `objectID=${RED_UNIFORM}&quantity=0&from=${from}&to=${to}`)).statusCode).toBe(
      400,
    );
    // Another house's staff learn nothing of this one, not even that it exists.
    expect((await ask('acmeAdmin', `objectID=${RED_UNIFORM}&quantity=1&from=${from}&to=${to}`)).statusCode).toBe(404);
  });

  it('keeps a house’s rule by the schema: a discount past 90% is refused on its field', async () => {
    const refused = await editTenant(
      t,
      'atlanta',
      (tenant) => void (tenant.vendor.subHires = { takes: 'everyListedHouse', tradeDiscountPercent: 95 }),
    );
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('subHires');
  });
});

describe('a house asking another for a short line', () => {
  const VISITOR = 'rae@night-flight.example';
  let ours: string;
  const ask = (body: object, who: 'aviationAdmin' | 'acmeAdmin' = 'aviationAdmin') =>
    t.as(who, { method: 'POST', url: `/api/tenants/aviation/quote-requests/${ours}/sub-hires`, payload: body });
  const asked = { objectID: RED_UNIFORM, house: 'atlanta', theirObjectID: RED_UNIFORM, quantity: 2 };
  const subHires = async () => {
    const answer = await t.as('aviationAdmin', { url: `/api/tenants/aviation/quote-requests/${ours}/sub-hires` });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as Array<{
      subHire: { quoteId: string; house: string; quantity: number };
      theirs: {
        state: string;
        revision: number;
        actions: string[];
        total?: number;
        currency: string;
        lines: Array<{ dayRate: number }>;
        termsToSign?: { version: string; text: string; html: string };
        coverToChoose?: { options: string[]; waiver?: { percent: number; price: number } };
      };
    }>;
  };

  beforeAll(async () => {
    await lends('atlanta', { takes: 'everyListedHouse', tradeDiscountPercent: 20 });
    await lends('london', { takes: 'no' });
    const visitor = await storefrontVisitor(t, VISITOR);
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/quote-requests',
      payload: {
        items: [{ objectID: RED_UNIFORM, quantity: 3 }],
        startDate: addDays(from, 30),
        endDate: addDays(to, 30),
        production: 'Night Flight',
      },
      headers: { host: AVIATION_HOST, origin: `http://${AVIATION_HOST}`, cookie: visitor.cookie },
    });
    expect(request.statusCode, request.body).toBe(201);
    ours = request.json().id;
  });

  it('makes an ordinary request at the other house, the asking house its customer at the trade price, once however often it is asked', async () => {
    const first = await ask(asked);
    expect(first.statusCode, first.body).toBe(201);
    const { subHire, theirs } = first.json();
    expect(subHire).toMatchObject({
      house: 'atlanta',
      houseName: 'Peachtree Prop House',
      objectID: RED_UNIFORM,
      theirObjectID: RED_UNIFORM,
      quantity: 2,
      askedBy: 'admin@jetwayprops.com',
    });
    expect(theirs).toMatchObject({
      state: 'requested',
      currency: 'USD',
      lines: [{ objectID: RED_UNIFORM, quantity: 2, dayRate: 28 }],
    });
    // Asked again (a double click, another server): the same request there, recorded once here.
    const again = await ask(asked);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().subHire.quoteId).toBe(subHire.quoteId);
    expect((await subHires()).map((entry) => entry.subHire.quoteId)).toEqual([subHire.quoteId]);

    // At Peachtree: Jetway is the customer, on its house account; the production is only Jetway's reference.
    const there = await t.as('platformStaff', { url: `/api/tenants/atlanta/quote-requests/${subHire.quoteId}` });
    expect(there.statusCode, there.body).toBe(200);
    expect(there.json()).toMatchObject({
      email: 'rentals@jetwayprops.com',
      studio: 'Jetway Props',
      production: 'Night Flight',
      subHire: { house: 'aviation', houseName: 'Jetway Props', forQuote: ours, objectID: RED_UNIFORM },
    });
    expect(there.body).not.toContain(VISITOR);
    const account = await t.as('platformStaff', { url: '/api/tenants/atlanta/accounts/house-aviation' });
    expect(account.statusCode, account.body).toBe(200);
    expect(account.json()).toMatchObject({
      kind: 'house',
      currency: 'USD',
      terms: { method: 'account', netDays: 30, deposit: 'none' },
      members: [{ email: 'rentals@jetwayprops.com' }],
    });
  });

  it('follows the other house’s request: quoted there, accepted here on the house account with no card, confirmed there', async () => {
    const { subHire } = (await subHires())[0]!;
    const theirUrl = `/api/tenants/atlanta/quote-requests/${subHire.quoteId}`;
    const quoted = await t.as('platformStaff', {
      method: 'POST',
      url: `${theirUrl}/quote`,
      payload: { adjustments: {}, services: [] },
      headers: { 'if-match': '"0"' },
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    // Peachtree has rental terms: Jetway reads them with the quote and signs them to accept.
    const terms = '# Peachtree terms\n\nReturn everything clean.';
    // And asks for cover: a certificate, its damage waiver or a card hold (not a way for a house on account).
    const edited = await editTenant(t, 'atlanta', (tenant) => {
      tenant.site.rentalTerms = terms;
      tenant.site.insuranceRequired = true;
      tenant.site.coverOptions = ['certificate', 'waiver', 'cardHold'];
      tenant.site.damageWaiver = {
        percent: 10,
        covers: 'Accidental damage',
        excludes: 'Loss',
        maxLiability: 500,
        glCode: '4300',
      };
    });
    expect(edited.statusCode).toBe(200);
    const { theirs } = (await subHires())[0]!;
    expect(theirs.coverToChoose).toEqual({
      options: ['certificate', 'waiver'],
      waiver: expect.objectContaining({ percent: 10, maxLiability: 500, price: Math.round(theirs.total! * 10) / 100 }),
    });
    // The lender's ledger code is its own.
    expect(theirs.coverToChoose?.waiver).not.toHaveProperty('glCode');
    expect(theirs).toMatchObject({ state: 'quoted', actions: expect.arrayContaining(['accept', 'decline']) });
    expect(theirs.termsToSign).toMatchObject({ version: termsVersionOf(terms), text: terms });
    expect(theirs.termsToSign?.html).toContain('<h1>Peachtree terms</h1>');
    expect(theirs.total).toBeGreaterThan(0);
    // Peachtree's quote is mailed to Jetway with a link to Jetway's own order in its console, not to Peachtree's storefront.
    const mailed = (await mails()).filter(
      (mail) =>
        mail.to === 'rentals@jetwayprops.com' && mail.kind === 'quoteUpdate' && mail.subject.includes('Peachtree'),
    );
    expect(mailed.length).toBeGreaterThan(0);
    const { html } = await simpleParser(
      await readFile(path.join((t.app.mailer as OutboxMailer).dir, mailed.at(-1)!.file)),
    );
    expect(html).toContain(`https://www.jetwayprops.com/admin/#/t/aviation/quote-requests/${ours}`);
    expect(html).not.toContain(`/quotes/${subHire.quoteId}`);
    const step = (action: string, revision: number, payload: object) =>
      t.as('aviationAdmin', {
        method: 'POST',
        url: `/api/tenants/aviation/quote-requests/${ours}/sub-hires/${subHire.quoteId}/${action}`,
        payload,
        headers: { 'if-match': `"${revision}"` },
      });
    expect((await step('accept', theirs.revision, {})).json().errors).toEqual({
      version: 'is needed to accept: the priced version you read',
    });
    expect((await step('accept', theirs.revision - 1, { version: 1 })).statusCode).toBe(412);
    expect((await step('accept', theirs.revision, { version: 1 })).json().errors).toEqual({
      'signature.name': 'sign with your full name to accept the rental terms',
    });
    const signature = { termsVersion: termsVersionOf(terms), name: 'Kim Park', title: 'Jetway Props' };
    // Signed, but no way of cover chosen; then a card hold, which a house on account does not cover with.
    expect((await step('accept', theirs.revision, { version: 1, signature })).json().errors).toEqual({
      cover: 'choose how this hire is covered before you accept',
    });
    expect((await step('accept', theirs.revision, { version: 1, signature, cover: 'cardHold' })).json().errors).toEqual(
      {
        cover: 'is not taken for this hire: choose a certificate of insurance or the damage waiver',
      },
    );
    const accepted = await step('accept', theirs.revision, { version: 1, signature, cover: 'waiver' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      state: 'accepted',
      account: { id: 'house-aviation', netDays: 30, deposit: 'none' },
      agreement: { termsVersion: termsVersionOf(terms), name: 'Kim Park' },
      cover: { choice: 'waiver', by: 'visitor' },
    });
    // The later cases hire from a Peachtree without terms, or cover asked.
    const plain = await editTenant(t, 'atlanta', (tenant) => {
      delete tenant.site.rentalTerms;
      delete tenant.site.insuranceRequired;
      delete tenant.site.coverOptions;
      delete tenant.site.damageWaiver;
    });
    expect(plain.statusCode).toBe(200);
    const confirmed = await t.as('platformStaff', {
      method: 'POST',
      url: `${theirUrl}/confirm`,
      headers: { 'if-match': `"${accepted.json().revision}"` },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await subHires())[0]!.theirs.state).toBe('confirmed');
  });

  it('is refused by field: itself, a house that does not take its sub-hires, an item gone, more than is free, a line not asked for; another house’s staff learn nothing', async () => {
    const itself = await ask({ ...asked, house: 'aviation' });
    expect(itself.statusCode).toBe(400);
    expect(itself.json().errors).toEqual({ house: 'is this house: a house cannot sub-hire from itself' });
    const notLending = await ask({ ...asked, house: 'london', theirObjectID: 'anything' });
    expect(notLending.statusCode).toBe(409);
    expect(notLending.json().message).toBe(
      'Soho Prop Hire does not take sub-hire requests from Jetway Props now: ask another house.',
    );
    const gone = await ask({ ...asked, theirObjectID: 'no-such-item-there' });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().errors).toEqual({ theirObjectID: 'is no longer at Peachtree Prop House: choose another offer' });
    const tooMany = await ask({
      ...asked,
      objectID: RED_UNIFORM,
      house: 'atlanta',
      theirObjectID: 'captain-uniform-navy-with-four-stripes',
      quantity: 500,
    });
    expect(tooMany.statusCode, tooMany.body).toBe(409);
    expect(tooMany.json().errors).toEqual({ quantity: 'only 4 in stock' });
    expect(tooMany.json().message).toBe('Not asked: Peachtree Prop House cannot take it — only 4 in stock');
    const notOurs = await ask({ ...asked, objectID: 'some-other-item' });
    expect(notOurs.statusCode).toBe(400);
    expect(notOurs.json().errors).toEqual({ objectID: 'is not a line of this request' });
    expect((await ask(asked, 'acmeAdmin')).statusCode).toBe(404);
    // Nothing of the refusals was recorded.
    expect(await subHires()).toHaveLength(1);
  });

  it('takes two asks at once as one, and after the other house turns it down, asks it afresh', async () => {
    const captain = { ...asked, theirObjectID: 'captain-uniform-navy-with-four-stripes', quantity: 1 };
    const [a, b] = await Promise.all([ask(captain), ask(captain)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    const first = a.json().subHire.quoteId as string;
    expect(b.json().subHire.quoteId).toBe(first);
    expect((await subHires()).filter((entry) => entry.subHire.quoteId === first)).toHaveLength(1);
    const declined = await t.as('platformStaff', {
      method: 'POST',
      url: `/api/tenants/atlanta/quote-requests/${first}/cancel`,
      payload: { reason: 'Out for repair' },
      headers: { 'if-match': '"0"' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const afresh = await ask(captain);
    expect(afresh.statusCode, afresh.body).toBe(201);
    expect(afresh.json().subHire.quoteId).not.toBe(first);
    expect((await subHires()).map((entry) => entry.theirs.state)).toEqual(['confirmed', 'cancelled', 'requested']);
  });

  it('grows the house’s stock on the dates once the other house confirms, and when it cancels, mails which orders are short', async () => {
    // Rae asks Jetway for 3 red uniforms; then an order takes all 7 of Jetway's on the same days.
    const rae = await storefrontVisitor(t, 'rae@short-night.example');
    const storefront = (url: string, payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { host: AVIATION_HOST, origin: `http://${AVIATION_HOST}`, cookie: rae.cookie, ...headers },
      });
    // Days no other test here books (the others are on 20, 50 and 90 days on), within Dispatch's furthest reach of 31.
    const inDays = 26;
    const first = addDays(earliestStart('America/Los_Angeles', 2, new Date()), inDays);
    const asked = await storefront('/api/quote-requests', {
      items: [{ objectID: RED_UNIFORM, quantity: 3 }],
      startDate: first,
      endDate: addDays(first, 2),
      production: 'Short Night',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const short = asked.json().id as string;
    const everything = await confirmedOrder(
      t,
      'crew@whole-stock.example',
      [{ objectID: RED_UNIFORM, quantity: 7 }],
      inDays,
      'Whole Stock',
    );
    const line = async () =>
      (await t.as('aviationAdmin', { url: `/api/tenants/aviation/quote-requests/${short}` })).json().lineDetails[0] as {
        free: number;
        hiredIn: number;
        stock: number;
      };
    expect(await line()).toMatchObject({ free: 0, stock: 7, hiredIn: 0 });

    // Jetway sub-hires 3 from Peachtree: quoted there, accepted here, confirmed there.
    const { theirId, there } = await subHireAccepted(short, RED_UNIFORM, 3);
    // Accepted is not yet confirmed: nothing hired in.
    expect((await line()).hiredIn).toBe(0);
    const confirmed = await there('confirm', 2);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await line()).toMatchObject({ free: 3, stock: 7, hiredIn: 3 });

    // With the three hired in, Rae's request is an order like any other: placed against every booking.
    const vendor = (action: string, revision: string, payload?: object) =>
      t.as('aviationAdmin', {
        method: 'POST',
        url: `/api/tenants/aviation/quote-requests/${short}/${action}`,
        ...(payload && { payload }),
        headers: { 'if-match': `"${revision}"` },
      });
    const current = (await t.as('aviationAdmin', { url: `/api/tenants/aviation/quote-requests/${short}` })).headers
      .etag as string;
    expect((await vendor('quote', JSON.parse(current), { adjustments: {}, services: [] })).statusCode).toBe(200);
    const { revision } = await authoriseCard(t.app, short, rae.cookie);
    const raeAccepts = await storefront(`/api/quotes/${short}/accept`, { version: 1 }, { 'if-match': `"${revision}"` });
    expect(raeAccepts.statusCode, raeAccepts.body).toBe(200);
    const ordered = await vendor('confirm', String(Number(revision) + 1));
    expect(ordered.statusCode, ordered.body).toBe(200);

    // Moved a day later, the order would outrun Peachtree's dates: refused, saying whom to ask first.
    const moved = await t.as('aviationAdmin', {
      method: 'POST',
      url: `/api/tenants/aviation/quote-requests/${short}/change`,
      payload: {
        items: [{ objectID: RED_UNIFORM, quantity: 3 }],
        startDate: addDays(first, 1),
        endDate: addDays(first, 3),
        pricing: { adjustments: {}, services: [] },
      },
      headers: { 'if-match': `"${Number(revision) + 2}"` },
    });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(Object.values(moved.json().errors as Record<string, string>)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^only 0 of 7 free on ${addDays(first, 3)}: 3 hired in from Peachtree Prop House are here ${first} to ${addDays(first, 2)} only\\. Ask Peachtree Prop House to move their order to these dates first$`,
        ),
      ),
    ]);

    // Jetway's margin on it: its own price for the three against Peachtree's charge, in the month the hire starts.
    const margins = await t.as('aviationAdmin', { url: `/api/tenants/aviation/sub-hire-margins/${first.slice(0, 7)}` });
    expect(margins.statusCode, margins.body).toBe(200);
    expect(margins.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...rows] = parse(margins.body) as string[][];
    expect(header).toEqual([
      'Month',
      'Order',
      'Production',
      'Lent by',
      'Their request',
      'Item',
      'Hired in',
      'Currency',
      'Charged',
      'Their currency',
      'Their charge',
      'Margin',
    ]);
    expect(rows.filter((row) => row[1] === short)).toEqual([
      [
        first.slice(0, 7),
        short,
        'Short Night',
        'Peachtree Prop House',
        theirId,
        '1960s Jet Age Flight Attendant Uniform, Red',
        '3',
        'USD',
        '270.00',
        'USD',
        '168.00',
        '102.00',
      ],
    ]);

    // On Jetway's floor: Dispatch has the order going out with the three to collect from Peachtree first.
    const board = (await t.as('aviationAdmin', { url: '/api/tenants/aviation/dispatch?days=31' })).json() as {
      going: Array<{ id: string; subHires: object[] }>;
    };
    expect(board.going.find((row) => row.id === short)?.subHires).toEqual([
      {
        house: 'atlanta',
        houseName: 'Peachtree Prop House',
        quantity: 3,
        item: '1960s Jet Age Flight Attendant Uniform, Red',
        state: 'confirmed',
        overdue: false,
      },
    ]);
    expect(board.going.find((row) => row.id === everything.id)?.subHires).toEqual([]);

    // Peachtree cancels: the three go, and Jetway is told at once which of its orders are short.
    const cancelled = await there('cancel', 3, { reason: 'A truck broke down' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await line()).toMatchObject({ hiredIn: 0 });
    const told = (await mails()).filter((mail) => mail.kind === 'subHireLost');
    expect(told.map((mail) => [mail.to, mail.subject])).toEqual([
      ['rentals@jetwayprops.com', 'Peachtree Prop House cut a sub-hire: 2 orders short'],
    ]);
    const { text } = await simpleParser(await readFile(path.join((t.app.mailer as OutboxMailer).dir, told[0]!.file)));
    expect(text).toContain(
      'Peachtree Prop House is no longer hiring you 3 × 1960s Jet Age Flight Attendant Uniform, Red',
    );
    expect(text).toContain('Short Night: 1960s Jet Age Flight Attendant Uniform, Red');
    expect(text).toContain('Whole Stock: 1960s Jet Age Flight Attendant Uniform, Red');
    // The order's record keeps what was followed, and a second read follows nothing again.
    const [entry] = (
      (
        await t.as('aviationAdmin', { url: `/api/tenants/aviation/quote-requests/${short}/sub-hires` })
      ).json() as Array<{ subHire: { hiredIn?: object } }>
    ).filter((candidate) => (candidate.subHire as { quoteId?: string }).quoteId === theirId);
    expect(entry!.subHire.hiredIn).toMatchObject({ quantity: 0 });
  });

  it('lets the house quote what it hired in beyond its own stock, on those dates only: in a change and in a production’s own request', async () => {
    const kim = await storefrontVisitor(t, 'kim@long-take.example');
    const storefront = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/quote-requests',
        payload,
        headers: { host: AVIATION_HOST, origin: `http://${AVIATION_HOST}`, cookie: kim.cookie },
      });
    // Days no other test here books.
    const first = addDays(earliestStart('America/Los_Angeles', 2, new Date()), 70);
    const dates = { startDate: first, endDate: addDays(first, 2) };
    const asked = await storefront({
      items: [{ objectID: RED_UNIFORM, quantity: 7 }],
      ...dates,
      production: 'Long Take',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const ours = asked.json().id as string;
    const { there } = await subHireAccepted(ours, RED_UNIFORM, 3);
    expect((await there('confirm', 2)).statusCode).toBe(200);

    // Ten on those days: Jetway's seven and Peachtree's three. Eleven are not.
    const etag = (await t.as('aviationAdmin', { url: `/api/tenants/aviation/quote-requests/${ours}` })).headers
      .etag as string;
    const change = (quantity: number) =>
      t.as('aviationAdmin', {
        method: 'POST',
        url: `/api/tenants/aviation/quote-requests/${ours}/change`,
        payload: { items: [{ objectID: RED_UNIFORM, quantity }], ...dates, pricing: { adjustments: {}, services: [] } },
        headers: { 'if-match': etag },
      });
    const eleven = await change(11);
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json().errors).toEqual({ 'items.0.quantity': 'only 10 on these dates (7 own and 3 hired in)' });
    const ten = await change(10);
    expect(ten.statusCode, ten.body).toBe(200);
    expect(ten.json().lines).toEqual([expect.objectContaining({ objectID: RED_UNIFORM, quantity: 10 })]);
    // A production's own request counts them on those days (Long Take holds nothing yet), and not a day later.
    expect(
      (await storefront({ items: [{ objectID: RED_UNIFORM, quantity: 10 }], ...dates, production: 'Second Unit' }))
        .statusCode,
    ).toBe(201);
    const later = await storefront({
      items: [{ objectID: RED_UNIFORM, quantity: 8 }],
      startDate: addDays(first, 3),
      endDate: addDays(first, 4),
      production: 'Second Unit',
    });
    expect(later.json().errors).toEqual({ 'items.0.quantity': 'only 7 in stock' });
  });

  it('gives another house’s last units to one of two houses that sub-hire them at once: the lender’s second confirmation is refused', async () => {
    // Jetway (Los Angeles) and Soho (London) each have a request on the same days, and each asks Peachtree for all four of its red uniforms.
    const inDays = 90;
    const first = addDays(earliestStart('America/Los_Angeles', 2, new Date()), inDays);
    const requestAt = async (house: 'aviation' | 'london', objectID: string, email: string) => {
      const visitor = await storefrontVisitor(t, email, true, house);
      const host = `${house}.localhost`;
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/quote-requests',
        payload: {
          items: [{ objectID, quantity: 1 }],
          startDate: first,
          endDate: addDays(first, 2),
          production: `Last Four ${house}`,
        },
        headers: { host, origin: `http://${host}`, cookie: visitor.cookie },
      });
      expect(made.statusCode, made.body).toBe(201);
      return made.json().id as string;
    };
    const jetway = await requestAt('aviation', RED_UNIFORM, 'rae@last-four.example');
    const soho = await requestAt('london', '1950s-hard-train-case-cream', 'mo@last-four.example');
    const askFor = (house: 'aviation' | 'london', id: string, objectID: string) =>
      t.as('platformStaff', {
        method: 'POST',
        url: `/api/tenants/${house}/quote-requests/${id}/sub-hires`,
        payload: { objectID, house: 'atlanta', theirObjectID: RED_UNIFORM, quantity: 4 },
      });
    const asks = await Promise.all([
      askFor('aviation', jetway, RED_UNIFORM),
      askFor('london', soho, '1950s-hard-train-case-cream'),
    ]);
    expect(asks.map((ask) => ask.statusCode)).toEqual([201, 201]);
    const [a, b] = asks.map((ask) => ask.json().subHire.quoteId as string);
    // Peachtree quotes both; each house accepts on its account; Peachtree confirms both at once.
    const there = (id: string, action: string, revision: number, payload?: object) =>
      t.as('platformStaff', {
        method: 'POST',
        url: `/api/tenants/atlanta/quote-requests/${id}/${action}`,
        ...(payload && { payload }),
        headers: { 'if-match': `"${revision}"` },
      });
    for (const id of [a!, b!])
      expect((await there(id, 'quote', 0, { adjustments: {}, services: [] })).statusCode).toBe(200);
    const accept = (house: 'aviation' | 'london', ours: string, id: string) =>
      t.as('platformStaff', {
        method: 'POST',
        url: `/api/tenants/${house}/quote-requests/${ours}/sub-hires/${id}/accept`,
        payload: { version: 1 },
        headers: { 'if-match': '"1"' },
      });
    expect((await accept('aviation', jetway, a!)).statusCode).toBe(200);
    expect((await accept('london', soho, b!)).statusCode).toBe(200);
    const confirms = await Promise.all([there(a!, 'confirm', 2), there(b!, 'confirm', 2)]);
    expect(confirms.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = confirms.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().message).toMatch(/free/);
    // Only the winner's house has the four hired in.
    const hiredIn = async (house: 'aviation' | 'london', ours: string) =>
      (
        (
          await t.as('platformStaff', { url: `/api/tenants/${house}/quote-requests/${ours}/sub-hires` })
        ).json() as Array<{
          subHire: { hiredIn?: { quantity: number } };
        }>
      )[0]!.subHire.hiredIn?.quantity ?? 0;
    expect([await hiredIn('aviation', jetway), await hiredIn('london', soho)].sort()).toEqual([0, 4]);
  });

  it('tells the house at once, with the lender’s contact, when its production cancels a request it hired stock in for', async () => {
    const FLIGHT_BAG = 'vintage-flight-bag';
    const production = await storefrontVisitor(t, 'crew@called-off.example');
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/quote-requests',
      payload: {
        items: [{ objectID: FLIGHT_BAG, quantity: 1 }],
        startDate: addDays(from, 75),
        endDate: addDays(to, 75),
        production: 'Called Off',
      },
      headers: { host: AVIATION_HOST, origin: `http://${AVIATION_HOST}`, cookie: production.cookie },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const ours = asked.json().id as string;
    // Jetway hires a bag in from Peachtree for it, and Peachtree confirms: Jetway owes it now.
    const { there } = await subHireAccepted(ours, FLIGHT_BAG, 1);
    expect((await there('confirm', 2)).statusCode).toBe(200);
    const revision = (await t.app.quoteRequests.get('aviation', ours))!.revision!;
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/quotes/${ours}/cancel`,
      payload: { reason: 'The shoot moved to spring' },
      headers: {
        host: AVIATION_HOST,
        origin: `http://${AVIATION_HOST}`,
        cookie: production.cookie,
        'if-match': `"${revision}"`,
      },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [told] = (await mails()).filter((mail) => mail.kind === 'subHireStranded');
    expect(told).toMatchObject({
      to: 'rentals@jetwayprops.com',
      subject: 'Called Off cancelled: 1 sub-hire still confirmed',
    });
    const { text } = await simpleParser(await readFile(path.join((t.app.mailer as OutboxMailer).dir, told!.file)));
    expect(text).toContain(
      'from Peachtree Prop House (confirmed). Ask them: desk@peachtreeprops.com, +1 404 555 0142.',
    );
  });

  it('scans the lender’s own labels on its floor, and damage found at its check-in goes to the lender’s order as its own check-in, with the note and photos', async () => {
    const CAPTAIN = 'captain-uniform-navy-with-four-stripes';
    // Jetway's order of three captain's uniforms on days no other test here books: one its own, two hired in from Peachtree.
    const order = await confirmedOrder(
      t,
      'crew@night-crew.example',
      [{ objectID: CAPTAIN, quantity: 3 }],
      60,
      'Night Crew',
    );
    const { theirId, there } = await subHireAccepted(order.id, CAPTAIN, 2);
    expect((await there('confirm', 2)).statusCode).toBe(200);
    // Confirmed, it is Peachtree's order: Jetway cannot cancel it from its side, and is told whom to ask.
    const late = await t.as('aviationAdmin', {
      method: 'POST',
      url: `/api/tenants/aviation/quote-requests/${order.id}/sub-hires/${theirId}/cancel`,
      payload: { reason: 'Not needed after all' },
      headers: { 'if-match': '"3"' },
    });
    expect([late.statusCode, late.json().message]).toEqual([
      409,
      'Peachtree Prop House confirmed it: it is their order now, so only they can cancel it. Ask them: desk@peachtreeprops.com, +1 404 555 0142.',
    ]);
    // Peachtree tracks its captain's uniforms unit by unit: its labels name each one.
    const units = (
      await t.as('platformStaff', { method: 'POST', url: `/api/tenants/atlanta/items/${CAPTAIN}/units` })
    ).json() as Array<{ tag: string }>;
    expect(units).toHaveLength(4);
    const [first, second, third] = units.map((unit) => unit.tag);

    let sequence = 0;
    const scanAt = async (
      house: 'aviation' | 'atlanta',
      orderId: string,
      input: object,
      id = `floor-${house}-${String(++sequence).padStart(3, '0')}`,
    ) => {
      const answer = await t.as(house === 'aviation' ? 'aviationAdmin' : 'platformStaff', {
        method: 'POST',
        url: `/api/tenants/${house}/orders/${orderId}/scans`,
        payload: { id, ...input },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as {
        record: { outcome: string; message: string };
        state?: string;
        lender?: { outcome: string; message: string; houseName: string };
        repeat: boolean;
      };
    };
    // Not yet checked out to Jetway on Peachtree's floor: Jetway's crew cannot send it on.
    expect((await scanAt('aviation', order.id, { direction: 'out', code: `atlanta/${first}` })).record).toMatchObject({
      outcome: 'refused',
      message: `Peachtree Prop House has not checked ${first} out to you: it is not out on their order for this hire. Ask them to scan it out first.`,
    });
    for (const tag of [first, second])
      expect((await scanAt('atlanta', theirId, { direction: 'out', code: `atlanta/${tag}` })).record.outcome).toBe(
        'ok',
      );

    // Jetway's pull sheet says what is hired in, and whose labels to scan.
    const sheet = async () =>
      (await t.as('aviationAdmin', { url: `/api/tenants/aviation/orders/${order.id}/pull-sheet` })).json() as {
        lines: Array<{ objectID: string; hiredIn: object[] }>;
      };
    expect((await sheet()).lines[0]!.hiredIn).toEqual([
      { house: 'atlanta', houseName: 'Peachtree Prop House', quantity: 2, out: 0, tagsOut: [] },
    ]);

    // Out: its own one by count, Peachtree's two by their labels; a third of theirs and one twice are refused.
    expect((await scanAt('aviation', order.id, { direction: 'out', code: CAPTAIN, count: 1 })).record.outcome).toBe(
      'ok',
    );
    expect((await scanAt('aviation', order.id, { direction: 'out', code: `atlanta/${first}` })).record.message).toBe(
      `Out: atlanta/${first} (Captain Uniform, Navy with Four Stripes, hired in from Peachtree Prop House). 2 of 3 out.`,
    );
    expect((await scanAt('aviation', order.id, { direction: 'out', code: `atlanta/${first}` })).record.outcome).toBe(
      'alreadyOut',
    );
    expect((await scanAt('aviation', order.id, { direction: 'out', code: `atlanta/${third}` })).record.outcome).toBe(
      'refused',
    );
    const allOut = await scanAt('aviation', order.id, { direction: 'out', code: `atlanta/${second}` });
    expect([allOut.record.outcome, allOut.state]).toEqual(['ok', 'out']);
    expect((await sheet()).lines[0]!.hiredIn).toEqual([
      { house: 'atlanta', houseName: 'Peachtree Prop House', quantity: 2, out: 2, tagsOut: [first, second] },
    ]);

    // Back: its own by count cannot take Peachtree's; one of theirs fine, the other damaged with a note and a photo.
    expect((await scanAt('aviation', order.id, { direction: 'in', code: CAPTAIN, count: 2 })).record.message).toBe(
      'Only 1 Captain Uniform, Navy with Four Stripes is out on this order (2 more out are hired in: scan their lender’s labels): 2 cannot come back.'.replace(
        '’',
        "'",
      ),
    );
    expect((await scanAt('aviation', order.id, { direction: 'in', code: CAPTAIN, count: 1 })).record.outcome).toBe(
      'ok',
    );
    expect((await scanAt('aviation', order.id, { direction: 'in', code: `atlanta/${first}` })).lender).toBeUndefined();
    const photo = (
      await t.as('aviationAdmin', {
        method: 'POST',
        url: '/api/tenants/aviation/item-photos',
        payload: { name: 'torn-sleeve.png', data: TINY_PNG.toString('base64') },
      })
    ).json().url as string;
    const damaged = {
      direction: 'in',
      code: `atlanta/${second}`,
      condition: 'damaged',
      note: 'Left sleeve torn at the seam',
      photos: [photo],
    };
    const reported = await scanAt('aviation', order.id, damaged, 'floor-damaged-001');
    expect(reported.record.message).toBe(
      `Back damaged (reported to Peachtree Prop House): atlanta/${second} (Captain Uniform, Navy with Four Stripes, hired in from Peachtree Prop House). 3 of 3 back.`,
    );
    expect(reported.lender).toMatchObject({
      houseName: 'Peachtree Prop House',
      outcome: 'ok',
      message: expect.stringMatching(new RegExp(`^Back damaged \\(to repair\\): ${second} `)),
    });
    // A retry (a lost connection) records it once at both houses.
    expect(await scanAt('aviation', order.id, damaged, 'floor-damaged-001')).toMatchObject({
      repeat: true,
      lender: { outcome: 'ok' },
    });

    // At Peachtree: the unit is in repair, and its order to Jetway carries the damage by its own rule, with Jetway's note and photo.
    expect((await t.app.quoteRequests.getUnit('atlanta', second!))?.status).toBe('repair');
    const theirs = (await t.as('platformStaff', { url: `/api/tenants/atlanta/quote-requests/${theirId}` })).json() as {
      hire: { charges: object[]; lines: Array<{ back: number; damaged: number }> };
    };
    expect(theirs.hire.lines[0]).toMatchObject({ back: 1, damaged: 1 });
    expect(theirs.hire.charges).toEqual([
      expect.objectContaining({
        kind: 'damage',
        tag: second,
        note: "Found at Jetway Props's check-in (their order “Night Crew”): Left sleeve torn at the seam",
        photos: [photo],
      }),
    ]);
    // At Jetway: the production is charged by Jetway's rule, and nothing of Peachtree's leaves Jetway's stock.
    const ours = (await t.as('aviationAdmin', { url: `/api/tenants/aviation/quote-requests/${order.id}` })).json() as {
      state: string;
      hire: { charges: object[] };
    };
    expect(ours.state).toBe('returned');
    expect(ours.hire.charges).toEqual([expect.objectContaining({ kind: 'damage', tag: second, photos: [photo] })]);
    const kept = await t.app.quoteRequests.bookings('aviation', [CAPTAIN], order.startDate, addDays(order.endDate, 30));
    expect(kept.filter((booking) => booking.kind === 'repair' || booking.kind === 'lost')).toEqual([]);

    // The other one goes back to Peachtree, which closes its order: its invoice reaches Jetway as a PDF, since Jetway cannot sign in on Peachtree's storefront.
    expect((await scanAt('atlanta', theirId, { direction: 'in', code: `atlanta/${first}` })).state).toBe('returned');
    const revision = (await t.app.quoteRequests.get('atlanta', theirId))!.revision!;
    const closed = await t.as('platformStaff', {
      method: 'POST',
      url: `/api/tenants/atlanta/quote-requests/${theirId}/close`,
      headers: { 'if-match': `"${revision}"` },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    // The outbox lists the newest first.
    const [closing] = (await mails()).filter(
      (mail) =>
        mail.to === 'rentals@jetwayprops.com' &&
        mail.subject.startsWith('Your hire with Peachtree Prop House is closed'),
    );
    expect(closing).toBeDefined();
    const { attachments, html } = await simpleParser(
      await readFile(path.join((t.app.mailer as OutboxMailer).dir, closing!.file)),
    );
    expect(attachments.map((attachment) => [attachment.contentType, attachment.filename])).toEqual([
      ['application/pdf', expect.stringMatching(/\.pdf$/)],
    ]);
    expect(attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(html).toContain(`https://www.jetwayprops.com/admin/#/t/aviation/quote-requests/${order.id}`);

    // What the production reads of its order, on the page and in the network panel alike: nothing of
    // Jetway's trade (the lender, its quote and item, who asked for it), its staff or the provider's ids.
    const production = (url: string) => t.app.inject({ url, headers: { host: AVIATION_HOST, cookie: order.cookie } });
    for (const answer of [await production(`/api/quotes/${order.id}`), await production('/api/quotes')]) {
      expect(answer.statusCode, answer.body).toBe(200);
      expectNoTradeFields(answer.json(), ['notes']);
      expect(answer.body).not.toMatch(/Peachtree|peachtreeprops|admin@jetwayprops\.com/);
      expect(answer.body).not.toContain(theirId);
    }
  });
});

describe('a kit short of a piece', () => {
  it('is sub-hired piece by piece: the kit itself is refused at its line, the piece it is short of is asked for', async () => {
    await lends('atlanta', { takes: 'everyListedHouse', tradeDiscountPercent: 20 });
    const [uniform] = await t.app.itemStore.getMany('aviation', [RED_UNIFORM]);
    const made = await t.as('aviationAdmin', {
      method: 'POST',
      url: '/api/tenants/aviation/items',
      payload: {
        ...uniform!,
        objectID: 'crew-wardrobe-kit',
        name: 'Crew wardrobe kit',
        sku: undefined,
        kit: { kind: 'package', components: [{ objectID: RED_UNIFORM, quantity: 2 }] },
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const visitor = await storefrontVisitor(t, 'wardrobe@night-flight.example');
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/quote-requests',
      payload: {
        items: [{ objectID: 'crew-wardrobe-kit', quantity: 1 }],
        startDate: addDays(from, 60),
        endDate: addDays(to, 60),
      },
      headers: { host: AVIATION_HOST, origin: `http://${AVIATION_HOST}`, cookie: visitor.cookie },
    });
    expect(request.statusCode, request.body).toBe(201);
    const ask = (objectID: string) =>
      t.as('aviationAdmin', {
        method: 'POST',
        url: `/api/tenants/aviation/quote-requests/${request.json().id as string}/sub-hires`,
        payload: { objectID, house: 'atlanta', theirObjectID: RED_UNIFORM, quantity: 1 },
      });
    const kit = await ask('crew-wardrobe-kit');
    expect(kit.statusCode).toBe(400);
    expect(kit.json().errors).toEqual({
      objectID: 'is a kit (Crew wardrobe kit): ask other houses for the pieces it is short of, each on its own',
    });
    const piece = await ask(RED_UNIFORM);
    expect(piece.statusCode, piece.body).toBe(201);
    expect(piece.json().subHire).toMatchObject({ objectID: RED_UNIFORM, house: 'atlanta', quantity: 1 });
  });
});
