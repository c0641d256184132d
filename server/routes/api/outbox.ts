/**
 * The outbox, for platform staff (dev and installs without SMTP): every message Backlot would
 * have mailed, newest first, and each one read back with its text and HTML parts.
 * - GET /api/outbox       the messages (ra-data-simple-rest list)
 * - GET /api/outbox/:id   one message
 * With BACKLOT_SMTP_URL set, mail leaves through SMTP and there is no outbox (404).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { listQuerySchema, sendList, type ListQuery } from '../../lib/ra-list';
import { OutboxMailer } from '../../mail/mailer';

const entrySchema = {
  type: 'object',
  required: ['id', 'tenantId', 'kind', 'to', 'subject', 'at'],
  properties: {
    id: { type: 'string' },
    tenantId: { type: 'string' },
    kind: { type: 'string' },
    to: { type: 'string' },
    subject: { type: 'string' },
    at: { type: 'string' },
  },
} as const;

class NoOutboxError extends Error {
  readonly statusCode = 404;
}

const outbox: FastifyPluginAsync = async (app) => {
  const box = () => {
    if (!(app.mailer instanceof OutboxMailer))
      throw new NoOutboxError('Mail leaves through SMTP (BACKLOT_SMTP_URL): there is no outbox here.');
    return app.mailer;
  };
  const entries = async () => (await box().list()).map(({ file, ...entry }) => ({ id: file, ...entry }));

  app.get(
    '/api/outbox',
    {
      onRequest: app.requirePlatform,
      schema: {
        tags: ['outbox'],
        summary: 'Mail that would have been sent, newest first (platform staff)',
        querystring: listQuerySchema,
      },
      config: {
        docs: {
          success: { schema: { type: 'array', items: entrySchema }, headers: ['content-range'] },
          errors: { 404: 'Mail goes through SMTP here: there is no outbox' },
        },
      },
    },
    async (request, reply) => sendList(reply, 'outbox', await entries(), request.query as ListQuery),
  );

  app.get(
    '/api/outbox/:id',
    {
      onRequest: app.requirePlatform,
      schema: {
        tags: ['outbox'],
        summary: 'One message, with its text and HTML parts',
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', pattern: '^[A-Za-z0-9._-]+\\.eml$' } },
        },
      },
      config: {
        docs: {
          success: {
            schema: {
              ...entrySchema,
              properties: { ...entrySchema.properties, text: { type: 'string' }, html: { type: 'string' } },
            },
          },
          errors: { 404: 'No such message, or no outbox (mail goes through SMTP)' },
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const entry = (await entries()).find((candidate) => candidate.id === id);
      if (!entry) throw new NoOutboxError(`No message ${JSON.stringify(id)} in the outbox`);
      // Loaded with the first message read: nothing else of the server parses mail.
      const { simpleParser } = await import('mailparser');
      const parsed = await simpleParser(await readFile(path.join(box().dir, id)));
      return { ...entry, text: parsed.text ?? '', html: typeof parsed.html === 'string' ? parsed.html : '' };
    },
  );
};

export default outbox;
