/**
 * A conversation's rules, pure (both stores and the browser run them): what a new message, a read
 * and "done" do to a thread's summary, and the message ids that sort as the messages were written.
 */
import type { ConversationMessage, ConversationThread } from '../types.generated';

export type ConversationSide = ConversationMessage['side'];

/** The side that reads what `side` writes. */
export const otherSide = (side: ConversationSide): ConversationSide => (side === 'house' ? 'production' : 'house');

/** Messages a page holds at most. */
export const MESSAGES_PER_PAGE = 50;

/**
 * A new message's id: its time in milliseconds (base 36, 9 digits: until the year 5188), then 16
 * random hex digits, so ids sort by time and two messages in the same millisecond never share one.
 */
export function messageId(at: Date, random: () => string): string {
  return at.getTime().toString(36).padStart(9, '0') + random();
}

/**
 * The thread after `message` is kept: one more, the last, the other side has one more unread. The
 * writer has read everything up to it. A production writing on a thread marked done opens it.
 */
export function threadAfter(thread: ConversationThread | undefined, message: ConversationMessage): ConversationThread {
  const reader = otherSide(message.side);
  const { doneAt, ...open } = thread ?? {
    tenantId: message.tenantId,
    quoteId: message.quoteId,
    messages: 0,
    lastAt: message.createdAt,
    lastSide: message.side,
    unread: { production: 0, house: 0 },
  };
  return {
    ...open,
    messages: open.messages + 1,
    lastAt: message.createdAt,
    lastSide: message.side,
    unread: { ...open.unread, [reader]: open.unread[reader] + 1, [message.side]: 0 },
    readAt: { ...open.readAt, [message.side]: message.createdAt },
    ...(doneAt !== undefined && message.side === 'house' && { doneAt }),
  };
}

/** The thread once `side` has read it at `at`: nothing unread for it. */
export function threadRead(thread: ConversationThread, side: ConversationSide, at: string): ConversationThread {
  const readAt = thread.readAt?.[side];
  return {
    ...thread,
    unread: { ...thread.unread, [side]: 0 },
    readAt: { ...thread.readAt, [side]: readAt !== undefined && readAt > at ? readAt : at },
  };
}

/** The thread marked done at `at` by the house (it has read it then), or open again (`at` undefined). */
export function threadDone(thread: ConversationThread, at: string | undefined): ConversationThread {
  const { doneAt: _was, ...open } = thread;
  return at === undefined ? open : { ...threadRead(open, 'house', at), doneAt: at };
}

/** Whether the other side has read `message` (its time is at or before that side's last read). */
export const readByOther = (thread: ConversationThread | undefined, message: ConversationMessage) => {
  const readAt = thread?.readAt?.[otherSide(message.side)];
  return readAt !== undefined && readAt >= message.createdAt;
};

/** Whether a conversation told live has messages a page showing `known` of them has not (else only its reads or done changed). */
export const hasNewMessages = (told: Pick<ConversationThread, 'messages'>, known: number | undefined) =>
  told.messages > (known ?? 0);

/**
 * What a page showing `known` messages for `side` does with a conversation told live: take the
 * summary only (a read, done), read the newest messages quietly (its own side wrote them, on this
 * page or another: this page's own are shown already, once), or read them and say one arrived.
 */
export function liveChange(
  told: Pick<ConversationThread, 'messages' | 'lastSide'>,
  known: number | undefined,
  side: ConversationSide,
): 'summary' | 'quiet' | 'announce' {
  if (!hasNewMessages(told, known)) return 'summary';
  return told.lastSide === side ? 'quiet' : 'announce';
}

/** The messages a page shows with the newest page read again: each once, oldest first (ids sort as they were written). */
export function withNewest<Message extends Pick<ConversationMessage, 'id'>>(
  shown: readonly Message[],
  newest: readonly Message[],
): Message[] {
  const byId = new Map(shown.map((message) => [message.id, message]));
  for (const message of newest) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
