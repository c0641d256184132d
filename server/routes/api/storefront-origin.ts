/**
 * What the storefront routes share about hosts: where a tenant's storefront answers as seen from
 * this request (its domain in production, <id>.localhost on a local install), and the refusal of
 * a platform-only call made on another storefront.
 */
import type { FastifyRequest } from 'fastify';
import { PLATFORM_TENANT_ID } from '../../../schema/routes';
import { LOOPBACK_HOST } from '../../plugins/app/accounts';

export function storefrontOrigin(request: FastifyRequest, tenantId: string, domain: string | undefined): string {
  if (domain && !LOOPBACK_HOST.test(request.hostname)) return `https://${domain}`;
  const port = request.port ? `:${request.port}` : '';
  return `${request.protocol}://${tenantId}.localhost${port}`;
}

class NotOnThePlatformError extends Error {
  readonly statusCode = 404;
}

/** Refuses (404, with `message`) a call made on any storefront but the platform's. */
export function requirePlatformStorefront(request: FastifyRequest, message: string): void {
  if (request.tenantId !== PLATFORM_TENANT_ID) throw new NotOnThePlatformError(message);
}
