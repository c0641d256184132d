/**
 * The QuoteRequestStore port: visitors' quote requests per tenant, each checked against the
 * quote-request schema when written, listed newest first for the console. Adapter:
 * `sqlite-quote-request-store.ts` (embedded default).
 */
import { problemsFromAjv } from '../../schema/ajv-messages';
import { schemaIds } from '../../schema/documents';
import { getAjv } from '../../schema/node/ajv';
import type { QuoteRequest } from '../../schema/types.generated';

export interface QuoteRequestStore {
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
