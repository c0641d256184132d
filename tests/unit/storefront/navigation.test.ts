/** Navigation and pages from tenant config alone (spec §2), on the shipped aviation tenant and hostile links. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STOREFRONT_ROUTES } from '../../../schema/routes';
import type { CategoryTree, SiteSettings } from '../../../schema/types.generated';
import {
  footerNavigation,
  headerNavigation,
  resolvePage,
  safeHref,
  socialLinks,
} from '../../../storefront/lib/navigation';
import { tenantsDir } from '../../helpers/paths';
import { SPEC_FOOTER_LABELS } from '../../fixtures/spec-footer';

const read = <T>(part: string) =>
  JSON.parse(readFileSync(path.join(tenantsDir, 'aviation', `${part}.json`), 'utf8')) as T;
const site = read<SiteSettings>('site');
const tree = read<CategoryTree>('categories');

describe('navigation', () => {
  it('has Rentals with the five rental groups, Portfolio, and the Menu of configured links', () => {
    const header = headerNavigation(site, tree);
    expect(header.map((item) => item.label)).toEqual(['Rentals', 'Portfolio', 'Menu']);
    expect(header[0]).toMatchObject({ href: '/rentals' });
    expect(header[0]!.children!.map((c) => [c.label, c.href])).toEqual([
      ['Aviation Sets', '/rentals/aviation-sets'],
      ['Seats', '/rentals/seats'],
      ['Set Dressing', '/rentals/set-dressing'],
      ['Studio Gear', '/rentals/studio-gear'],
      ['Locations', '/rentals/locations'],
    ]);
    expect(header[1]).toEqual({ label: 'Portfolio', href: '/pages/portfolio/all-projects' });
    expect(header[2]!.href).toBeUndefined();
    expect(header[2]!.children!.length).toBeGreaterThan(5);
  });

  it('has the ten footer links of spec §2 and the social bar', () => {
    expect(footerNavigation(site).map((link) => link.label)).toEqual([...SPEC_FOOTER_LABELS]);
    expect(socialLinks(site).map((link) => link.network)).toEqual(['facebook', 'instagram', 'twitter']);
  });

  it('lets only safe targets reach an href', () => {
    for (const target of ['/contact-us', 'https://example.com/x', 'mailto:a@b.example', 'tel:+13235550100'])
      expect(safeHref(target)).toBe(target);
    for (const target of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      '//evil.example',
      'data:text/html,x',
      'vbscript:x',
      ' javascript:x',
      'relative/path',
    ])
      expect(safeHref(target)).toBeUndefined();
    const hostile = {
      ...site,
      footerLinks: [{ label: '<img src=x onerror=alert(1)>', target: 'javascript:alert(1)' }],
    } as SiteSettings;
    expect(footerNavigation(hostile)).toEqual([{ label: '<img src=x onerror=alert(1)>', href: undefined }]);
  });
});

describe('pages', () => {
  it("knows every fixed route, and the tenant's own content pages (not another tenant's)", () => {
    for (const route of STOREFRONT_ROUTES) expect(resolvePage(route.path, tree, [])).toEqual({ kind: 'route', route });
    expect(resolvePage('/contact-us/', tree, [])).toMatchObject({ kind: 'route' });
    const pages = [{ path: '/pages/dock-hire', title: 'Dock Hire' }];
    expect(resolvePage('/pages/dock-hire', tree, pages)).toEqual({
      kind: 'route',
      route: { path: '/pages/dock-hire', purpose: 'Dock Hire', kind: 'content' },
    });
    expect(resolvePage('/pages/custom-aviation-sets', tree, pages)).toEqual({ kind: 'not-found' });
  });

  it('serves each rental group, category and subcategory, with its trail and children', () => {
    const group = tree.groups[0]!;
    const category = group.categories[0]!;
    const sub = category.subcategories![0]!;
    const groupPage = resolvePage(`/rentals/${group.slug}`, tree, []);
    expect(groupPage).toMatchObject({ kind: 'category', trail: [{ name: group.name }] });
    expect(groupPage.kind === 'category' && groupPage.children.length).toBe(group.categories.length);
    expect(resolvePage(`/rentals/${group.slug}/${category.slug}`, tree, [])).toMatchObject({
      kind: 'category',
      trail: [{ slug: group.slug }, { slug: category.slug }],
    });
    expect(resolvePage(`/rentals/${group.slug}/${category.slug}/${sub.slug}`, tree, [])).toMatchObject({
      kind: 'category',
      trail: [{}, {}, { name: sub.name, href: `/rentals/${group.slug}/${category.slug}/${sub.slug}` }],
      children: [],
    });
  });

  it('answers not found for unknown paths, the service group, too deep or malformed ones', () => {
    for (const path of [
      '/nope',
      '/rentals/spaceships',
      '/rentals/services',
      `/rentals/${tree.groups[0]!.slug}/nope`,
      '/rentals/a/b/c/d',
      '/rentals/%E0%A4%A',
      '/pages',
    ]) {
      expect(resolvePage(path, tree, []), path).toEqual({ kind: 'not-found' });
    }
  });
});
