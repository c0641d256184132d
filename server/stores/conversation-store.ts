/**
 * The ConversationStore port: the messages on a quote request or order between its production and
 * the house (schema/conversation.schema.json), and each conversation's summary (count, last, what
 * each side has not read, done). A message and its summary are written together, so two messages
 * at once on two servers both count. Adapters: `sqlite-conversation-store.ts` (embedded default) and
 * `firestore-conversation-store.ts`; one contract (`tests/contract/conversation-store.contract.ts`).
 */
import { schemaIds } from '../../schema/documents';
import type { ConversationSide } from '../../schema/conversation/threads';
import type { ConversationMessage, ConversationThread } from '../../schema/types.generated';
import { schemaChecked } from './schema-checked';

/** A page of a conversation, oldest first, and the cursor for the page before it when there is one. */
export interface ConversationPage {
  messages: ConversationMessage[];
  /** The id to ask `before` for the earlier messages; absent on the first page of the conversation. */
  earlier?: string;
}

export interface ConversationStore {
  /** Keeps a message (its id new) and brings its conversation's summary up to date with it, in one write. */
  post(message: ConversationMessage): Promise<ConversationThread>;
  /** The newest `limit` messages before the message `before` (or the newest), oldest first. */
  page(tenantId: string, quoteId: string, options: { before?: string; limit: number }): Promise<ConversationPage>;
  /** One message, by its id. */
  message(tenantId: string, quoteId: string, id: string): Promise<ConversationMessage | undefined>;
  thread(tenantId: string, quoteId: string): Promise<ConversationThread | undefined>;
  /** The summaries of those of `quoteIds` that have a conversation. */
  threads(tenantId: string, quoteIds: readonly string[]): Promise<ConversationThread[]>;
  /** Conversations with messages the house has not read, the latest first (200 at most). */
  unreadByHouse(tenantId: string): Promise<ConversationThread[]>;
  /** `side` has read the conversation at `at`; undefined when there is none. */
  markRead(
    tenantId: string,
    quoteId: string,
    side: ConversationSide,
    at: string,
  ): Promise<ConversationThread | undefined>;
  /** Marked done by the house at `at`, or open again (`at` undefined); undefined when there is none. */
  markDone(tenantId: string, quoteId: string, at: string | undefined): Promise<ConversationThread | undefined>;
  /**
   * Hears each conversation of a tenant as it changes (a message, a read, done), written through
   * any server on the adapters that share one store; the listener gets the summary as written.
   * Returns the unsubscribe.
   */
  subscribe(tenantId: string, listener: (thread: ConversationThread) => void): () => void;
  close(): Promise<void>;
}

/** How many unread conversations a house's list holds at most. */
export const UNREAD_THREADS_LISTED = 200;

export const checkedMessage = schemaChecked<ConversationMessage>(schemaIds.conversation, 'a message');
export const checkedThread = schemaChecked<ConversationThread>(
  `${schemaIds.conversation}#/$defs/conversationThread`,
  'a conversation',
);
