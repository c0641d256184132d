/**
 * The ProductionRequestStore contract, run against every adapter: a request is created once (a
 * taken id is refused and the first stays), listed per visitor newest first, changed atomically
 * (concurrent part updates all land, across two stores on one database for Firestore), and refused
 * whole when it does not fit the schema.
 */
import { describe, expect, it } from 'vitest';
import type { ProductionRequest } from '../../schema/types.generated';
import {
  ProductionRequestExistsError,
  UnknownProductionRequestError,
  type ProductionRequestStore,
} from '../../server/stores/production-request-store';
import { storeUnderTest, type OpenedStore } from './store-under-test';

const part = (house: string) => ({
  house,
  houseName: `House ${house}`,
  lines: [{ objectID: 'c-stand', name: 'C-Stand', quantity: 1 }],
  state: 'failed' as const,
  problem: 'Not sent yet: send it again.',
  updatedAt: '2026-11-20T10:00:00.000Z',
});

export function sampleProductionRequest(id: string, overrides: Partial<ProductionRequest> = {}): ProductionRequest {
  return {
    id,
    uid: 'visitor-1',
    email: 'designer@production.example',
    startDate: '2026-12-14',
    endDate: '2026-12-16',
    parts: [part('aviation'), part('london')],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  } as ProductionRequest;
}

/** Marks one house's part sent. */
export const sent = (house: string, quoteId: string) => (current: ProductionRequest) =>
  ({
    ...current,
    parts: current.parts.map((candidate) =>
      candidate.house === house
        ? {
            house,
            houseName: candidate.houseName,
            lines: candidate.lines,
            state: 'sent',
            quoteId,
            updatedAt: candidate.updatedAt,
          }
        : candidate,
    ),
  }) as ProductionRequest;

export function describeProductionRequestStoreContract(
  name: string,
  open: () => Promise<OpenedStore<ProductionRequestStore>>,
) {
  describe(`ProductionRequestStore contract: ${name}`, () => {
    const subject = storeUnderTest(open);

    it('creates a request once: a taken id is refused and the first stays', async () => {
      const request = sampleProductionRequest('key-aaaa-0001');
      expect(await subject.store.create(request)).toEqual(request);
      expect(await subject.store.get('key-aaaa-0001')).toEqual(request);
      await expect(
        subject.store.create(sampleProductionRequest('key-aaaa-0001', { uid: 'visitor-2' })),
      ).rejects.toBeInstanceOf(ProductionRequestExistsError);
      expect((await subject.store.get('key-aaaa-0001'))?.uid).toBe('visitor-1');
      expect(await subject.store.get('key-none-0001')).toBeUndefined();
    });

    it('refuses a request that does not fit the schema, and stores nothing', async () => {
      await expect(
        subject.store.create(
          sampleProductionRequest('key-bad0-0001', { parts: [] as unknown as ProductionRequest['parts'] }),
        ),
      ).rejects.toThrow(/\/parts/);
      expect(await subject.store.get('key-bad0-0001')).toBeUndefined();
      await subject.store.create(sampleProductionRequest('key-aaaa-0001'));
      await expect(
        subject.store.update('key-aaaa-0001', (current) => ({
          ...current,
          parts: current.parts.map((one) => ({
            ...one,
            state: 'lost' as never,
          })) as unknown as ProductionRequest['parts'],
        })),
      ).rejects.toThrow(/state/);
      expect((await subject.store.get('key-aaaa-0001'))?.parts[0]!.state).toBe('failed');
    });

    it("lists one visitor's requests newest first, never another's", async () => {
      await subject.store.create(sampleProductionRequest('key-old0-0001', { createdAt: '2026-11-20T10:00:00.000Z' }));
      await subject.store.create(sampleProductionRequest('key-new0-0001', { createdAt: '2026-11-21T10:00:00.000Z' }));
      await subject.store.create(sampleProductionRequest('key-them-0001', { uid: 'visitor-2' }));
      expect((await subject.store.listFor('visitor-1')).map((request) => request.id)).toEqual([
        'key-new0-0001',
        'key-old0-0001',
      ]);
      expect((await subject.store.listFor('visitor-1', 1)).map((request) => request.id)).toEqual(['key-new0-0001']);
      expect(await subject.store.listFor('visitor-3')).toEqual([]);
      expect((await subject.store.listAll(2)).map((request) => request.id)).toHaveLength(2);
      expect((await subject.store.listAll(10)).map((request) => request.id).sort()).toEqual([
        'key-new0-0001',
        'key-old0-0001',
        'key-them-0001',
      ]);
    });

    it("changes a request atomically: each house's part updated at once lands, and its owner never changes", async () => {
      await subject.store.create(sampleProductionRequest('key-aaaa-0001'));
      await Promise.all([
        subject.store.update('key-aaaa-0001', sent('aviation', 'quote-a')),
        subject.store.update('key-aaaa-0001', sent('london', 'quote-l')),
      ]);
      const stored = await subject.store.get('key-aaaa-0001');
      expect(stored?.parts.map((one) => [one.house, one.state, one.quoteId])).toEqual([
        ['aviation', 'sent', 'quote-a'],
        ['london', 'sent', 'quote-l'],
      ]);
      expect(
        (await subject.store.update('key-aaaa-0001', (current) => ({ ...current, uid: 'someone-else' }))).uid,
      ).toBe('visitor-1');
      await expect(subject.store.update('key-none-0001', (current) => current)).rejects.toBeInstanceOf(
        UnknownProductionRequestError,
      );
    });
  });
}
