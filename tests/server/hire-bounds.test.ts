/**
 * The probe's stock and money defects, over the real app (issue 26, points 1–5): hires bounded in
 * length and horizon and refused at the field; every date a user or an address sends checked by
 * the one rule (a page sets bad dates aside with a note, an API answers 400 naming the field); a
 * season-long set priced, amounts beyond what a quote holds refused at the field, sub-cent amounts
 * refused; no limit of a stored request turns into a 500 or a stuck pencil; and a quote's validity
 * ends before its hire, which cannot be accepted or confirmed once it has started.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart, todayIn } from '../../schema/rental/quote-rules';
import type { QuoteRequest } from '../../schema/types.generated';
import { buildTestApp, type TestApp } from '../helpers/server';
import { AVIATION_HOST, storefrontVisitor } from '../helpers/storefront-visitor';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ identity: { attemptsPerMinute: 1000 }, quotes: { requestsPerMinute: 1000 } });
});
afterAll(() => t.close());

const TZ = 'America/Los_Angeles';
const start = () => earliestStart(TZ, 2, new Date());
const storefront = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  cookie = '',
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    ...(payload && { payload }),
    headers: { host: AVIATION_HOST, origin: `http://${AVIATION_HOST}`, cookie, ...headers },
  });
const vendor = (method: 'GET' | 'POST', url: string, payload?: object, revision?: string) =>
  t.as('aviationAdmin', {
    method,
    url: `/api/tenants/aviation${url}`,
    ...(payload && { payload }),
    headers: revision === undefined ? {} : { 'if-match': `"${revision}"` },
  });
const etagOf = (response: LightMyRequestResponse) => String(response.headers.etag).replace(/"/g, '');
const ask = (cookie: string, objectID: string, startDate: string, endDate: string) =>
  storefront('POST', '/api/quote-requests', cookie, { items: [{ objectID, quantity: 1 }], startDate, endDate });
const SEAT = 'apron-and-tarmac-with-parked-aircraft';
const DATE_RULE = 'must be a real date from 2000-01-01 to 2199-12-31, written YYYY-MM-DD';

describe('hire dates', () => {
  it('refuse a hire to 9999-12-31, one longer than the tenant allows and one past its horizon, naming the last day', async () => {
    const dana = await storefrontVisitor(t, 'dana@bounds.example');
    const forever = await ask(dana.cookie, SEAT, start(), '9999-12-31');
    expect(forever.statusCode, forever.body).toBe(400);
    expect(forever.json().errors.endDate).toBe(`${DATE_RULE} (found "9999-12-31")`);
    const tooLong = await ask(dana.cookie, SEAT, start(), addDays(start(), 400));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors.endDate).toMatch(/^must be at most 400 days after the first day/);
    const farAhead = addDays(todayIn(TZ, new Date()), 1100);
    const tooFar = await ask(dana.cookie, SEAT, farAhead, addDays(farAhead, 3));
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().errors.endDate).toMatch(/hires are booked up to 1095 days ahead$/);
  });

  it('answer 400 naming the field for dates out of range, signed in or not; a page sets them aside with a note', async () => {
    for (const query of [
      'from=9999-12-31&to=9999-12-31',
      'from=0001-01-01&to=0001-01-05',
      'from=2026-02-30&to=2026-03-01',
    ]) {
      const visitorApi = await storefront('GET', `/api/availability/${SEAT}?${query}`);
      expect(visitorApi.statusCode, query).toBe(400);
      expect(visitorApi.json().message, query).toContain(DATE_RULE);
      const consoleApi = await vendor('GET', `/availability/${SEAT}?${query}`);
      expect(consoleApi.statusCode, query).toBe(400);
      expect(consoleApi.json().message).toContain(DATE_RULE);
    }
    const page = await storefront('GET', '/rentals?from=9999-12-30&to=9999-12-31');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      'The dates in the address were left out: “from” must be a real date from 2000-01-01 to 2199-12-31',
    );
  });
});

describe('pricing a season', () => {
  it('prices a set for 34 weeks, and refuses amounts beyond a quote or finer than a cent at the field', async () => {
    const dana = await storefrontVisitor(t, 'dana@season.example');
    const asked = await ask(dana.cookie, SEAT, start(), addDays(start(), 34 * 7 - 1));
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().id as string;
    const services = (unitPrice: number, quantity = 1) => [
      {
        category: { group: 'services', category: 'delivery-and-pickup', subcategory: 'local-delivery' },
        name: 'Haulage',
        quantity,
        unitPrice,
      },
    ];

    const huge = await vendor(
      'POST',
      `/quote-requests/${id}/quote`,
      { adjustments: {}, services: services(1_000_000, 100_000) },
      '0',
    );
    expect(huge.statusCode, huge.body).toBe(400);
    expect(huge.json().errors['services.0.unitPrice']).toMatch(
      /^Haulage comes to 100,000,000,000.00, above the most one quote can hold \(1,000,000,000.00\)/,
    );
    const subCent = await vendor(
      'POST',
      `/quote-requests/${id}/quote`,
      { adjustments: { [SEAT]: { amount: 0.001, reason: 'x' } }, services: services(0.001) },
      '0',
    );
    expect(subCent.statusCode).toBe(400);
    expect(subCent.json().errors).toMatchObject({
      [`adjustments.${SEAT}.amount`]: 'must have at most two decimals (whole cents) (found 0.001)',
      'services.0.unitPrice': 'must have at most two decimals (whole cents) (found 0.001)',
    });

    const quoted = await vendor(
      'POST',
      `/quote-requests/${id}/quote`,
      { adjustments: { [SEAT]: { amount: 1_000_000, reason: 'Night shoots' } }, services: [] },
      '0',
    );
    expect(quoted.statusCode, quoted.body).toBe(200);
    const total = quoted.json().versions[0].breakdown.total as number;
    expect(total).toBeGreaterThan(2_000_000);
  });
});

describe('limits of a stored request', () => {
  /** A request with `entries` steps in its history already (a long-lived pencil), written as the store writes any change. */
  const withHistory = async (id: string, entries: number) => {
    const current = (await t.app.quoteRequests.get('aviation', id))!;
    const step = {
      at: new Date().toISOString(),
      action: 'hold' as const,
      from: 'requested' as const,
      to: 'requested' as const,
      by: 'vendor' as const,
    };
    return t.app.quoteRequests.change('aviation', id, {
      revision: current.revision ?? 0,
      apply: (stored) => ({
        ...stored,
        history: [...stored.history!, ...Array.from({ length: entries - stored.history!.length }, () => step)],
      }),
    });
  };

  it('take a visitor whose first and last names are 100 characters each', async () => {
    const long = await storefrontVisitor(t, 'long@names.example');
    const saved = await storefront('PUT', '/api/identity/profile', long.cookie, {
      firstName: 'A'.repeat(100),
      lastName: 'B'.repeat(100),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const asked = await ask(long.cookie, '1950s-propliner-triple-seat-row-orange-vinyl', start(), addDays(start(), 2));
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().name).toBe(`${'A'.repeat(100)} ${'B'.repeat(100)}`);
  });

  it('refuse a pencil at the end of the history with a 409, and still release and cancel it', async () => {
    const sam = await storefrontVisitor(t, 'sam@limits.example');
    const id = (
      await ask(sam.cookie, '1950s-propliner-triple-seat-row-orange-vinyl', start(), addDays(start(), 2))
    ).json().id as string;
    const held = await vendor('POST', `/quote-requests/${id}/hold`, undefined, '0');
    expect(held.statusCode, held.body).toBe(200);
    const full = await withHistory(id, 495);
    const again = await vendor('POST', `/quote-requests/${id}/release`, undefined, String(full.revision));
    expect(again.statusCode, again.body).toBe(200);
    const refused = await vendor('POST', `/quote-requests/${id}/hold`, undefined, etagOf(again));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^This request has 496 steps, the most its history keeps/);
    expect((await t.app.quoteRequests.get('aviation', id))!.history).toHaveLength(496);
    const cancelled = await storefront(
      'POST',
      `/api/quotes/${id}/cancel`,
      sam.cookie,
      {},
      { 'if-match': `"${etagOf(again)}"` },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().state).toBe('cancelled');
  });

  it('refuse the 51st priced version with a 409 that says so, and cancel still works', async () => {
    const kim = await storefrontVisitor(t, 'kim@limits.example');
    const id = (
      await ask(kim.cookie, '1950s-propliner-triple-seat-row-orange-vinyl', start(), addDays(start(), 2))
    ).json().id as string;
    const first = await vendor('POST', `/quote-requests/${id}/quote`, { adjustments: {}, services: [] }, '0');
    expect(first.statusCode, first.body).toBe(200);
    const current = (await t.app.quoteRequests.get('aviation', id))!;
    const fifty = await t.app.quoteRequests.change('aviation', id, {
      revision: current.revision!,
      apply: (stored) => ({
        ...stored,
        versions: Array.from({ length: 50 }, (_, index) => ({ ...stored.versions![0]!, version: index + 1 })),
      }),
    });
    const refused = await vendor(
      'POST',
      `/quote-requests/${id}/quote`,
      { adjustments: {}, services: [] },
      String(fifty.revision),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^This request has 50 priced versions, the most it keeps/);
    expect((await vendor('POST', `/quote-requests/${id}/cancel`, undefined, String(fifty.revision))).statusCode).toBe(
      200,
    );
  });
});

