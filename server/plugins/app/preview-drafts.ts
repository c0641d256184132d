/** The console's unsaved previews (server/storefront/preview-drafts.ts), decorated as `app.previewDrafts`: the API makes them, the storefront renders them. */
import fp from 'fastify-plugin';
import { PreviewDrafts } from '../../storefront/preview-drafts';

declare module 'fastify' {
  interface FastifyInstance {
    previewDrafts: PreviewDrafts;
  }
}

export default fp(
  async (app) => {
    app.decorate('previewDrafts', new PreviewDrafts());
  },
  { name: 'preview-drafts' },
);
