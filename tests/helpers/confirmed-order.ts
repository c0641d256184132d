/**
 * An order confirmed the way the storefront and the console make one, over HTTP on a test app: a
 * visitor signs up and asks, the vendor quotes, the visitor authorises a test card and accepts, the
 * vendor confirms.
 */
import { expect } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import { authoriseCard } from './card-hold';
import type { TestApp } from './server';
import { AVIATION_HOST, storefrontVisitor } from './storefront-visitor';

/** The aviation tenant's time zone: its earliest start is counted there. */
const TZ = 'America/Los_Angeles';

export interface ConfirmedOrder {
  id: string;
  uid: string;
  email: string;
  cookie: string;
  startDate: string;
  endDate: string;
}

/** Lines on `aviation` for three days, starting `inDays` after the earliest day a request may start. */
export async function confirmedOrder(
  t: TestApp,
  email: string,
  lines: Array<{ objectID: string; quantity: number }>,
  inDays: number,
  production: string,
  /** More of the request as the visitor sends it (the store to collect from). */
  more: { store?: string } = {},
): Promise<ConfirmedOrder> {
  const who = await storefrontVisitor(t, email);
  const storefront = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { host: AVIATION_HOST, origin: `http://${AVIATION_HOST}`, cookie: who.cookie, ...headers },
    });
  const vendor = (url: string, revision: string, payload?: object) =>
    t.as('aviationAdmin', {
      method: 'POST',
      url: `/api/tenants/aviation/quote-requests/${url}`,
      ...(payload && { payload }),
      headers: { 'if-match': `"${revision}"` },
    });
  const from = addDays(earliestStart(TZ, 2, new Date()), inDays);
  const asked = await storefront('/api/quote-requests', {
    items: lines,
    startDate: from,
    endDate: addDays(from, 2),
    production,
    ...more,
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const id = asked.json().id as string;
  expect((await vendor(`${id}/quote`, '0', { adjustments: {}, services: [] })).statusCode).toBe(200);
  const { revision } = await authoriseCard(t.app, id, who.cookie);
  const accepted = await storefront(`/api/quotes/${id}/accept`, { version: 1 }, { 'if-match': `"${revision}"` });
  expect(accepted.statusCode, accepted.body).toBe(200);
  expect((await vendor(`${id}/confirm`, String(Number(revision) + 1))).statusCode).toBe(200);
  return { id, uid: who.uid, email: who.email, cookie: who.cookie, startDate: from, endDate: addDays(from, 2) };
}
