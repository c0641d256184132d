/**
 * The tenants the storefront serves, each built once per version: its configuration (schema
 * defaults filled in, GL codes left out), its CSP, its content pages' HTML, and its rendered
 * pages by key. Rendering is most of a page's cost (SSR served 0.14× the requests/s of
 * @fastify/static sending the same bytes), and a page depends only on the tenant's version, its
 * assets and its key, so each is rendered once. The storefront plugin renders; this keeps.
 */
import type { FastifyBaseLogger } from 'fastify';
import { storefrontConfiguration } from '../../schema/configuration/build-configuration';
import type { StorefrontConfiguration } from '../../schema/configuration/configuration';
import { formatIssue } from '../../schema/issue';
import type { ContentPages, Tenant } from '../../schema/types.generated';
import { themeCss } from '../../storefront/document/head';
import type { PageContent } from '../../storefront/document/state';
import type { RenderedPage } from '../../storefront/entry-server';
import { renderMarkdown } from '../../schema/display/markdown';
import type { AssetCatalog } from '../assets/asset-catalog';
import type { ServerConfig } from '../config';
import { lastValidVersion, TenantInvalidError, type TenantRecord, type TenantStore } from '../stores/tenant-store';
import { recaptchaSources, storefrontCsp, STRIPE_SOURCES } from './csp';
import type { EncodedDocument } from './encoded-document';

const RENDERED_PAGES_PER_TENANT = 500;

/** A tenant's storefront as one version of it makes it. */
export interface BuiltTenant {
  configuration: StorefrontConfiguration;
  csp: string;
  pages: ContentPages['pages'];
  content: Map<string, PageContent>;
}

export interface RenderedDocument {
  page: RenderedPage;
  document: EncodedDocument;
}

/** A served tenant: built, with the version and assets it was built from, and its kept pages. */
export interface ServedTenant extends BuiltTenant {
  version: string;
  tenant: Tenant;
  assetVersions: Record<string, string>;
  rendered: Map<string, RenderedDocument>;
}

export interface ServedTenantsOptions {
  tenantStore: TenantStore;
  assets: Pick<AssetCatalog, 'versions'>;
  log: FastifyBaseLogger;
  config: Pick<ServerConfig, 'dev' | 'botCheck' | 'payments'>;
}

export class ServedTenants {
  private readonly built = new Map<string, ServedTenant>();
  /** Per tenant whose stored form is invalid: which invalid version was seen, and the last valid record served instead. */
  private readonly servedInstead = new Map<
    string,
    { invalidVersion: string | undefined; record: TenantRecord | undefined }
  >();
  /**
   * The tenant each tenant's pages were last served from, reused for a quarter of a second
   * without asking the stores again: the tenant store and the asset catalog each answer through
   * promises, which a cached page otherwise spends most of its time on. Any change sent through
   * this server forgets them at once (`forgetRecent`), so an admin's save shows on the next page;
   * another server's change or a file edited by hand shows within the stores' own second, as
   * before, plus this quarter.
   */
  private readonly recentlyServed = new Map<string, { at: number; entry: ServedTenant }>();
  private readonly reuseMs: number;
  /**
   * Pages with a query asked for once: a page with a query (a search, a filtered listing) is kept
   * the second time it is asked for. Most combinations are asked once (crawlers, one-off filters),
   * and keeping each would fill the cache with pages nobody asks for again and keep the garbage
   * collector busy (it took 30% of the time of distinct searches). Plain addresses are kept at once.
   */
  private readonly askedOnce = new Set<string>();

  constructor(private readonly options: ServedTenantsOptions) {
    this.reuseMs = options.config.dev ? 0 : 250;
  }

  /** A tenant's storefront configuration and CSP, from one version of it (a preview's draft included). */
  build(
    tenantId: string,
    version: string,
    tenant: Tenant,
    assetVersions: Record<string, string>,
    cspExtra: Partial<Parameters<typeof storefrontCsp>[0]> = {},
  ): BuiltTenant {
    const { config } = this.options;
    const configuration = storefrontConfiguration(tenantId, version, tenant, assetVersions);
    const { site } = configuration;
    const csp = storefrontCsp({
      inlineStyle: themeCss(configuration),
      tracking: Boolean(site.gaTrackingId),
      connect: site.ipLocation ? [new URL(site.ipLocation.url).origin] : [],
      ...(config.botCheck.provider === 'recaptcha' && { botCheck: recaptchaSources(config.botCheck.origin) }),
      ...(config.payments.provider === 'stripe' && site.ccAuthEnabled && { cards: STRIPE_SOURCES }),
      dev: config.dev,
      ...cspExtra,
    });
    return { configuration, csp, pages: tenant.pages?.pages ?? [], content: new Map() };
  }

