/**
 * GET /api/health: 200 while the server answers (liveness), with its store and, on shared engines,
 * whether each answers now (`engines`): every server shares them, so one being down is no reason
 * for a load balancer to take this server out.
 */
import type { FastifyPluginAsync } from 'fastify';

const health: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/health',
    {
      schema: { tags: ['system'], summary: 'Liveness', security: [] },
      config: {
        docs: {
          success: {
            schema: {
              type: 'object',
              properties: { status: { const: 'ok' }, store: { enum: ['file', 'firestore'] }, engines: { type: 'object', additionalProperties: { enum: ['reachable', 'unreachable'] } } },
            },
          },
        },
      },
    },
    async () => {
      const engines = await app.sharedEngines();
      return { status: 'ok', store: app.tenantStore.kind, ...(Object.keys(engines).length > 0 && { engines }) };
    },
  );
};

export default health;
