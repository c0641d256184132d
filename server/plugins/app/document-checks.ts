/** Uploaded certificates checked by parsing them, off the event loop (server/lib/document-check.ts): `app.documentCheck`. */
import fp from 'fastify-plugin';
import { documentChecks, type DocumentCheck } from '../../lib/document-check';

declare module 'fastify' {
  interface FastifyInstance {
    documentCheck: DocumentCheck;
  }
}

export default fp(
  async (app) => {
    const checks = documentChecks();
    app.decorate('documentCheck', checks.check);
    app.addHook('onClose', () => checks.close());
  },
  { name: 'document-checks' },
);
