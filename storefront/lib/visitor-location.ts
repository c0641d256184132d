/**
 * Works out the visitor's location once the page is interactive, when the tenant configures an
 * IP-location provider: the cookie's, else the cached one, else one lookup (geo.ts). The result
 * waits in localStorage for what needs it (the nearest vendor, with the catalogue).
 */
import type { SiteSettings } from '../../schema/types.generated';
import { locateVisitor, lookupIpLocation, readLocationCookie } from './geo';

export function startLocating(site: SiteSettings): void {
  const provider = site.ipLocation;
  if (!provider) return;
  void locateVisitor({
    cookieLocation: readLocationCookie(document.cookie),
    storage: window.localStorage,
    lookup: () => lookupIpLocation(provider),
    defaultLocation: site.defaultLocation!,
    cacheHours: site.geolocationCacheHours!,
  });
}
