/**
 * The local IdentityProvider (better-auth over SQLite): the contract, plus what is its own:
 * visitors and console accounts share one library without a visitor ever becoming staff, and
 * accounts from before tenants were organizations keep their tenants.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { Accounts } from '../../server/auth/accounts';
import { AuthLibrary } from '../../server/auth/auth-library';
import { LocalIdentity } from '../../server/identity/local-identity';
import { describeIdentityProviderContract, headersOf } from './identity-provider.contract';

async function scratch() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'backlot-identity-'));
  return { dataDir, cleanup: () => rm(dataDir, { recursive: true, force: true }) };
}

/** A platform account in the library, signed in as the console signs staff in. */
async function platformStaff(library: AuthLibrary): Promise<{ email: string; headers: Headers }> {
  const email = 'staff@backlot.example';
  const password = 'a staff long passphrase';
  await (await Accounts.open({ library })).add({ email, password, role: 'platform-staff' });
  const response = await library.auth.api.signInEmail({ body: { email, password }, asResponse: true });
  return { email, headers: headersOf(response.headers.getSetCookie()) };
}

describeIdentityProviderContract('local', async () => {
  const { dataDir, cleanup } = await scratch();
  const library = await AuthLibrary.open({ dataDir });
  // The delivery the server would do by text and mail, kept here for the test to read.
  const codes = new Map<string, string>();
  const links = new Map<string, string>();
  const verifications = new Map<string, string>();
  library.deliverWith({
    signInCode: async (user, code) => void codes.set(user.phoneNumber!, code),
    phoneCode: async (phoneNumber, code) => void codes.set(phoneNumber, code),
    signInLink: async (email, token) => void links.set(email, token),
    verificationLink: async (email, token) => void verifications.set(email, token),
  });
  return {
    identity: new LocalIdentity(library),
    lastCode: async (phoneNumber) => codes.get(phoneNumber)!,
    lastLinkToken: async (email) => links.get(email)!,
    lastVerificationToken: async (email) => verifications.get(email),
    staff: () => platformStaff(library),
    cleanup: async () => {
      await library.close();
      await cleanup();
    },
  };
});

describe('LocalIdentity beside console accounts', () => {
  it('keeps visitors out of the console, and staff memberships apart from visitors', async () => {
    const { dataDir, cleanup } = await scratch();
    const library = await AuthLibrary.open({ dataDir });
    try {
      const accounts = await Accounts.open({ library });
      const identity = new LocalIdentity(library);
      const visitor = await identity.signUp(
        { email: 'dana@studio.example', password: 'a long enough passphrase' },
        new Headers(),
      );
      await identity.join(visitor.user.uid, 'aviation');
      expect(await accounts.findByEmail('dana@studio.example')).toBeUndefined();
      expect(await accounts.fromCookie(headersOf(visitor).get('cookie')!, () => headersOf(visitor))).toBeUndefined();
      await accounts.add({
        email: 'admin@jetwayprops.com',
        password: 'another long passphrase',
        role: 'tenant-admin',
        tenants: ['aviation'],
      });
      expect((await accounts.list()).map((a) => [a.email, a.role, a.tenants])).toEqual([
        ['admin@jetwayprops.com', 'tenant-admin', ['aviation']],
      ]);
      // The tenant's organization was made by the visitor's join: the admin still joins as admin, the visitor stays a member.
      expect(await library.membershipsOf(visitor.user.uid)).toEqual([{ tenantId: 'aviation', role: 'member' }]);
    } finally {
      await library.close();
      await cleanup();
    }
  });

  it("moves a tenant-admin's tenants from the old JSON column into memberships", async () => {
    const { dataDir, cleanup } = await scratch();
    try {
      const first = await AuthLibrary.open({ dataDir });
      const accounts = await Accounts.open({ library: first });
      const account = await accounts.add({
        email: 'old@acme-props.example',
        password: 'a long enough passphrase',
        role: 'tenant-admin',
        tenants: ['acme'],
      });
      await first.close();
      // As an earlier release left it: no memberships, tenants in a column of the user table.
      const database = new Database(path.join(dataDir, 'backlot.sqlite'));
      database.exec('DELETE FROM member; DELETE FROM organization; ALTER TABLE user ADD COLUMN tenants TEXT');
      database
        .prepare('UPDATE user SET tenants = ? WHERE id = ?')
        .run(JSON.stringify(['acme', 'aviation']), account.id);
      database.close();

      const reopened = await AuthLibrary.open({ dataDir });
      try {
        expect(await (await Accounts.open({ library: reopened })).findByEmail('old@acme-props.example')).toMatchObject({
          role: 'tenant-admin',
          tenants: ['acme', 'aviation'],
        });
        const columns = (reopened as unknown as { sqlite: Database.Database }).sqlite
          .prepare(`SELECT name FROM pragma_table_info('user')`)
          .all() as { name: string }[];
        expect(columns.map((c) => c.name)).not.toContain('tenants');
      } finally {
        await reopened.close();
      }
    } finally {
      await cleanup();
    }
  });
});
