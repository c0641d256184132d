/** The planner's one call (server/routes/api/tenants/planner.ts): a range's rows, bars and shortages. */
import { fetchUtils } from 'ra-core';
import type { Planner } from '../../schema/rental/planner';

export type { Planner };

export const plannerApi = {
  read: async (
    tenantId: string,
    query: {
      from: string;
      to: string;
      group?: string;
      category?: string;
      q?: string;
      store?: string;
      rows?: 'items' | 'units';
    },
  ) => {
    const params = new URLSearchParams({ from: query.from, to: query.to });
    if (query.rows === 'units') params.set('rows', 'units');
    if (query.group) params.set('group', query.group);
    if (query.group && query.category) params.set('category', query.category);
    if (query.store) params.set('store', query.store);
    if (query.q?.trim()) params.set('q', query.q.trim());
    return (await fetchUtils.fetchJson(`/api/tenants/${encodeURIComponent(tenantId)}/planner?${params}`))
      .json as Planner;
  },
};
