/**
 * Houses' payout accounts with the built-in test provider, over the real app: the houses there at
 * start are given onboarded test accounts (the embedded product takes test holds at once); a
 * house made later is not connected until it finishes the test provider's onboarding page, which
 * only a console user who may reach the house can finish, and which sends them back only to this
 * host's console.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const form = (body: Record<string, string>) => ({
  payload: new URLSearchParams(body).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('payout accounts with the test provider', () => {
  it('gives the houses there at start onboarded test accounts, and the platform none', async () => {
    const aviation = await t.as('aviationAdmin', { method: 'GET', url: '/api/tenants/aviation/payouts' });
    expect(aviation.statusCode, aviation.body).toBe(200);
    expect(aviation.json()).toMatchObject({
      provider: 'test',
      providerKind: 'test',
      testMode: true,
      chargesEnabled: true,
      due: [],
    });
    expect(aviation.json().accountId).toMatch(/^acct_test_/);
    expect(
      (await t.as('platformStaff', { method: 'POST', url: '/api/tenants/platform/payouts/connect' })).statusCode,
    ).toBe(404);
  });

  it('connects a house made later only through its onboarding page, for someone who may reach it, back to this console only', async () => {
    const created = await t.as('platformStaff', {
      method: 'POST',
      url: '/api/tenants',
      payload: { id: 'studio-b', name: 'Studio B', domain: 'www.studio-b.example', from: 'aviation' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await t.as('platformStaff', { method: 'GET', url: '/api/tenants/studio-b/payouts' })).json()).toMatchObject(
      {
        commissionPercent: 0,
      },
    );
    expect(
      (await t.as('platformStaff', { method: 'GET', url: '/api/tenants/studio-b/payouts' })).json().accountId,
    ).toBeUndefined();

    const connect = await t.as('platformStaff', { method: 'POST', url: '/api/tenants/studio-b/payouts/connect' });
    expect(connect.statusCode, connect.body).toBe(200);
    const account = connect.json().payouts.accountId as string;
    const link = new URL(connect.json().url as string, 'http://localhost');
    expect(link.pathname).toBe('/payments/test/onboard');
    const back = link.searchParams.get('return')!;
    expect(back).toMatch(/^http:\/\/localhost(:80)?\/admin\/#\/t\/studio-b\/payouts\?back=done$/);
    const page = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Connect Studio B’s payout account');
    expect(page.body).toContain('Test mode');

    // Another house's admin cannot finish it; nobody signed in cannot either.
    expect(
      (
        await t.as('acmeAdmin', {
          method: 'POST',
          url: '/payments/test/onboard',
          ...form({ account, return: '/admin/' }),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.as('anonymous', {
          method: 'POST',
          url: '/payments/test/onboard',
          ...form({ account, return: '/admin/' }),
        })
      ).statusCode,
    ).toBe(401);
    expect((await t.app.payouts.of('studio-b')).chargesEnabled).toBe(false);

    // Finished: back to this host's console only (another host's address goes to the console's start).
    const elsewhere = await t.as('platformStaff', {
      method: 'POST',
      url: '/payments/test/onboard',
      ...form({ account, return: 'https://evil.example/admin/' }),
    });
    expect([elsewhere.statusCode, elsewhere.headers.location]).toEqual([303, '/admin/']);
    const done = await t.as('platformStaff', {
      method: 'POST',
      url: '/payments/test/onboard',
      ...form({ account, return: back }),
    });
    expect([done.statusCode, done.headers.location]).toEqual([
      303,
      'http://localhost/admin/#/t/studio-b/payouts?back=done',
    ]);
    expect(await t.app.payouts.of('studio-b')).toMatchObject({ chargesEnabled: true, detailsSubmitted: true, due: [] });
  });
});
