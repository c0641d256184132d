/**
 * The platform's production requests in Cloud Firestore through firebase-admin:
 *
 *   vendors/{platformId}/productionRequests/{id}   the request, every field as its schema has it
 *
 * - create() uses Firestore's create (it fails when the document exists): the first stays, and a
 *   second server sending the same request finds it.
 * - update() is a transaction (read, change, check, write), retried by Firestore on contention, so
 *   two servers' updates of one request both land.
 * - listFor() is an equality query on uid ordered by createdAt descending: a composite index on
 *   productionRequests (uid ASC, createdAt DESC), in firestore.indexes.json.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { ProductionRequest } from '../../schema/types.generated';
import {
  checkedProductionRequest,
  ProductionRequestExistsError,
  UnknownProductionRequestError,
  type ProductionRequestStore,
} from './production-request-store';

/** gRPC's ALREADY_EXISTS, which a create of an existing document fails with. */
const ALREADY_EXISTS = 6;
const stored = (request: ProductionRequest) =>
  JSON.parse(JSON.stringify(checkedProductionRequest(request))) as Record<string, unknown>;

export class FirestoreProductionRequestStore implements ProductionRequestStore {
  constructor(
    private readonly firestore: Firestore,
    private readonly platformId: string,
    private readonly options: { onClose?: () => Promise<void> } = {},
  ) {}

  private requests() {
    return this.firestore.collection('vendors').doc(this.platformId).collection('productionRequests');
  }

  async create(request: ProductionRequest): Promise<ProductionRequest> {
    try {
      await this.requests().doc(request.id).create(stored(request));
    } catch (error) {
      if ((error as { code?: number }).code === ALREADY_EXISTS) throw new ProductionRequestExistsError(request.id);
      throw error;
    }
    return request;
  }

  async get(id: string): Promise<ProductionRequest | undefined> {
    const snapshot = await this.requests().doc(id).get();
    return snapshot.exists ? (snapshot.data() as ProductionRequest) : undefined;
  }

  async listFor(uid: string, limit = 50): Promise<ProductionRequest[]> {
    const snapshot = await this.requests().where('uid', '==', uid).orderBy('createdAt', 'desc').limit(limit).get();
    return snapshot.docs.map((doc) => doc.data() as ProductionRequest);
  }

  async listAll(limit: number): Promise<ProductionRequest[]> {
    const snapshot = await this.requests().orderBy('createdAt', 'desc').limit(limit).get();
    return snapshot.docs.map((doc) => doc.data() as ProductionRequest);
  }

  update(id: string, change: (current: ProductionRequest) => ProductionRequest): Promise<ProductionRequest> {
    const ref = this.requests().doc(id);
    return this.firestore.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(ref);
      if (!snapshot.exists) throw new UnknownProductionRequestError(id);
      const current = snapshot.data() as ProductionRequest;
      const next = { ...change(current), id, uid: current.uid };
      transaction.set(ref, stored(next));
      return next;
    });
  }

  async close(): Promise<void> {
    await this.options.onClose?.();
  }
}
