/**
 * The whole stored tenant, read once per screen by the gate and by the editors that need its
 * categories and settings. Its cache entry is its own (`meta`): react-admin fills getOne's entries
 * from every list that arrives, and the tenant list (the app bar's switcher) carries only a summary
 * of each tenant. Under the plain key, a list arriving first handed the editors a tenant without
 * categories, and one arriving after a 422 cleared it and put the editor over a tenant broken by hand.
 */
import { useGetOne, type UseGetOneOptions } from 'react-admin';
import type { Tenant } from '../../schema/types.generated';

const WHOLE = { whole: true };

export type TenantRecord = Tenant & { id: string; version?: string };

export function useTenantRecord(tenantId: string, options?: UseGetOneOptions<TenantRecord>) {
  return useGetOne<TenantRecord>('tenants', { id: tenantId, meta: WHOLE }, options);
}
