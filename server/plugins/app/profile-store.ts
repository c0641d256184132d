/**
 * Visitors' profiles (server/stores/profile-store.ts), decorated as `app.profileStore`: SQLite
 * under the data folder, or Firestore (`vendors/{vendorId}/users/{uid}`) with BACKLOT_STORE=firestore.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config';
import type { ProfileStore } from '../../stores/profile-store';
import { SqliteProfileStore } from '../../stores/sqlite-profile-store';

declare module 'fastify' {
  interface FastifyInstance {
    profileStore: ProfileStore;
  }
}

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    let store: ProfileStore;
    if (config.store === 'firestore') {
      store = await (await import('../../stores/firestore-connection')).openFirestoreProfileStore();
    } else {
      mkdirSync(config.dataDir, { recursive: true });
      store = new SqliteProfileStore(path.join(config.dataDir, 'profiles.sqlite'));
    }
    app.decorate('profileStore', store);
    app.addHook('onClose', () => store.close());
  },
  { name: 'profile-store' },
);
