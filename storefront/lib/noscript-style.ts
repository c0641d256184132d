/**
 * The one style a page sets inside <noscript>: without JavaScript the filters' fold button cannot
 * open them, so they show and the button hides. The server's Content-Security-Policy admits this
 * text by its hash (server/storefront/csp.ts), as it does the theme's <style>.
 */
export const NOSCRIPT_STYLE =
  '.filters-panel .filters-body { display: block !important; } .filters-toggle { display: none !important; }';
