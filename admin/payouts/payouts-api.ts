/** The console's calls for a house's payouts (server/routes/api/payouts.ts). */
import { fetchUtils } from 'ra-core';
import type { PayoutAccount } from '../../schema/types.generated';

/** A house's payouts as the API answers them: the record, with whose provider and whether it is test mode. */
export type Payouts = PayoutAccount & { providerKind: 'test' | 'stripe'; testMode: boolean };

const payoutsPath = (tenantId: string) => `/api/tenants/${encodeURIComponent(tenantId)}/payouts`;

export const payoutsApi = {
  get: async (tenantId: string) => (await fetchUtils.fetchJson(payoutsPath(tenantId))).json as Payouts,
  /** Opens the house's account if need be; where to finish the provider's onboarding. */
  connect: async (tenantId: string) =>
    (await fetchUtils.fetchJson(`${payoutsPath(tenantId)}/connect`, { method: 'POST' })).json as {
      url: string;
      payouts: Payouts;
    },
  statementHref: (tenantId: string, month: string) => `${payoutsPath(tenantId)}/statements/${month}`,
};
