/**
 * Works out the visitor's location once the page is interactive, when the tenant configures an
 * IP-location provider: the cookie's, else the cached one, else one lookup (geo.ts). The result
 * waits in localStorage for what needs it (the nearest vendor, with the catalogue).
 */
import type { SiteSettings } from '../../schema/types.generated';

export async function startLocating(site: SiteSettings): Promise<void> {
  const provider = site.ipLocation;
  if (!provider) return;
  // Loaded only for a tenant that locates visitors, after the page is interactive: not in every page's first load.
  const { locateVisitor, lookupIpLocation, readLocationCookie } = await import('./geo');
  await locateVisitor({
    cookieLocation: readLocationCookie(document.cookie),
    storage: window.localStorage,
    lookup: () => lookupIpLocation(provider),
    defaultLocation: site.defaultLocation!,
    cacheHours: site.geolocationCacheHours!,
  });
}
