/**
 * The CustomerAccountStore port: the accounts a house keeps for the companies that order from it
 * (schema/customer-account.schema.json), checked against their schema when written. An edit names
 * the version it was made from and is refused (StaleAccountError, 412) if another came first, on
 * any server; opening an account under an id the house already uses is refused (409). A visitor's
 * accounts are found by their email among the members. Adapters: `sqlite-customer-account-store.ts`
 * (embedded default) and `firestore-customer-account-store.ts` (`vendors/{house}/accounts/{id}`).
 * One contract suite (`tests/contract/customer-account-store.contract.ts`).
 */
import { schemaIds } from '../../schema/documents';
import type { CustomerAccount, JoinRequest } from '../../schema/types.generated';
import { schemaChecked } from './schema-checked';

export interface CustomerAccountStore {
  get(tenantId: string, id: string): Promise<CustomerAccount | undefined>;
  /** A house's accounts in id order, a page at a time: those after `after`, at most `limit` (default 100). */
  list(tenantId: string, page?: { after?: string; limit?: number }): Promise<CustomerAccount[]>;
  /** The house's accounts this email may order on. */
  forMember(tenantId: string, email: string): Promise<CustomerAccount[]>;
  /** Opens an account: version 1. AccountIdTakenError when the house already has one with its id. */
  create(tenantId: string, account: Omit<CustomerAccount, 'tenantId' | 'version'>): Promise<CustomerAccount>;
  /**
   * Changes an account from its current value, atomically, if it is still at `version`: the result
   * is the next version. UnknownAccountError when there is none; StaleAccountError when it moved on.
   */
  update(
    tenantId: string,
    id: string,
    version: number,
    change: (current: CustomerAccount) => CustomerAccount,
  ): Promise<CustomerAccount>;
  /** A visitor asks to order on an account: at most one waiting per email and house (asking again comes back as the one waiting, `repeat`). */
  askToJoin(request: JoinRequest): Promise<{ request: JoinRequest; repeat: boolean }>;
  /** A house's requests to join, newest first: those in `state`, or of `email`. */
  joinRequests(tenantId: string, query?: { state?: JoinRequest['state']; email?: string }): Promise<JoinRequest[]>;
  /**
   * Decides a waiting request in one write: approving adds its visitor to the account (a new
   * version of it) with the request. UnknownJoinRequestError; JoinRequestDecidedError when it was
   * decided already (of two staff deciding at once, one wins); UnknownAccountError for no such account.
   */
  decideJoinRequest(
    tenantId: string,
    id: string,
    decision: JoinVerdict,
  ): Promise<{ request: JoinRequest; account?: CustomerAccount }>;
  close(): Promise<void>;
}

/** A decision as the store applies it: who decided and when, with the account or the reason. */
export type JoinVerdict = { by: string; at: Date } & ({ approve: string } | { decline: string });

export const checkedJoinRequest = schemaChecked<JoinRequest>(
  `${schemaIds.customerAccount}#/$defs/joinRequest`,
  'a request to join an account',
);

/** The request as decided, and (approving) the account's next version with its visitor on it. */
export function decided(
  request: JoinRequest,
  verdict: JoinVerdict,
  account: CustomerAccount | undefined,
): { request: JoinRequest; account?: CustomerAccount } {
  if (request.state !== 'pending') throw new JoinRequestDecidedError(request);
  const done = { decidedAt: verdict.at.toISOString(), decidedBy: verdict.by };
  if ('decline' in verdict)
    return { request: checkedJoinRequest({ ...request, ...done, state: 'declined', reason: verdict.decline }) };
  if (!account) throw new UnknownAccountError(verdict.approve);
  const member = memberKey(request.email);
  const next = account.members.some((existing) => memberKey(existing.email) === member)
    ? undefined
    : nextVersion(
        account,
        (current) => ({
          ...current,
          members: [
            ...current.members,
            { email: member, ...(request.name && { name: request.name }), addedAt: done.decidedAt },
          ],
        }),
        verdict.at,
      );
  return {
    request: checkedJoinRequest({ ...request, ...done, state: 'approved', account: account.id }),
    account: next ?? account,
  };
}

export class UnknownJoinRequestError extends Error {
  readonly statusCode = 404;
  constructor(id: string) {
    super(`No request to join ${JSON.stringify(id)} here.`);
  }
}

export class JoinRequestDecidedError extends Error {
  readonly statusCode = 409;
  constructor(readonly request: JoinRequest) {
    super(
      `${request.email}'s request was ${request.state} ${request.decidedBy ? `by ${request.decidedBy} ` : ''}already.`,
    );
  }
}

/** Every account of a house, read a page at a time (a house keeps hundreds, not millions). */
export async function allAccounts(
  store: Pick<CustomerAccountStore, 'list'>,
  tenantId: string,
): Promise<CustomerAccount[]> {
  const accounts: CustomerAccount[] = [];
  for (
    let page = await store.list(tenantId, { limit: ACCOUNT_PAGE });
    page.length;
    page = await store.list(tenantId, { after: page.at(-1)!.id, limit: ACCOUNT_PAGE })
  )
    accounts.push(...page);
  return accounts;
}
const ACCOUNT_PAGE = 1000;

export const checkedCustomerAccount = schemaChecked<CustomerAccount>(schemaIds.customerAccount, 'a customer account');

/** Members' emails as they are looked up: trimmed and lowercased. */
export const memberKey = (email: string) => email.trim().toLowerCase();

/** The next version of `current` as `change` makes it, its id, house and version kept by the store. */
export function nextVersion(
  current: CustomerAccount,
  change: (current: CustomerAccount) => CustomerAccount,
  now: Date,
): CustomerAccount {
  const changed = change(current);
  return checkedCustomerAccount({
    ...changed,
    id: current.id,
    tenantId: current.tenantId,
    createdAt: current.createdAt,
    members: changed.members.map((member) => ({ ...member, email: memberKey(member.email) })),
    version: current.version + 1,
    updatedAt: now.toISOString(),
  });
}

/** A new account as the store writes it: version 1, members' emails lowercased. */
export function openedAccount(
  tenantId: string,
  account: Omit<CustomerAccount, 'tenantId' | 'version'>,
): CustomerAccount {
  return checkedCustomerAccount({
    ...account,
    tenantId,
    version: 1,
    members: account.members.map((member) => ({ ...member, email: memberKey(member.email) })),
  });
}

export class UnknownAccountError extends Error {
  readonly statusCode = 404;
  constructor(id: string) {
    super(`No customer account ${JSON.stringify(id)} here.`);
  }
}

export class AccountIdTakenError extends Error {
  readonly statusCode = 409;
  constructor(id: string) {
    super(`This house already has an account with the id ${JSON.stringify(id)}: choose another.`);
  }
}

export class StaleAccountError extends Error {
  readonly statusCode = 412;
  constructor(readonly currentVersion: number) {
    super(
      `This account changed since you loaded it (it is at version ${currentVersion} now). Reload to see the change, then make yours again.`,
    );
  }
}
