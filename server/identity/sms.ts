/**
 * Where second-factor codes are texted. Two senders:
 * - `OutboxSms` (dev and tests): each text appended to `.data/outbox/sms.jsonl`, the one place a
 *   code is written down (never the log);
 * - `HttpSmsSender` (production): a JSON POST `{ to, from, body }` to the provider's URL with
 *   `Authorization: Bearer <key>`, the shape most SMS gateways take (or sit behind). Its test runs
 *   against a stand-in on 127.0.0.1.
 */
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface TextMessage {
  to: string;
  body: string;
  tenantId: string;
}

export interface SmsSender {
  send(message: TextMessage): Promise<void>;
}

export class OutboxSms implements SmsSender {
  readonly file: string;

  constructor(dir: string) {
    this.file = path.join(dir, 'sms.jsonl');
  }

  async send(message: TextMessage): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true });
    await appendFile(this.file, `${JSON.stringify({ at: new Date().toISOString(), ...message })}\n`);
  }

  /** The texts sent, oldest first. */
  async list(): Promise<Array<TextMessage & { at: string }>> {
    const text = await readFile(this.file, 'utf8').catch(() => '');
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as TextMessage & { at: string });
  }
}

export class SmsSendFailedError extends Error {
  readonly statusCode = 502;
}

export class HttpSmsSender implements SmsSender {
  constructor(private readonly options: { url: string; key: string; from: string; fetch?: typeof fetch }) {}

  async send(message: TextMessage): Promise<void> {
    const response = await (this.options.fetch ?? fetch)(this.options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.options.key}` },
      body: JSON.stringify({ to: message.to, from: this.options.from, body: message.body }),
    });
    // The provider's answer may echo the message: it is not logged or passed on.
    if (!response.ok)
      throw new SmsSendFailedError(
        `The text message could not be sent (the provider answered ${response.status}). Try again in a moment.`,
      );
  }
}

/** The provider when one is configured, else the outbox under the data folder. */
export function createSmsSender(options: {
  sms?: { url: string; key: string; from: string };
  dataDir: string;
}): SmsSender {
  return options.sms ? new HttpSmsSender(options.sms) : new OutboxSms(path.join(options.dataDir, 'outbox'));
}

/** The texts themselves: the code first (phones show it in the notification), who it is from, how long it lasts. */
export const textMessages = {
  signInCode: (appTitle: string, code: string, minutes: number) =>
    `${code} is your ${appTitle} sign-in code. It expires in ${minutes} minutes. If you did not try to log in, change your password.`,
  phoneCode: (appTitle: string, code: string, minutes: number) =>
    `${code} is your ${appTitle} code to add this phone to your account. It expires in ${minutes} minutes.`,
};
