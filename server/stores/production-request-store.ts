/**
 * The ProductionRequestStore port: the platform's production requests (schema/production-request
 * .schema.json), each checked against its schema when written. A create with a taken id is refused
 * (the first stays: the id is the visitor's request key, so a second send finds the first); an
 * update is a read-modify-write no other write to the same request can interleave with, across
 * servers. Adapters: `sqlite-production-request-store.ts` (embedded default) and
 * `firestore-production-request-store.ts` (`vendors/{platform}/productionRequests/{id}`). One
 * contract suite (`tests/contract/production-request-store.contract.ts`).
 */
import { schemaIds } from '../../schema/documents';
import { schemaChecked } from './schema-checked';
import type { ProductionRequest } from '../../schema/types.generated';

export interface ProductionRequestStore {
  /** Writes a new request; ProductionRequestExistsError when its id is taken (the first stays). */
  create(request: ProductionRequest): Promise<ProductionRequest>;
  get(id: string): Promise<ProductionRequest | undefined>;
  /** One visitor's requests, newest first, at most `limit` (50). */
  listFor(uid: string, limit?: number): Promise<ProductionRequest[]>;
  /** Everyone's requests, newest first, at most `limit` (platform staff's list). */
  listAll(limit: number): Promise<ProductionRequest[]>;
  /** Changes a request atomically from its current value; UnknownProductionRequestError when there is none. */
  update(id: string, change: (current: ProductionRequest) => ProductionRequest): Promise<ProductionRequest>;
  close(): Promise<void>;
}

export class ProductionRequestExistsError extends Error {
  constructor(readonly id: string) {
    super(`a production request ${JSON.stringify(id)} already exists`);
  }
}

export class UnknownProductionRequestError extends Error {
  readonly statusCode = 404;
  constructor(id: string) {
    super(`No production request ${JSON.stringify(id)} here.`);
  }
}

/** The request when its schema accepts it; an Error naming each problem otherwise (a server bug: routes check input first). */
export const checkedProductionRequest = schemaChecked<ProductionRequest>(
  schemaIds.productionRequest,
  'a production request',
);
