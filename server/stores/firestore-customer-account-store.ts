/**
 * Customer accounts in Cloud Firestore through firebase-admin:
 *
 *   vendors/{house}/accounts/{id}       the account, every field as its schema has it, plus `memberEmails`
 *   vendors/{house}/joinRequests/{id}   a visitor's request to order on an account
 *
 * create() and update() are transactions (two staff members editing one account at once: one edit
 * wins, the other is told the account moved on). forMember() is an array-contains query on
 * `memberEmails`, which Firestore's automatic single-field index serves. Asking to join reads the
 * visitor's waiting request in a transaction (one waiting per email, across servers); deciding one
 * writes the request and the account it adds the visitor to in one transaction. Requests are
 * listed by equality filters and ordered here (no composite index).
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { CustomerAccount, JoinRequest } from '../../schema/types.generated';
import {
  AccountIdTakenError,
  checkedJoinRequest,
  decided,
  memberKey,
  nextVersion,
  openedAccount,
  StaleAccountError,
  UnknownAccountError,
  UnknownJoinRequestError,
  type CustomerAccountStore,
  type JoinVerdict,
} from './customer-account-store';

const DEFAULT_PAGE = 100;

/** The stored document: the account, and its members' emails for lookups. */
const stored = (account: CustomerAccount) => ({
  ...(JSON.parse(JSON.stringify(account)) as Record<string, unknown>),
  memberEmails: account.members.map((member) => memberKey(member.email)),
});
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

  async update(
    tenantId: string,
    id: string,
    version: number,
    change: (current: CustomerAccount) => CustomerAccount,
  ): Promise<CustomerAccount> {
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

  private requests(tenantId: string) {
    return this.firestore.collection('vendors').doc(tenantId).collection('joinRequests');
  }

  async askToJoin(request: JoinRequest): Promise<{ request: JoinRequest; repeat: boolean }> {
    const asked = checkedJoinRequest({ ...request, email: memberKey(request.email) });
    return this.firestore.runTransaction(async (transaction) => {
      const waiting = await transaction.get(
        this.requests(asked.tenantId).where('email', '==', asked.email).where('state', '==', 'pending'),
      );
      if (!waiting.empty) return { request: waiting.docs[0]!.data() as JoinRequest, repeat: true };
      transaction.create(
        this.requests(asked.tenantId).doc(asked.id),
        JSON.parse(JSON.stringify(asked)) as Record<string, unknown>,
      );
      return { request: asked, repeat: false };
    });
  }

  async joinRequests(
    tenantId: string,
    query: { state?: JoinRequest['state']; email?: string } = {},
  ): Promise<JoinRequest[]> {
    let filtered = this.requests(tenantId) as FirebaseFirestore.Query;
    if (query.state !== undefined) filtered = filtered.where('state', '==', query.state);
    if (query.email !== undefined) filtered = filtered.where('email', '==', memberKey(query.email));
    return (await filtered.get()).docs
      .map((doc) => doc.data() as JoinRequest)
      .sort((a, b) => b.askedAt.localeCompare(a.askedAt) || a.id.localeCompare(b.id));
  }

  async decideJoinRequest(
    tenantId: string,
    id: string,
    verdict: JoinVerdict,
  ): Promise<{ request: JoinRequest; account?: CustomerAccount }> {
    const requestRef = this.requests(tenantId).doc(id);
    return this.firestore.runTransaction(async (transaction) => {
      const accountRef = 'approve' in verdict ? this.accounts(tenantId).doc(verdict.approve) : undefined;
      const [requestDoc, accountDoc] = await transaction.getAll(...[requestRef, ...(accountRef ? [accountRef] : [])]);
      if (!requestDoc!.exists) throw new UnknownJoinRequestError(id);
      const result = decided(
        requestDoc!.data() as JoinRequest,
        verdict,
        accountDoc?.exists ? accountOf(accountDoc.data()!) : undefined,
      );
      transaction.set(requestRef, JSON.parse(JSON.stringify(result.request)) as Record<string, unknown>);
      if (result.account && accountRef) transaction.set(accountRef, stored(result.account));
      return result;
    });
  }

  async close(): Promise<void> {
    await this.options.onClose?.();
  }
}
