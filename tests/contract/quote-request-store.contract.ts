/**
 * What every QuoteRequestStore adapter must do: store a request and read it back by tenant and id,
 * list a tenant's requests newest first (createdAt descending, then id) a page at a time with the
 * total, keep tenants apart, refuse a request the quote-request schema refuses (naming where)
 * without storing anything, and refuse a second request with an id the tenant already has, keeping
 * the first. Run by each adapter's test with its own factory.
 */
import { describe, expect, it } from 'vitest';
import type { QuoteRequest } from '../../schema/types.generated';
import { QuoteRequestExistsError, type QuoteRequestStore } from '../../server/stores/quote-request-store';
import { storeUnderTest, type OpenedStore } from './store-under-test';

/** A request as POST /api/quote-requests stores it: the catalogue's names and rates on each line. */
export function sampleQuoteRequest(id: string, overrides: Partial<QuoteRequest> = {}): QuoteRequest {
  return {
    id,
    tenantId: 'aviation',
    uid: 'visitor-dana',
    email: 'dana@studio.example',
    name: 'Dana Reyes',
    lines: [
      { objectID: 'galley-cart', name: 'Atlas Galley Cart', quantity: 2, dayRate: 85, weekRate: 255 },
      { objectID: 'jump-seat', name: 'Jump Seat', quantity: 1, dayRate: 40 },
    ],
    startDate: '2026-12-01',
    endDate: '2026-12-07',
    production: 'Red Eye 2',
    studio: 'Stage 4 Pictures',
    notes: 'Stage 4, delivery before 7am',
    createdAt: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

export function describeQuoteRequestStoreContract(name: string, open: () => Promise<OpenedStore<QuoteRequestStore>>) {
  describe(`QuoteRequestStore contract: ${name}`, () => {
    const subject = storeUnderTest(open);

    const ids = (page: { requests: QuoteRequest[] }) => page.requests.map((request) => request.id);

    it('stores a request and reads it back whole; an unknown id gives undefined', async () => {
      const request = sampleQuoteRequest('q-1');
      expect(await subject.store.add(request)).toEqual(request);
      expect(await subject.store.get('aviation', 'q-1')).toEqual(request);
      // Optional fields left out stay out.
      const { name: _name, production: _production, studio: _studio, notes: _notes, ...bare } = sampleQuoteRequest('q-bare');
      await subject.store.add(bare);
      expect(await subject.store.get('aviation', 'q-bare')).toEqual(bare);
      expect(await subject.store.get('aviation', 'nothing')).toBeUndefined();
      expect(await subject.store.get('acme', 'nothing')).toBeUndefined();
    });

    it('lists a tenant newest first (then by id), a page at a time, with the total', async () => {
      // Added out of order; b and c were asked at the same moment, so the id decides between them.
      for (const [id, createdAt] of [
        ['c', '2026-11-20T09:00:00.000Z'],
        ['e', '2026-11-01T09:00:00.000Z'],
        ['a', '2026-11-22T09:00:00.000Z'],
        ['d', '2026-11-10T09:00:00.000Z'],
        ['b', '2026-11-20T09:00:00.000Z'],
      ] as const)
        await subject.store.add(sampleQuoteRequest(id, { createdAt }));
      const all = await subject.store.list('aviation');
      expect([all.total, ids(all)]).toEqual([5, ['a', 'b', 'c', 'd', 'e']]);
      const pages = await Promise.all([subject.store.list('aviation', { limit: 2 }), subject.store.list('aviation', { limit: 2, offset: 2 }), subject.store.list('aviation', { limit: 2, offset: 4 })]);
      expect(pages.map((page) => [page.total, ids(page)])).toEqual([
        [5, ['a', 'b']],
        [5, ['c', 'd']],
        [5, ['e']],
      ]);
      expect(await subject.store.list('aviation', { offset: 5 })).toEqual({ total: 5, requests: [] });
      expect(await subject.store.list('acme')).toEqual({ total: 0, requests: [] });
    });

    it("keeps tenants apart: neither reads, lists nor counts the other's requests, even under the same id", async () => {
      await subject.store.add(sampleQuoteRequest('shared', { notes: 'for aviation' }));
      await subject.store.add(sampleQuoteRequest('aviation-only'));
      await subject.store.add(sampleQuoteRequest('shared', { tenantId: 'acme', email: 'sam@studio.example', notes: 'for acme' }));
      expect((await subject.store.get('aviation', 'shared'))?.notes).toBe('for aviation');
      expect((await subject.store.get('acme', 'shared'))?.notes).toBe('for acme');
      expect(await subject.store.get('acme', 'aviation-only')).toBeUndefined();
      const [aviation, acme] = await Promise.all([subject.store.list('aviation'), subject.store.list('acme')]);
      expect([aviation.total, ids(aviation).sort()]).toEqual([2, ['aviation-only', 'shared']]);
      expect([acme.total, acme.requests.map((request) => [request.tenantId, request.email])]).toEqual([1, [['acme', 'sam@studio.example']]]);
    });

    it('refuses a request its schema refuses, naming where, and stores nothing', async () => {
      const refused: Array<[QuoteRequest, RegExp]> = [
        [sampleQuoteRequest('no-lines', { lines: [] as unknown as QuoteRequest['lines'] }), /\/lines/],
        [sampleQuoteRequest('zero', { lines: [{ objectID: 'galley-cart', name: 'Atlas Galley Cart', quantity: 0, dayRate: 85 }] }), /\/lines\/0\/quantity/],
        [sampleQuoteRequest('bad-email', { email: 'not an address' }), /\/email/],
        [sampleQuoteRequest('bad-date', { startDate: 'next tuesday' }), /\/startDate/],
        [{ ...sampleQuoteRequest('priced'), total: 1 } as QuoteRequest, /\/total unknown key/],
        [sampleQuoteRequest('', {}), /\/id/],
      ];
      for (const [request, where] of refused) {
        await expect(subject.store.add(request), request.id).rejects.toThrow(/^a quote request does not fit its schema: /);
        await expect(subject.store.add(request), request.id).rejects.toThrow(where);
        expect(await subject.store.get('aviation', request.id || 'nothing'), request.id).toBeUndefined();
      }
      expect(await subject.store.list('aviation')).toEqual({ total: 0, requests: [] });
    });

    it('refuses a second request with an id the tenant has, plainly, and keeps the first', async () => {
      const first = sampleQuoteRequest('q-1', { notes: 'the first' });
      await subject.store.add(first);
      const second = sampleQuoteRequest('q-1', { notes: 'the second', createdAt: '2026-11-24T10:00:00.000Z' });
      await expect(subject.store.add(second)).rejects.toBeInstanceOf(QuoteRequestExistsError);
      await expect(subject.store.add(second)).rejects.toThrow(/^A quote request "q-1" of tenant "aviation" already exists$/);
      expect(await subject.store.get('aviation', 'q-1')).toEqual(first);
      expect(await subject.store.list('aviation')).toEqual({ total: 1, requests: [first] });
    });
  });
}
