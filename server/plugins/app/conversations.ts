/**
 * The conversation on each quote request and order (server/conversation: SQLite under the data
 * folder, conversations.sqlite, or Firestore with BACKLOT_STORE=firestore), decorated as
 * `app.conversations`.
 */
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config';
import { Conversations } from '../../conversation';
import { openStores } from '../../stores/open-stores';

declare module 'fastify' {
  interface FastifyInstance {
    conversations: Conversations;
  }
}

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    const store = await openStores.conversations(config);
    const mail = { tenantStore: app.tenantStore, storefrontAssets: app.storefrontAssets, mailer: app.mailer };
    app.decorate(
      'conversations',
      new Conversations({
        store,
        mail,
        assets: app.storefrontAssets.store,
        documentCheck: app.documentCheck,
        log: app.log,
      }),
    );
    app.addHook('onClose', () => store.close());
  },
  { name: 'conversations', dependencies: ['tenant-store', 'mailer', 'asset-store', 'document-checks'] },
);
