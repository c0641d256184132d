/**
 * Competing enquiries: the console's pricing page names other productions' open requests for the
 * same items on overlapping dates as soft clashes (they hold nothing yet), with who and what; a
 * request that holds its items is a hard booking instead, and one on other dates is not named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import { buildTestApp, type TestApp } from '../helpers/server';
import { AVIATION_HOST, storefrontVisitor } from '../helpers/storefront-visitor';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ identity: { attemptsPerMinute: 1000 }, quotes: { requestsPerMinute: 1000 } });
});
afterAll(() => t.close());

/** One in stock. */
const COCKPIT = (await import('../../tenants/aviation/catalogue.json', { with: { type: 'json' } })).default.items.find(
  (item) => item.quantity === 1,
)!.objectID;

const ask = async (email: string, production: string, from: string) => {
  const who = await storefrontVisitor(t, email);
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/quote-requests',
    payload: { items: [{ objectID: COCKPIT, quantity: 1 }], startDate: from, endDate: addDays(from, 2), production },
    headers: { host: AVIATION_HOST, origin: `http://${AVIATION_HOST}`, cookie: who.cookie },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  return asked.json().id as string;
};

describe('competing enquiries', () => {
  it('names other open requests for the same items on overlapping dates, holding nothing, as soft clashes', async () => {
    const from = addDays(earliestStart('America/Los_Angeles', 2, new Date()), 10);
    const mine = await ask('first@studio.example', 'First Light', from);
    const rival = await ask('rival@studio.example', 'Rival Show', addDays(from, 1));
    await ask('later@studio.example', 'Much Later', addDays(from, 40));
    const view = (await t.as('aviationAdmin', { url: `/api/tenants/aviation/quote-requests/${mine}` })).json();
    expect(view.conflicts).toEqual([]);
    expect(view.softClashes).toEqual([
      {
        quoteId: rival,
        objectID: COCKPIT,
        quantity: 1,
        firstDay: addDays(from, 1),
        lastDay: addDays(from, 3),
        state: 'requested',
        who: 'Rival Show',
      },
    ]);
    // Once the rival is pencilled it is a hold: a hard booking, no longer a soft clash.
    expect(
      (
        await t.as('aviationAdmin', {
          method: 'POST',
          url: `/api/tenants/aviation/quote-requests/${rival}/hold`,
          headers: { 'if-match': '"0"' },
        })
      ).statusCode,
    ).toBe(200);
    const after = (await t.as('aviationAdmin', { url: `/api/tenants/aviation/quote-requests/${mine}` })).json();
    expect(after.softClashes).toEqual([]);
    expect(after.conflicts).toEqual([expect.objectContaining({ quoteId: rival, kind: 'pencil' })]);
  });
});
