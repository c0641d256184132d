/**
 * Works out the visitor's location once the page is interactive, when the tenant configures an
 * IP-location provider: the cookie's, else the cached one, else one lookup (geo.ts). The result
 * waits in localStorage for what needs it. On the platform, a place found that way (not the
 * default) is kept in the location cookie too, and a page that measured from the default is
 * rendered again from it, once.
 */
import type { SiteSettings } from '../../schema/types.generated';
import type { MarketplaceState } from '../document/state';

export async function startLocating(site: SiteSettings, marketplace?: MarketplaceState): Promise<void> {
  const provider = site.ipLocation;
  if (!provider) return;
  // Loaded only for a tenant that locates visitors, after the page is interactive: not in every page's first load.
  const { locateVisitor, lookupIpLocation, placeCookies, readLocationCookie, readCachedLocation } =
    await import('./geo');
  const found = await locateVisitor({
    cookieLocation: readLocationCookie(document.cookie),
    storage: window.localStorage,
    lookup: () => lookupIpLocation(provider),
    defaultLocation: site.defaultLocation!,
    cacheHours: site.geolocationCacheHours!,
  });
  if (marketplace?.from.source !== 'default' || (found.source !== 'lookup' && found.source !== 'cache')) return;
  const city = readCachedLocation(window.localStorage)?.city;
  for (const cookie of placeCookies(
    found.location,
    city,
    site.geolocationCacheHours! * 3600,
    location.protocol === 'https:',
  ))
    document.cookie = cookie;
  // Reloaded only if the browser kept the cookie: a browser refusing cookies is not sent round in circles.
  if (readLocationCookie(document.cookie)) location.reload();
}
