/**
 * A visitor authorising their card for a quote the way the storefront does it in test mode: the
 * hold begun on the server, the test card tried against it with the built-in test provider (in
 * Stripe.js's place), the hold's state read again. Returns the request's revision after it, for
 * the If-Match of the acceptance that follows.
 */
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { AVIATION_HOST } from './storefront-visitor';

/** Stripe's test cards, as the test provider knows them. */
export const TEST_CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  authenticate: '4000 0025 0000 3155',
  declineAgain: '4000 0000 0000 0341',
} as const;

export const testCard = (number: string) => ({
  number,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 3,
  cvc: '123',
});

export async function authoriseCard(
  app: FastifyInstance,
  id: string,
  cookie: string,
  number: string = TEST_CARDS.ok,
  host = AVIATION_HOST,
): Promise<{ revision: string; status: string; redirectUrl?: string; view: Record<string, unknown> }> {
  const headers = { host, origin: `http://${host}`, cookie };
  const started = await app.inject({ method: 'POST', url: `/api/quotes/${id}/card-hold`, headers });
  expect(started.statusCode, started.body).toBe(200);
  const { clientSecret } = started.json().payment as { clientSecret: string };
  const tried = await app.inject({
    method: 'POST',
    url: '/api/payments/test/confirm',
    headers,
    payload: { clientSecret, ...testCard(number) },
  });
  expect(tried.statusCode, tried.body).toBe(200);
  const refreshed = await app.inject({ method: 'POST', url: `/api/quotes/${id}/card-hold/refresh`, headers });
  expect(refreshed.statusCode, refreshed.body).toBe(200);
  const view = refreshed.json() as { cardHold: { status: string } };
  return {
    revision: String(refreshed.headers.etag).replace(/"/g, ''),
    status: view.cardHold.status,
    ...(tried.json().redirectUrl && { redirectUrl: tried.json().redirectUrl }),
    view,
  };
}

/** The visitor authorises a test card and accepts `version`; returns the request's revision after the acceptance. */
export async function acceptWithCard(
  app: FastifyInstance,
  id: string,
  cookie: string,
  version = 1,
  host = AVIATION_HOST,
): Promise<string> {
  const { revision } = await authoriseCard(app, id, cookie, TEST_CARDS.ok, host);
  const accepted = await app.inject({
    method: 'POST',
    url: `/api/quotes/${id}/accept`,
    headers: { host, origin: `http://${host}`, cookie, 'if-match': `"${revision}"` },
    payload: { version },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return String(accepted.headers.etag).replace(/"/g, '');
}
