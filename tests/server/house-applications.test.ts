/**
 * A house signs up and is live the same hour, over the real app (file tenants, SQLite stores, the
 * outbox mailer): it applies on the platform; what is taken is refused by field; platform staff
 * approve it (its tenant is made from the platform's tree, unlisted, with its address, money,
 * clock and tax) or refuse it with a reason, once; its admin follows the mailed link, chooses a
 * password and is signed in to its console at Items → Import; once an item is in and the house
 * sets itself listed, the platform finds it.
 */
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HouseApplicationInput } from '../../schema/types.generated';
import { sampleItem } from '../contract/item-store.contract';
import { tenantsDir } from '../helpers/paths';
import { buildTestApp, editTenant, type TestApp } from '../helpers/server';

const PLATFORM = 'platform.localhost';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    // Many applications from one address in a minute: the limit is the rate-limit tests' concern.
    houseApplications: { applicationsPerMinute: 100 },
    // The platform's whole check of listed houses never runs during the test: a new house must be
    // heard from its own announcement (a 30 s check once hid that it was not).
    marketplaceFullCheckSeconds: 3600,
    beforeStart: async (tenants) => {
      await cp(path.join(tenantsDir, 'platform'), path.join(tenants, 'platform'), { recursive: true });
    },
  });
  await t.app.ready();
});
afterAll(() => t.close());

const apply = (payload: object, host = PLATFORM) =>
  t.app.inject({
    method: 'POST',
    url: '/api/house-applications',
    payload,
    headers: { host, origin: `http://${host}` },
  });
const SAVANNAH: HouseApplicationInput = {
  name: 'Forsyth Prop Works',
  address: { line1: '12 Bay Street', city: 'Savannah', state: 'GA', zip: '31401', country: 'US' },
  location: { lat: 32.0809, lng: -81.0912 },
  currency: 'USD',
  timezone: 'America/New_York',
  taxRatePercent: 7,
  taxName: 'Sales tax',
  adminEmail: 'Owner@ForsythProps.example',
};
const mailTo = async (to: string) =>
  (
    (await t.as('platformStaff', { url: '/api/outbox?range=[0,99]' })).json() as Array<{
      id: string;
      to: string;
      subject: string;
    }>
  ).filter((entry) => entry.to.includes(to));
const mailBody = async (id: string) =>
  (await t.as('platformStaff', { url: `/api/outbox/${id}` })).json().text as string;

