/** GET /api/health: 200 while the server and its store answer. */
import type { FastifyPluginAsync } from 'fastify';

const health: FastifyPluginAsync = async (app) => {
  app.get('/api/health', { schema: { tags: ['system'], summary: 'Liveness', security: [] }, config: { docs: { success: { schema: { type: 'object', properties: { status: { const: 'ok' }, store: { enum: ['file', 'firestore'] } } } } } } }, async () => ({ status: 'ok', store: app.tenantStore.kind }));
};

export default health;
