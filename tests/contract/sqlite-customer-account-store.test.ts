/** The SQLite CustomerAccountStore against the contract, on a real file. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteCustomerAccountStore } from '../../server/stores/sqlite-customer-account-store';
import { describeCustomerAccountStoreContract } from './customer-account-store.contract';

describeCustomerAccountStoreContract('sqlite', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'backlot-customer-accounts-'));
  return {
    store: new SqliteCustomerAccountStore(path.join(root, 'customer-accounts.sqlite')),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
});
