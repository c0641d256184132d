/**
 * The storefront's Content-Security-Policy, per tenant configuration: scripts from this origin
 * only (state travels as JSON, never as an inline script), the one inline <style> (the theme) by
 * its hash, images from this origin, data: and https, and the tag manager's hosts only when a
 * gaTrackingId is configured, the IP-location provider only when one is, reCAPTCHA only when it is
 * the bot check, Stripe.js only when Stripe holds the cards. Dev mode adds what Vite's client needs
 * (inline styles, its socket).
 */
import { NOSCRIPT_STYLE } from '../../storefront/lib/noscript-style';
import { createHash } from 'node:crypto';

const TRACKING_SCRIPT_HOSTS = ['https://www.googletagmanager.com'];
const TRACKING_CONNECT_HOSTS = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
];

/** Where reCAPTCHA v3 loads from and frames (Google's CSP guidance), for a configured origin. */
export function recaptchaSources(origin: string): { scripts: string[]; frames: string[] } {
  return {
    scripts: [`${origin}/recaptcha/`, 'https://www.gstatic.com/recaptcha/'],
    frames: [`${origin}/recaptcha/`, 'https://recaptcha.google.com/recaptcha/'],
  };
}

/** Where Stripe.js loads from, frames (its Payment Element, 3-D Secure) and calls (Stripe's CSP guidance). */
export const STRIPE_SOURCES = {
  scripts: ['https://js.stripe.com'],
  frames: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * `connect` adds origins the page calls (the configured IP-location provider's); `botCheck`, the
 * script and frame sources of reCAPTCHA when it is the sign-up's bot check. `preview` is
 * the console's framed preview of unsaved changes: framed by its own origin only, sandboxed
 * (no script runs, no form posts), nothing fetched.
 */
export function storefrontCsp({
  inlineStyle,
  tracking,
  connect = [],
  botCheck = { scripts: [], frames: [] },
  cards = { scripts: [], frames: [], connect: [] },
  dev,
  preview = false,
}: {
  inlineStyle: string;
  tracking: boolean;
  connect?: string[];
  botCheck?: { scripts: string[]; frames: string[] };
  /** The card provider's browser script (Stripe.js), when there is one. */
  cards?: { scripts: string[]; frames: string[]; connect: string[] };
  dev: boolean;
  preview?: boolean;
}): string {
  const hashOf = (style: string) => `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      ...(tracking ? TRACKING_SCRIPT_HOSTS : []),
      ...botCheck.scripts,
      ...cards.scripts,
      ...(dev ? ["'unsafe-inline'"] : []),
    ],
    'style-src': ["'self'", ...(dev ? ["'unsafe-inline'"] : [hashOf(inlineStyle), hashOf(NOSCRIPT_STYLE)])],
    'img-src': ["'self'", 'data:', 'https:'],
    'connect-src': [
      "'self'",
      ...(tracking ? TRACKING_CONNECT_HOSTS : []),
      ...connect,
      ...cards.connect,
      ...(dev ? ['ws:', 'wss:'] : []),
    ],
    'font-src': ["'self'"],
    'frame-src': ["'self'", ...botCheck.frames, ...cards.frames],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': [preview ? "'self'" : "'none'"],
    ...(preview && {
      sandbox: ['allow-same-origin'],
      'script-src': ["'none'"],
      'connect-src': ["'none'"],
      'form-action': ["'none'"],
    }),
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
