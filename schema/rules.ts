/**
 * Rules JSON Schema cannot express. Each rule names the tenant files it reads and runs only
 * when those files passed the schema, so it can trust their shape. Every finding carries a
 * pointer into one file and a message; none of them restates a schema fact.
 */
import type { CategoryTree, ContentPages, SiteSettings, Tenant, VendorConfig } from './types.generated';
import { joinPointer } from './json-source';
import { categoryPaths, contentPathProblem, resolvesToRoute } from './routes';
import { foreignFileReferences } from './own-files';

export const TENANT_PARTS = ['site', 'vendor', 'categories', 'pages'] as const;
export type TenantPart = (typeof TENANT_PARTS)[number];

export interface RuleFinding {
  part: TenantPart;
  pointer: string;
  message: string;
  rule: string;
}

export interface RuleContext {
  /** The tenant's folder name. */
  tenantId: string;
}

interface TenantRule<P extends TenantPart> {
  id: string;
  needs: readonly P[];
  check(parts: Pick<Tenant, P>, context: RuleContext): RuleFinding[];
}

const define = <P extends TenantPart>(rule: TenantRule<P>) => rule as unknown as TenantRule<TenantPart>;

/** Reports each entry whose key (compared case-insensitively, trimmed) repeats an earlier sibling's. */
function repeatedAmong<T>(
  items: readonly T[],
  key: (item: T) => string,
  report: (index: number, value: string, firstIndex: number) => RuleFinding,
): RuleFinding[] {
  const firstIndexOf = new Map<string, number>();
  const findings: RuleFinding[] = [];
  items.forEach((item, index) => {
    const value = key(item);
    const normalised = value.trim().toLowerCase();
    const first = firstIndexOf.get(normalised);
    if (first === undefined) firstIndexOf.set(normalised, index);
    else findings.push(report(index, value, first));
  });
  return findings;
}

/** Names and slugs unique among the entries of one list, e.g. the categories of one group. */
function uniqueNamesAndSlugs(
  part: TenantPart,
  listPointer: string,
  items: ReadonlyArray<{ name: string; slug: string }>,
  noun: string,
): RuleFinding[] {
  const rule = 'unique-sibling-names';
  return (['name', 'slug'] as const).flatMap((field) =>
    repeatedAmong(
      items,
      (item) => item[field],
      (index, value, first) => ({
        part,
        pointer: joinPointer(listPointer, index, field),
        message: `${noun} ${field} ${JSON.stringify(value)} is already used by ${joinPointer(listPointer, first)}; ${field}s must be unique among siblings`,
        rule,
      }),
    ),
  );
}

const siteTenantIdMatchesFolder = define({
  id: 'tenant-id-matches-folder',
  needs: ['site'],
  check({ site }: { site: SiteSettings }, { tenantId }) {
    if (site.tenantId === tenantId) return [];
    return [
      {
        part: 'site',
        pointer: '/tenantId',
        message: `tenantId ${JSON.stringify(site.tenantId)} must equal the folder name ${JSON.stringify(tenantId)}`,
        rule: 'tenant-id-matches-folder',
      },
    ];
  },
});

const vendorIdMatchesFolder = define({
  id: 'tenant-id-matches-folder',
  needs: ['vendor'],
  check({ vendor }: { vendor: VendorConfig }, { tenantId }) {
    if (vendor.id === tenantId) return [];
    return [
      {
        part: 'vendor',
        pointer: '/id',
        message: `vendor id ${JSON.stringify(vendor.id)} must equal the folder name ${JSON.stringify(tenantId)}`,
        rule: 'tenant-id-matches-folder',
      },
    ];
  },
});

const categoryNamesUnique = define({
  id: 'unique-sibling-names',
  needs: ['categories'],
  check({ categories }: { categories: CategoryTree }) {
    const findings = uniqueNamesAndSlugs('categories', '/groups', categories.groups, 'group');
    categories.groups.forEach((group, g) => {
      const groupPointer = joinPointer('/groups', g, 'categories');
      findings.push(...uniqueNamesAndSlugs('categories', groupPointer, group.categories, 'category'));
      group.categories.forEach((category, c) => {
        findings.push(
          ...uniqueNamesAndSlugs(
            'categories',
            joinPointer(groupPointer, c, 'subcategories'),
            category.subcategories ?? [],
            'subcategory',
          ),
        );
      });
    });
    return findings;
  },
});

const siteListsUnique = define({
  id: 'unique-sibling-names',
  needs: ['site'],
  check({ site }: { site: SiteSettings }) {
    const findings = uniqueNamesAndSlugs('site', '/customFields', site.customFields ?? [], 'custom field');
    (site.customFields ?? []).forEach((field, f) => {
      findings.push(
        ...uniqueNamesAndSlugs(
          'site',
          joinPointer('/customFields', f, 'options'),
          field.options,
          `${field.name} option`,
        ),
      );
    });
    findings.push(
      ...repeatedAmong(
        site.socialLinks ?? [],
        (link) => link.network,
        (index, network, first) => ({
          part: 'site',
          pointer: joinPointer('/socialLinks', index, 'network'),
          message: `${network} already has a link at /socialLinks/${first}; one link per network`,
          rule: 'unique-social-networks',
        }),
      ),
    );
    return findings;
  },
});

