/**
 * Which tenant a request is for, from its Host: an exact `site.domain` match, else
 * `<tenantId>.localhost`, else the default tenant (BACKLOT_DEFAULT_TENANT, default "aviation").
 * Lookups are constant time whatever the number of tenants (the store keeps a domain index).
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config';

declare module 'fastify' {
  interface FastifyInstance {
    resolveTenant(host: string | undefined): string;
  }
  interface FastifyRequest {
    /** The tenant this request's Host resolves to. */
    readonly tenantId: string;
  }
}

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    const resolveTenant = (host: string | undefined): string => {
      const name = (host ?? '').replace(/:\d+$/, '').replace(/\.$/, '').toLowerCase();
      const byDomain = app.tenantStore.tenantForDomain(name);
      if (byDomain) return byDomain;
      const local = /^([a-z0-9-]+)\.localhost$/.exec(name);
      if (local && app.tenantStore.has(local[1]!)) return local[1]!;
      return config.defaultTenant;
    };
    app.decorate('resolveTenant', resolveTenant);
    // Worked out only by the routes that read it (API routes name their tenant in the URL).
    app.decorateRequest('tenantId', {
      getter(this: FastifyRequest) {
        return resolveTenant(this.host);
      },
    });
  },
  { name: 'tenant-host', dependencies: ['tenant-store'] },
);
