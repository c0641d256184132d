/**
 * What the storefront knows about its tenant: the stored tenant with every schema `default`
 * filled in (schema/defaults.ts), less what visitors must not see (GL codes), plus the version
 * of each asset so its URL changes when the file does. Built once per tenant version by the
 * server (build-configuration.ts, cached there) and handed to the client in the page's JSON
 * state block. This module is what the client may import: types and lookups, no schemas.
 */
import type { CategoryTree, SiteSettings, VendorConfig } from '../types.generated';
import type { VisitorForms } from '../visitor-forms';

/** One of the tenant's own content pages, as the router needs it. */
export interface ContentPageEntry {
  path: string;
  title: string;
}

export interface StorefrontConfiguration {
  tenantId: string;
  /** The tenant's content hash; changes with any edit. */
  version: string;
  site: SiteSettings;
  vendor: VendorConfig;
  categories: CategoryTree;
  /** The tenant's own content pages: address and title (their bodies stay on the server). */
  pages: ContentPageEntry[];
  /** Site paths of this tenant's asset files → a short hash of their content. */
  assetVersions: Record<string, string>;
  /** Names the schema gives to enumerated values the pages show (social networks …). */
  labels: { socialNetworks: Record<string, string> };
  /** What the sign-up, login and profile forms take (from the schemas). */
  forms: VisitorForms;
}

/** A configured image address as the page should use it: this site's asset paths get `?v=<hash>`. */
export function assetHref(
  configuration: Pick<StorefrontConfiguration, 'assetVersions'>,
  url: string | undefined,
): string | undefined {
  if (!url) return undefined;
  if (/^https?:\/\//i.test(url)) return url;
  if (!/^\/(?!\/)/.test(url)) return undefined;
  const version = configuration.assetVersions[url];
  return version ? `${url}?v=${version}` : url;
}
