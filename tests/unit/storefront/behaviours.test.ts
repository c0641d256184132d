/** The storefront's behaviours from spec §4, §5 and §9, with their constants from the schema's defaults. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withDefaults } from '../../../schema/defaults';
import type { SiteSettings } from '../../../schema/types.generated';
import { ConfirmQueue } from '../../../storefront/lib/confirm';
import { ModalState } from '../../../storefront/lib/modal';
import {
  haversineKm,
  LOCATION_CACHE_KEY,
  locateVisitor,
  nearestVendor,
  type KeyValueStorage,
} from '../../../storefront/lib/geo';
import { AbortError, withRetry, type RetryBackoff } from '../../../storefront/lib/retry';

/** A site with nothing set but what is required: every constant below comes from the schema. */
const site = withDefaults('site', { tenantId: 't', domain: 'www.t.example', appTitle: 'T' } as SiteSettings);

function memoryStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

afterEach(() => {
  // The spies first: one set on the fake clock's setTimeout would otherwise put it back after the
  // real timers, and the files this worker runs next would wait on a clock that never moves.
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('retry with backoff', () => {
  it('uses the spec constants by default: 1000 ms, factor 2, jitter, capped at 4 hours', () => {
    expect(site.retryBackoff).toEqual({ baseMs: 1000, factor: 2, jitter: true, capMs: 4 * 3600 * 1000 });
  });

  async function delaysOf(backoff: RetryBackoff, failures: number) {
    vi.useFakeTimers();
    const delays: number[] = [];
    const realSetTimeout = globalThis.setTimeout;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      delays.push(ms ?? 0);
      return realSetTimeout(fn, ms);
    }) as typeof setTimeout);
    let calls = 0;
    const done = withRetry(async () => (++calls <= failures ? Promise.reject(new Error('offline')) : 'ok'), backoff, {
      retries: failures,
    });
    await vi.runAllTimersAsync();
    await expect(done).resolves.toBe('ok');
    return { delays, calls };
  }

  it('waits base × factor^n, capped, between attempts', async () => {
    const { delays, calls } = await delaysOf({ baseMs: 1000, factor: 2, jitter: false, capMs: 5000 }, 5);
    expect(calls).toBe(6);
    expect(delays).toEqual([1000, 2000, 4000, 5000, 5000]);
  });

  it('spreads the delays with jitter (between 1× and 2×, still capped)', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { delays } = await delaysOf({ baseMs: 1000, factor: 2, jitter: true, capMs: 5000 }, 3);
    expect(delays).toEqual([1500, 3000, 5000]);
  });

  it('stops at once on AbortError', async () => {
    let calls = 0;
    await expect(
      withRetry(async () => {
        calls++;
        throw new AbortError('bad request');
      }, site.retryBackoff as RetryBackoff),
    ).rejects.toThrow('bad request');
    expect(calls).toBe(1);
  });
});