const colorNamesUnique = define({
  id: 'unique-color-names',
  needs: ['site'],
  check({ site }: { site: SiteSettings }) {
    return repeatedAmong(
      site.colorMap ?? [],
      (entry) => entry.name,
      (index, name, first) => ({
        part: 'site',
        pointer: joinPointer('/colorMap', index, 'name'),
        message: `colour ${JSON.stringify(name)} is already in the colour map at /colorMap/${first}`,
        rule: 'unique-color-names',
      }),
    );
  },
});

const linksResolve = define({
  id: 'link-target-resolves',
  needs: ['site', 'categories'],
  check({ site, categories, pages }: { site: SiteSettings; categories: CategoryTree; pages?: ContentPages }) {
    const categoryPathSet = categoryPaths(categories);
    // The tenant's own content pages, when its pages are at hand (a form of links alone has not got them).
    const contentPathSet = Array.isArray(pages?.pages) ? new Set(pages.pages.map((page) => page.path)) : undefined;
    const findings: RuleFinding[] = [];
    const checkTarget = (pointer: string, target: string | undefined) => {
      if (target === undefined || resolvesToRoute(target, categoryPathSet, contentPathSet)) return;
      findings.push({
        part: 'site',
        pointer,
        message: `link target ${JSON.stringify(target)} is not a storefront route, one of this tenant's pages (pages.json), a rental category page (/rentals/<group>/…) or an absolute URL`,
        rule: 'link-target-resolves',
      });
    };
    (site.headerLinks ?? []).forEach((link, i) => {
      const pointer = joinPointer('/headerLinks', i);
      checkTarget(joinPointer(pointer, 'target'), link.target);
      (link.children ?? []).forEach((child, c) =>
        checkTarget(joinPointer(pointer, 'children', c, 'target'), child.target),
      );
      if (link.target === undefined && !link.categoryDropdown && !link.children?.length) {
        findings.push({
          part: 'site',
          pointer,
          message: `header link ${JSON.stringify(link.label)} goes nowhere: give it a target, children or categoryDropdown`,
          rule: 'header-link-has-destination',
        });
      }
      if (link.categoryDropdown && link.children?.length) {
        findings.push({
          part: 'site',
          pointer: joinPointer(pointer, 'children'),
          message: `header link ${JSON.stringify(link.label)} has both categoryDropdown and children; its dropdown can hold one or the other`,
          rule: 'header-link-has-destination',
        });
      }
    });
    (site.footerLinks ?? []).forEach((link, i) => checkTarget(joinPointer('/footerLinks', i, 'target'), link.target));
    return findings;
  },
});

/**
 * `<id>.localhost` names tenant <id> on every Backlot server (the dev and test hosts), so a
 * tenant may not claim another's, nor `localhost` itself: that would take over its host.
 */
const domainNotReserved = define({
  id: 'domain-not-reserved',
  needs: ['site'],
  check({ site }: { site: SiteSettings }, { tenantId }: RuleContext) {
    const domain = site.domain.toLowerCase();
    if (!domain.endsWith('.localhost') || domain === `${tenantId}.localhost`) return [];
    return [
      {
        part: 'site',
        pointer: '/domain',
        message: `domain ${JSON.stringify(site.domain)} is reserved: <tenant>.localhost names that tenant on every Backlot server; use this tenant's own domain`,
        rule: 'domain-not-reserved',
      },
    ];
  },
});

/** Each page of the tenant's own has an address a content page may take, and each address one page. */
const pagesFillContentRoutes = define({
  id: 'page-path-allowed',
  needs: ['pages'],
  check({ pages }: { pages: ContentPages }) {
    const findings: RuleFinding[] = pages.pages.flatMap((page, i) => {
      const problem = contentPathProblem(page.path);
      return problem
        ? [
            {
              part: 'pages' as const,
              pointer: joinPointer('/pages', i, 'path'),
              message: `${JSON.stringify(page.path)}: ${problem}`,
              rule: 'page-path-allowed',
            },
          ]
        : [];
    });
    return findings.concat(
      repeatedAmong(
        pages.pages,
        (page) => page.path,
        (index, value, first) => ({
          part: 'pages',
          pointer: joinPointer('/pages', index, 'path'),
          message: `address ${value} already has a page at /pages/${first}`,
          rule: 'unique-page-path',
        }),
      ),
    );
  },
});

