/**
 * The CustomerAccountStore contract, run against every adapter: an account is opened at version 1
 * and read back whole; an id a house already uses is refused, another house may use it; accounts
 * are listed per house a page at a time and found by a member's email whatever its case; an edit
 * names its version: the next version is written, a stale one refused with the version to reload,
 * and of two staff members editing at once exactly one wins; an account that does not fit its
 * schema is refused whole, and nothing is written. A visitor asks to join once while the request
 * waits (twice at once: one request); a house lists its requests by state and email; approving adds
 * the visitor to the account in the same write, declining keeps the reason, and of two staff
 * deciding at once exactly one decision stands.
 */
import { describe, expect, it } from 'vitest';
import type { CustomerAccount, JoinRequest } from '../../schema/types.generated';
import {
  AccountIdTakenError,
  JoinRequestDecidedError,
  StaleAccountError,
  UnknownAccountError,
  UnknownJoinRequestError,
  type CustomerAccountStore,
} from '../../server/stores/customer-account-store';
import { storeUnderTest, type OpenedStore } from './store-under-test';

const AT = '2026-11-28T10:00:00.000Z';
export const sampleCustomerAccount = (
  id: string,
  overrides: Partial<CustomerAccount> = {},
): Omit<CustomerAccount, 'tenantId' | 'version'> => ({
  id,
  name: `Account ${id}`,
  kind: 'studio',
  currency: 'USD',
  terms: { method: 'account', netDays: 30, deposit: 'none' },
  members: [],
  createdAt: AT,
  updatedAt: AT,
  ...overrides,
});

