/**
 * The PayoutAccountStore contract, run against every adapter: a house's record is made by its
 * first update and read back whole, found by its account at the provider, listed by house;
 * changed atomically (two servers connecting one house at once: both changes land, one record);
 * refused whole when it does not fit the schema.
 */
import { describe, expect, it } from 'vitest';
import type { PayoutAccount } from '../../schema/types.generated';
import type { PayoutAccountStore } from '../../server/stores/payout-account-store';
import { storeUnderTest, type OpenedStore } from './store-under-test';

const AT = '2026-11-28T10:00:00.000Z';
export const samplePayoutAccount = (tenantId: string, overrides: Partial<PayoutAccount> = {}): PayoutAccount => ({
  tenantId,
  commissionPercent: 0,
  createdAt: AT,
  updatedAt: AT,
  ...overrides,
});

export function describePayoutAccountStoreContract(name: string, open: () => Promise<OpenedStore<PayoutAccountStore>>) {
  describe(`PayoutAccountStore contract: ${name}`, () => {
    const subject = storeUnderTest(open);

    it("makes a house's record on its first update, reads it back, finds it by its account and lists every house's", async () => {
      expect(await subject.store.get('aviation')).toBeUndefined();
      const made = await subject.store.update('aviation', (current) => ({
        ...(current ?? samplePayoutAccount('aviation')),
        provider: 'stripe',
        accountId: 'acct_1AviationHouse',
        due: ['external_account'],
      }));
      expect(made).toEqual(
        samplePayoutAccount('aviation', {
          provider: 'stripe',
          accountId: 'acct_1AviationHouse',
          due: ['external_account'],
        }),
      );
      await subject.store.update('london', (current) => ({
        ...(current ?? samplePayoutAccount('london')),
        commissionPercent: 12.5,
      }));
      expect(await subject.store.get('aviation')).toEqual(made);
      expect(await subject.store.byAccount('acct_1AviationHouse')).toEqual(made);
      expect(await subject.store.byAccount('acct_nobody')).toBeUndefined();
      expect((await subject.store.list()).map((account) => [account.tenantId, account.commissionPercent])).toEqual([
        ['aviation', 0],
        ['london', 12.5],
      ]);
    });

    it('refuses a record that does not fit the schema, and keeps the one stored', async () => {
      await subject.store.update('atlanta', () => samplePayoutAccount('atlanta', { commissionPercent: 10 }));
      await expect(
        subject.store.update('atlanta', (current) => ({ ...current!, commissionPercent: 80 })),
      ).rejects.toThrow(/commissionPercent/);
      await expect(
        subject.store.update('atlanta', (current) => ({ ...current!, accountId: 'not an account' })),
      ).rejects.toThrow(/accountId/);
      expect((await subject.store.get('atlanta'))?.commissionPercent).toBe(10);
    });

    it('changes a record atomically: an account connected and a commission set at once both land', async () => {
      await Promise.all([
        subject.store.update('atlanta', (current) => ({
          ...(current ?? samplePayoutAccount('atlanta')),
          provider: 'test',
          accountId: 'acct_test_atlanta',
          chargesEnabled: true,
        })),
        subject.store.update('atlanta', (current) => ({
          ...(current ?? samplePayoutAccount('atlanta')),
          commissionPercent: 8,
        })),
      ]);
      expect(await subject.store.get('atlanta')).toMatchObject({
        accountId: 'acct_test_atlanta',
        chargesEnabled: true,
        commissionPercent: 8,
      });
    });
  });
}
