/**
 * Customer accounts over the real app (issue 38's first slice): a house's staff open an account
 * in the house's currency with an id made from its name, read it with its version as ETag, list and
 * find it by name, and change it only from the version they read; a stale edit, a duplicate id, an
 * id that changes, a field the schema refuses and a missing If-Match each get their own answer,
 * naming the field; another house's staff and anonymous callers never see it; platform staff do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { OutboxMailer } from '../../server/mail/mailer';
import { buildTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const WARNER = {
  name: 'Warner Bros. Pictures',
  kind: 'studio',
  terms: { method: 'account', netDays: 30 },
  billingContact: { name: 'Accounts payable', email: 'AP@wb.example' },
  creditLimit: 5_000_000,
  purchaseOrderRequired: true,
  members: [{ email: 'Kim@Studio.Example', addedAt: '2026-11-28T10:00:00.000Z' }],
};

describe('customer accounts', () => {
  it('opens an account in the house’s currency, with an id from its name, and reads, lists and finds it', async () => {
    const opened = await t.as('aviationAdmin', {
      method: 'POST',
      url: '/api/tenants/aviation/accounts',
      payload: WARNER,
    });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json()).toMatchObject({
      id: 'warner-bros-pictures',
      tenantId: 'aviation',
      currency: 'USD',
      version: 1,
      members: [{ email: 'kim@studio.example' }],
    });
    expect(opened.headers.etag).toBe('"1"');
    const read = await t.as('aviationAdmin', {
      method: 'GET',
      url: '/api/tenants/aviation/accounts/warner-bros-pictures',
    });
    expect(read.json()).toEqual(opened.json());
    await t.as('aviationAdmin', {
      method: 'POST',
      url: '/api/tenants/aviation/accounts',
      payload: { ...WARNER, id: 'paramount', name: 'Paramount', members: [] },
    });
    const listed = await t.as('aviationAdmin', {
      method: 'GET',
      url: '/api/tenants/aviation/accounts?sort=["name","ASC"]&range=[0,9]',
    });
    expect(listed.headers['content-range']).toBe('accounts 0-1/2');
    expect(listed.json().map((account: { id: string }) => account.id)).toEqual(['paramount', 'warner-bros-pictures']);
    const found = await t.as('aviationAdmin', {
      method: 'GET',
      url: `/api/tenants/aviation/accounts?filter=${encodeURIComponent(JSON.stringify({ q: 'warner' }))}`,
    });
    expect(found.json().map((account: { id: string }) => account.id)).toEqual(['warner-bros-pictures']);
  });

  it('changes an account only from the version read, and says why any other change is refused', async () => {
    const url = '/api/tenants/aviation/accounts/warner-bros-pictures';
    const changed = await t.as('aviationAdmin', {
      method: 'PUT',
      url,
      payload: { ...WARNER, creditLimit: 7_500_000 },
      headers: { 'if-match': '"1"' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ version: 2, creditLimit: 7_500_000 });
    const stale = await t.as('aviationAdmin', {
      method: 'PUT',
      url,
      payload: { ...WARNER, creditLimit: 0 },
      headers: { 'if-match': '"1"' },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().message).toContain('version 2');
    expect((await t.as('aviationAdmin', { method: 'PUT', url, payload: WARNER })).statusCode).toBe(428);
    const renamed = await t.as('aviationAdmin', {
      method: 'PUT',
      url,
      payload: { ...WARNER, id: 'other' },
      headers: { 'if-match': '"2"' },
    });
    expect(renamed.statusCode).toBe(400);
    expect(JSON.stringify(renamed.json())).toContain('does not change');
    const badTerms = await t.as('aviationAdmin', {
      method: 'PUT',
      url,
      payload: { ...WARNER, terms: { method: 'account', netDays: 365 } },
      headers: { 'if-match': '"2"' },
    });
    expect(badTerms.statusCode).toBe(400);
    expect(JSON.stringify(badTerms.json())).toMatch(/netDays/);
    const twice = await t.as('aviationAdmin', {
      method: 'POST',
      url: '/api/tenants/aviation/accounts',
      payload: WARNER,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain('already has an account');
    // Leaving an optional field out of a PUT clears it.
    const { creditLimit: _limit, ...withoutLimit } = WARNER;
    const cleared = await t.as('aviationAdmin', {
      method: 'PUT',
      url,
      payload: withoutLimit,
      headers: { 'if-match': '"2"' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().creditLimit).toBeUndefined();
    // A person added is told they may order on it, once; those already on it are not told again.
    const added = await t.as('aviationAdmin', {
      method: 'PUT',
      url,
      payload: {
        ...withoutLimit,
        members: [...WARNER.members, { email: 'Rae@Studio.Example', addedAt: '2026-12-01T10:00:00.000Z' }],
      },
      headers: { 'if-match': '"3"' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const told = (await (t.app.mailer as OutboxMailer).list()).filter((mail) => mail.kind === 'accountMember');
    expect(told.map((mail) => [mail.to, mail.subject]).sort()).toEqual([
      ['kim@studio.example', 'You can order for Warner Bros. Pictures at Jetway Props'],
      ['rae@studio.example', 'You can order for Warner Bros. Pictures at Jetway Props'],
    ]);
    const { text } = await simpleParser(
      await readFile(
        path.join((t.app.mailer as OutboxMailer).dir, told.find((mail) => mail.to === 'rae@studio.example')!.file),
      ),
    );
    expect(text).toContain('Jetway Props added this address to Warner Bros. Pictures’s customer account');
    expect(text).toContain('on account (invoices due 30 days after they are issued)');
    expect(
      (await t.as('aviationAdmin', { method: 'GET', url: '/api/tenants/aviation/accounts/nobody' })).statusCode,
    ).toBe(404);
  });

  it('is the house’s own: another house’s staff and anonymous callers never see it, platform staff do', async () => {
    const url = '/api/tenants/aviation/accounts/warner-bros-pictures';
    expect((await t.as('acmeAdmin', { method: 'GET', url })).statusCode).toBe(404);
    expect((await t.as('acmeAdmin', { method: 'GET', url: '/api/tenants/aviation/accounts' })).statusCode).toBe(404);
    expect([401, 403]).toContain((await t.as('anonymous', { method: 'GET', url })).statusCode);
    expect((await t.as('platformStaff', { method: 'GET', url })).statusCode).toBe(200);
    // A house that was never made has nothing to list: not an empty list.
    expect((await t.as('platformStaff', { method: 'GET', url: '/api/tenants/london/accounts' })).statusCode).toBe(404);
  });
});