describe('a house signing up on the platform', () => {
  it('refuses by field what is taken or wrong, and only on the platform', async () => {
    const taken = await apply({
      ...SAVANNAH,
      name: 'Aviation',
      domain: 'www.jetwayprops.com',
      adminEmail: 'staff@backlot.example',
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual({
      name: expect.stringContaining('already a house on the platform'),
      domain: 'already serves another house',
      adminEmail: expect.stringContaining('already has an account'),
    });
    expect((await apply({ ...SAVANNAH, currency: 'dollars' })).statusCode).toBe(400);
    expect((await apply({ ...SAVANNAH, location: { lat: 95, lng: 0 } })).statusCode).toBe(400);
    expect((await apply(SAVANNAH, 'aviation.localhost')).statusCode).toBe(404);
  });

  it('is approved by platform staff once: its tenant is made, and its admin signs in to the console from the mailed link', async () => {
    const applied = await apply(SAVANNAH);
    expect(applied.statusCode, applied.body).toBe(201);
    const { id, tenantId } = applied.json() as { id: string; tenantId: string };
    expect(tenantId).toBe('forsyth-prop-works');
    expect((await mailTo('owner@forsythprops.example')).map((mail) => mail.subject)).toEqual([
      'Forsyth Prop Works on Backlot: we have your application',
    ]);
    // The same house again, while it waits: refused.
    expect((await apply(SAVANNAH)).json().errors).toMatchObject({
      name: expect.any(String),
      adminEmail: expect.any(String),
    });
    // Staff only.
    expect((await t.as('aviationAdmin', { url: '/api/house-applications' })).statusCode).toBe(403);
    const pending = await t.as('platformStaff', {
      url: `/api/house-applications?filter=${encodeURIComponent(JSON.stringify({ state: 'pending' }))}`,
    });
    expect(pending.json().map((application: { id: string }) => application.id)).toEqual([id]);

    const approved = await t.as('platformStaff', { method: 'POST', url: `/api/house-applications/${id}/approve` });
    expect(approved.statusCode, approved.body).toBe(200);
    const { link } = approved.json() as { link: string };
    expect(link).toMatch(/^http:\/\/localhost:80\/admin\/#\/welcome\/[A-Za-z0-9_-]{32}$/);
    expect(
      (await t.as('platformStaff', { method: 'POST', url: `/api/house-applications/${id}/approve` })).statusCode,
    ).toBe(409);
    const tenant = (await t.as('platformStaff', { url: `/api/tenants/${tenantId}` })).json();
    expect(tenant.vendor).toMatchObject({
      displayName: 'Forsyth Prop Works',
      isListed: false,
      timezone: 'America/New_York',
      address: SAVANNAH.address,
      _geoloc: SAVANNAH.location,
      email: 'owner@forsythprops.example',
    });
    expect(tenant.site).toMatchObject({
      currency: 'USD',
      taxRatePercent: 7,
      taxName: 'Sales tax',
      domain: 'forsyth-prop-works.backlot.example',
    });
    // Written as its country writes, and measured from the house itself when a visitor's place is unknown (not Hollywood).
    expect(tenant.site).toMatchObject({
      locale: 'en-US',
      weightUnit: 'lb',
      defaultLocation: { name: 'Savannah', lat: 32.0809, lng: -81.0912 },
    });
    expect(tenant.categories.groups.map((group: { slug: string }) => group.slug)).toContain('furniture');
    const [approvedMail] = (await mailTo('owner@forsythprops.example')).filter((mail) =>
      mail.subject.includes('approved'),
    );
    expect(await mailBody(approvedMail!.id)).toContain(link);

    const token = decodeURIComponent(link.split('/welcome/')[1]!);
    const welcome = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/welcome',
        payload: { token, password },
        headers: { origin: 'http://localhost:80' },
      });
    const short = await welcome('short');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/^Your password must be at least/);
    const signedIn = await welcome('a long enough passphrase');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toEqual({
      email: 'owner@forsythprops.example',
      tenantId,
      next: `/t/${tenantId}/items/import`,
    });
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).json()).toMatchObject({
      role: 'tenant-admin',
      tenants: [tenantId],
    });
    expect((await welcome('a long enough passphrase')).json().message).toContain('used already');

    // Its stock in, the house sets itself listed: the platform finds it as the change is announced.
    const item = sampleItem('harbour-lantern', {
      name: 'Harbour Lantern, Brass',
      category: { group: 'furniture', category: 'lighting-fixtures' },
      vendorId: tenantId,
      rates: { day: 30 },
    });
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/tenants/${tenantId}/items`,
      payload: item,
      headers: { cookie, origin: 'http://localhost:80' },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await editTenant(t, tenantId, (house) => (house.vendor.isListed = true))).statusCode).toBe(200);
    await expect
      .poll(async () => (await t.app.inject({ url: '/search?q=harbour+lantern', headers: { host: PLATFORM } })).body)
      .toContain(`/item/${tenantId}~harbour-lantern`);
  });

  it('is refused by platform staff with a reason the house is told, once', async () => {
    const applied = await apply({ ...SAVANNAH, name: 'Totally Real Props', adminEmail: 'spam@nowhere.example' });
    const { id } = applied.json() as { id: string };
    const refused = await t.as('platformStaff', {
      method: 'POST',
      url: `/api/house-applications/${id}/refuse`,
      payload: { reason: 'We could not find this house at the address given.' },
    });
    expect(refused.json()).toMatchObject({
      state: 'refused',
      reason: 'We could not find this house at the address given.',
      decidedBy: 'staff@backlot.example',
    });
    const [mail] = await mailTo('spam@nowhere.example').then((mails) =>
      mails.filter((one) => one.subject === 'Totally Real Props on Backlot'),
    );
    expect(await mailBody(mail!.id)).toContain('We could not find this house at the address given.');
    expect(
      (await t.as('platformStaff', { method: 'POST', url: `/api/house-applications/${id}/approve` })).statusCode,
    ).toBe(409);
    expect(t.app.tenantStore.has('totally-real-props')).toBe(false);
  });

  it("never gives a closed house's id again, and closing a house ends its admins' reach at once", async () => {
    /** Applies, is approved and signs in from the welcome link: the house's id and its admin's console cookie. */
    const opened = async (adminEmail: string, where: Partial<HouseApplicationInput> = {}) => {
      const applied = await apply({ ...SAVANNAH, name: 'Harbour Props', adminEmail, ...where });
      expect(applied.statusCode, applied.body).toBe(201);
      const { id, tenantId } = applied.json() as { id: string; tenantId: string };
      const { link } = (
        await t.as('platformStaff', { method: 'POST', url: `/api/house-applications/${id}/approve` })
      ).json() as { link: string };
      const token = decodeURIComponent(link.split('/welcome/')[1]!);
      const welcome = await t.app.inject({
        method: 'POST',
        url: '/api/auth/welcome',
        payload: { token, password: 'a long enough passphrase' },
        headers: { origin: 'http://localhost:80' },
      });
      expect(welcome.statusCode, welcome.body).toBe(200);
      return { tenantId, cookie: String(welcome.headers['set-cookie']).split(';')[0]! };
    };
    const as = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, ...(payload && { payload }), headers: { cookie, origin: 'http://localhost:80' } });
    const studio = {
      id: 'harbour-films',
      name: 'Harbour Films',
      kind: 'studio',
      terms: { method: 'account', netDays: 30, deposit: 'none' },
      members: [],
    };

    const old = await opened('owner@harbourprops.example');
    expect(old.tenantId).toBe('harbour-props');
    expect((await as(old.cookie, 'POST', '/api/tenants/harbour-props/accounts', studio)).statusCode).toBe(201);
    const version = (await t.as('platformStaff', { url: '/api/tenants/harbour-props' })).headers.etag;
    expect(
      (
        await t.as('platformStaff', {
          method: 'DELETE',
          url: '/api/tenants/harbour-props',
          headers: { 'if-match': String(version) },
        })
      ).statusCode,
    ).toBe(200);

    // Closed: its admin reaches nothing of it; platform staff read what it kept, and write nothing.
    expect((await as(old.cookie, 'GET', '/api/tenants/harbour-props/accounts')).statusCode).toBe(410);
    expect(
      (await as(old.cookie, 'POST', '/api/tenants/harbour-props/accounts', { ...studio, id: 'another' })).statusCode,
    ).toBe(410);
    const kept = await t.as('platformStaff', { url: '/api/tenants/harbour-props/accounts' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().map((account: { id: string }) => account.id)).toEqual(['harbour-films']);
    expect(
      (
        await t.as('platformStaff', {
          method: 'POST',
          url: '/api/tenants/harbour-props/accounts',
          payload: { ...studio, id: 'another' },
        })
      ).statusCode,
    ).toBe(410);

    // A new house of the same name gets an id of its own, and neither admin reaches the other's.
    const next = await opened('office@harbourprops2.example', {
      address: { line1: '12 Dean Street', city: 'London', zip: 'W1D 3RB', country: 'GB' },
      location: { lat: 51.5136, lng: -0.1318 },
      currency: 'GBP',
      timezone: 'Europe/London',
    });
    expect(next.tenantId).toBe('harbour-props-2');
    // A house in Britain writes as Britain does, and is measured from London.
    expect((await t.app.tenantStore.get('harbour-props-2'))!.tenant.site).toMatchObject({
      locale: 'en-GB',
      weightUnit: 'kg',
      defaultLocation: { name: 'London', lat: 51.5136 },
    });
    expect((await as(next.cookie, 'GET', '/api/tenants/harbour-props-2/accounts')).json()).toEqual([]);
    expect((await as(next.cookie, 'GET', '/api/tenants/harbour-props/accounts')).statusCode).toBe(404);
    expect((await as(old.cookie, 'GET', '/api/tenants/harbour-props-2/accounts')).statusCode).toBe(404);
    await expect(
      t.app.tenantStore.create('harbour-props', (await t.app.tenantStore.get('harbour-props-2'))!.tenant, 'test'),
    ).rejects.toThrow(/never given again/);
  });
});