  /** The tenant to serve now (undefined: no such tenant); TenantInvalidError when none valid is at hand. */
  async get(tenantId: string): Promise<ServedTenant | undefined> {
    const recent = this.recentlyServed.get(tenantId);
    if (recent && performance.now() - recent.at < this.reuseMs) return recent.entry;
    const record = await this.recordFor(tenantId);
    if (!record) return undefined;
    const assetVersions = await this.options.assets.versions(tenantId);
    let entry = this.built.get(tenantId);
    if (entry?.version !== record.version || entry.assetVersions !== assetVersions) {
      entry = {
        ...this.build(tenantId, record.version, record.tenant, assetVersions),
        version: record.version,
        tenant: record.tenant,
        assetVersions,
        rendered: new Map(),
      };
      this.built.set(tenantId, entry);
    }
    this.recentlyServed.set(tenantId, { at: performance.now(), entry });
    return entry;
  }

  /** A change was sent through this server: the next page asks the stores again. */
  forgetRecent(): void {
    this.recentlyServed.clear();
  }

  /** A content page's body as HTML, rendered once per tenant version. */
  content(entry: BuiltTenant, path: string): PageContent | null {
    let content = entry.content.get(path);
    if (!content) {
      const page = entry.pages.find((candidate) => candidate.path === path);
      if (!page) return null;
      content = {
        title: page.title,
        ...(page.description && { description: page.description }),
        html: renderMarkdown(page.body),
      };
      entry.content.set(path, content);
    }
    return content;
  }

  /** Whether a rendered page is worth keeping (see `askedOnce`). */
  admitted(key: string): boolean {
    if (!key.includes('?')) return true;
    if (this.askedOnce.delete(key)) return true;
    if (this.askedOnce.size >= 10_000) this.askedOnce.clear();
    this.askedOnce.add(key);
    return false;
  }

  /** Keeps a rendered page, the oldest making way past the tenant's limit. */
  keep(entry: ServedTenant, key: string, rendered: RenderedDocument): void {
    if (entry.rendered.size >= RENDERED_PAGES_PER_TENANT) entry.rendered.delete(entry.rendered.keys().next().value!);
    entry.rendered.set(key, rendered);
  }

  /**
   * The tenant's record. When its stored form is invalid (a file broken by hand), visitors keep
   * the last valid version from its history, and the log says so once per broken version; the
   * console shows the problems and restores from there. Dev shows the problems instead (the
   * overlay), since the person editing the file is looking at the page.
   */
  private async recordFor(tenantId: string): Promise<TenantRecord | undefined> {
    const { tenantStore, log, config } = this.options;
    try {
      const record = await tenantStore.get(tenantId);
      this.servedInstead.delete(tenantId);
      return record;
    } catch (error) {
      if (!(error instanceof TenantInvalidError) || config.dev) throw error;
      let known = this.servedInstead.get(tenantId);
      if (!known || known.invalidVersion !== error.version) {
        // What visitors saw last (it may be newer than the history, when the files were edited by hand), else the history's newest valid version.
        const seen = this.built.get(tenantId);
        const last = seen ? undefined : await lastValidVersion(tenantStore, tenantId);
        const record = seen ? { tenantId, version: seen.version, tenant: seen.tenant } : last?.record;
        this.servedInstead.set(tenantId, (known = { invalidVersion: error.version, record }));
        const issues = error.issues.map(formatIssue);
        const which = seen
          ? `the version it served until now (${seen.version})`
          : last
            ? `its last valid version, history #${last.entryId}`
            : undefined;
        if (which)
          log.error(
            { tenantId, issues, servedVersion: record!.version },
            `storefront: tenant ${tenantId}'s stored files are invalid (${issues.length} problem${issues.length === 1 ? '' : 's'}); serving ${which} until they are fixed or a version is restored in the console`,
          );
        else
          log.error(
            { tenantId, issues },
            `storefront: tenant ${tenantId}'s stored files are invalid, and no valid version is at hand to serve instead`,
          );
      }
      if (!known.record) throw error;
      return known.record;
    }
  }
}
