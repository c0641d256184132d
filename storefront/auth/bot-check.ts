/**
 * The sign-up's bot-check token (spec §5, §7: action 'signup'), from whichever provider the server
 * names (GET /api/identity/bot-check): the local one hands a token over at once; reCAPTCHA v3's
 * script is loaded on first use (nothing is fetched from it before a visitor signs up) and asked
 * with `grecaptcha.execute`. Any failure gives no token, and the server then answers §5's
 * 'recaptcha not loaded', which the form shows.
 */
import type { BotCheckAnswer } from '../../schema/visitor-session';

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

/** How long the script may take to load and answer before the sign-up goes on without a token. */
const SCRIPT_TIMEOUT_MS = 10_000;

let loading: Promise<Grecaptcha> | undefined;

/** reCAPTCHA's script, loaded once per page (a failed load is tried again on the next sign-up). */
function loadScript(scriptUrl: string): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () =>
      window.grecaptcha
        ? window.grecaptcha.ready(() => resolve(window.grecaptcha!))
        : reject(new Error('reCAPTCHA loaded without grecaptcha'));
    script.onerror = () => {
      script.remove();
      reject(new Error('reCAPTCHA could not load'));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('reCAPTCHA took too long')), SCRIPT_TIMEOUT_MS),
    ),
  ]);
}

/** A token for `action` from the answer's provider, or undefined when it cannot be had. */
export async function botCheckToken(answer: BotCheckAnswer, action: string): Promise<string | undefined> {
  if (answer.provider === 'local') return answer.token;
  try {
    return await withTimeout(
      loadScript(answer.scriptUrl).then((grecaptcha) => grecaptcha.execute(answer.siteKey, { action })),
    );
  } catch {
    return undefined;
  }
}
