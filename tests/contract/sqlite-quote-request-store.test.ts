/** The SQLite QuoteRequestStore: the contract, on a scratch file. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteQuoteRequestStore } from '../../server/stores/sqlite-quote-request-store';
import { describeHireStoreContract } from './hire-store.contract';
import { describeQuoteRequestStoreContract } from './quote-request-store.contract';

const openSqlite = async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'backlot-quotes-'));
  return {
    store: new SqliteQuoteRequestStore(path.join(root, 'quotes.sqlite')),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
};

describeQuoteRequestStoreContract('sqlite', openSqlite);
describeHireStoreContract('sqlite', openSqlite);
