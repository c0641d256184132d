/**
 * Quote requests in Cloud Firestore through firebase-admin, beside the tenant's items and profiles:
 *
 *   vendors/{tenantId}/quoteRequests/{id}   the request, every field as the quote-request schema has it
 *
 * The Firestore instance is injected (production passes getFirestore(app), tests an in-process one
 * from @firebase-bridge/firestore-admin), so this module only imports firebase-admin's types.
 * - add() checks the request against its schema before anything is written, then uses Firestore's
 *   create (it fails when the document exists): QuoteRequestExistsError, and the first stays.
 * - list() is newest first, createdAt descending then id ascending (as SQLite orders them), with the
 *   total from a count aggregate query. On Cloud Firestore that ordering (one field descending, the
 *   document id ascending) may ask for a composite index on the quoteRequests collection
 *   (createdAt DESC, __name__ ASC): Firestore's error names the index to create.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { QuoteRequest } from '../../schema/types.generated';
import { checkedQuoteRequest, QuoteRequestExistsError, type QuoteRequestStore } from './quote-request-store';

/** A request as Firestore stores it: plain JSON values (no `undefined`). */
const stored = (request: QuoteRequest) => JSON.parse(JSON.stringify(checkedQuoteRequest(request))) as Record<string, unknown>;

/** gRPC's ALREADY_EXISTS, which a create of an existing document fails with. */
const ALREADY_EXISTS = 6;
const DEFAULT_PAGE = 100;
/** The document id as a field path (what FieldPath.documentId() names), without loading firebase-admin here. */
const DOCUMENT_ID = '__name__';

export class FirestoreQuoteRequestStore implements QuoteRequestStore {
  /** `onClose` runs last in close() (the server deletes the firebase-admin app it opened for this store). */
  constructor(
    private readonly firestore: Firestore,
    private readonly options: { onClose?: () => Promise<void> } = {},
  ) {}

  private requests(tenantId: string) {
    return this.firestore.collection('vendors').doc(tenantId).collection('quoteRequests');
  }

  async add(request: QuoteRequest): Promise<QuoteRequest> {
    const document = stored(request);
    try {
      await this.requests(request.tenantId).doc(request.id).create(document);
    } catch (error) {
      if ((error as { code?: number }).code === ALREADY_EXISTS) throw new QuoteRequestExistsError(request.tenantId, request.id);
      throw error;
    }
    return request;
  }

  async get(tenantId: string, id: string): Promise<QuoteRequest | undefined> {
    const snapshot = await this.requests(tenantId).doc(id).get();
    return snapshot.exists ? (snapshot.data() as QuoteRequest) : undefined;
  }

  async list(tenantId: string, page: { limit?: number; offset?: number } = {}): Promise<{ total: number; requests: QuoteRequest[] }> {
    const collection = this.requests(tenantId);
    const [count, snapshot] = await Promise.all([
      collection.count().get(),
      collection
        .orderBy('createdAt', 'desc')
        .orderBy(DOCUMENT_ID)
        .offset(page.offset ?? 0)
        .limit(page.limit ?? DEFAULT_PAGE)
        .get(),
    ]);
    return { total: count.data().count, requests: snapshot.docs.map((doc) => doc.data() as QuoteRequest) };
  }

  async close(): Promise<void> {
    await this.options.onClose?.();
  }
}
