/**
 * Builds a new tenant from the template kept as real files in schema/templates/tenant (or from
 * the structure of an existing tenant): used by `backlot new` and by staff creating a tenant
 * through the API, so both make the same tenant.
 */
import { withoutSchemaKey } from '../tenant-files';
import type { CategoryTree, ContentPages, SiteSettings, Tenant, VendorConfig } from '../types.generated';
import templateCategories from '../templates/tenant/categories.json' with { type: 'json' };
import templatePages from '../templates/tenant/pages.json' with { type: 'json' };
import templateSite from '../templates/tenant/site.json' with { type: 'json' };
import templateVendor from '../templates/tenant/vendor.json' with { type: 'json' };

export interface NewTenantRequest {
  tenantId: string;
  name: string;
  domain: string;
  /** The vendor's contact email; default hello@<domain without www.>. */
  email?: string;
  /** Where the business is: its money, language and clock (left out: the template's, or the copied tenant's). */
  currency?: string;
  locale?: string;
  timezone?: string;
  /** Its sales tax: the rate in percent and the name quotes and invoices print (VAT, GST). */
  taxRatePercent?: number;
  taxName?: string;
}

/** Site settings that belong to one business's identity and brand, never copied from another tenant. */
const SITE_IDENTITY_KEYS = [
  'gaTrackingId',
  'socialLinks',
  'favicon',
  'headerLogo',
  'headerLogomark',
  'thumbnails',
  'loginSubtitle',
  'signupSubtitle',
] as const;

/** The new tenant (without `$schema` keys); `from` copies links, colours, facets, categories and constants, never page bodies. */
export function buildTenant(request: NewTenantRequest, from?: Tenant): Tenant {
  // A JSON import types `swatch` as string[], not the schema's non-empty list; the scaffold's tests hold the template to the schema.
  const site: SiteSettings = structuredClone(withoutSchemaKey(from?.site ?? (templateSite as unknown as SiteSettings)));
  if (from) for (const key of SITE_IDENTITY_KEYS) delete site[key];
  Object.assign(site, {
    tenantId: request.tenantId,
    domain: request.domain,
    appTitle: request.name,
    meta: { ...site.meta, title: request.name },
    ...(request.currency !== undefined && { currency: request.currency }),
    ...(request.locale !== undefined && { locale: request.locale }),
    ...(request.taxRatePercent !== undefined && { taxRatePercent: request.taxRatePercent }),
    ...(request.taxName !== undefined && { taxName: request.taxName }),
  });
  const vendor: VendorConfig = {
    ...structuredClone(withoutSchemaKey(templateVendor as VendorConfig)),
    ...(from ? { timezone: from.vendor.timezone, weeklyDiscounts: from.vendor.weeklyDiscounts } : {}),
    ...(request.timezone !== undefined && { timezone: request.timezone }),
    id: request.tenantId,
    displayName: request.name,
    name: request.name,
    email: request.email ?? `hello@${request.domain.replace(/^www\./, '')}`,
    website: `https://${request.domain}`,
  };
  const categories: CategoryTree = structuredClone(
    withoutSchemaKey(from?.categories ?? (templateCategories as CategoryTree)),
  );
  // A copied tenant keeps its pages' addresses and titles (its links point at them); the bodies
  // describe one business, never copied: a new tenant starts with the empty states.
  const pages: ContentPages = from?.pages
    ? { pages: from.pages.pages.map(({ path, title }) => ({ path, title, body: '' })) }
    : structuredClone(withoutSchemaKey(templatePages as ContentPages));
  return { site, vendor, categories, pages };
}
