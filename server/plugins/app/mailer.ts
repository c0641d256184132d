/** The mailer (server/mail/mailer.ts), decorated as `app.mailer`: SMTP when BACKLOT_SMTP_URL is set, else the outbox under the data folder. */
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config';
import { createMailer, type Mailer } from '../../mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    const mailer = createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir });
    app.decorate('mailer', mailer);
    app.addHook('onClose', () => mailer.close());
  },
  { name: 'mailer' },
);
