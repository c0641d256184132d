/**
 * The platform's production requests from the browser (server/routes/api/production-requests.ts):
 * send one (its key made once per request, so a retry of the same send finds the first), list
 * them, send a request's failed parts again (or one of them on dates of its own), drop one not sent. Each part as the server shows it: where its house
 * has it, with the quote's state and total in the house's currency, and its page there.
 */
import type {
  PartDates,
  ProductionPart,
  ProductionRequest,
  ProductionRequestInput,
} from '../../schema/types.generated';
import { apiCall } from '../auth/identity-api';

export type ShownPart = ProductionPart & {
  href?: string;
  quote?: {
    state: string;
    held?: boolean;
    /** The house's messages on it not read yet. */
    unread?: number;
    total?: number;
    taxName?: string;
    currency?: string;
    locale?: string;
  };
};
export type ShownProductionRequest = Omit<ProductionRequest, 'parts'> & { parts: ShownPart[] };
/** What each house answered "Hold at every house". */
export type PartHeld = { house: string; outcome: 'held' | 'alreadyHeld' | 'refused'; message?: string };

const post = <T>(path: string, body: object = {}) => apiCall<T>(path, { method: 'POST', body: JSON.stringify(body) });

export const productionRequestsApi = {
  send: (body: ProductionRequestInput) => post<ShownProductionRequest>('/api/production-requests', body),
  list: () => apiCall<ShownProductionRequest[]>('/api/production-requests'),
  retry: (id: string) => post<ShownProductionRequest>(`/api/production-requests/${encodeURIComponent(id)}/retry`),
  /** Every part still open, held at its house. */
  holdAll: (id: string) =>
    post<ShownProductionRequest & { held: PartHeld[] }>(`/api/production-requests/${encodeURIComponent(id)}/hold`),
  /** One part not sent, sent again on dates of its own. */
  partDates: (id: string, house: string, dates: PartDates) =>
    post<ShownProductionRequest>(
      `/api/production-requests/${encodeURIComponent(id)}/parts/${encodeURIComponent(house)}/dates`,
      dates,
    ),
  /** One part not sent yet, dropped. */
  withdraw: (id: string, house: string) =>
    post<ShownProductionRequest>(
      `/api/production-requests/${encodeURIComponent(id)}/parts/${encodeURIComponent(house)}/withdraw`,
    ),
};

/** A request key: one per request the visitor sends (crypto.randomUUID where the browser has it). */
export const newRequestKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
