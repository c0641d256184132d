/**
 * The links a test app mailed (its outbox under the data folder), as their reader would follow
 * them: the newest mail of a kind to an address, and the identity link in it (a sign-in link, an
 * email confirmation, an email change or its undo).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { OutboxMailer } from '../../server/mail/mailer';

const IDENTITY_LINK = /(https?:\/\/\S+\/api\/identity\/[a-z-/]+\?token=\S+)/;

/** Where a test app's mail goes: its outbox folder (a real process's is `<data dir>/outbox`). */
type Outbox = FastifyInstance | string;
const outboxOf = (where: Outbox) =>
  typeof where === 'string' ? new OutboxMailer(where) : (where.mailer as OutboxMailer);

/** The identity link in one outbox file. */
export async function linkOfMail(where: Outbox, file: string): Promise<string> {
  const { text } = await simpleParser(await readFile(path.join(outboxOf(where).dir, file)));
  const link = IDENTITY_LINK.exec(text ?? '')?.[1];
  if (!link) throw new Error(`no identity link in ${file}`);
  return link;
}

/** The identity link in the newest mail of `kind` to `to`. */
export async function mailedLink(where: Outbox, to: string, kind: string): Promise<string> {
  const mail = (await outboxOf(where).list()).find((entry) => entry.to === to && entry.kind === kind);
  if (!mail) throw new Error(`no ${kind} mail to ${to}`);
  return linkOfMail(where, mail.file);
}
