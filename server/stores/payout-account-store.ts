/**
 * The PayoutAccountStore port: each house's account at the payment provider and the platform's
 * commission on it (schema/payout-account.schema.json), one record per house, checked against its
 * schema when written. `update` is a read-modify-write no other write to the same house's record
 * can interleave with, across servers; it makes the record when there is none (a house's first
 * connect and a commission set before it connects are both first writes). Adapters:
 * `sqlite-payout-account-store.ts` (embedded default) and `firestore-payout-account-store.ts`
 * (`vendors/{house}/payouts/account`). One contract suite
 * (`tests/contract/payout-account-store.contract.ts`).
 */
import { schemaIds } from '../../schema/documents';
import type { PayoutAccount } from '../../schema/types.generated';
import { schemaChecked } from './schema-checked';

export interface PayoutAccountStore {
  get(tenantId: string): Promise<PayoutAccount | undefined>;
  /** The house whose account this is at the provider (a provider's event names only the account). */
  byAccount(accountId: string): Promise<PayoutAccount | undefined>;
  /** Every house's record, by house id. */
  list(): Promise<PayoutAccount[]>;
  /** Changes the house's record atomically from its current value (`undefined` when there is none yet). */
  update(tenantId: string, change: (current: PayoutAccount | undefined) => PayoutAccount): Promise<PayoutAccount>;
  close(): Promise<void>;
}

export const checkedPayoutAccount = schemaChecked<PayoutAccount>(schemaIds.payoutAccount, "a house's payout account");
