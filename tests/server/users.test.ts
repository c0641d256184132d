/**
 * Visitor approval through the API, over the real app, its SQLite profiles and its outbox: the
 * tenant's admins list who awaits a decision, approve or deny, and each decision's mail goes
 * exactly once however often it is saved; other tenants' admins are kept out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProfile } from '../../server/identity/profile';
import { OutboxMailer } from '../../server/mail/mailer';
import { buildTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  const now = new Date('2026-11-23T10:00:00Z');
  await t.app.profileStore.create(
    'aviation',
    'dana',
    newProfile({ email: 'dana@studio.example', vendorId: 'aviation', vendorName: 'Jetway Props', now }),
  );
  await t.app.profileStore.create(
    'aviation',
    'sam',
    newProfile({ email: 'sam@studio.example', vendorId: 'aviation', vendorName: 'Jetway Props', now }),
  );
});
afterAll(() => t.close());

const outbox = () => (t.app.mailer as OutboxMailer).list();
const decide = (id: string, isAuthorized: boolean) =>
  t.as('aviationAdmin', { method: 'PUT', url: `/api/tenants/aviation/users/${id}`, payload: { isAuthorized } });

describe('visitor approval', () => {
  it('lists who awaits a decision', async () => {
    const waiting = await t.as('aviationAdmin', {
      url: `/api/tenants/aviation/users?filter=${encodeURIComponent(JSON.stringify({ decision: 'awaiting' }))}`,
    });
    expect(waiting.statusCode).toBe(200);
    expect((waiting.json() as Array<{ id: string }>).map((user) => user.id).sort()).toEqual(['dana', 'sam']);
  });

  it('approves with the welcome mail once, and denies with the denied mail once', async () => {
    const approved = await decide('dana', true);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ isAuthorized: true, hasReceivedWelcomeEmail: true });
    await decide('dana', true);
    await decide('sam', false);
    await decide('sam', false);
    const mails = await outbox();
    expect(mails.filter((mail) => mail.to === 'dana@studio.example').map((mail) => mail.kind)).toEqual(['welcome']);
    expect(mails.filter((mail) => mail.to === 'sam@studio.example').map((mail) => mail.kind)).toEqual(['denied']);
    const waiting = await t.as('aviationAdmin', {
      url: `/api/tenants/aviation/users?filter=${encodeURIComponent(JSON.stringify({ decision: 'awaiting' }))}`,
    });
    expect(waiting.json()).toEqual([]);
  });

  it('keeps other tenants out and refuses a decision that is not one', async () => {
    expect((await t.as('acmeAdmin', { url: '/api/tenants/aviation/users' })).statusCode).toBe(404);
    expect(
      (
        await t.as('aviationAdmin', {
          method: 'PUT',
          url: '/api/tenants/aviation/users/dana',
          payload: { isAuthorized: 'maybe' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await t.as('aviationAdmin', { url: '/api/tenants/aviation/users/nobody' })).statusCode).toBe(404);
  });
});
