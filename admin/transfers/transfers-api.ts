/** The console's calls for transfers between stores (server/routes/api/tenants/transfers.ts). */
import { fetchUtils } from 'ra-core';
import type { Transfer } from '../../schema/rental/stores';
import type { TransferInput, Unit } from '../../schema/types.generated';

export interface ListedTransfer extends Transfer {
  itemName: string;
  fromName: string;
  toName: string;
}

export interface TransferList {
  from: string;
  to: string;
  today: string;
  transfers: ListedTransfer[];
}

const path = (tenantId: string) => `/api/tenants/${encodeURIComponent(tenantId)}/transfers`;

export const transfersApi = {
  /** An item's units (none for an item counted as a quantity). */
  units: async (tenantId: string, objectID: string) =>
    (
      await fetchUtils.fetchJson(
        `/api/tenants/${encodeURIComponent(tenantId)}/items/${encodeURIComponent(objectID)}/units`,
      )
    ).json as Unit[],
  list: async (tenantId: string) => (await fetchUtils.fetchJson(path(tenantId))).json as TransferList,
  make: async (tenantId: string, input: TransferInput) =>
    (await fetchUtils.fetchJson(path(tenantId), { method: 'POST', body: JSON.stringify(input) })).json as Transfer,
};
