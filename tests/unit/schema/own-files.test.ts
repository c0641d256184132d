/**
 * schema/own-files.ts through the tenant rules: a tenant's settings, pages and items may point
 * only at its own images and photos; the platform's shared images stay open to every tenant.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkItemRules } from '../../../schema/catalogue-rules';
import { loadTenant } from '../../../schema/node/loader';
import { foreignFileReferences } from '../../../schema/own-files';
import { checkTenantRules } from '../../../schema/rules';
import type { Tenant } from '../../../schema/types.generated';
import { tenantsDir } from '../../helpers/paths';

const aviation = (await loadTenant(path.join(tenantsDir, 'aviation'))).tenant as Tenant;

describe("a tenant's own files", () => {
  it("finds another tenant's images and photos in settings, Markdown and links, with where they are", () => {
    expect(
      foreignFileReferences(
        {
          logo: { url: '/assets/platform/logo.svg' },
          body: 'Our ![van](/items/platform/van.png) and [ours](/items/harbor/x.png)',
          share: '/assets/share.svg',
        },
        'harbor',
      ),
    ).toEqual([
      {
        pointer: '/logo/url',
        message: '"/assets/platform/…" is another tenant\'s image: use this tenant\'s own files (/assets/harbor/…)',
        rule: 'own-files-only',
      },
      {
        pointer: '/body',
        message: '"/items/platform/…" is another tenant\'s item photo: use this tenant\'s own files (/items/harbor/…)',
        rule: 'own-files-only',
      },
    ]);
    expect(
      foreignFileReferences(
        { url: 'https://cdn.example.com/assets/platform/x.png', own: '/assets/harbor/logo.svg' },
        'harbor',
      ),
    ).toEqual([]);
  });

  it('is a tenant rule on every file, and an item rule', () => {
    const site = structuredClone(aviation.site);
    site.headerLogo!.url = '/assets/platform/logo.svg';
    const findings = checkTenantRules({ ...aviation, site }, { tenantId: 'aviation' });
    expect(findings).toEqual([
      expect.objectContaining({ part: 'site', pointer: '/headerLogo/url', rule: 'own-files-only' }),
    ]);
    expect(checkTenantRules(aviation, { tenantId: 'aviation' })).toEqual([]);
    const item = { objectID: 'x', images: [{ url: '/items/platform/van.svg' }] } as unknown as Parameters<
      typeof checkItemRules
    >[0];
    expect(
      checkItemRules(
        {
          ...item,
          category: { group: 'none', category: 'none' },
          rates: {},
          createdAt: '2026-01-01T00:00:00Z',
          updatedAt: '2026-01-01T00:00:00Z',
        } as never,
        aviation,
      ),
    ).toContainEqual(expect.objectContaining({ pointer: '/images/0/url', rule: 'own-files-only' }));
  });
});
