/** The SQLite PayoutAccountStore against the contract, on a real file. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqlitePayoutAccountStore } from '../../server/stores/sqlite-payout-account-store';
import { describePayoutAccountStoreContract } from './payout-account-store.contract';

describePayoutAccountStoreContract('sqlite', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'backlot-payout-accounts-'));
  return {
    store: new SqlitePayoutAccountStore(path.join(root, 'payout-accounts.sqlite')),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
});
