/**
 * The mailer port and its two adapters, chosen by `BACKLOT_SMTP_URL`:
 * - outbox (default, dev and tests without SMTP): each message is written as a complete MIME
 *   file (`.eml`, opens in any mail program) under `.data/outbox/`, newest last; nothing leaves
 *   the machine, and codes and links appear nowhere else (never in the log);
 * - SMTP (production): nodemailer over the given `smtp://` or `smtps://` URL.
 * Both build the same MIME message (nodemailer), with a plain-text and an HTML part.
 */
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { writeFileAtomic } from '../../schema/node/atomic-write';
import type { MailContent } from './messages';

export interface OutgoingMail extends MailContent {
  to: string;
  /** The tenant's name and its vendor's address (messages.ts `senderOf`). */
  from: { name: string; address: string };
  tenantId: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

const envelopeOf = (mail: OutgoingMail) => ({
  from: mail.from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  headers: { 'X-Backlot-Tenant': mail.tenantId, 'X-Backlot-Kind': mail.kind },
  ...(mail.attachments?.length && { attachments: mail.attachments }),
});

export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(url: string) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail(envelopeOf(mail));
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

export interface OutboxEntry {
  file: string;
  tenantId: string;
  kind: string;
  to: string;
  subject: string;
  at: string;
}

export class OutboxMailer implements Mailer {
  private readonly builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  private sequence = 0;

  constructor(readonly dir: string) {}

  async send(mail: OutgoingMail): Promise<void> {
    const built = await this.builder.sendMail(envelopeOf(mail));
    await mkdir(this.dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const name = `${stamp}-${String(++this.sequence).padStart(4, '0')}-${mail.tenantId}-${mail.kind}.eml`;
    await writeFileAtomic(path.join(this.dir, name), built.message as Buffer);
  }

  /** The outbox, newest first (for the page where platform staff read it). */
  async list(): Promise<OutboxEntry[]> {
    let names: string[];
    try {
      names = (await readdir(this.dir)).filter((name) => name.endsWith('.eml'));
    } catch {
      return [];
    }
    const entries = await Promise.all(
      names.map(async (file) => {
        // Long headers are folded onto the next line (RFC 5322): unfolded before they are read.
        const head = (await readFile(path.join(this.dir, file), 'utf8')).split('\n\n')[0]!.replace(/\r?\n[ \t]+/g, ' ');
        const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1] ?? '';
        return {
          file,
          tenantId: header('X-Backlot-Tenant'),
          kind: header('X-Backlot-Kind'),
          to: header('To'),
          subject: header('Subject'),
          at: header('Date'),
        };
      }),
    );
    return entries.sort((a, b) => b.file.localeCompare(a.file));
  }

  async close(): Promise<void> {
    this.builder.close();
  }
}

/** The mailer for these settings: SMTP when a URL is given, else the outbox under the data folder. */
export function createMailer(options: { smtpUrl?: string; dataDir: string }): Mailer {
  return options.smtpUrl ? new SmtpMailer(options.smtpUrl) : new OutboxMailer(path.join(options.dataDir, 'outbox'));
}
