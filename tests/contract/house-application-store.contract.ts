/**
 * The HouseApplicationStore contract, run against every adapter: an application is created and
 * read back whole, listed newest first (by state too), decided atomically (two decisions at once:
 * one lands, the other sees it), and refused whole when it does not fit the schema.
 */
import { describe, expect, it } from 'vitest';
import type { HouseApplication } from '../../schema/types.generated';
import { UnknownHouseApplicationError, type HouseApplicationStore } from '../../server/stores/house-application-store';
import { storeUnderTest, type OpenedStore } from './store-under-test';

export function sampleHouseApplication(id: string, overrides: Partial<HouseApplication> = {}): HouseApplication {
  return {
    id,
    tenantId: 'forsyth-prop-works',
    name: 'Forsyth Prop Works',
    address: { line1: '12 Bay Street', city: 'Savannah', state: 'GA', zip: '31401', country: 'US' },
    currency: 'USD',
    timezone: 'America/New_York',
    taxRatePercent: 7,
    adminEmail: 'owner@forsythprops.example',
    state: 'pending',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function describeHouseApplicationStoreContract(
  name: string,
  open: () => Promise<OpenedStore<HouseApplicationStore>>,
) {
  describe(`HouseApplicationStore contract: ${name}`, () => {
    const subject = storeUnderTest(open);

    it('creates and reads an application, and lists newest first, by state too', async () => {
      await subject.store.create(sampleHouseApplication('app-old-0001', { createdAt: '2026-11-20T10:00:00.000Z' }));
      await subject.store.create(
        sampleHouseApplication('app-new-0001', {
          createdAt: '2026-11-21T10:00:00.000Z',
          state: 'refused',
          reason: 'Not a house.',
        }),
      );
      expect(await subject.store.get('app-old-0001')).toEqual(sampleHouseApplication('app-old-0001'));
      expect(await subject.store.get('app-none-001')).toBeUndefined();
      expect((await subject.store.list()).map((one) => one.id)).toEqual(['app-new-0001', 'app-old-0001']);
      expect((await subject.store.list('pending')).map((one) => one.id)).toEqual(['app-old-0001']);
    });

    it('refuses an application that does not fit the schema, and stores nothing', async () => {
      await expect(
        subject.store.create(sampleHouseApplication('app-bad-0001', { currency: 'dollars' })),
      ).rejects.toThrow(/currency/);
      expect(await subject.store.get('app-bad-0001')).toBeUndefined();
    });

    it('decides atomically: of two approvals at once, one lands and the other sees it', async () => {
      await subject.store.create(sampleHouseApplication('app-aaa-0001'));
      const decide = (by: string) =>
        subject.store.update('app-aaa-0001', (current) => {
          if (current.state !== 'pending') throw new Error('decided already');
          return { ...current, state: 'approved', decidedBy: by };
        });
      const outcomes = await Promise.allSettled([decide('one@backlot.example'), decide('two@backlot.example')]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect((await subject.store.get('app-aaa-0001'))?.state).toBe('approved');
      await expect(subject.store.update('app-none-001', (current) => current)).rejects.toBeInstanceOf(
        UnknownHouseApplicationError,
      );
    });
  });
}
