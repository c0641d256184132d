/**
 * One production request, several houses, over the real app (file tenants, SQLite stores): a
 * visitor on the platform asks for items of three houses at once; each house gets its own request
 * (its lines only, priced and checked by its rules), a house that approves by hand keeps its part
 * waiting until it approves, the same request sent twice (or twice at once) makes one request per
 * house, a house out of reach fails its part alone (sent again later), and what cannot be asked is
 * refused by field with nothing sent. The store fault is a test double over the real store, named
 * where it is made.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../schema/rental/quote-rules';
import type { ProductionRequest, QuoteRequest } from '../../schema/types.generated';
import type { OutboxMailer } from '../../server/mail/mailer';
import { expectNoTradeFields } from '../helpers/visitor-fields';
import { buildTestApp, editTenant, withShippedHouses, type TestApp } from '../helpers/server';
import { storefrontVisitor } from '../helpers/storefront-visitor';

const PLATFORM = 'platform.localhost';
const LONDON_DOMAIN = 'www.sohoprophire.co.uk';
let t: TestApp;
let visitor: { uid: string; email: string; cookie: string };
const start = addDays(todayIn('UTC', new Date()), 20);
const end = addDays(start, 2);

async function setVendor(tenants: string, tenantId: string, change: Record<string, unknown>) {
  const file = path.join(tenants, tenantId, 'vendor.json');
  await writeFile(file, JSON.stringify({ ...JSON.parse(await readFile(file, 'utf8')), ...change }, null, 2));
}

beforeAll(async () => {
  t = await buildTestApp({
    // Many requests from one address in a minute: the limit is the rate-limit tests' concern.
    quotes: { requestsPerMinute: 1000 },
    beforeStart: async (tenants) => {
      await withShippedHouses(tenants);
      // Aviation and London serve productions the platform has verified; Atlanta approves each by hand.
      await setVendor(tenants, 'aviation', { marketplaceApproval: 'platformVerified' });
      await setVendor(tenants, 'london', { marketplaceApproval: 'platformVerified' });
    },
  });
  await t.app.ready();
  // Verified by the platform's staff (approved on the platform's storefront).
  visitor = await storefrontVisitor(t, 'designer@production.example', true, 'platform');
});
afterAll(() => t.close());

const send = (payload: object, cookie = visitor.cookie, host = PLATFORM) =>
  t.app.inject({
    method: 'POST',
    url: '/api/production-requests',
    payload,
    headers: { host, origin: `http://${host}`, cookie },
  });
const key = () => crypto.randomUUID();
const houseRequests = async (tenantId: string) =>
  (await t.as('platformStaff', { url: `/api/tenants/${tenantId}/quote-requests?range=[0,99]` })).json() as Array<
    QuoteRequest & { items: number }
  >;
const partOf = (request: ProductionRequest, house: string) => request.parts.find((part) => part.house === house)!;

const ASK = (overrides: object = {}) => ({
  key: key(),
  items: [
    { listing: 'aviation~c-stand-40-in-with-arm', quantity: 2 },
    { listing: 'london~c-stand-40-in-with-arm', quantity: 1 },
    { listing: 'atlanta~peach-crate-nope', quantity: 1 },
  ],
  startDate: start,
  endDate: end,
  production: 'Night Flight',
  ...overrides,
});

describe('a production request on the platform', () => {
  it('refuses by field what cannot be asked, and sends nothing', async () => {
    const refused = await send(ASK());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      'items.2.listing': 'is no longer at Peachtree Prop House: remove it and choose another',
    });
    const malformed = await send(ASK({ items: [{ listing: 'aviation-c-stand', quantity: 1 }] }));
    expect(malformed.statusCode).toBe(400);
    expect(JSON.stringify(malformed.json())).toContain('must be an item of a house on the platform');
    const fiftyOne = await send(
      ASK({ items: Array.from({ length: 51 }, (_, n) => ({ listing: `house-${n}~chair`, quantity: 1 })) }),
    );
    expect(fiftyOne.json().errors).toEqual({
      items: 'asks 51 houses at once: one request asks at most 50, so send it as two',
    });
    const unlisted = await send(ASK({ items: [{ listing: 'acme~cart-a', quantity: 1 }] }));
    expect(unlisted.statusCode).toBe(400);
    expect(unlisted.json().errors).toEqual({
      'items.0.listing': expect.stringContaining('not listed on the platform now'),
    });
    // Dates no house could hire: refused at the field, and nothing stored to retry forever.
    const backwards = await send(ASK({ startDate: end, endDate: start }));
    expect(backwards.json().errors).toEqual({ endDate: 'must be on or after the first day' });
    const past = await send(ASK({ startDate: '2020-01-06', endDate: '2020-01-08' }));
    expect(past.json().errors).toEqual({
      startDate: expect.stringMatching(/^is in the past: choose \d{4}-\d{2}-\d{2} or later$/),
    });
    expect(
      (
        await t.app.inject({ url: '/api/production-requests', headers: { host: PLATFORM, cookie: visitor.cookie } })
      ).json(),
    ).toEqual([]);
    expect(await houseRequests('aviation')).toEqual([]);
    // Only on the platform's storefront, and only signed in.
    expect((await send(ASK(), visitor.cookie, 'aviation.localhost')).statusCode).toBe(404);
    expect((await send(ASK(), '')).statusCode).toBe(401);
  });

  it('makes one request per house with its own lines; a house that approves by hand keeps its part waiting until it does', async () => {
    const [atlantaItem] = (await t.app.itemStore.list('atlanta', { limit: 1 }))!;
    const ask = ASK({
      items: [
        { listing: 'aviation~c-stand-40-in-with-arm', quantity: 2 },
        { listing: 'london~c-stand-40-in-with-arm', quantity: 1 },
        { listing: `atlanta~${atlantaItem!.objectID}`, quantity: 1 },
        { listing: 'aviation~c-stand-40-in-with-arm', quantity: 1 },
      ],
    });
    const sent = await send(ask);
    expect(sent.statusCode, sent.body).toBe(201);
    const request = sent.json() as ProductionRequest & {
      parts: Array<{ href?: string; quote?: { state: string; currency: string } }>;
    };
    expect(request.parts.map((part) => [part.house, part.state])).toEqual([
      ['aviation', 'sent'],
      ['london', 'sent'],
      ['atlanta', 'awaitingApproval'],
    ]);
    expect(partOf(request, 'atlanta').problem).toContain('Peachtree Prop House checks every new production first');
    // Peachtree is told at once that a production waits for it, where to approve it.
    const waiting = async () =>
      (await (t.app.mailer as OutboxMailer).list()).filter((mail) => mail.kind === 'productionWaiting');
    expect((await waiting()).map((mail) => [mail.to, mail.tenantId, mail.subject])).toEqual([
      ['desk@peachtreeprops.com', 'atlanta', expect.stringMatching(/^A production waits for your approval: /)],
    ]);
    // Each house sees its own part only: its lines, its currency's quote to come.
    const [aviation] = await houseRequests('aviation');
    expect(aviation!.lines).toEqual([expect.objectContaining({ objectID: 'c-stand-40-in-with-arm', quantity: 3 })]);
    expect(aviation!.productionRequest).toBe(ask.key);
    expect(aviation!.production).toBe('Night Flight');
    const [london] = await houseRequests('london');
    expect(london!.lines.map((line) => line.objectID)).toEqual(['c-stand-40-in-with-arm']);
    expect(JSON.stringify(london)).not.toContain('aviation');
    expect(await houseRequests('atlanta')).toEqual([]);
    expect(request.parts[1]).toMatchObject({
      href: `http://london.localhost/quotes/${partOf(request, 'london').quoteId}`,
      quote: { state: 'requested', currency: 'GBP' },
    });
    // The visitor is a member of each house now, with a profile there.
    expect((await t.app.profileStore.get('london', visitor.uid))?.isAuthorized).toBe(true);
    expect((await t.app.profileStore.get('atlanta', visitor.uid))?.isAuthorized ?? null).toBeNull();

    // Atlanta's staff approve the production: its part is sent at once.
    const approved = await t.as('platformStaff', {
      method: 'PUT',
      url: `/api/tenants/atlanta/users/${visitor.uid}`,
      payload: { isAuthorized: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const after = (
      await t.app.inject({
        url: `/api/production-requests/${ask.key}`,
        headers: { host: PLATFORM, cookie: visitor.cookie },
      })
    ).json() as ProductionRequest;
    expect(partOf(after, 'atlanta').state).toBe('sent');
    expect((await houseRequests('atlanta')).map((quote) => quote.id)).toEqual([partOf(after, 'atlanta').quoteId]);

    // London prices its part: the production's list says its total as London's own quote page does, VAT and card processing in.
    const londonId = partOf(request, 'london').quoteId!;
    const quoted = await t.as('platformStaff', {
      method: 'POST',
      url: `/api/tenants/london/quote-requests/${londonId}/quote`,
      payload: { adjustments: {}, services: [] },
      headers: { 'if-match': '"0"' },
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    // London's mails to the production link to the part's page on the platform, where it is signed in.
    const outbox = t.app.mailer as OutboxMailer;
    const londonMails = (await outbox.list()).filter((mail) => mail.to === visitor.email && mail.tenantId === 'london');
    expect(londonMails.map((mail) => mail.kind).sort()).toEqual(['quoteConfirmation', 'quoteUpdate']);
    for (const mail of londonMails) {
      const { text } = await simpleParser(await readFile(path.join(outbox.dir, mail.file)));
      expect(text, mail.kind).toContain(`https://www.backlot.example/quotes/${londonId}`);
      expect(text, mail.kind).not.toContain(`${LONDON_DOMAIN}/quotes/`);
    }
    expect((await houseRequests('london'))[0]!.platformPage).toBe(`https://www.backlot.example/quotes/${londonId}`);
    const atLondon = await t.app.inject({
      url: `/api/quotes/${londonId}`,
      headers: { host: 'london.localhost', cookie: visitor.cookie },
    });
    expect(atLondon.statusCode, atLondon.body).toBe(200);
    const listed = (
      await t.app.inject({
        url: `/api/production-requests/${ask.key}`,
        headers: { host: PLATFORM, cookie: visitor.cookie },
      })
    ).json() as ProductionRequest;
    expect(atLondon.json().due.total).toBeGreaterThan(atLondon.json().total);
    expect((partOf(listed, 'london') as { quote?: object }).quote).toEqual({
      state: 'quoted',
      held: false,
      total: atLondon.json().due.total,
      taxName: 'VAT',
      currency: 'GBP',
      locale: 'en-GB',
    });

    // Sent again with the same key: the same request, no second request at any house, no second mail.
    const again = await send(ask);
    expect(again.statusCode).toBe(200);
    expect(await waiting()).toHaveLength(1);
    expect((await houseRequests('aviation')).length).toBe(1);
    expect((await houseRequests('london')).length).toBe(1);
    // Listed for the visitor, newest first; another visitor sees none of it.
    const mine = (
      await t.app.inject({ url: '/api/production-requests', headers: { host: PLATFORM, cookie: visitor.cookie } })
    ).json() as ProductionRequest[];
    expect(mine.map((production) => production.id)).toContain(ask.key);
    // Nothing of a house's trade or staff in what the production reads.
    expectNoTradeFields(mine, ['notes']);
    expectNoTradeFields(after, ['notes']);
    const other = await storefrontVisitor(t, 'someone@else.example', true, 'platform');
    expect(
      (
        await t.app.inject({
          url: `/api/production-requests/${ask.key}`,
          headers: { host: PLATFORM, cookie: other.cookie },
        })
      ).statusCode,
    ).toBe(404);
    expect((await send(ask, other.cookie)).statusCode).toBe(409);
    // Platform staff see every production's requests; a house's admin does not.
    const all = await t.as('platformStaff', { url: '/api/marketplace/production-requests?range=[0,99]' });
    expect(all.json().map((production: { id: string }) => production.id)).toContain(ask.key);
    // Each sent part as it stands at its house (London's quoted), not only "sent".
    const listedParts = all.json().find((production: { id: string }) => production.id === ask.key).parts as Array<{
      house: string;
      state: string;
      quote?: { state: string };
    }>;
    expect(listedParts.map((part) => [part.house, part.state, part.quote?.state])).toEqual([
      ['aviation', 'sent', 'requested'],
      ['london', 'sent', 'quoted'],
      ['atlanta', 'sent', 'requested'],
    ]);
    expect((await t.as('aviationAdmin', { url: '/api/marketplace/production-requests' })).statusCode).toBe(403);
  });

  it('takes the same request sent twice at once as one: one request per house, never two', async () => {
    const ask = ASK({
      items: [
        { listing: 'aviation~c-stand-40-in-with-arm', quantity: 1 },
        { listing: 'london~c-stand-40-in-with-arm', quantity: 1 },
      ],
    });
    const before = {
      aviation: (await houseRequests('aviation')).length,
      london: (await houseRequests('london')).length,
    };
    const answers = await Promise.all([send(ask), send(ask)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect((await houseRequests('aviation')).length).toBe(before.aviation + 1);
    expect((await houseRequests('london')).length).toBe(before.london + 1);
  });

  it("lets the other houses' parts through when one house's store fails, and sends that part again later", async () => {
    // A test double over the real store: London's requests cannot be written, once.
    const store = t.app.quoteRequests;
    const add = store.add.bind(store);
    let failures = 1;
    store.add = async (quote) => {
      if (quote.tenantId === 'london' && failures-- > 0)
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8080'), { code: 'ECONNREFUSED' });
      return add(quote);
    };
    try {
      const ask = ASK({
        items: [
          { listing: 'aviation~c-stand-40-in-with-arm', quantity: 1 },
          { listing: 'london~c-stand-40-in-with-arm', quantity: 1 },
        ],
      });
      const sent = (await send(ask)).json() as ProductionRequest;
      expect(partOf(sent, 'aviation').state).toBe('sent');
      expect(partOf(sent, 'london')).toMatchObject({
        state: 'failed',
        problem: expect.stringContaining('Soho Prop Hire could not be reached'),
      });
      const retried = await t.app.inject({
        method: 'POST',
        url: `/api/production-requests/${ask.key}/retry`,
        headers: { host: PLATFORM, origin: `http://${PLATFORM}`, cookie: visitor.cookie },
      });
      expect(retried.statusCode, retried.body).toBe(200);
      expect(partOf(retried.json(), 'london').state).toBe('sent');
      expect(partOf(retried.json(), 'aviation').quoteId).toBe(partOf(sent, 'aviation').quoteId);
    } finally {
      store.add = add;
    }
  });

  it("says which line a house could not take on the dates, in the house's words, and keeps the part to send again", async () => {
    const ask = ASK({
      items: [
        { listing: 'london~c-stand-40-in-with-arm', quantity: 999 },
        { listing: 'aviation~c-stand-40-in-with-arm', quantity: 1 },
      ],
    });
    const sent = (await send(ask)).json() as ProductionRequest;
    expect(partOf(sent, 'aviation').state).toBe('sent');
    expect(partOf(sent, 'london')).toMatchObject({
      state: 'failed',
      problem: expect.stringMatching(/^Soho Prop Hire: C-Stand, 40 in with Arm: /),
    });
  });

  it('sends a part its house refused on other dates of its own, or drops a part not sent; a part the house has stays', async () => {
    // Soho wants ten days' notice; the request starts in four.
    expect((await editTenant(t, 'london', (tenant) => (tenant.site.maxRequestLeadTimeDays = 10))).statusCode).toBe(200);
    await expect.poll(() => t.app.marketplace.house('london')?.leadDays).toBe(10);
    const soon = addDays(todayIn('UTC', new Date()), 4);
    const ask = ASK({
      items: [
        { listing: 'london~c-stand-40-in-with-arm', quantity: 1 },
        { listing: 'aviation~c-stand-40-in-with-arm', quantity: 1 },
      ],
      startDate: soon,
      endDate: addDays(soon, 1),
    });
    const sent = (await send(ask)).json() as ProductionRequest;
    expect(partOf(sent, 'aviation').state).toBe('sent');
    expect(partOf(sent, 'london')).toMatchObject({ state: 'failed', problem: expect.stringContaining('or later') });
    const part = (house: string, action: string, payload?: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/production-requests/${ask.key}/parts/${house}/${action}`,
        ...(payload && { payload }),
        headers: { host: PLATFORM, origin: `http://${PLATFORM}`, cookie: visitor.cookie },
      });
    // Backwards dates are refused at the field; dates Soho takes send its part alone, on them.
    expect(
      (await part('london', 'dates', { startDate: addDays(soon, 12), endDate: addDays(soon, 11) })).json().errors,
    ).toEqual({ endDate: 'must be on or after the first day' });
    const later = { startDate: addDays(soon, 12), endDate: addDays(soon, 13) };
    const resent = await part('london', 'dates', later);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(partOf(resent.json(), 'london')).toMatchObject({ state: 'sent', ...later });
    const atSoho = (await houseRequests('london')).find(
      (quote) => quote.id === partOf(resent.json(), 'london').quoteId,
    );
    expect(atSoho).toMatchObject(later);
    // A part the house has is not dropped here, nor sent again on other dates; an unknown house is no part.
    expect((await part('aviation', 'withdraw')).statusCode).toBe(409);
    expect((await part('aviation', 'dates', later)).statusCode).toBe(409);
    expect((await part('nowhere', 'withdraw')).statusCode).toBe(404);
    // A part waiting for its house's approval is dropped, and is not sent when the house approves.
    const [item] = await t.app.itemStore.list('atlanta', { limit: 1 });
    const designer = await storefrontVisitor(t, 'drops@production.example', true, 'platform');
    const waiting = ASK({ items: [{ listing: `atlanta~${item!.objectID}`, quantity: 1 }] });
    expect(partOf((await send(waiting, designer.cookie)).json(), 'atlanta').state).toBe('awaitingApproval');
    const dropped = await t.app.inject({
      method: 'POST',
      url: `/api/production-requests/${waiting.key}/parts/atlanta/withdraw`,
      headers: { host: PLATFORM, origin: `http://${PLATFORM}`, cookie: designer.cookie },
    });
    expect(partOf(dropped.json(), 'atlanta')).toMatchObject({
      state: 'withdrawn',
      problem: 'You withdrew this part: it was not sent.',
    });
    expect(
      (
        await t.as('platformStaff', {
          method: 'PUT',
          url: `/api/tenants/atlanta/users/${designer.uid}`,
          payload: { isAuthorized: true },
        })
      ).statusCode,
    ).toBe(200);
    const after = (
      await t.app.inject({
        url: `/api/production-requests/${waiting.key}`,
        headers: { host: PLATFORM, cookie: designer.cookie },
      })
    ).json() as ProductionRequest;
    expect(partOf(after, 'atlanta').state).toBe('withdrawn');
    expect((await houseRequests('atlanta')).filter((quote) => quote.productionRequest === waiting.key)).toEqual([]);
    expect((await editTenant(t, 'london', (tenant) => (tenant.site.maxRequestLeadTimeDays = 2))).statusCode).toBe(200);
  });

  it('tells the production when a house went unlisted before its part could be sent, and sends it once the house is back', async () => {
    const designer = await storefrontVisitor(t, 'late@production.example', true, 'platform');
    const [item] = await t.app.itemStore.list('atlanta', { limit: 1 });
    const ask = ASK({ items: [{ listing: `atlanta~${item!.objectID}`, quantity: 1 }] });
    const sent = (await send(ask, designer.cookie)).json() as ProductionRequest;
    expect(partOf(sent, 'atlanta').state).toBe('awaitingApproval');
    const listed = (value: boolean) => editTenant(t, 'atlanta', (tenant) => (tenant.vendor.isListed = value));
    expect((await listed(false)).statusCode).toBe(200);
    await expect.poll(() => t.app.marketplace.house('atlanta')).toBeUndefined();
    expect(
      (
        await t.as('platformStaff', {
          method: 'PUT',
          url: `/api/tenants/atlanta/users/${designer.uid}`,
          payload: { isAuthorized: true },
        })
      ).statusCode,
    ).toBe(200);
    const read = async () =>
      (
        await t.app.inject({
          url: `/api/production-requests/${ask.key}`,
          headers: { host: PLATFORM, cookie: designer.cookie },
        })
      ).json() as ProductionRequest;
    expect(partOf(await read(), 'atlanta')).toMatchObject({
      state: 'failed',
      problem: 'Peachtree Prop House is not listed on the platform now, so this part was not sent.',
    });
    expect((await listed(true)).statusCode).toBe(200);
    await expect.poll(() => t.app.marketplace.house('atlanta')?.name).toBe('Peachtree Prop House');
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/production-requests/${ask.key}/retry`,
      headers: { host: PLATFORM, origin: `http://${PLATFORM}`, cookie: designer.cookie },
    });
    expect(partOf(retried.json(), 'atlanta').state).toBe('sent');
  });

  it('holds every part still open at its house at once, each ranked by that house, and says what each answered', async () => {
    const sent = await send(
      ASK({
        items: [
          { listing: 'aviation~c-stand-40-in-with-arm', quantity: 1 },
          { listing: 'london~c-stand-40-in-with-arm', quantity: 1 },
        ],
      }),
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const id = (sent.json() as ProductionRequest).id;
    const hold = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/production-requests/${id}/hold`,
        headers: { host: PLATFORM, origin: `http://${PLATFORM}`, cookie: visitor.cookie },
      });
    const held = await hold();
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().held).toEqual([
      { house: 'aviation', outcome: 'held' },
      { house: 'london', outcome: 'held' },
    ]);
    expect(held.json().parts.map((part: { quote?: { held: boolean } }) => part.quote?.held)).toEqual([true, true]);
    // Each house holds it as the production would there: a pencil by the visitor, to that house's last day.
    for (const part of (held.json() as ProductionRequest).parts) {
      const quote = (await t.app.quoteRequests.get(part.house, part.quoteId!))!;
      expect([quote.hold, quote.pencil?.by]).toEqual(['pencil', 'visitor']);
    }
    expect((await hold()).json().held.map((each: { outcome: string }) => each.outcome)).toEqual([
      'alreadyHeld',
      'alreadyHeld',
    ]);
    // Another visitor's request is not theirs to hold.
    const other = await storefrontVisitor(t, 'holder@elsewhere.example', true, 'platform');
    const theirs = await t.app.inject({
      method: 'POST',
      url: `/api/production-requests/${id}/hold`,
      headers: { host: PLATFORM, origin: `http://${PLATFORM}`, cookie: other.cookie },
    });
    expect(theirs.statusCode).toBe(404);

    // Its list is its inbox across houses: a house's message not read yet is counted on that house's part only.
    const london = (held.json() as ProductionRequest).parts.find((part) => part.house === 'london')!;
    const wrote = await t.as('platformStaff', {
      method: 'POST',
      url: `/api/tenants/london/quote-requests/${london.quoteId}/messages`,
      payload: { text: 'Your stand is set aside.' },
    });
    expect(wrote.statusCode, wrote.body).toBe(201);
    const read = await t.app.inject({
      url: `/api/production-requests/${id}`,
      headers: { host: PLATFORM, cookie: visitor.cookie },
    });
    expect(
      read.json().parts.map((part: { house: string; quote?: { unread?: number } }) => [part.house, part.quote?.unread]),
    ).toEqual([
      ['aviation', undefined],
      ['london', 1],
    ]);
  });
});