describe('geolocation', () => {
  it('measures haversine distance on a 6371 km sphere', () => {
    const lax = { lat: 33.9416, lng: -118.4085 };
    const jfk = { lat: 40.6413, lng: -73.7781 };
    expect(haversineKm(lax, jfk)).toBeGreaterThan(3965);
    expect(haversineKm(lax, jfk)).toBeLessThan(3985);
    expect(haversineKm(lax, lax)).toBe(0);
  });

  it('picks the nearest listed vendor with a location', () => {
    const vendors = [
      { id: 'nyc', isListed: true, _geoloc: { lat: 40.7, lng: -74 } },
      { id: 'burbank-unlisted', isListed: false, _geoloc: { lat: 34.18, lng: -118.31 } },
      { id: 'no-location', isListed: true },
      { id: 'atlanta', isListed: true, _geoloc: { lat: 33.75, lng: -84.39 } },
    ];
    expect(nearestVendor(vendors, site.defaultLocation!)?.id).toBe('atlanta');
    expect(nearestVendor([], site.defaultLocation!)).toBeUndefined();
  });

  it('looks up once without a cookie, caches for the configured hours, and falls back to Hollywood', async () => {
    expect(site.defaultLocation).toEqual({ name: 'Hollywood', lat: 34.0928, lng: -118.3287 });
    expect(site.geolocationCacheHours).toBe(24);
    const storage = memoryStorage();
    const lookup = vi.fn(async () => ({ lat: 51.5, lng: -0.12, city: 'London' }));
    const options = {
      storage,
      lookup,
      defaultLocation: site.defaultLocation!,
      cacheHours: site.geolocationCacheHours!,
      now: 1_000_000,
    };
    expect(await locateVisitor(options)).toEqual({
      location: { lat: 51.5, lng: -0.12, city: 'London' },
      source: 'lookup',
    });
    expect(await locateVisitor({ ...options, now: 1_000_000 + 23 * 3_600_000 })).toMatchObject({ source: 'cache' });
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(await locateVisitor({ ...options, now: 1_000_000 + 25 * 3_600_000 })).toMatchObject({ source: 'lookup' });
    expect(lookup).toHaveBeenCalledTimes(2);
    // A cookie means no lookup at all.
    expect(await locateVisitor({ ...options, storage: memoryStorage(), cookieLocation: { lat: 1, lng: 2 } })).toEqual({
      location: { lat: 1, lng: 2 },
      source: 'cookie',
    });
    expect(lookup).toHaveBeenCalledTimes(2);
    // Failure, or a damaged cache entry, ends at the default location.
    const broken = memoryStorage();
    broken.setItem(LOCATION_CACHE_KEY, '{not json');
    const failing = await locateVisitor({
      ...options,
      storage: broken,
      lookup: async () => Promise.reject(new Error('provider down')),
    });
    expect(failing).toEqual({ location: site.defaultLocation, source: 'default' });
    expect(broken.map.has(LOCATION_CACHE_KEY)).toBe(false);
  });
});

describe('confirm dialog', () => {
  const defaults = { title: site.confirmDialog!.title!, confirmLabel: site.confirmDialog!.confirmLabel! };

  it("defaults to 'Are you sure?' and 'Confirm', and answers Enter with confirmed and Escape with canceled", async () => {
    const queue = new ConfirmQueue(defaults);
    const shown: unknown[] = [];
    queue.subscribe((open) => shown.push(open));
    const first = queue.confirm({ message: 'Remove this item?' });
    expect(queue.current).toEqual({ title: 'Are you sure?', confirmLabel: 'Confirm', message: 'Remove this item?' });
    expect(queue.key('a')).toBe(false);
    expect(queue.key('Enter')).toBe(true);
    await expect(first).resolves.toBe('confirmed');
    const second = queue.confirm({ title: 'Leave?' });
    queue.key('Escape');
    await expect(second).resolves.toBe('canceled');
    expect(shown.at(-1)).toBeUndefined();
  });

  it('shows one at a time: a second request waits for the first, then opens', async () => {
    const queue = new ConfirmQueue(defaults);
    const first = queue.confirm({ title: 'First' });
    const second = queue.confirm({ title: 'Second', altLabel: 'Save draft' });
    expect(queue.current?.title).toBe('First');
    queue.answer('canceled');
    expect(queue.current?.title).toBe('Second');
    queue.answer('alt');
    await expect(Promise.all([first, second])).resolves.toEqual(['canceled', 'alt']);
    expect(queue.current).toBeUndefined();
    const noAlt = queue.confirm();
    expect(() => queue.answer('alt')).toThrow('no alternative');
    queue.answer('confirmed');
    await expect(noAlt).resolves.toBe('confirmed');
  });
});

describe('modal', () => {
  it('closes at once when clean, and asks before discarding when dirty', async () => {
    const queue = new ConfirmQueue({ title: 'Are you sure?', confirmLabel: 'Confirm' });
    const modal = new ModalState(queue);
    modal.show();
    await expect(modal.requestClose()).resolves.toBe(true);
    modal.show();
    modal.markDirty();
    const kept = modal.requestClose();
    expect(queue.current).toMatchObject({ title: 'Discard your changes?', confirmLabel: 'Discard' });
    queue.key('Escape');
    await expect(kept).resolves.toBe(false);
    expect(modal).toMatchObject({ open: true, isDirty: true });
    const discarded = modal.requestClose();
    queue.key('Enter');
    await expect(discarded).resolves.toBe(true);
    expect(modal).toMatchObject({ open: false, isDirty: false });
  });
});
