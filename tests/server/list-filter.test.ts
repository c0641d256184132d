/**
 * The `filter` list parameter over the real app: the items route (which reads group, category,
 * tags and colours itself) and a generic list both parse it with server/lib/ra-list.ts's one
 * parser, so a malformed filter is the same 400 naming `filter` on each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const list = (url: string, filter: string) =>
  t.as('platformStaff', { url: `${url}?filter=${encodeURIComponent(filter)}` });

describe('a malformed list filter', () => {
  for (const url of ['/api/tenants/acme/items', '/api/tenants']) {
    it(`is a 400 naming filter on ${url}`, async () => {
      for (const [filter, message] of [
        ['{q:', 'filter must be JSON, e.g. {"q":"seat"}'],
        ['["sets"]', 'filter must be a JSON object, e.g. {"q":"seat"}'],
        ['"sets"', 'filter must be a JSON object, e.g. {"q":"seat"}'],
      ]) {
        const answer = await list(url, filter!);
        expect(answer.statusCode, `${filter} ${answer.body}`).toBe(400);
        expect(answer.json().message, filter).toBe(message);
      }
      expect((await list(url, '{}')).statusCode).toBe(200);
    });
  }
});
