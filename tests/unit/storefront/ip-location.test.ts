/**
 * The IP-location lookup against a provider served on 127.0.0.1 (a real HTTP server standing in
 * for the hosted one, which cannot be reached from here): the key sent as `key`, one call per
 * cache lifetime, the default location on any failure, and no call when the cookie is present.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withDefaults } from '../../../schema/defaults';
import type { SiteSettings } from '../../../schema/types.generated';
import { locateVisitor, lookupIpLocation, readLocationCookie, type KeyValueStorage } from '../../../storefront/lib/geo';

let server: Server;
let provider: string;
const calls: URL[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  server = createServer((request, response) => {
    calls.push(new URL(request.url!, 'http://127.0.0.1'));
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  provider = `http://127.0.0.1:${(server.address() as AddressInfo).port}/json/`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  calls.length = 0;
  answer = { status: 200, body: { latitude: 40.7128, longitude: -74.006, city: 'New York' } };
});

function memoryStorage(): KeyValueStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const site = withDefaults('site', {} as SiteSettings);

describe('IP-location lookup', () => {
  it('sends the configured key as `key` and reads latitude/longitude or lat/lng', async () => {
    expect(await lookupIpLocation({ url: provider, key: 'browser-key_1' })).toEqual({
      lat: 40.7128,
      lng: -74.006,
      city: 'New York',
    });
    expect(calls[0]!.pathname).toBe('/json/');
    expect(calls[0]!.searchParams.get('key')).toBe('browser-key_1');
    answer.body = { lat: 51.5, lng: -0.12 };
    expect(await lookupIpLocation({ url: provider })).toEqual({ lat: 51.5, lng: -0.12 });
    expect(calls[1]!.searchParams.has('key')).toBe(false);
  });

  it('calls the provider once per cache lifetime, and not at all with a location cookie', async () => {
    const storage = memoryStorage();
    const options = {
      storage,
      lookup: () => lookupIpLocation({ url: provider, key: 'k' }),
      defaultLocation: site.defaultLocation!,
      cacheHours: site.geolocationCacheHours!,
      now: 0,
    };
    expect((await locateVisitor(options)).source).toBe('lookup');
    expect((await locateVisitor({ ...options, now: 23 * 3_600_000 })).source).toBe('cache');
    expect(calls).toHaveLength(1);
    expect((await locateVisitor({ ...options, now: 25 * 3_600_000 })).source).toBe('lookup');
    expect(calls).toHaveLength(2);
    const cookie = readLocationCookie('theme=dark; backlot_location=34.1%2C-118.3');
    expect(await locateVisitor({ ...options, storage: memoryStorage(), cookieLocation: cookie })).toEqual({
      location: { lat: 34.1, lng: -118.3 },
      source: 'cookie',
    });
    expect(calls).toHaveLength(2);
  });

  it('falls back to the default location (Hollywood) when the provider fails or answers nonsense', async () => {
    const options = {
      storage: memoryStorage(),
      lookup: () => lookupIpLocation({ url: provider }),
      defaultLocation: site.defaultLocation!,
      cacheHours: 24,
    };
    answer = { status: 503, body: { error: 'down' } };
    expect(await locateVisitor(options)).toEqual({
      location: { name: 'Hollywood', lat: 34.0928, lng: -118.3287 },
      source: 'default',
    });
    answer = { status: 200, body: { latitude: 'north', longitude: 300 } };
    expect((await locateVisitor(options)).source).toBe('default');
    expect(readLocationCookie('backlot_location=999,1')).toBeUndefined();
  });
});
