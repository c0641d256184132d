/** The console's calls for transfers between stores (server/routes/api/tenants/transfers.ts). */
import { fetchUtils } from 'ra-core';
import type { Transfer } from '../../schema/rental/stores';
import type { TransferInput } from '../../schema/types.generated';

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
  list: async (tenantId: string) => (await fetchUtils.fetchJson(path(tenantId))).json as TransferList,
  make: async (tenantId: string, input: TransferInput) =>
    (await fetchUtils.fetchJson(path(tenantId), { method: 'POST', body: JSON.stringify(input) })).json as Transfer,
};
