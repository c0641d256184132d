/** The SQLite ProductionRequestStore against the contract, on a real file. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteProductionRequestStore } from '../../server/stores/sqlite-production-request-store';
import { describeProductionRequestStoreContract } from './production-request-store.contract';

describeProductionRequestStoreContract('sqlite', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'backlot-production-requests-'));
  return {
    store: new SqliteProductionRequestStore(path.join(root, 'production-requests.sqlite')),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
});
