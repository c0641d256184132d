/**
 * Conversations in Cloud Firestore through firebase-admin:
 *
 *   vendors/{tenantId}/conversations/{quoteId}                 the summary (schema's conversationThread)
 *   vendors/{tenantId}/conversations/{quoteId}/messages/{id}   each message, as its schema has it
 *
 * A message and its summary are one transaction (two messages at once on two servers: both count).
 * The house's unread conversations are asked by `unread.house > 0` (one field's range: no composite
 * index) and put latest first here.
 */
import type { Firestore } from 'firebase-admin/firestore';
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
      const thread = checkedThread(
        threadAfter(snapshot.exists ? (snapshot.data() as ConversationThread) : undefined, checked),
      );
      // create() fails when the id is taken: an id is never given twice.
      transaction.create(messageRef, plain(checked)).set(threadRef, plain(thread));
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
    return snapshot.exists ? (snapshot.data() as ConversationThread) : undefined;
  }

  async threads(tenantId: string, quoteIds: readonly string[]): Promise<ConversationThread[]> {
    const refs = quoteIds.map((quoteId) => this.conversations(tenantId).doc(quoteId));
    const batches = [];
    for (let i = 0; i < refs.length; i += IN_LIMIT) batches.push(refs.slice(i, i + IN_LIMIT));
    const found = await Promise.all(batches.map((batch) => this.firestore.getAll(...batch)));
    return found.flat().flatMap((snapshot) => (snapshot.exists ? [snapshot.data() as ConversationThread] : []));
  }

  async unreadByHouse(tenantId: string): Promise<ConversationThread[]> {
    const snapshot = await this.conversations(tenantId).where('unread.house', '>', 0).get();
    return snapshot.docs
      .map((doc) => doc.data() as ConversationThread)
      .sort((a, b) => b.lastAt.localeCompare(a.lastAt) || a.quoteId.localeCompare(b.quoteId))
      .slice(0, UNREAD_THREADS_LISTED);
  }

  private change(tenantId: string, quoteId: string, next: (thread: ConversationThread) => ConversationThread) {
    const ref = this.conversations(tenantId).doc(quoteId);
    return this.firestore.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(ref);
      if (!snapshot.exists) return undefined;
      const thread = checkedThread(next(snapshot.data() as ConversationThread));
      transaction.set(ref, plain(thread));
      return thread;
    });
  }

  markRead(tenantId: string, quoteId: string, side: ConversationSide, at: string) {
    return this.change(tenantId, quoteId, (thread) => threadRead(thread, side, at));
  }

  markDone(tenantId: string, quoteId: string, at: string | undefined) {
    return this.change(tenantId, quoteId, (thread) => threadDone(thread, at));
  }

  subscribe(tenantId: string, listener: (thread: ConversationThread) => void): () => void {
    let first = true;
    return this.conversations(tenantId).onSnapshot(
      (snapshot) => {
        // The first snapshot is what exists already; after it, each conversation added or changed.
        if (first) return void (first = false);
        for (const change of snapshot.docChanges())
          if (change.type !== 'removed') listener(change.doc.data() as ConversationThread);
      },
      () => undefined,
    );
  }

  async close(): Promise<void> {
    await this.options.onClose?.();
  }
}
