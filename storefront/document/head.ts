/**
 * The `<head>` of a storefront page, from config: title, description, favicon, social cards
 * from the thumbnails, the theme as CSS custom properties, and the tracking script only when a
 * gaTrackingId is configured. Every config string is escaped; every URL is a safe asset href.
 */
import { themeStylesheet, type Theme } from '../../schema/theme';
import { assetHref, type StorefrontConfiguration } from '../../schema/configuration/configuration';
import { escapeHtml } from '../../schema/display/escape';
import type { PageMeta } from './page-meta';

/** The tag manager's script for a measurement id; requested only when one is configured. */
export const trackingScriptUrl = (id: string) =>
  `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;

/** The class that paints a colour of the colour map (its position there), for swatch chips. */
export const swatchClass = (index: number) => `swatch-${index}`;

/**
 * The colour map's swatches as classes: the page's CSP allows its one stylesheet by hash and no
 * style attributes, so a chip's colours come from here. Swatch values are schema-checked hex.
 */
function swatchCss(colorMap: StorefrontConfiguration['site']['colorMap'] = []): string {
  return colorMap
    .map(
      ({ swatch }, index) =>
        `.${swatchClass(index)}{background:${swatch.length > 1 ? `linear-gradient(90deg,${swatch.map((hex, i) => `${hex} ${(i * 100) / swatch.length}% ${((i + 1) * 100) / swatch.length}%`).join(',')})` : swatch[0]}}`,
    )
    .join('');
}

/** The theme stylesheet, plus the layout settings pages read as custom properties, and the swatches. */
export function themeCss(configuration: StorefrontConfiguration): string {
  const { site } = configuration;
  return `${themeStylesheet(site.theme as Theme)}:root{--max-columns:${site.maxColumnCount!}}${swatchCss(site.colorMap)}`;
}

export function documentHead(configuration: StorefrontConfiguration, meta: PageMeta, pageUrl: string): string {
  const { site } = configuration;
  const origin = new URL(pageUrl).origin;
  const absolute = (url: string | undefined) => (url ? new URL(url, origin).href : undefined);
  const tag = (name: string, attributes: Record<string, string | undefined>) =>
    Object.values(attributes).some((value) => value === undefined)
      ? ''
      : `<${name} ${Object.entries(attributes)
          .map(([key, value]) => `${key}="${escapeHtml(value!)}"`)
          .join(' ')}>`;
  const shareImage = absolute(assetHref(configuration, site.thumbnails?.share));
  const favicon = assetHref(configuration, site.favicon);
  return [
    `<title>${escapeHtml(meta.documentTitle)}</title>`,
    tag('meta', { name: 'description', content: meta.description }),
    tag('meta', { name: 'theme-color', content: site.theme?.primaryColor }),
    tag('link', {
      rel: 'icon',
      href: favicon,
      type: favicon && /\.svg(?:\?|$)/.test(favicon) ? 'image/svg+xml' : undefined,
    }),
    tag('link', { rel: 'icon', href: favicon && !/\.svg(?:\?|$)/.test(favicon) ? favicon : undefined }),
    meta.noindex ? tag('meta', { name: 'robots', content: 'noindex' }) : '',
    tag('link', { rel: 'canonical', href: pageUrl }),
    tag('meta', { property: 'og:type', content: 'website' }),
    tag('meta', { property: 'og:site_name', content: site.appTitle }),
    tag('meta', { property: 'og:title', content: meta.documentTitle }),
    tag('meta', { property: 'og:description', content: meta.description }),
    tag('meta', { property: 'og:url', content: pageUrl }),
    tag('meta', { property: 'og:image', content: shareImage }),
    tag('meta', { name: 'twitter:card', content: shareImage ? 'summary_large_image' : 'summary' }),
    tag('meta', { name: 'twitter:title', content: meta.documentTitle }),
    tag('meta', { name: 'twitter:description', content: meta.description }),
    tag('meta', { name: 'twitter:image', content: shareImage }),
    `<style>${themeCss(configuration)}</style>`,
    site.gaTrackingId ? `<script async src="${escapeHtml(trackingScriptUrl(site.gaTrackingId))}"></script>` : '',
  ]
    .filter(Boolean)
    .join('\n    ');
}
