/**
 * - GET /api/health: 200 while the server answers (liveness), with its store, `status` (`ok`, or
 *   `starting` while start-up work still runs after the server began listening, or `failed` when
 *   that work failed: plugins/app/startup.ts) and, on shared engines, whether each answers now
 *   (`engines`): every server shares them, so one being down is no reason for a load balancer to
 *   take this server out.
 * - GET /api/health/ready: readiness, 200 once start-up work is done, 503 with what is pending (or
 *   what failed) before: what a load balancer's readiness probe reads.
 */
import type { FastifyPluginAsync } from 'fastify';

const statuses = { ready: 'ok', starting: 'starting', failed: 'failed' } as const;
const startupSchema = {
  status: { enum: ['ok', 'starting', 'failed'] },
  pending: { type: 'array', items: { type: 'string' }, description: 'Start-up steps still to finish' },
  failure: { type: 'object', properties: { step: { type: 'string' }, message: { type: 'string' } } },
} as const;

const health: FastifyPluginAsync = async (app) => {
  const startupNow = () => {
    const state = app.startup.state();
    return {
      status: statuses[state.status],
      ...(state.status !== 'ready' && { pending: state.pending }),
      ...(state.failure && { failure: state.failure }),
    };
  };

  app.get(
    '/api/health',
    {
      schema: { tags: ['system'], summary: 'Liveness', security: [] },
      config: {
        docs: {
          success: {
            schema: {
              type: 'object',
              properties: {
                ...startupSchema,
                store: { enum: ['file', 'firestore'] },
                engines: { type: 'object', additionalProperties: { enum: ['reachable', 'unreachable'] } },
              },
            },
          },
        },
      },
    },
    async () => {
      const engines = await app.sharedEngines();
      return { ...startupNow(), store: app.tenantStore.kind, ...(Object.keys(engines).length > 0 && { engines }) };
    },
  );

  app.get(
    '/api/health/ready',
    {
      schema: { tags: ['system'], summary: 'Readiness: 200 once start-up work is done', security: [] },
      config: {
        docs: {
          success: { schema: { type: 'object', properties: startupSchema } },
          errors: { 503: 'Start-up work still runs (`pending`), or failed (`failure`)' },
        },
      },
    },
    async (_request, reply) => {
      const now = startupNow();
      void reply.header('cache-control', 'no-store');
      return reply.code(now.status === 'ok' ? 200 : 503).send(now);
    },
  );
};

export default health;
