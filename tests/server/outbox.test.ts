/**
 * The outbox through the API, over the real app and real files: a message the app's mailer
 * wrote is listed for platform staff and read back with both parts; tenant admins and anonymous
 * callers are kept out; with SMTP configured there is no outbox; a bad SMTP URL stops the start.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTenant } from '../../schema/node/loader';
import { configFromEnv } from '../../server/config';
import { senderOf, welcomeMessage } from '../../server/mail/messages';
import { storefrontConfiguration } from '../../schema/configuration/build-configuration';
import { tenantsDir } from '../helpers/paths';
import { buildTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  const configuration = storefrontConfiguration(
    'aviation',
    'test',
    (await loadTenant(path.join(tenantsDir, 'aviation'))).tenant!,
  );
  await t.app.mailer.send({
    ...welcomeMessage(configuration, { email: 'dp@studio.example', displayName: 'Dana' }),
    to: 'dp@studio.example',
    from: senderOf(configuration),
    tenantId: 'aviation',
  });
});
afterAll(() => t.close());

describe('the outbox', () => {
  it('lists what was mailed for platform staff, and reads a message back with both parts', async () => {
    const list = await t.as('platformStaff', { url: '/api/outbox' });
    expect(list.statusCode).toBe(200);
    const [entry] = list.json() as Array<{ id: string; tenantId: string; kind: string; to: string; subject: string }>;
    expect(entry).toMatchObject({
      tenantId: 'aviation',
      kind: 'welcome',
      to: 'dp@studio.example',
      subject: 'Welcome to Jetway Props: your account is approved',
    });
    const one = await t.as('platformStaff', { url: `/api/outbox/${entry!.id}` });
    expect(one.json().text).toContain('Hello Dana,');
    expect(one.json().html).toContain('<h1');
  });

  it('keeps tenant admins and anonymous callers out, and answers unknown messages 404', async () => {
    expect((await t.as('aviationAdmin', { url: '/api/outbox' })).statusCode).toBe(403);
    expect((await t.as('anonymous', { url: '/api/outbox' })).statusCode).toBe(401);
    expect((await t.as('platformStaff', { url: '/api/outbox/nothing.eml' })).statusCode).toBe(404);
    expect((await t.as('platformStaff', { url: '/api/outbox/..%2Fsecret.eml' })).statusCode).toBe(400);
  });
});

describe('with SMTP', () => {
  it('has no outbox, and refuses a URL that is not smtp', async () => {
    const smtp = await buildTestApp({ env: { BACKLOT_SMTP_URL: 'smtp://127.0.0.1:2525' } });
    try {
      expect((await smtp.as('platformStaff', { url: '/api/outbox' })).statusCode).toBe(404);
    } finally {
      await smtp.close();
    }
    expect(() => configFromEnv({ BACKLOT_SMTP_URL: 'https://mail.example' })).toThrow(
      'BACKLOT_SMTP_URL must be a URL starting smtp:// or smtps://, not https://…',
    );
  });
});
