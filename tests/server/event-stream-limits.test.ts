/**
 * Live streams belong to the session that opened them, over a real HTTP server: one console
 * session may hold at most MAX_STREAMS_PER_SESSION (the next is a 429 saying so, and another
 * session is not affected), and logging out ends every stream it holds at once.
 */
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STREAMS_PER_SESSION } from '../../server/lib/event-stream';
import { sessionCookieOf } from '../helpers/storefront-visitor';
import { buildTestApp, ORIGIN, PASSWORD, USERS, type TestApp } from '../helpers/server';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const login = async () =>
  sessionCookieOf(
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: USERS.aviationAdmin, password: PASSWORD },
      headers: { origin: ORIGIN },
    }),
  );
const open = (cookie: string) =>
  new Promise<IncomingMessage>((resolve, reject) =>
    get(
      { host: '127.0.0.1', port, path: '/api/tenants/aviation/quote-requests/events', headers: { cookie } },
      resolve,
    ).on('error', reject),
  );
const ended = (stream: IncomingMessage) =>
  new Promise<void>((resolve) =>
    stream.readableEnded || stream.destroyed ? resolve() : stream.once('close', () => resolve()).resume(),
  );

describe('live streams of a session', () => {
  it('holds at most the bound per session, refuses the next with a 429, and ends them all at logout', async () => {
    const cookie = await login();
    const streams = [];
    for (let index = 0; index < MAX_STREAMS_PER_SESSION; index += 1) streams.push(await open(cookie));
    expect(streams.map((stream) => stream.statusCode)).toEqual(streams.map(() => 200));

    const refused = await open(cookie);
    expect(refused.statusCode).toBe(429);
    let body = '';
    refused.setEncoding('utf8');
    for await (const chunk of refused) body += chunk as string;
    expect(JSON.parse(body).message).toBe(
      `This session already has ${MAX_STREAMS_PER_SESSION} live pages open, the most it may: close one, then reload this page.`,
    );

    // Another session of the same account is its own.
    const other = await open(await login());
    expect(other.statusCode).toBe(200);

    const loggedOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: ORIGIN },
    });
    expect(loggedOut.statusCode).toBe(204);
    await Promise.all(streams.map(ended));
    expect(other.destroyed || other.readableEnded).toBe(false);
    other.destroy();
  });
});
