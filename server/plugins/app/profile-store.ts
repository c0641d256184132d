/**
 * Visitors' profiles (server/stores/profile-store.ts), decorated as `app.profileStore`: SQLite
 * under the data folder, or Firestore (`vendors/{vendorId}/users/{uid}`) with BACKLOT_STORE=firestore.
 */
import fp from 'fastify-plugin';
import { openStores } from '../../stores/open-stores';
import type { ServerConfig } from '../../config';
import type { ProfileStore } from '../../stores/profile-store';

declare module 'fastify' {
  interface FastifyInstance {
    profileStore: ProfileStore;
  }
}

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    const store = await openStores.profiles(config);
    app.decorate('profileStore', store);
    app.addHook('onClose', () => store.close());
  },
  { name: 'profile-store' },
);
