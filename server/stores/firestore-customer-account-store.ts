/**
 * Customer accounts in Cloud Firestore through firebase-admin:
 *
 *   vendors/{house}/accounts/{id}   the account, every field as its schema has it, plus `memberEmails`
 *
 * create() and update() are transactions (two staff members editing one account at once: one edit
 * wins, the other is told the account moved on). forMember() is an array-contains query on
 * `memberEmails`, which Firestore's automatic single-field index serves.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { CustomerAccount } from '../../schema/types.generated';
import { AccountIdTakenError, memberKey, nextVersion, openedAccount, StaleAccountError, UnknownAccountError, type CustomerAccountStore } from './customer-account-store';

const DEFAULT_PAGE = 100;

/** The stored document: the account, and its members' emails for lookups. */
const stored = (account: CustomerAccount) => ({ ...(JSON.parse(JSON.stringify(account)) as Record<string, unknown>), memberEmails: account.members.map((member) => memberKey(member.email)) });
const accountOf = (data: Record<string, unknown>): CustomerAccount => {
  const { memberEmails: _memberEmails, ...account } = data;
  return account as unknown as CustomerAccount;
};

export class FirestoreCustomerAccountStore implements CustomerAccountStore {
  constructor(
    private readonly firestore: Firestore,
    private readonly options: { onClose?: () => Promise<void> } = {},
  ) {}

  private accounts(tenantId: string) {
    return this.firestore.collection('vendors').doc(tenantId).collection('accounts');
  }

  async get(tenantId: string, id: string): Promise<CustomerAccount | undefined> {
    const snapshot = await this.accounts(tenantId).doc(id).get();
    return snapshot.exists ? accountOf(snapshot.data()!) : undefined;
  }

  async list(tenantId: string, page: { after?: string; limit?: number } = {}): Promise<CustomerAccount[]> {
    let query = this.accounts(tenantId)
      .orderBy('id')
      .limit(page.limit ?? DEFAULT_PAGE);
    if (page.after !== undefined) query = query.startAfter(page.after);
    return (await query.get()).docs.map((doc) => accountOf(doc.data()));
  }

  async forMember(tenantId: string, email: string): Promise<CustomerAccount[]> {
    const snapshot = await this.accounts(tenantId).where('memberEmails', 'array-contains', memberKey(email)).get();
    return snapshot.docs.map((doc) => accountOf(doc.data())).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async create(tenantId: string, account: Omit<CustomerAccount, 'tenantId' | 'version'>): Promise<CustomerAccount> {
    const opened = openedAccount(tenantId, account);
    const ref = this.accounts(tenantId).doc(opened.id);
    return this.firestore.runTransaction(async (transaction) => {
      if ((await transaction.get(ref)).exists) throw new AccountIdTakenError(opened.id);
      transaction.create(ref, stored(opened));
      return opened;
    });
  }

  async update(tenantId: string, id: string, version: number, change: (current: CustomerAccount) => CustomerAccount): Promise<CustomerAccount> {
    const ref = this.accounts(tenantId).doc(id);
    return this.firestore.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(ref);
      if (!snapshot.exists) throw new UnknownAccountError(id);
      const current = accountOf(snapshot.data()!);
      if (current.version !== version) throw new StaleAccountError(current.version);
      const next = nextVersion(current, change, new Date());
      transaction.set(ref, stored(next));
      return next;
    });
  }

  async close(): Promise<void> {
    await this.options.onClose?.();
  }
}
