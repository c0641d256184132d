/** The SQLite SetListStore against the contract, on a real file. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteSetListStore } from '../../server/stores/sqlite-set-list-store';
import { describeSetListStoreContract } from './set-list-store.contract';

describeSetListStoreContract('sqlite', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'backlot-set-lists-'));
  return {
    store: new SqliteSetListStore(path.join(root, 'set-lists.sqlite')),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
});
