/**
 * Every key a write refuses reaches the `errors` field map, including keys that are special on
 * plain JavaScript objects ("__proto__", "constructor", "toString"): react-admin shows each one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const SPECIAL_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];

/** One write per sub-resource, given the record read from it; the body is JSON text so "__proto__" stays a key. */
const writes: Array<{ resource: string; method: 'PUT' | 'POST'; url: (record: Record<string, unknown>) => string }> = [
  { resource: 'settings', method: 'PUT', url: () => '/api/tenants/aviation/settings/site' },
  { resource: 'vendor', method: 'PUT', url: () => '/api/tenants/aviation/vendor/aviation' },
  { resource: 'colors', method: 'POST', url: () => '/api/tenants/aviation/colors' },
  { resource: 'links', method: 'POST', url: () => '/api/tenants/aviation/links' },
  { resource: 'categories', method: 'POST', url: () => '/api/tenants/aviation/categories' },
];

describe.each(writes)('$resource', ({ resource, method, url }) => {
  it.each(SPECIAL_KEYS)('names a refused %s key in errors', async (key) => {
    const list = await t.as('platform', { url: `/api/tenants/aviation/${resource}` });
    const record = list.json()[0] as Record<string, unknown>;
    const text = JSON.stringify(record).replace(/^\{/, `{${JSON.stringify(key)}:{"polluted":true},`);
    const response = await t.as('platform', { method, url: url(record), headers: { 'content-type': 'application/json', 'if-match': String(list.headers.etag) }, payload: text });
    expect(response.statusCode).toBe(400);
    const errors = JSON.parse(response.body).errors as Record<string, string>;
    expect(Object.keys(errors)).toContain(key);
    expect(errors[key]).toMatch(/unknown|not allowed|must not/i);
  });
});

describe('missing required keys', () => {
  it('land on the missing field itself, not on the record or the root', async () => {
    const settings = await t.as('platform', { url: '/api/tenants/aviation/settings/site' });
    const { appTitle: _dropped, ...record } = settings.json() as Record<string, unknown>;
    const response = await t.as('platform', { method: 'PUT', url: '/api/tenants/aviation/settings/site', headers: { 'if-match': String(settings.headers.etag) }, payload: record });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ appTitle: 'missing required key "appTitle"' });
    const whole = await t.as('platform', { url: '/api/tenants/aviation' });
    const tenant = whole.json();
    delete tenant.vendor.address.city;
    const put = await t.as('platform', { method: 'PUT', url: '/api/tenants/aviation', headers: { 'if-match': String(whole.headers.etag) }, payload: tenant });
    expect(put.json().errors).toEqual({ 'vendor.address.city': 'missing required key "city"' });
  });
});
