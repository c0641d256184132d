/** The SQLite adapter: the contract, plus two connections to one file (two server processes) whose updates never lose one another's. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { newProfile } from '../../server/identity/profile';
import { SqliteProfileStore } from '../../server/stores/sqlite-profile-store';
import { describeProfileStoreContract } from './profile-store.contract';

describeProfileStoreContract('sqlite', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'backlot-profiles-'));
  return {
    store: new SqliteProfileStore(path.join(root, 'profiles.sqlite')),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
});

describe('SqliteProfileStore on one file from two connections', () => {
  it('keeps every increment', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'backlot-profiles-'));
    const file = path.join(root, 'profiles.sqlite');
    const [a, b] = [new SqliteProfileStore(file), new SqliteProfileStore(file)];
    try {
      await a.create(
        'aviation',
        'u1',
        newProfile({ email: 'dana@studio.example', vendorId: 'aviation', vendorName: 'Jetway Props', now: new Date() }),
      );
      const bump = (store: SqliteProfileStore) =>
        store.update('aviation', 'u1', (current) => ({
          ...current,
          stats: { ...current.stats, setListCount: (current.stats?.setListCount ?? 0) + 1 },
        }));
      await Promise.all(Array.from({ length: 40 }, (_, i) => bump(i % 2 ? a : b)));
      expect((await b.get('aviation', 'u1'))!.stats!.setListCount).toBe(40);
    } finally {
      await a.close();
      await b.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
