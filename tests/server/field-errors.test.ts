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

/** Every sub-resource, each written through its first record; the body is JSON text so "__proto__" stays a key. */
const RESOURCES = ['settings', 'vendor', 'colors', 'links', 'custom-fields', 'categories', 'pages'];

describe.each(RESOURCES)('%s', (resource) => {
  it.each(SPECIAL_KEYS)('names a refused %s key in errors', async (key) => {
    const list = await t.as('platformStaff', { url: `/api/tenants/aviation/${resource}` });
    const record = list.json()[0] as Record<string, unknown>;
    const text = JSON.stringify(record).replace(/^\{/, `{${JSON.stringify(key)}:{"polluted":true},`);
    const url = `/api/tenants/aviation/${resource}/${String(record.id)}`;
    const response = await t.as('platformStaff', {
      method: 'PUT',
      url,
      headers: { 'content-type': 'application/json', 'if-match': String(record.version) },
      payload: text,
    });
    expect(response.statusCode).toBe(400);
    const errors = JSON.parse(response.body).errors as Record<string, string>;
    expect(Object.keys(errors)).toContain(key);
    expect(errors[key]).toMatch(/unknown/i);
  });
});

describe('missing required keys', () => {
  it('land on the missing field itself, not on the record or the root', async () => {
    const settings = await t.as('platformStaff', { url: '/api/tenants/aviation/settings/site' });
    const { appTitle: _dropped, ...record } = settings.json() as Record<string, unknown>;
    const response = await t.as('platformStaff', {
      method: 'PUT',
      url: '/api/tenants/aviation/settings/site',
      headers: { 'if-match': String(settings.headers.etag) },
      payload: record,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ appTitle: 'missing required key "appTitle"' });
    const whole = await t.as('platformStaff', { url: '/api/tenants/aviation' });
    const tenant = whole.json();
    delete tenant.vendor.address.city;
    const put = await t.as('platformStaff', {
      method: 'PUT',
      url: '/api/tenants/aviation',
      headers: { 'if-match': String(whole.headers.etag) },
      payload: tenant,
    });
    expect(put.json().errors).toEqual({ 'vendor.address.city': 'missing required key "city"' });
  });
});
