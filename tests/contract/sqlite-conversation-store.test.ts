/** The SQLite ConversationStore against the contract, on a real file. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteConversationStore } from '../../server/stores/sqlite-conversation-store';
import { describeConversationStoreContract } from './conversation-store.contract';

describeConversationStoreContract('sqlite', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'backlot-conversations-'));
  return {
    store: new SqliteConversationStore(path.join(root, 'conversations.sqlite')),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
});
