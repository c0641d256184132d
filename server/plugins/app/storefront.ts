/**
 * The storefront: every GET outside /api/ and the tenant assets is a page of the tenant the Host
 * resolves to, rendered on the server by the Vite-built React app (@fastify/vite: the production
 * build in dist/storefront, or Vite's dev middleware with BACKLOT_DEV=1) and hydrated in the
 * browser. The tenant's configuration is built once per version (schema defaults filled in, GL
 * codes left out) and asset versions are rechecked at most once a second, so a change saved
 * through the API or on disk shows on the next page load.
 */
import path from 'node:path';
import FastifyVite from '@fastify/vite';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { itemSummary } from '../../../schema/catalogue-search';
import { formatIssue } from '../../../schema/issue';
import { packageRoot } from '../../../schema/node/package-root';
import type { ContentPages, Item, Tenant } from '../../../schema/types.generated';
import { storefrontConfiguration } from '../../../schema/configuration/build-configuration';
import type { StorefrontConfiguration } from '../../../schema/configuration/configuration';
import { themeCss } from '../../../storefront/document/head';
import type { PageContent, PageState } from '../../../storefront/document/state';
import type { RenderedPage } from '../../../storefront/entry-server';
import { renderMarkdown } from '../../../storefront/lib/markdown';
import { catalogueHref, parseCatalogueQuery, PER_PAGE } from '../../../storefront/lib/catalogue-query';
import { categoryHref, resolvePage } from '../../../storefront/lib/navigation';
import { redirectFor } from '../../../schema/category-moves';
import { rentalGroups } from '../../../schema/rental-groups';
import { cardPictures, firstPhotoIn, relatedItems } from '../../catalogue';
import type { CardPicture } from '../../../schema/card-pictures';
import { pageKeyOf } from '../../../storefront/page-modules';
import type { ServerConfig } from '../../config';
import { recaptchaSources, storefrontCsp, STRIPE_SOURCES } from '../../storefront/csp';
import { EncodedDocument } from '../../storefront/encoded-document';
import { reloadOnTenantEdits } from '../../storefront/dev-reload';
import { pagePreloads } from '../../storefront/page-preloads';
import { problemPage, type Problem } from '../../storefront/problem-page';
import { lastValidVersion, TenantInvalidError, type TenantRecord } from '../../stores/tenant-store';
import { quoteSettingsOf } from '../../rental';
import { marketplaceState, placeKey, platformListing, visitorPlace } from '../../storefront/platform-pages';
import { parseListingId } from '../../../schema/marketplace/listings';
import { PLATFORM_TENANT_ID } from '../../../schema/routes';
import { parseRentalDates, type RentalDates } from '../../../schema/rental/rental-dates';

interface StorefrontModule {
  renderPage(url: string, state: PageState): Promise<RenderedPage>;
}