/** A moved category page is sent on to a page that exists, and never from one that exists again. */
const categoryRedirects = define({
  id: 'category-redirects',
  needs: ['categories'],
  check({ categories }: { categories: CategoryTree }) {
    const live = categoryPaths(categories);
    return (categories.redirects ?? []).flatMap((redirect, i) => [
      ...(live.has(redirect.from)
        ? [
            {
              part: 'categories' as const,
              pointer: joinPointer('/redirects', i, 'from'),
              message: `${redirect.from} is a category page again, so it is not sent on; remove this redirect`,
              rule: 'category-redirects',
            },
          ]
        : []),
      ...(!live.has(redirect.to)
        ? [
            {
              part: 'categories' as const,
              pointer: joinPointer('/redirects', i, 'to'),
              message: `${redirect.to} is no category page of this tree`,
              rule: 'category-redirects',
            },
          ]
        : []),
    ]);
  },
});

/** Service charges post to the ledger, so every service entry needs a GL code, its own or inherited. */
const serviceGlCodes = define({
  id: 'service-gl-codes',
  needs: ['categories'],
  check({ categories }: { categories: CategoryTree }) {
    const findings: RuleFinding[] = [];
    categories.groups.forEach((group, g) => {
      if (group.kind !== 'service') return;
      group.categories.forEach((category, c) => {
        const categoryPointer = joinPointer('/groups', g, 'categories', c);
        const inherited = category.glCode ?? group.glCode;
        if (inherited === undefined) {
          findings.push({
            part: 'categories',
            pointer: categoryPointer,
            message: `service category ${JSON.stringify(category.name)} has no glCode and neither does its group ${JSON.stringify(group.name)}; service charges need one`,
            rule: 'service-gl-codes',
          });
        }
      });
    });
    return findings;
  },
});

/** Images, links and page text point only at this tenant's own files, never another tenant's. */
const ownFilesOnly = (part: TenantPart) =>
  define({
    id: 'own-files-only',
    needs: [part],
    check(parts: Pick<Tenant, TenantPart>, { tenantId }: RuleContext) {
      return foreignFileReferences(parts[part], tenantId).map((finding) => ({ part, ...finding }));
    },
  });

export const TENANT_RULES: readonly TenantRule<TenantPart>[] = [
  siteTenantIdMatchesFolder,
  vendorIdMatchesFolder,
  categoryNamesUnique,
  siteListsUnique,
  colorNamesUnique,
  linksResolve,
  domainNotReserved,
  serviceGlCodes,
  categoryRedirects,
  pagesFillContentRoutes,
  ...TENANT_PARTS.map(ownFilesOnly),
];

/** Runs every rule whose files are all present (i.e. passed the schema). */
export function checkTenantRules(parts: Partial<Tenant>, context: RuleContext): RuleFinding[] {
  return TENANT_RULES.filter((rule) => rule.needs.every((part) => parts[part] !== undefined)).flatMap((rule) =>
    rule.check(parts as Tenant, context),
  );
}

/**
 * The rules that can still be checked while some files fail the schema, so one run reports a
 * dangling link beside a bad colour instead of after it is fixed. `readable` holds every file
 * that parsed as an object. A rule whose files all passed runs as usual; a rule that reads one
 * failed file runs on it as far as its shape allows (one it cannot read is skipped) and keeps
 * only findings in that file, since findings elsewhere could be echoes of its schema errors (a
 * link into a category whose slug the schema refused); a rule reading two failed files waits.
 */
export function checkTenantRulesBesideSchemaErrors(
  valid: Partial<Tenant>,
  readable: Partial<Tenant>,
  context: RuleContext,
): RuleFinding[] {
  return TENANT_RULES.filter((rule) => rule.needs.every((part) => readable[part] !== undefined)).flatMap((rule) => {
    const failed = rule.needs.filter((part) => valid[part] === undefined);
    if (failed.length === 0) return rule.check(valid as Tenant, context);
    if (failed.length > 1) return [];
    try {
      return rule
        .check(readable as Tenant, context)
        .filter(
          (finding) =>
            finding.part === failed[0] && typeof finding.pointer === 'string' && typeof finding.message === 'string',
        );
    } catch {
      return [];
    }
  });
}

export interface DomainClaim {
  tenantId: string;
  domain: string;
}

/** Domains unique across tenants (the server picks a tenant by its domain): each claim that shares its domain, with the others sharing it. */
export function findSharedDomains(claims: readonly DomainClaim[]): Array<DomainClaim & { sharedWith: string[] }> {
  const owners = new Map<string, string[]>();
  for (const claim of claims) {
    const domain = claim.domain.toLowerCase();
    owners.set(domain, [...(owners.get(domain) ?? []), claim.tenantId]);
  }
  return claims.flatMap((claim) => {
    const others = (owners.get(claim.domain.toLowerCase()) ?? []).filter((id) => id !== claim.tenantId);
    return others.length ? [{ ...claim, sharedWith: others.sort() }] : [];
  });
}