describe('quotes and the hire they price', () => {
  it('end a quote the day before its hire', async () => {
    const lee = await storefrontVisitor(t, 'lee@validity.example');
    const id = (await ask(lee.cookie, '1950s-propliner-triple-seat-row-orange-vinyl', start(), start())).json()
      .id as string;
    const quoted = await vendor('POST', `/quote-requests/${id}/quote`, { adjustments: {}, services: [] }, '0');
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json().versions[0].expiresOn).toBe(addDays(start(), -1));
  });

  it('expire an accepted request whose hire has started: it can be neither confirmed nor accepted, and its pencil is released', async () => {
    const today = todayIn(TZ, new Date());
    const now = new Date().toISOString();
    const version = {
      version: 1,
      sentAt: now,
      expiresOn: addDays(today, 5),
      pricing: { adjustments: {}, services: [] },
      breakdown: { days: 3, lines: [], rentalSubtotal: 0, servicesSubtotal: 0, total: 0, missingGlCodes: [] },
    };
    const started: QuoteRequest = {
      id: 'started-hire',
      tenantId: 'aviation',
      uid: 'someone',
      email: 'someone@started.example',
      lines: [
        { objectID: '1950s-propliner-triple-seat-row-orange-vinyl', name: 'Economy row', quantity: 1, dayRate: 100 },
      ],
      startDate: today,
      endDate: addDays(today, 2),
      createdAt: now,
      state: 'accepted',
      hold: 'none',
      revision: 0,
      versions: [version],
      history: [{ at: now, action: 'request', from: 'requested', to: 'requested', by: 'visitor' }],
    };
    await t.app.quoteRequests.add(started);
    const confirm = await vendor('POST', '/quote-requests/started-hire/confirm', undefined, '0');
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().message).toBe(
      `This hire started on ${today}: it can no longer be quoted, accepted or confirmed. Ask for new dates.`,
    );
    const opened = await vendor('GET', '/quote-requests/started-hire');
    expect(opened.json()).toMatchObject({ state: 'expired', hold: 'none', actions: [] });
  });
});
