/** The shipped tenants validate and carry the values the specification gives. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTenants, TENANT_PARTS, type TenantsReport } from '../../../schema/node/loader';
import { schemaDocuments } from '../../../schema/documents';
import type { Tenant } from '../../../schema/types.generated';
import { tenantsDir } from '../../helpers/paths';
import { SPEC_FOOTER_LABELS, SPEC_FOOTER_LINKS } from '../../fixtures/spec-footer';

let report: TenantsReport;
const tenant = (id: string): Tenant => {
  const found = report.tenants.find((t) => t.tenantId === id)?.tenant;
  if (!found) throw new Error(`tenant ${id} did not load`);
  return found;
};

beforeAll(async () => {
  report = await loadTenants(tenantsDir);
});

describe('shipped tenants', () => {
  it('include a London prop house in pounds, British English and its clock, charging 20% VAT', () => {
    const london = report.tenants.find((t) => t.tenantId === 'london')!.tenant!;
    expect(london.site).toMatchObject({ currency: 'GBP', locale: 'en-GB', taxName: 'VAT', taxRatePercent: 20 });
    expect(london.vendor).toMatchObject({ timezone: 'Europe/London', address: { city: 'London', country: 'GB' } });
    // Its own words and place, not the aviation sample's it was made from.
    expect(london.site.meta?.description).toMatch(/^Soho Prop Hire rents .* in London\./);
    expect(london.site.defaultLocation).toMatchObject({ name: 'Soho', lat: 51.5136, lng: -0.1318 });
    expect(JSON.stringify([london.site.headerLinks, london.site.footerLinks])).not.toMatch(/aviation|Credits|TIPS/i);
    expect(
      new Intl.NumberFormat(london.site.locale, { style: 'currency', currency: london.site.currency }).format(1234.5),
    ).toBe('£1,234.50');
  });

  it('are atlanta, aviation, london and platform, all valid with no issues', () => {
    expect(report.tenants.map((t) => t.tenantId)).toEqual(['atlanta', 'aviation', 'london', 'platform']);
    expect(report.issues).toEqual([]);
    expect(report.tenants.every((t) => t.tenant !== undefined)).toBe(true);
  });

  it('point each file at its schema through "$schema", so editors autocomplete them', () => {
    const idOf = Object.fromEntries(TENANT_PARTS.map((part) => [part, schemaDocuments[part].$id]));
    for (const t of report.tenants) {
      for (const part of TENANT_PARTS) {
        const file = t.files[part];
        const schemaPath = path.resolve(path.dirname(file), JSON.parse(readFileSync(file, 'utf8')).$schema);
        expect(JSON.parse(readFileSync(schemaPath, 'utf8')).$id, file).toBe(idOf[part]);
      }
    }
  });
});

describe('the aviation tenant carries the specification’s values', () => {
  it('has the §3 and §9 site settings and constants', () => {
    const { site } = tenant('aviation');
    expect(site).toMatchObject({
      tenantId: 'aviation',
      locale: 'en',
      currency: 'USD',
      weightUnit: 'lb',
      request: 'Quote',
      ccAuthEnabled: true,
      ccAuthProcessingPercentage: 5,
      newWeekCount: 3,
      maxColumnCount: 3,
      maxRequestLeadTimeDays: 2,
      hideQtyIfEq1: true,
      selfPickItemsTags: [],
      geolocationCacheHours: 24,
      defaultLocation: { name: 'Hollywood', lat: 34.0928, lng: -118.3287 },
      retryBackoff: { baseMs: 1000, factor: 2, jitter: true, capMs: 4 * 60 * 60 * 1000 },
      confirmDialog: { title: 'Are you sure?', confirmLabel: 'Confirm' },
    });
    for (const key of [
      'domain',
      'appTitle',
      'favicon',
      'gaTrackingId',
      'loginSubtitle',
      'signupSubtitle',
      'defaultAvatar',
    ] as const) {
      expect(site[key], key).toBeTruthy();
    }
    expect(site.meta?.title && site.meta.description).toBeTruthy();
    expect(site.thumbnails?.share && site.thumbnails.placeholder).toBeTruthy();
    for (const logo of [site.headerLogo, site.headerLogomark])
      expect(logo).toMatchObject({ url: expect.any(String), width: expect.any(Number), height: expect.any(Number) });
  });

  it('has the 18 named colours in order and the Eras, Styles and Rooms facets', () => {
    const { site } = tenant('aviation');
    expect(site.colorMap?.map((c) => c.name)).toEqual([
      'Red',
      'Pink',
      'Orange',
      'Yellow',
      'Green',
      'Turquoise',
      'Blue',
      'Purple',
      'Brown',
      'Beige',
      'White',
      'Grey',
      'Black',
      'Multicolor',
      'Muted Tones',
      'Black And White',
      'Silver',
      'Gold',
    ]);
    expect(site.customFields?.map((f) => f.name)).toEqual(['Eras', 'Styles', 'Rooms']);
    for (const field of site.customFields ?? []) expect(field.options.length, field.name).toBeGreaterThan(2);
  });

  it('has the §2 header, footer and social links', () => {
    const { site } = tenant('aviation');
    const header = site.headerLinks ?? [];
    expect(header.map((l) => l.label)).toEqual(['Rentals', 'Portfolio', 'Menu']);
    expect(header[0]).toMatchObject({ target: '/rentals', categoryDropdown: true });
    expect(header[1]).toMatchObject({ target: '/pages/portfolio/all-projects' });
    expect(header[2]?.children?.length).toBeGreaterThan(3);
    expect(site.footerLinks?.map((l) => l.label)).toEqual([...SPEC_FOOTER_LABELS]);
    expect(site.footerLinks?.map((l) => l.target)).toEqual(SPEC_FOOTER_LINKS.map((link) => link.target));
    expect(site.socialLinks?.map((l) => l.network)).toEqual(['facebook', 'instagram', 'twitter']);
  });

  it('has the vendor fields, with weeklyDiscounts exactly as given', () => {
    const { vendor } = tenant('aviation');
    expect(vendor.id).toBe('aviation');
    expect(vendor.weeklyDiscounts).toEqual([0.5, 0.5, 1, 0, 0.5, 0.5, 1, 0.75]);
    expect(vendor.timezone).toBe('America/Los_Angeles');
    for (const key of [
      'displayName',
      'name',
      'legalName',
      'email',
      'website',
      'phone',
      'phone2',
      'hours',
      'googleMapsUrl',
    ] as const) {
      expect(vendor[key], key).toBeTruthy();
    }
    expect(vendor.address).toMatchObject({
      line1: expect.any(String),
      city: expect.any(String),
      state: 'CA',
      zip: expect.any(String),
      country: 'US',
    });
    expect(vendor._geoloc).toMatchObject({ lat: expect.any(Number), lng: expect.any(Number) });
    expect(vendor.isListed).toBe(true);
  });

  it('has the five rental groups in order and a Service group whose entries all resolve to a GL code', () => {
    const { categories } = tenant('aviation');
    const rental = categories.groups.filter((g) => g.kind === 'rental');
    expect(rental.map((g) => g.name)).toEqual(['Aviation Sets', 'Seats', 'Set Dressing', 'Studio Gear', 'Locations']);
    const service = categories.groups.filter((g) => g.kind === 'service');
    expect(service).toHaveLength(1);
    for (const category of service[0]!.categories)
      expect(category.glCode ?? service[0]!.glCode, category.name).toBeTruthy();
    for (const group of rental) expect(group.categories.length, group.name).toBeGreaterThanOrEqual(4);
  });
});

describe('the platform tenant', () => {
  it('is the marketplace’s own storefront, on its own domain', () => {
    const platform = tenant('platform');
    const aviation = tenant('aviation');
    expect(platform.site.tenantId).toBe('platform');
    expect(platform.vendor.id).toBe('platform');
    expect(platform.site.domain).not.toBe(aviation.site.domain);
    expect(platform.categories.groups.length).toBeGreaterThan(0);
  });
});