export function describeCustomerAccountStoreContract(
  name: string,
  open: () => Promise<OpenedStore<CustomerAccountStore>>,
) {
  describe(`CustomerAccountStore contract: ${name}`, () => {
    const subject = storeUnderTest(open);

    it('opens an account at version 1 and reads it back whole; an id the house uses is refused, another house may use it', async () => {
      const opened = await subject.store.create(
        'aviation',
        sampleCustomerAccount('warner-bros', {
          name: 'Warner Bros. Pictures',
          billingAddress: { line1: '4000 Warner Blvd', city: 'Burbank', state: 'CA', zip: '91522', country: 'US' },
          billingContact: { name: 'Accounts payable', email: 'ap@wb.example' },
          creditLimit: 5_000_000,
          purchaseOrderRequired: true,
          exemption: { kind: 'production', number: 'CA-PX-0042', expiresOn: '2027-06-30' },
        }),
      );
      expect(opened).toMatchObject({ id: 'warner-bros', tenantId: 'aviation', version: 1, creditLimit: 5_000_000 });
      expect(await subject.store.get('aviation', 'warner-bros')).toEqual(opened);
      await expect(subject.store.create('aviation', sampleCustomerAccount('warner-bros'))).rejects.toBeInstanceOf(
        AccountIdTakenError,
      );
      expect((await subject.store.get('aviation', 'warner-bros'))!.name).toBe('Warner Bros. Pictures');
      expect(
        await subject.store.create('london', sampleCustomerAccount('warner-bros', { currency: 'GBP' })),
      ).toMatchObject({ tenantId: 'london', currency: 'GBP' });
      expect(await subject.store.get('aviation', 'nobody')).toBeUndefined();
    });

    it("lists a house's accounts a page at a time, and finds a member's accounts whatever the case of their email", async () => {
      for (const id of ['c-studio', 'a-studio', 'b-studio'])
        await subject.store.create(
          'aviation',
          sampleCustomerAccount(id, {
            members: id === 'c-studio' ? [] : [{ email: 'Kim@Studio.Example', addedAt: AT }],
          }),
        );
      await subject.store.create(
        'london',
        sampleCustomerAccount('a-studio', { members: [{ email: 'kim@studio.example', addedAt: AT }] }),
      );
      const first = await subject.store.list('aviation', { limit: 2 });
      const rest = await subject.store.list('aviation', { after: first.at(-1)!.id });
      expect([first, rest].map((page) => page.map((account) => account.id))).toEqual([
        ['a-studio', 'b-studio'],
        ['c-studio'],
      ]);
      expect((await subject.store.forMember('aviation', ' KIM@studio.example ')).map((account) => account.id)).toEqual([
        'a-studio',
        'b-studio',
      ]);
      expect((await subject.store.get('aviation', 'a-studio'))!.members[0]!.email).toBe('kim@studio.example');
      // Leaving an account: no longer found by it.
      await subject.store.update('aviation', 'a-studio', 1, (account) => ({ ...account, members: [] }));
      expect((await subject.store.forMember('aviation', 'kim@studio.example')).map((account) => account.id)).toEqual([
        'b-studio',
      ]);
    });

    it('writes the next version of an edit made from the current one, and refuses a stale one, naming the version to reload', async () => {
      await subject.store.create('aviation', sampleCustomerAccount('paramount'));
      const edited = await subject.store.update('aviation', 'paramount', 1, (account) => ({
        ...account,
        creditLimit: 1_000_000,
        id: 'renamed',
        version: 99,
      }));
      expect(edited).toMatchObject({ id: 'paramount', version: 2, creditLimit: 1_000_000 });
      const stale = subject.store.update('aviation', 'paramount', 1, (account) => ({ ...account, creditLimit: 0 }));
      await expect(stale).rejects.toBeInstanceOf(StaleAccountError);
      await expect(stale).rejects.toMatchObject({ currentVersion: 2, statusCode: 412 });
      expect((await subject.store.get('aviation', 'paramount'))!.creditLimit).toBe(1_000_000);
      await expect(subject.store.update('aviation', 'nobody', 1, (account) => account)).rejects.toBeInstanceOf(
        UnknownAccountError,
      );
    });

    it('lets exactly one of two edits made from the same version win', async () => {
      await subject.store.create('aviation', sampleCustomerAccount('lionsgate'));
      const results = await Promise.allSettled(
        [100, 200].map((limit) =>
          subject.store.update('aviation', 'lionsgate', 1, (account) => ({ ...account, creditLimit: limit })),
        ),
      );
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toBeInstanceOf(StaleAccountError);
      const kept = await subject.store.get('aviation', 'lionsgate');
      expect(kept!.version).toBe(2);
      expect([100, 200]).toContain(kept!.creditLimit);
    });

    it('takes a request to join once while it waits, lists them, and approves one into the account in the same write', async () => {
      const { store } = subject;
      await store.create('aviation', sampleCustomerAccount('warner'));
      const ask = (id: string, email: string, askedAt = AT): JoinRequest => ({
        id,
        tenantId: 'aviation',
        email,
        name: 'Kim',
        company: 'Warner Bros.',
        state: 'pending',
        askedAt,
      });
      const both = await Promise.all([
        store.askToJoin(ask('join-00000001', 'Kim@Warner.example')),
        store.askToJoin(ask('join-00000002', 'kim@warner.example')),
      ]);
      expect(both.map((asked) => asked.repeat).sort()).toEqual([false, true]);
      expect(both[0]!.request).toEqual(both[1]!.request);
      await store.askToJoin(ask('join-00000003', 'lee@warner.example', '2026-11-28T11:00:00.000Z'));
      expect((await store.joinRequests('aviation', { state: 'pending' })).map((request) => request.email)).toEqual([
        'lee@warner.example',
        'kim@warner.example',
      ]);
      expect((await store.joinRequests('aviation', { email: 'KIM@warner.example' })).length).toBe(1);
      expect(await store.joinRequests('acme')).toEqual([]);

      const kim = both.find((asked) => !asked.repeat)!.request;
      const at = new Date('2026-11-28T12:00:00Z');
      const approved = await store.decideJoinRequest('aviation', kim.id, {
        approve: 'warner',
        by: 'owner@house.example',
        at,
      });
      expect(approved.request).toMatchObject({
        state: 'approved',
        account: 'warner',
        decidedBy: 'owner@house.example',
        decidedAt: at.toISOString(),
      });
      expect(approved.account!.members).toEqual([
        { email: 'kim@warner.example', name: 'Kim', addedAt: at.toISOString() },
      ]);
      expect(
        (await store.forMember('aviation', 'kim@warner.example')).map((account) => [account.id, account.version]),
      ).toEqual([['warner', 2]]);
      await expect(
        store.decideJoinRequest('aviation', kim.id, { decline: 'No', by: 'staff@house.example', at }),
      ).rejects.toBeInstanceOf(JoinRequestDecidedError);
      await expect(
        store.decideJoinRequest('aviation', 'join-99999999', { decline: 'No', by: 'staff@house.example', at }),
      ).rejects.toBeInstanceOf(UnknownJoinRequestError);
      // Asking again once decided is a new request.
      expect((await store.askToJoin(ask('join-00000004', 'kim@warner.example'))).repeat).toBe(false);
    });

    it('declines with the reason kept, and of two staff deciding at once one decision stands', async () => {
      const { store } = subject;
      await store.create('aviation', sampleCustomerAccount('paramount'));
      const { request } = await store.askToJoin({
        id: 'join-00000010',
        tenantId: 'aviation',
        email: 'sam@indie.example',
        company: 'Paramount',
        state: 'pending',
        askedAt: AT,
      });
      const at = new Date('2026-11-28T12:00:00Z');
      await expect(
        store.decideJoinRequest('aviation', request.id, { approve: 'no-such', by: 'a@house.example', at }),
      ).rejects.toBeInstanceOf(UnknownAccountError);
      const outcomes = await Promise.allSettled([
        store.decideJoinRequest('aviation', request.id, { approve: 'paramount', by: 'a@house.example', at }),
        store.decideJoinRequest('aviation', request.id, { decline: 'Not on the crew list', by: 'b@house.example', at }),
      ]);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      expect(
        (outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult).reason,
      ).toBeInstanceOf(JoinRequestDecidedError);
      const [stood] = await store.joinRequests('aviation', { email: 'sam@indie.example' });
      const members = (await store.get('aviation', 'paramount'))!.members;
      // Approved and on the account, or declined with its reason and not on it: never half of each.
      if (stood!.state === 'approved') expect(members.map((member) => member.email)).toEqual(['sam@indie.example']);
      else expect([stood!.reason, members]).toEqual(['Not on the crew list', []]);
    });

    it('refuses an account that does not fit its schema, whole, and writes nothing', async () => {
      await expect(subject.store.create('aviation', sampleCustomerAccount('Bad Id!'))).rejects.toThrow(/id/);
      await expect(
        subject.store.create('aviation', sampleCustomerAccount('negative', { creditLimit: -1 })),
      ).rejects.toThrow(/creditLimit/);
      expect(await subject.store.list('aviation')).toEqual([]);
      await subject.store.create('aviation', sampleCustomerAccount('ok'));
      await expect(
        subject.store.update('aviation', 'ok', 1, (account) => ({
          ...account,
          terms: { method: 'account', netDays: 365 },
        })),
      ).rejects.toThrow(/netDays/);
      expect((await subject.store.get('aviation', 'ok'))!.version).toBe(1);
    });
  });
}
