/**
 * The bot check a sign-up must pass (spec §5, §7): the browser gets a token for an action
 * ("signup"), the server verifies it. Two providers:
 * - `LocalBotCheck` (dev and tests, no internet): tokens this server signs itself (HMAC with its
 *   secret), bound to one action and valid for two minutes;
 * - `RecaptchaBotCheck` (production): reCAPTCHA v3's siteverify endpoint, the action checked and
 *   the score held to a floor. Its endpoint is a parameter, so its test runs against a stand-in
 *   on 127.0.0.1.
 * A missing token is the spec's 'recaptcha not loaded'. `forBrowser` tells the storefront which
 * one it faces: a local token at once, or reCAPTCHA's site key and script to get one from.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RecaptchaSettings } from '../config';
import type { BotCheckAnswer } from '../../schema/visitor-session';
import { AuthFailure } from './messages';

export interface BotCheck {
  /** Resolves when the token is good for `action`; rejects with the reason otherwise. */
  verify(token: string | undefined, action: string): Promise<void>;
  /** How the browser gets a token for `action` (schema/visitor-session.ts BotCheckAnswer). */
  forBrowser(action: string): BotCheckAnswer;
}

export class BotCheckFailedError extends Error {
  readonly statusCode = 400;
}

const TOKEN_LIFETIME_MS = 2 * 60_000;

export class LocalBotCheck implements BotCheck {
  constructor(
    private readonly secret: Buffer = randomBytes(32),
    private readonly now = () => Date.now(),
  ) {}

  forBrowser(action: string): BotCheckAnswer {
    return { provider: 'local', token: this.issue(action) };
  }

  /** A token for `action`, as the browser's bot-check script would hand one out. */
  issue(action: string): string {
    const body = `${action}.${this.now() + TOKEN_LIFETIME_MS}.${randomBytes(9).toString('base64url')}`;
    return `${body}.${this.sign(body)}`;
  }

  async verify(token: string | undefined, action: string): Promise<void> {
    if (!token) throw new AuthFailure('botCheckNotLoaded');
    const dot = token.lastIndexOf('.');
    const [body, signature] = [token.slice(0, dot), token.slice(dot + 1)];
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new BotCheckFailedError('The bot check did not recognise this request: reload the page and try again.');
    const [tokenAction, expires] = body.split('.');
    if (tokenAction !== action)
      throw new BotCheckFailedError(`The bot check was for "${tokenAction}", not "${action}".`);
    if (Number(expires) < this.now()) throw new BotCheckFailedError('The bot check has expired: try again.');
  }

  private sign(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }
}

export class RecaptchaBotCheck implements BotCheck {
  constructor(
    private readonly secretKey: string,
    private readonly options: {
      minimumScore?: number;
      endpoint?: string;
      fetch?: typeof fetch;
      /** What the browser needs: the site key, and the script's address (reCAPTCHA v3's api.js with `render`). */
      browser?: { siteKey: string; scriptUrl: string };
    } = {},
  ) {}

  /** From the server's settings: script and siteverify both at the configured origin. */
  static fromSettings(settings: RecaptchaSettings): RecaptchaBotCheck {
    return new RecaptchaBotCheck(settings.secretKey, {
      minimumScore: settings.minimumScore,
      endpoint: `${settings.origin}/recaptcha/api/siteverify`,
      browser: {
        siteKey: settings.siteKey,
        scriptUrl: `${settings.origin}/recaptcha/api.js?render=${encodeURIComponent(settings.siteKey)}`,
      },
    });
  }

  forBrowser(): BotCheckAnswer {
    if (!this.options.browser) throw new Error('this reCAPTCHA check has no site key for browsers');
    return { provider: 'recaptcha', ...this.options.browser };
  }

  async verify(token: string | undefined, action: string): Promise<void> {
    if (!token) throw new AuthFailure('botCheckNotLoaded');
    const response = await (this.options.fetch ?? fetch)(
      this.options.endpoint ?? 'https://www.google.com/recaptcha/api/siteverify',
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: this.secretKey, response: token }),
      },
    );
    if (!response.ok) throw new BotCheckFailedError('The bot check could not be reached: try again in a moment.');
    const answer = (await response.json()) as { success?: boolean; action?: string; score?: number };
    if (!answer.success)
      throw new BotCheckFailedError('The bot check did not recognise this request: reload the page and try again.');
    if (answer.action !== action)
      throw new BotCheckFailedError(`The bot check was for "${answer.action}", not "${action}".`);
    if ((answer.score ?? 0) < (this.options.minimumScore ?? 0.5))
      throw new BotCheckFailedError('The bot check was not sure this is a person: try again, or contact us.');
  }
}
