/**
 * Conversations in Cloud Firestore through firebase-admin:
 *
 *   vendors/{tenantId}/conversations/{quoteId}                 the summary (schema's conversationThread)
 *   vendors/{tenantId}/conversations/{quoteId}/messages/{id}   each message, as its schema has it
 *
 * A message and its summary are one transaction (two messages at once on two servers: both count).
 * The house's unread conversations are asked by `unread.house > 0` (one field's range: no composite
 * index) and put latest first here. Each summary also keeps `changedAt`, Firestore's own time of its
 * last write (not the schema's: it is taken off as a summary is read), so a live listener asks only
 * for what changed since it started, not for every conversation the house ever had.
 */
import { FieldValue, Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { threadAfter, threadDone, threadRead, type ConversationSide } from '../../schema/conversation/threads';
import type { ConversationMessage, ConversationThread } from '../../schema/types.generated';
import {
  checkedMessage,
  checkedThread,
  UNREAD_THREADS_LISTED,
  type ConversationPage,
  type ConversationStore,
} from './conversation-store';

const plain = <T>(document: T) => JSON.parse(JSON.stringify(document)) as Record<string, unknown>;
/** A summary as stored: the schema's, with the time of its last write. */
const stored = (thread: ConversationThread) => ({ ...plain(thread), changedAt: FieldValue.serverTimestamp() });
/** A summary as read: the schema's. */
const threadOf = (data: DocumentData): ConversationThread => {
  const { changedAt: _changedAt, ...thread } = data;
  return thread as ConversationThread;
};
/** How far back a listener asks for changes when it starts: writes whose time Firestore had not yet settled. */
const LISTEN_MARGIN_MS = 60_000;
/** Firestore's `in` takes 30 values a query. */
const IN_LIMIT = 30;

export class FirestoreConversationStore implements ConversationStore {
  constructor(
    private readonly firestore: Firestore,
    private readonly options: { onClose?: () => Promise<void> } = {},
  ) {}

  private conversations(tenantId: string) {
    return this.firestore.collection('vendors').doc(tenantId).collection('conversations');
  }

  private messages(tenantId: string, quoteId: string) {
    return this.conversations(tenantId).doc(quoteId).collection('messages');
  }

  async post(message: ConversationMessage): Promise<ConversationThread> {
    const checked = checkedMessage(message);
    const threadRef = this.conversations(checked.tenantId).doc(checked.quoteId);
    const messageRef = this.messages(checked.tenantId, checked.quoteId).doc(checked.id);
    return this.firestore.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(threadRef);
      const thread = checkedThread(threadAfter(snapshot.exists ? threadOf(snapshot.data()!) : undefined, checked));
      // create() fails when the id is taken: an id is never given twice.
      transaction.create(messageRef, plain(checked)).set(threadRef, stored(thread));
      return thread;
    });
  }

  async page(
    tenantId: string,
    quoteId: string,
    { before, limit }: { before?: string; limit: number },
  ): Promise<ConversationPage> {
    let query = this.messages(tenantId, quoteId).orderBy('id', 'desc');
    if (before !== undefined) query = query.where('id', '<', before);
    const docs = (await query.limit(limit + 1).get()).docs;
    const shown = docs
      .slice(0, limit)
      .map((doc) => doc.data() as ConversationMessage)
      .reverse();
    return { messages: shown, ...(docs.length > limit && { earlier: shown[0]!.id }) };
  }

  async message(tenantId: string, quoteId: string, id: string): Promise<ConversationMessage | undefined> {
    const snapshot = await this.messages(tenantId, quoteId).doc(id).get();
    return snapshot.exists ? (snapshot.data() as ConversationMessage) : undefined;
  }

  async thread(tenantId: string, quoteId: string): Promise<ConversationThread | undefined> {
    const snapshot = await this.conversations(tenantId).doc(quoteId).get();
    return snapshot.exists ? threadOf(snapshot.data()!) : undefined;
  }

  async threads(tenantId: string, quoteIds: readonly string[]): Promise<ConversationThread[]> {
    const refs = quoteIds.map((quoteId) => this.conversations(tenantId).doc(quoteId));
    const batches = [];
    for (let i = 0; i < refs.length; i += IN_LIMIT) batches.push(refs.slice(i, i + IN_LIMIT));
    const found = await Promise.all(batches.map((batch) => this.firestore.getAll(...batch)));
    return found.flat().flatMap((snapshot) => (snapshot.exists ? [threadOf(snapshot.data()!)] : []));
  }

  async unreadByHouse(tenantId: string): Promise<ConversationThread[]> {
    const snapshot = await this.conversations(tenantId).where('unread.house', '>', 0).get();
    return snapshot.docs
      .map((doc) => threadOf(doc.data()))
      .sort((a, b) => b.lastAt.localeCompare(a.lastAt) || a.quoteId.localeCompare(b.quoteId))
      .slice(0, UNREAD_THREADS_LISTED);
  }

  private change(tenantId: string, quoteId: string, next: (thread: ConversationThread) => ConversationThread) {
    const ref = this.conversations(tenantId).doc(quoteId);
    return this.firestore.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(ref);
      if (!snapshot.exists) return undefined;
      const thread = checkedThread(next(threadOf(snapshot.data()!)));
      transaction.set(ref, stored(thread));
      return thread;
    });
  }

  markRead(tenantId: string, quoteId: string, side: ConversationSide, at: string) {
    return this.change(tenantId, quoteId, (thread) => threadRead(thread, side, at));
  }

  markDone(tenantId: string, quoteId: string, at: string | undefined) {
    return this.change(tenantId, quoteId, (thread) => threadDone(thread, at));
  }

  /** The conversations of a tenant written since `millis` (Firestore's time): what a listener asks for. */
  changedSince(tenantId: string, millis: number) {
    return this.conversations(tenantId).where('changedAt', '>=', Timestamp.fromMillis(millis));
  }

  subscribe(tenantId: string, listener: (thread: ConversationThread) => void): () => void {
    let first = true;
    // Only the conversations written since it starts (less a margin), never the house's whole history.
    return this.changedSince(tenantId, Date.now() - LISTEN_MARGIN_MS).onSnapshot(
      (snapshot) => {
        // The first snapshot is what was written before it started; after it, each conversation added or changed.
        if (first) return void (first = false);
        for (const change of snapshot.docChanges())
          if (change.type !== 'removed') listener(threadOf(change.doc.data()));
      },
      () => undefined,
    );
  }

  async close(): Promise<void> {
    await this.options.onClose?.();
  }
}
