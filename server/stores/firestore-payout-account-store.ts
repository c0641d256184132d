/**
 * Payout accounts in Cloud Firestore through firebase-admin:
 *
 *   vendors/{house}/payouts/account   the house's record, every field as its schema has it
 *
 * update() is a transaction (two servers connecting a house at once: one record). byAccount() and
 * list() read across houses with a collection-group query on `payouts`; byAccount's filter needs
 * accountId's single-field index at collection-group scope (a field override in
 * firestore.indexes.json).
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { PayoutAccount } from '../../schema/types.generated';
import { checkedPayoutAccount, type PayoutAccountStore } from './payout-account-store';

const stored = (account: PayoutAccount) =>
  JSON.parse(JSON.stringify(checkedPayoutAccount(account))) as Record<string, unknown>;

export class FirestorePayoutAccountStore implements PayoutAccountStore {
  constructor(
    private readonly firestore: Firestore,
    private readonly options: { onClose?: () => Promise<void> } = {},
  ) {}

  private record(tenantId: string) {
    return this.firestore.collection('vendors').doc(tenantId).collection('payouts').doc('account');
  }

  async get(tenantId: string): Promise<PayoutAccount | undefined> {
    const snapshot = await this.record(tenantId).get();
    return snapshot.exists ? (snapshot.data() as PayoutAccount) : undefined;
  }

  async byAccount(accountId: string): Promise<PayoutAccount | undefined> {
    const snapshot = await this.firestore.collectionGroup('payouts').where('accountId', '==', accountId).limit(1).get();
    return snapshot.docs[0]?.data() as PayoutAccount | undefined;
  }

  async list(): Promise<PayoutAccount[]> {
    const snapshot = await this.firestore.collectionGroup('payouts').get();
    return snapshot.docs.map((doc) => doc.data() as PayoutAccount).sort((a, b) => a.tenantId.localeCompare(b.tenantId));
  }

  update(tenantId: string, change: (current: PayoutAccount | undefined) => PayoutAccount): Promise<PayoutAccount> {
    const ref = this.record(tenantId);
    return this.firestore.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(ref);
      const next = { ...change(snapshot.exists ? (snapshot.data() as PayoutAccount) : undefined), tenantId };
      transaction.set(ref, stored(next));
      return next;
    });
  }

  async close(): Promise<void> {
    await this.options.onClose?.();
  }
}
