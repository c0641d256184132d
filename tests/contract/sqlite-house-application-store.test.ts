/** The SQLite HouseApplicationStore against the contract, on a real file. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteHouseApplicationStore } from '../../server/stores/sqlite-house-application-store';
import { describeHouseApplicationStoreContract } from './house-application-store.contract';

describeHouseApplicationStoreContract('sqlite', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'backlot-house-applications-'));
  return {
    store: new SqliteHouseApplicationStore(path.join(root, 'house-applications.sqlite')),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
});
