/**
 * The storefront: every GET outside /api/ and the tenant assets is a page of the tenant the Host
 * resolves to, rendered on the server by the Vite-built React app (@fastify/vite: the production
 * build in dist/storefront, or Vite's dev middleware with BACKLOT_DEV=1) and hydrated in the
 * browser. What a page shows comes from server/storefront/ (`catalogue-pages.ts` its state,
 * `served-tenants.ts` the tenant built once per version and its kept pages); this plugin renders,
 * sends and previews. A change saved through the API or on disk shows on the next page load.
 */
import path from 'node:path';
import FastifyVite from '@fastify/vite';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { formatIssue } from '../../../schema/issue';
import { packageRoot } from '../../../schema/node/package-root';
import type { PageState } from '../../../storefront/document/state';
import type { RenderedPage } from '../../../storefront/entry-server';
import { resolvePage } from '../../../storefront/lib/navigation';
import { cataloguePages } from '../../storefront/catalogue-pages';
import { redirectFor } from '../../../schema/category-moves';
import { pageKeyOf } from '../../../storefront/page-modules';
import type { ServerConfig } from '../../config';
import { documentBytes } from '../../storefront/document-bytes';
import { EncodedDocument } from '../../storefront/encoded-document';
import { reloadOnTenantEdits } from '../../storefront/dev-reload';
import { pagePreloads } from '../../storefront/page-preloads';
import { problemPage, type Problem } from '../../storefront/problem-page';
import { TenantInvalidError } from '../../stores/tenant-store';
import { ServedTenants, type BuiltTenant } from '../../storefront/served-tenants';

interface StorefrontModule {
  renderPage(url: string, state: PageState): Promise<RenderedPage>;
}

export const STOREFRONT_ROOT = path.join(packageRoot, 'storefront');

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    const assets = app.storefrontAssets;

    await app.register(FastifyVite, {
      root: STOREFRONT_ROOT,
      dev: config.dev,
      distDir: 'dist/storefront',
      // reply.html(page) → the document's bytes: index.html with its placeholders filled (sent, and cached, by the route).
      createHtmlFunction: async (source, _scope, viteConfig) => {
        // @fastify/vite hands back what this returns as it is: bytes here (its types say a string).
        const bytes = documentBytes(await viteConfig.createHtmlTemplateFunction(source));
        return bytes as unknown as (page?: Record<string, unknown>) => string;
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

    const tenants = new ServedTenants({ tenantStore: app.tenantStore, assets, log: app.log, config });
    app.addHook('onResponse', (request, _reply, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') tenants.forgetRecent();
      done();
    });
    const cataloguePage = cataloguePages(app);

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

    async function renderDocument(
      reply: FastifyReply,
      entry: BuiltTenant,
      path: string,
      extra: Partial<PageState> = {},
    ) {
      // Canonical and social-card links name the tenant's public address, never the request's Host
      // (which the client chooses), so a page depends only on its path (and, on catalogue pages,
      // its query and the catalogue's version) and is cached by them.
      const url = `https://${entry.configuration.site.domain}${path}`;
      const page = (await reply.render({
        url,
        state: { path, configuration: entry.configuration, content: tenants.content(entry, path), ...extra },
      })) as unknown as RenderedPage;
      const head =
        page.head +
        preloads(
          pageKeyOf(
            resolvePage(path, entry.configuration.categories, entry.configuration.pages),
            entry.configuration.tenantId,
          ),
        );
      return { page, bytes: (await reply.html({ ...page, head })) as unknown as Buffer };
    }

    async function page(request: FastifyRequest, reply: FastifyReply) {
      let entry;
      try {
        entry = await tenants.get(request.tenantId);
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
        const { page, bytes } = await renderDocument(reply, entry, path, catalogue ? await catalogue.state() : {});
        const keep = page.status === 200 && key !== undefined && tenants.admitted(key);
        cached = { page, document: new EncodedDocument(bytes, keep) };
        if (keep) tenants.keep(entry, key, cached);
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
      const entry = (draft.built ??= tenants.build(
        draft.tenantId,
        `preview-${token}`,
        draft.tenant,
        await assets.versions(draft.tenantId),
        { preview: true },
      )) as BuiltTenant;
      const { page, bytes } = await renderDocument(reply, entry, pathOf(`/${rest}`));
      const inPreview = bytes
        .toString('utf8')
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