export const STOREFRONT_ROOT = path.join(packageRoot, 'storefront');
const RENDERED_PAGES_PER_TENANT = 500;
const HOUR_MS = 60 * 60 * 1000;

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    const assets = app.storefrontAssets;

    await app.register(FastifyVite, {
      root: STOREFRONT_ROOT,
      dev: config.dev,
      distDir: 'dist/storefront',
      // reply.html(page) → the document: index.html with its placeholders filled (sent, and cached, by the route).
      createHtmlFunction: async (source, _scope, viteConfig) => {
        const template = await viteConfig.createHtmlTemplateFunction(source);
        return (page?: Record<string, unknown>) => template(page);
      },
      // Vite's bundle files are content-hashed: cached for a year, sent precompressed (scripts/build.mjs).
      fastifyStaticOptions: { preCompressed: true, maxAge: '365d', immutable: true },
      // reply.render({ url, state }) → the placeholders of index.html (entry-server.tsx's RenderedPage).
      createRenderFunction: async (client) => (context) => {
        const { url, state } = context as unknown as { url: string; state: PageState };
        return (client as unknown as StorefrontModule).renderPage(url, state) as unknown as Record<string, unknown>;
      },
    });
    await app.vite.ready();
    if (config.dev) reloadOnTenantEdits(app.vite.devServer!, config.tenantsDir);
    const preloads = config.dev
      ? () => ''
      : pagePreloads(path.join(packageRoot, 'dist/storefront/client/.vite/manifest.json'));

    /**
     * Per tenant, rebuilt when its version or assets change: the configuration, its CSP, the
     * content pages' HTML, and rendered pages by path. Rendering is most of a page's cost (SSR
     * served 0.14× the requests/s of @fastify/static sending the same bytes), and a page depends
     * only on the tenant's version, its assets and its path, so each is rendered once.
     */
    interface Built {
      configuration: StorefrontConfiguration;
      csp: string;
      pages: ContentPages['pages'];
      content: Map<string, PageContent>;
    }
    /** A tenant's storefront configuration and CSP, from one version of it. */
    function build(
      tenantId: string,
      version: string,
      tenant: Tenant,
      assetVersions: Record<string, string>,
      cspExtra: Partial<Parameters<typeof storefrontCsp>[0]> = {},
    ): Built {
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
    const built = new Map<
      string,
      Built & {
        version: string;
        tenant: Tenant;
        assetVersions: Record<string, string>;
        rendered: Map<string, { page: RenderedPage; document: EncodedDocument }>;
      }
    >();
    /** Per tenant whose stored form is invalid: which invalid version was seen, and the last valid record served instead. */
    const servedInstead = new Map<string, { invalidVersion: string | undefined; record: TenantRecord | undefined }>();

    /**
     * The tenant to serve. When its stored form is invalid (a file broken by hand), visitors keep
     * the last valid version from its history, and the log says so once per broken version; the
     * console shows the problems and restores from there. Dev shows the problems instead (the
     * overlay), since the person editing the file is looking at the page.
     */
    async function recordFor(tenantId: string): Promise<TenantRecord | undefined> {
      try {
        const record = await app.tenantStore.get(tenantId);
        servedInstead.delete(tenantId);
        return record;
      } catch (error) {
        if (!(error instanceof TenantInvalidError) || config.dev) throw error;
        let known = servedInstead.get(tenantId);
        if (!known || known.invalidVersion !== error.version) {
          // What visitors saw last (it may be newer than the history, when the files were edited by hand), else the history's newest valid version.
          const seen = built.get(tenantId);
          const last = seen ? undefined : await lastValidVersion(app.tenantStore, tenantId);
          const record = seen ? { tenantId, version: seen.version, tenant: seen.tenant } : last?.record;
          servedInstead.set(tenantId, (known = { invalidVersion: error.version, record }));
          const issues = error.issues.map(formatIssue);
          const which = seen
            ? `the version it served until now (${seen.version})`
            : last
              ? `its last valid version, history #${last.entryId}`
              : undefined;
          if (which)
            app.log.error(
              { tenantId, issues, servedVersion: record!.version },
              `storefront: tenant ${tenantId}'s stored files are invalid (${issues.length} problem${issues.length === 1 ? '' : 's'}); serving ${which} until they are fixed or a version is restored in the console`,
            );
          else
            app.log.error(
              { tenantId, issues },
              `storefront: tenant ${tenantId}'s stored files are invalid, and no valid version is at hand to serve instead`,
            );
        }
        if (!known.record) throw error;
        return known.record;
      }
    }

    async function configurationFor(tenantId: string) {
      const record = await recordFor(tenantId);
      if (!record) return undefined;
      const assetVersions = await assets.versions(tenantId);
      let entry = built.get(tenantId);
      if (entry?.version !== record.version || entry.assetVersions !== assetVersions) {
        built.set(
          tenantId,
          (entry = {
            ...build(tenantId, record.version, record.tenant, assetVersions),
            version: record.version,
            tenant: record.tenant,
            assetVersions,
            rendered: new Map(),
          }),
        );
      }
      return entry;
    }

    /** A content page's body as HTML, rendered once per tenant version. */
    function contentFor(entry: Built, path: string): PageContent | null {
      let content = entry.content.get(path);
      if (!content) {
        const page = entry.pages.find((candidate) => candidate.path === path);
        if (!page) return null;
        entry.content.set(
          path,
          (content = {
            title: page.title,
            ...(page.description && { description: page.description }),
            html: renderMarkdown(page.body),
          }),
        );
      }
      return content;
    }

    /** Per tenant, each branch's first item photo, for the catalogue version they were found in. */
    const branchPhotos = new Map<string, { version: number; photos: Map<string, Promise<CardPicture | undefined>> }>();
    const firstPhoto = (tenantId: string) => (slugs: string[]) => {
      const version = app.catalogueVersion(tenantId);
      let known = branchPhotos.get(tenantId);
      if (known?.version !== version) branchPhotos.set(tenantId, (known = { version, photos: new Map() }));
      const key = slugs.join('/');
      let photo = known.photos.get(key);
      if (!photo) {
        const cache = known.photos;
        // A failed search is not kept: the next page asks again.
        photo = firstPhotoIn(app.catalogueSearch, tenantId, slugs).catch((error: unknown) => {
          cache.delete(key);
          throw error;
        });
        cache.set(key, photo);
      }
      return photo;
    };

    /**
     * What a catalogue page adds to its state: a listing (/rentals, a category, /search) searches
     * with the query in its URL, within its category; an item page reads its item and items like
     * it; the home page and listings with category cards add the cards' pictures. Its cache key
     * holds the normalised query, the catalogue's version (any item change makes new pages) and
     * the hour ("new" badges are judged from it). Undefined for every other page.
     */
    /** How many of an item are free on some dates, as the item page's availability API says. */
    async function freeOnDates(tenantId: string, item: Item, dates: RentalDates): Promise<number | undefined> {
      const stored = await app.tenantStore.get(tenantId);
      if (!stored) return undefined;
      return (await app.keptAvailability.free(tenantId, [item], dates, quoteSettingsOf(stored.tenant), new Date())).get(
        item.objectID,
      );
    }

    /** Every listed house's bookings version together (undefined when a store cannot say for one): what a dated platform page is kept by. */
    function housesBookingsVersion(): string | undefined {
      const versions: string[] = [];
      for (const house of app.marketplace.listedHouses()) {
        const version = app.quoteRequests.bookingsVersion(house.id);
        if (version === undefined) return undefined;
        versions.push(`${house.id}:${version}`);
      }
      return versions.join(',');
    }

    /** A listed house's item as the platform shows it, or null when the house is not listed or the item is gone. */
    async function listingFor(houseId: string, objectID: string): Promise<Item | null> {
      await app.marketplace.loaded();
      const item = app.marketplace.house(houseId) && (await app.itemStore.get(houseId, objectID));
      return (item && app.marketplace.listing(houseId, item)) ?? null;
    }

    function cataloguePage(
      tenantId: string,
      path: string,
      url: string,
      configuration: StorefrontConfiguration,
      cookies: string | undefined,
    ) {
      const resolved = resolvePage(path, configuration.categories, configuration.pages);
      const hour = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS).toISOString();
      // The platform's pages measure from the visitor's place: pages differ by it.
      const platform = tenantId === PLATFORM_TENANT_ID;
      const place = platform ? visitorPlace(cookies, configuration.site.defaultLocation!) : undefined;
      const version = `${app.catalogueVersion(tenantId)}@${hour}${place ? `@${placeKey(place)}` : ''}`;
      if (resolved.kind === 'shared-set-list') {
        // Not kept: the list changes with its owner's edits, and its link can stop working any time.
        return {
          key: undefined,
          state: async (): Promise<Partial<PageState>> => {
            const list = await app.setLists.shared(tenantId, resolved.token);
            const view = list && (await app.setLists.view(list));
            return {
              sharedSetList: view
                ? {
                    name: view.name,
                    ...(view.notes && { notes: view.notes }),
                    lines: view.lines,
                    updatedAt: view.updatedAt,
                  }
                : null,
            };
          },
        };
      }
      if (resolved.kind === 'item') {
        // Asked for with shoot dates (a shared link, a crawler, a slow phone): rendered with them and
        // how many are free, and not kept (any hold changes it); without them, kept as before.
        const dates = parseRentalDates(new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?')) : ''));
        const booked = dates && app.quoteRequests.bookingsVersion(tenantId);
        return {
          // With dates, kept while no booking of the tenant changes (and the hour holds: pencils lapse by the day).
          key: dates
            ? booked === undefined
              ? undefined
              : `${path}?from=${dates.from}&to=${dates.to}#${version}#${booked}`
            : `${path}#${version}`,
          state: async (): Promise<Partial<PageState>> => {
            const listed = platform ? parseListingId(resolved.objectID) : undefined;
            if (listed)
              return {
                item: await listingFor(listed.houseId, listed.objectID),
                now: hour,
                ...(place && { marketplace: marketplaceState(app.marketplace, place) }),
              };
            const item = (await app.itemStore.get(tenantId, resolved.objectID)) ?? null;
            const free = item && dates ? await freeOnDates(tenantId, item, dates) : undefined;
            return {
              item,
              now: hour,
              ...(item && { related: await relatedItems(app.catalogueSearch, tenantId, item) }),
              ...(dates && free !== undefined && { itemDates: { ...dates, free } }),
            };
          },
        };
      }
      // The category cards a page shows (home and /rentals: the rental groups; a category: its children), with their pictures.
      const pictures = async () => {
        const cards =
          resolved.kind === 'category'
            ? resolved.children.map((child) => child.href)
            : resolved.kind === 'route' && (resolved.route.kind === 'home' || resolved.route.kind === 'rentals')
              ? rentalGroups(configuration.categories).map((group) => categoryHref(group.slug))
              : [];
        return cards.length
          ? { cardPictures: await cardPictures(configuration.categories, cards, firstPhoto(tenantId)) }
          : {};
      };
      if (resolved.kind === 'route' && resolved.route.kind === 'home')
        return {
          key: `${path}#${version}`,
          state: async () => ({
            ...(await pictures()),
            ...(place && { marketplace: marketplaceState(app.marketplace, place) }),
          }),
        };
      const listing =
        resolved.kind === 'category' ||
        (resolved.kind === 'route' && (resolved.route.kind === 'rentals' || resolved.route.kind === 'search'));
      if (!listing) return undefined;
      const query = parseCatalogueQuery(
        url.includes('?') ? url.slice(url.indexOf('?')) : '',
        (configuration.site.customFields ?? []).map((field) => field.slug),
      );
      const [group, category, subcategory] =
        resolved.kind === 'category' ? resolved.trail.map((crumb) => crumb.slug) : [];
      const dates = query.dates;
      const stock = {
        turnaroundDays: configuration.site.turnaroundDays!,
        timezone: configuration.vendor.timezone ?? 'UTC',
      };
      // With shoot dates the page says what is free: kept only while no booking of the tenant changes
      // (bookingsVersion, which follows every server's writes on a shared store), and never when the store cannot say.
      // On the platform the dates are every listed house's: kept while none of their bookings change.
      const booked = dates && (place ? housesBookingsVersion() : app.quoteRequests.bookingsVersion(tenantId));
      return {
        // A radius set aside is said on the page: not the page without one.
        key: dates
          ? booked === undefined
            ? undefined
            : `${catalogueHref(path, query)}#${version}#${booked}`
          : `${catalogueHref(path, query)}#${version}${query.ignoredWithin ? '#ignored-within' : ''}`,
        state: async (): Promise<Partial<PageState>> => {
          const now = new Date();
          if (place) {
            const found = await platformListing(
              app,
              {
                text: query.text,
                filters: {
                  ...query.filters,
                  ...(group && {
                    category: { group, ...(category && { category }), ...(subcategory && { subcategory }) },
                  }),
                },
                sort: query.sort,
                page: query.page,
                perPage: PER_PAGE,
                ...(query.withinKm !== undefined && { withinKm: query.withinKm }),
                ...(dates && { dates, availableOnly: query.availableOnly }),
              },
              place,
              now,
            );
            return {
              catalogue: {
                query,
                ...found,
                now: hour,
                marketplace: marketplaceState(
                  app.marketplace,
                  place,
                  (found.facets.vendors ?? []).map((value) => value.value),
                ),
              },
              ...(await pictures()),
            };
          }
          const onDates =
            dates && query.availableOnly ? await app.keptAvailability.onDates(tenantId, dates, stock, now) : undefined;
          const result = await app.catalogueSearch.search(tenantId, {
            text: query.text,
            filters: {
              ...query.filters,
              ...(group && { category: { group, ...(category && { category }), ...(subcategory && { subcategory }) } }),
            },
            sort: query.sort,
            page: query.page,
            perPage: PER_PAGE,
            ...(onDates && { exclude: onDates.bookedOut }),
          });
          // Lists carry no long descriptions: the state block stays small.
          const hits = result.hits.map(itemSummary);
          const free =
            dates && hits.length
              ? Object.fromEntries(
                  onDates ? onDates.free(hits) : await app.keptAvailability.free(tenantId, hits, dates, stock, now),
                )
              : undefined;
          return {
            catalogue: { query, total: result.total, hits, facets: result.facets, now: hour, ...(free && { free }) },
            ...(await pictures()),
          };
        },
      };
    }

    function problem(reply: FastifyReply, details: Problem) {
      return reply
        .code(details.status)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(problemPage(details, { dev: config.dev }));
    }

    /** The path a request names, without query and trailing slash. */
    const pathOf = (url: string) => {
      const pathname = url.replace(/[?#].*$/, '');
      return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    };

    async function renderDocument(reply: FastifyReply, entry: Built, path: string, extra: Partial<PageState> = {}) {
      // Canonical and social-card links name the tenant's public address, never the request's Host
      // (which the client chooses), so a page depends only on its path (and, on catalogue pages,
      // its query and the catalogue's version) and is cached by them.
      const url = `https://${entry.configuration.site.domain}${path}`;
      const page = (await reply.render({
        url,
        state: { path, configuration: entry.configuration, content: contentFor(entry, path), ...extra },
      })) as unknown as RenderedPage;
      const head =
        page.head +
        preloads(
          pageKeyOf(
            resolvePage(path, entry.configuration.categories, entry.configuration.pages),
            entry.configuration.tenantId,
          ),
        );
      return { page, html: (await reply.html({ ...page, head })) as string };
    }

    /**
     * Whether a rendered page is worth keeping. A page with a query (a search, a filtered listing)
     * is kept the second time it is asked for: most combinations are asked once (crawlers, one-off
     * filters), and keeping each would fill the cache with pages nobody asks for again and keep the
     * garbage collector busy (it took 30% of the time of distinct searches). Plain addresses are
     * kept at once.
     */
    const askedOnce = new Set<string>();
    function admitted(key: string): boolean {
      if (!key.includes('?')) return true;
      if (askedOnce.delete(key)) return true;
      if (askedOnce.size >= 10_000) askedOnce.clear();
      askedOnce.add(key);
      return false;
    }

    /**
     * The configuration each tenant's pages were last served from, reused for a quarter of a second
     * without asking the stores again: the tenant store and the asset catalog each answer through
     * promises, which a cached page otherwise spends most of its time on. Any change sent through
     * this server (a request that is not a GET) forgets them at once, so an admin's save shows on
     * the next page; another server's change or a file edited by hand shows within the stores' own
     * second, as before, plus this quarter.
     */
    const recentlyServed = new Map<
      string,
      { at: number; entry: NonNullable<Awaited<ReturnType<typeof configurationFor>>> }
    >();
    const REUSE_MS = config.dev ? 0 : 250;
    app.addHook('onResponse', (request, _reply, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') recentlyServed.clear();
      done();
    });
    function servedEntry(tenantId: string) {
      const recent = recentlyServed.get(tenantId);
      return recent && performance.now() - recent.at < REUSE_MS ? recent.entry : undefined;
    }

    async function page(request: FastifyRequest, reply: FastifyReply) {
      let entry = servedEntry(request.tenantId);
      if (!entry)
        try {
          entry = await configurationFor(request.tenantId);
          if (entry) recentlyServed.set(request.tenantId, { at: performance.now(), entry });
        } catch (error) {
          if (!(error instanceof TenantInvalidError)) throw error;
          request.log.error(
            { tenantId: error.tenantId, issues: error.issues.map(formatIssue) },
            'storefront: the stored tenant is invalid',
          );
          return problem(reply, {
            status: 503,
            title: 'Back shortly',
            message: 'This storefront is being updated. Please try again in a few minutes.',
            issues: error.issues,
          });
        }
      if (!entry)
        return problem(reply, {
          status: 404,
          title: 'No storefront here',
          message: `No tenant serves this address (${request.host}).`,
        });
      const path = pathOf(request.url);
      // A category page that moved: sent on for good, with its query (filters, sort) kept.
      const movedTo = path.startsWith('/rentals/') ? redirectFor(path, entry.tenant.categories.redirects) : undefined;
      if (
        movedTo !== undefined &&
        resolvePage(path, entry.configuration.categories, entry.configuration.pages).kind === 'not-found'
      )
        return reply.redirect(movedTo + request.url.slice(request.url.replace(/[?#].*$/, '').length), 301);
      const catalogue = cataloguePage(request.tenantId, path, request.url, entry.configuration, request.headers.cookie);
      const key = catalogue ? catalogue.key : path;
      // Dev renders every time (the page's code may have just changed); 404s are not kept, so
      // random paths cannot crowd out real pages.
      let cached = config.dev || key === undefined ? undefined : entry.rendered.get(key);
      if (!cached) {
        const { page, html } = await renderDocument(reply, entry, path, catalogue ? await catalogue.state() : {});
        const keep = page.status === 200 && key !== undefined && admitted(key);
        cached = { page, document: new EncodedDocument(html, keep) };
        if (keep) {
          if (entry.rendered.size >= RENDERED_PAGES_PER_TENANT)
            entry.rendered.delete(entry.rendered.keys().next().value!);
          entry.rendered.set(key, cached);
        }
      }
      const { page, document } = cached;
      const { encoding, body } = document.for(request.headers['accept-encoding']);
      if (encoding) void reply.header('content-encoding', encoding);
      return reply
        .code(page.status)
        .header('content-security-policy', entry.csp)
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8')
        .send(body);
    }

    /**
     * The console's preview of an unsaved draft (server/storefront/preview-drafts.ts), for the
     * account that made it: the storefront as a save would make it, rendered fresh. It runs no
     * script (CSP sandbox: the console frames it on its own origin), and its site links stay in
     * the preview, so the admin can click around the unsaved storefront.
     */
    const previewRoute = { onRequest: app.authenticate, schema: { hide: true } } as const;
    const preview = async (request: FastifyRequest, reply: FastifyReply) => {
      const { token, '*': rest = '' } = request.params as { token: string; '*'?: string };
      const draft = app.previewDrafts.get(token, request.account?.id);
      if (!draft)
        return problem(reply, {
          status: 404,
          title: 'This preview has ended',
          message:
            'Previews last ten minutes, for the session that made them. Change something in the console to preview again.',
        });
      const entry = (draft.built ??= build(
        draft.tenantId,
        `preview-${token}`,
        draft.tenant,
        await assets.versions(draft.tenantId),
        { preview: true },
      )) as Built;
      const { page, html } = await renderDocument(reply, entry, pathOf(`/${rest}`));
      const inPreview = html
        .replace(/href="\/(?!\/|assets\/|_storefront\/)/g, `href="/preview/${token}/`)
        // No script runs in the sandboxed preview: leave the client's out rather than have it refused.
        .replace(/<script\b[^>]*\bsrc="[^"]*"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g, '');
      return reply
        .code(page.status)
        .header('content-security-policy', entry.csp)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(inPreview);
    };
    // The home page's address ends in a slash, which the wildcard route does not take.
    app.get('/preview/:token/', previewRoute, preview);
    app.get('/preview/:token/*', previewRoute, preview);

    const pageRoute = { schema: { hide: true } } as const;
    app.get('/', pageRoute, page);
    app.get('/*', pageRoute, async (request, reply) => {
      // The API keeps its JSON 404s.
      if (request.url.startsWith('/api/')) return reply.callNotFound();
      return page(request, reply);
    });
  },
  {
    name: 'storefront',
    dependencies: ['tenant-store', 'tenant-host', 'search', 'item-store', 'set-lists', 'asset-store'],
  },
);
