/**
 * The QuoteRequestStore port: visitors' quote requests per tenant, each checked against the
 * quote-request schema when written, listed newest first (createdAt descending, then id) for the
 * console. A request is written once: adding an id the tenant already has is refused
 * (QuoteRequestExistsError) and the first stays. Adapters: `sqlite-quote-request-store.ts`
 * (embedded default) and `firestore-quote-request-store.ts` (BACKLOT_STORE=firestore); both run
 * tests/contract/quote-request-store.contract.ts.
 */
import { problemsFromAjv } from '../../schema/ajv-messages';
import { schemaIds } from '../../schema/documents';
import { getAjv } from '../../schema/node/ajv';
import type { QuoteRequest } from '../../schema/types.generated';

export interface QuoteRequestStore {
  /** Stores a new request; QuoteRequestExistsError when the tenant has one with this id. */
  add(request: QuoteRequest): Promise<QuoteRequest>;
  get(tenantId: string, id: string): Promise<QuoteRequest | undefined>;
  /** A tenant's requests, newest first. */
  list(tenantId: string, page?: { limit?: number; offset?: number }): Promise<{ total: number; requests: QuoteRequest[] }>;
  close(): Promise<void>;
}

export function checkedQuoteRequest(request: QuoteRequest): QuoteRequest {
  const validate = getAjv().getSchema(schemaIds.quoteRequest)!;
  if (!validate(request))
    throw new Error(
      `a quote request does not fit its schema: ${problemsFromAjv(validate.errors)
        .map((p) => `${p.pointer} ${p.message}`)
        .join('; ')}`,
    );
  return request;
}

export class QuoteRequestExistsError extends Error {
  readonly statusCode = 409;
  constructor(tenantId: string, id: string) {
    super(`A quote request ${JSON.stringify(id)} of tenant ${JSON.stringify(tenantId)} already exists`);
  }
}
