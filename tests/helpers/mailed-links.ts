/**
 * The links a test app mailed (its outbox under the data folder), as their reader would follow
 * them: the newest mail of a kind to an address, and the identity link in it (a sign-in link, an
 * email confirmation, an email change or its undo).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import type { OutboxMailer } from '../../server/mail/mailer';

const IDENTITY_LINK = /(https?:\/\/\S+\/api\/identity\/[a-z-/]+\?token=\S+)/;

/** The identity link in one outbox file. */
export async function linkOfMail(app: FastifyInstance, file: string): Promise<string> {
  const { text } = await simpleParser(await readFile(path.join((app.mailer as OutboxMailer).dir, file)));
  const link = IDENTITY_LINK.exec(text ?? '')?.[1];
  if (!link) throw new Error(`no identity link in ${file}`);
  return link;
}

/** The identity link in the newest mail of `kind` to `to`. */
export async function mailedLink(app: FastifyInstance, to: string, kind: string): Promise<string> {
  const mail = (await (app.mailer as OutboxMailer).list()).find((entry) => entry.to === to && entry.kind === kind);
  if (!mail) throw new Error(`no ${kind} mail to ${to}`);
  return linkOfMail(app, mail.file);
}
