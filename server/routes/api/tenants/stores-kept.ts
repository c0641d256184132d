/** A tenant write's check on the house's stores (server/rental/store-removal.ts), as both tenant routes run it: the tenant to write. */
import type { FastifyInstance } from 'fastify';
import type { Tenant } from '../../../../schema/types.generated';
import { allItems } from '../../../catalogue';
import { storesKept as keptStores, quoteStoresOf } from '../../../rental';

export const storesKept = (app: FastifyInstance, tenantId: string, before: Tenant, after: Tenant) =>
  keptStores(quoteStoresOf(app), tenantId, before, after, new Date().toISOString().slice(0, 10), () =>
    allItems(app.itemStore, tenantId),
  );
