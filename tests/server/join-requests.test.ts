/**
 * Asking to order on a company's account over the real app (issue 38): a signed-in visitor asks on
 * the house's storefront (asking again answers with the one waiting) and the house is mailed; the
 * quote page learns the house keeps accounts and that the request waits; staff approve it into an
 * account (the visitor is on it, mailed, and the quote now offers it) or decline it with a reason the
 * visitor reads; a request is decided once; nobody signed in, and another house's staff, are
 * refused. The mailer is the outbox (real MIME files).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expectNoTradeFields } from '../helpers/visitor-fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import type { OutboxMailer } from '../../server/mail/mailer';
import { buildTestApp, type TestApp } from '../helpers/server';
import { AVIATION_HOST, storefrontVisitor } from '../helpers/storefront-visitor';

const SEATS = '1950s-propliner-triple-seat-row-brown-houndstooth';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ identity: { attemptsPerMinute: 1000 }, quotes: { requestsPerMinute: 1000 } });
});
afterAll(() => t.close());

const house = (
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  who: 'aviationAdmin' | 'acmeAdmin' = 'aviationAdmin',
) => t.as(who, { method, url: `/api/tenants/aviation${url}`, ...(payload && { payload }) });
const mails = async () => (t.app.mailer as OutboxMailer).list();
const text = async (file: string) =>
  (await simpleParser(await readFile(path.join((t.app.mailer as OutboxMailer).dir, file)))).text ?? '';

async function visitor(email: string) {
  const who = await storefrontVisitor(t, email);
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload && { payload }),
      headers: { host: AVIATION_HOST, origin: `http://${AVIATION_HOST}`, cookie: who.cookie },
    });
  const from = addDays(earliestStart('America/Los_Angeles', 2, new Date()), 5);
  const asked = await call('POST', '/api/quote-requests', {
    items: [{ objectID: SEATS, quantity: 1 }],
    startDate: from,
    endDate: addDays(from, 1),
    production: 'Night Flight',
  });
  const id = asked.json().id as string;
  const revision = async () => (await t.app.quoteRequests.get('aviation', id))!.revision;
  expect(
    (
      await t.as('aviationAdmin', {
        method: 'POST',
        url: `/api/tenants/aviation/quote-requests/${id}/quote`,
        payload: { adjustments: {}, services: [] },
        headers: { 'if-match': `"${await revision()}"` },
      })
    ).statusCode,
  ).toBe(200);
  return { call, quote: async () => (await call('GET', `/api/quotes/${id}`)).json() };
}

describe('asking to order on a company account', () => {
  it('is asked once while it waits, told to the house, and approved into the account', async () => {
    expect(
      (
        await house('POST', '/accounts', {
          id: 'warner',
          name: 'Warner Bros. Pictures',
          kind: 'studio',
          terms: { method: 'account', netDays: 30 },
          members: [],
        })
      ).statusCode,
    ).toBe(201);
    const kim = await visitor('kim@warner.example');
    expect(await kim.quote()).toMatchObject({ accountsOffered: true });
    expect((await kim.quote()).accountRequest).toBeUndefined();

    const before = (await mails()).length;
    const asked = await kim.call('POST', '/api/account-requests', {
      company: '  Warner Bros.  ',
      message: 'Set decorator on Night Flight; ask Lee in accounts',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({
      repeat: false,
      request: { email: 'kim@warner.example', company: 'Warner Bros.', state: 'pending' },
    });
    expect((await kim.call('POST', '/api/account-requests', { company: 'Warner' })).json()).toMatchObject({
      repeat: true,
      request: { id: asked.json().request.id },
    });
    const told = (await mails()).slice(0, (await mails()).length - before);
    expect(told.map((mail) => [mail.kind, mail.to])).toEqual([['joinRequest', 'rentals@jetwayprops.com']]);
    expect(await text(told[0]!.file)).toContain('kim@warner.example asks to order on the account of Warner Bros.');
    expect((await kim.quote()).accountRequest).toEqual({ state: 'pending', company: 'Warner Bros.' });
    expect(
      (await kim.call('GET', '/api/account-requests')).json().map((request: { state: string }) => request.state),
    ).toEqual(['pending']);

    const waiting = (await house('GET', '/account-requests?state=pending')).json();
    expect(waiting.map((request: { email: string }) => request.email)).toEqual(['kim@warner.example']);
    expect((await house('GET', '/account-requests', undefined, 'acmeAdmin')).statusCode).toBe(404);
    const approved = await house('POST', `/account-requests/${waiting[0].id}/decide`, { approve: 'warner' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().account.members.map((member: { email: string }) => member.email)).toEqual([
      'kim@warner.example',
    ]);
    const again = await house('POST', `/account-requests/${waiting[0].id}/decide`, { decline: 'Changed my mind' });
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      "kim@warner.example's request was approved by admin@jetwayprops.com already.",
    ]);

    const decidedMail = (await mails()).find(
      (mail) => mail.kind === 'joinDecided' && mail.to === 'kim@warner.example',
    )!;
    expect(await text(decidedMail.file)).toContain("Jetway Props added you to Warner Bros. Pictures's account.");
    expect((await kim.quote()).orderOn.map((account: { id: string }) => account.id)).toEqual(['warner']);
    // What Kim reads of her requests, before and after the house decided, carries no staff or trade field.
    expectNoTradeFields(asked.json(), ['notes']);
    const mine = (await kim.call('GET', '/api/account-requests')).json();
    expect(mine.map((request: { state: string }) => request.state)).toEqual(['approved']);
    expectNoTradeFields(mine, ['notes']);
    expectNoTradeFields(await kim.quote(), ['notes']);
  });

  it('is declined with a reason the visitor reads, and refused to nobody signed in', async () => {
    const sam = await visitor('sam@indie.example');
    const asked = (await sam.call('POST', '/api/account-requests', { company: 'Paramount' })).json().request;
    expect(
      (
        await house('POST', `/account-requests/${asked.id}/decide`, { decline: 'Paramount has no account with us' })
      ).json().request,
    ).toMatchObject({
      state: 'declined',
      reason: 'Paramount has no account with us',
    });
    expect((await sam.quote()).accountRequest).toEqual({
      state: 'declined',
      company: 'Paramount',
      reason: 'Paramount has no account with us',
    });
    expect(
      (await house('POST', `/account-requests/${asked.id}/decide`, { approve: 'warner', decline: 'both' })).statusCode,
    ).toBe(400);
    expect((await house('POST', '/account-requests/join-00000000-0000/decide', { decline: 'No' })).statusCode).toBe(
      404,
    );
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/account-requests',
      payload: { company: 'Warner' },
      headers: { host: AVIATION_HOST, origin: `http://${AVIATION_HOST}` },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await sam.call('POST', '/api/account-requests', { company: '' })).statusCode).toBe(400);
  });
});
