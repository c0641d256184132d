/**
 * The tracking configuration gtag.js expects, set up by the bundle rather than by an inline
 * script (the CSP allows none). The tag manager's script itself is in the head only when a
 * gaTrackingId is configured (document/head.ts).
 */
type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

export function startTracking(id: string | undefined): void {
  if (!id) return;
  window.dataLayer = window.dataLayer ?? [];
  // gtag.js reads the `arguments` objects pushed here, not arrays.
  window.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', id);
}
