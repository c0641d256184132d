/**
 * GET /: until the storefront lands (its own issue), a plain page saying which tenant this
 * host resolves to and where the API and its docs are. Config values are shown as text only.
 */
import type { FastifyPluginAsync } from 'fastify';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const home: FastifyPluginAsync = async (app) => {
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    const record = await app.tenantStore.get(request.tenantId).catch(() => undefined);
    const title = record ? record.tenant.site.appTitle : request.tenantId;
    const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · Backlot</title></head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>This host serves tenant <code>${escapeHtml(request.tenantId)}</code>${record ? '' : ' (not found: check BACKLOT_DEFAULT_TENANT and tenants/)'}.</p>
<p>The storefront is not built yet. The console's API is at <a href="/api/docs">/api/docs</a>; <a href="/api/health">/api/health</a> reports the server's state.</p>
</body></html>`;
    return reply.type('text/html; charset=utf-8').send(body);
  });
};

export default home;
