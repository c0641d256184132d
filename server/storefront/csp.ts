/**
 * The storefront's Content-Security-Policy, per tenant configuration: scripts from this origin
 * only (state travels as JSON, never as an inline script), the one inline <style> (the theme) by
 * its hash, images from this origin, data: and https, and the tag manager's hosts only when a
 * gaTrackingId is configured, the IP-location provider only when one is. Dev mode adds what Vite's client needs (inline styles, its socket).
 */
import { createHash } from 'node:crypto';

const TRACKING_SCRIPT_HOSTS = ['https://www.googletagmanager.com'];
const TRACKING_CONNECT_HOSTS = ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'];

/**
 * `connect` adds origins the page calls (the configured IP-location provider's). `preview` is
 * the console's framed preview of unsaved changes: framed by its own origin only, sandboxed
 * (no script runs, no form posts), nothing fetched.
 */
export function storefrontCsp({ inlineStyle, tracking, connect = [], dev, preview = false }: { inlineStyle: string; tracking: boolean; connect?: string[]; dev: boolean; preview?: boolean }): string {
  const styleHash = `'sha256-${createHash('sha256').update(inlineStyle).digest('base64')}'`;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(tracking ? TRACKING_SCRIPT_HOSTS : []), ...(dev ? ["'unsafe-inline'"] : [])],
    'style-src': ["'self'", dev ? "'unsafe-inline'" : styleHash],
    'img-src': ["'self'", 'data:', 'https:'],
    'connect-src': ["'self'", ...(tracking ? TRACKING_CONNECT_HOSTS : []), ...connect, ...(dev ? ['ws:', 'wss:'] : [])],
    'font-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': [preview ? "'self'" : "'none'"],
    ...(preview && { sandbox: ['allow-same-origin'], 'script-src': ["'none'"], 'connect-src': ["'none'"], 'form-action': ["'none'"] }),
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
