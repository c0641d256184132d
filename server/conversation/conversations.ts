/**
 * The conversation on a quote request or order, on the server: a message kept with its summary,
 * then mailed to the other side with the link back; a page read marks the conversation read for
 * the side reading it; the house marks it done. Messages never change the request (its state, its
 * revision): they live in their own store beside it.
 *
 * No Fastify here: server/routes/api/conversations.ts hands in the request, already checked as the
 * asker's (the visitor's own, or the house's), and who writes.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { MESSAGES_PER_PAGE, messageId, otherSide, type ConversationSide } from '../../schema/conversation/threads';
import type { ConversationMessage, ConversationThread, QuoteRequest } from '../../schema/types.generated';
import { conversationMessageMail } from '../mail/messages';
import { sendTenantMail, TO_HOUSE, type TenantMailParts } from '../mail/tenant-mail';
import type { ConversationPage, ConversationStore } from '../stores/conversation-store';

export interface ConversationDeps {
  store: ConversationStore;
  mail: TenantMailParts;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/** A page of the conversation as its reader gets it: the summary (read now, when this is the newest page) and the messages. */
export interface ConversationView extends ConversationPage {
  thread: ConversationThread | undefined;
}

export class Conversations {
  private readonly now: () => Date;

  constructor(private readonly deps: ConversationDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** The newest page (marked read for `side`), or the page before the message `before`. */
  async read(request: QuoteRequest, side: ConversationSide, before?: string): Promise<ConversationView> {
    const { store } = this.deps;
    const [page, thread] = await Promise.all([
      store.page(request.tenantId, request.id, { before, limit: MESSAGES_PER_PAGE }),
      store.thread(request.tenantId, request.id),
    ]);
    const unread = before === undefined && thread !== undefined && thread.unread[side] > 0;
    const read = unread ? await store.markRead(request.tenantId, request.id, side, this.now().toISOString()) : thread;
    return { ...page, thread: read };
  }

  /** Keeps what `author` wrote for `side`, and mails the other side (a mail that fails is logged: the message is kept). */
  async write(
    request: QuoteRequest,
    side: ConversationSide,
    author: ConversationMessage['author'],
    text: string,
  ): Promise<{ message: ConversationMessage; thread: ConversationThread }> {
    const at = this.now();
    const message: ConversationMessage = {
      id: messageId(at, () => randomBytes(8).toString('hex')),
      tenantId: request.tenantId,
      quoteId: request.id,
      side,
      author,
      text,
      createdAt: at.toISOString(),
    };
    const thread = await this.deps.store.post(message);
    const to = otherSide(side) === 'house' ? TO_HOUSE : request.email;
    await sendTenantMail(this.deps.mail, request.tenantId, to, (configuration) =>
      conversationMessageMail(configuration, request, message),
    ).catch((error: unknown) =>
      this.deps.log.error(
        { err: error, tenantId: request.tenantId, quoteRequest: request.id, message: message.id },
        'conversation: the other side could not be mailed (the message is kept)',
      ),
    );
    return { message, thread };
  }

  /** Marked done by the house now, or open again; undefined when the request has no conversation. */
  done(request: QuoteRequest, done: boolean): Promise<ConversationThread | undefined> {
    const at = done ? this.now().toISOString() : undefined;
    return this.deps.store.markDone(request.tenantId, request.id, at);
  }

  /** The house's conversations with messages it has not read, the latest first. */
  unreadByHouse(tenantId: string): Promise<ConversationThread[]> {
    return this.deps.store.unreadByHouse(tenantId);
  }

  /** Per request of `quoteIds` with a conversation, what the production has not read. */
  async unreadByProduction(tenantId: string, quoteIds: readonly string[]): Promise<Map<string, number>> {
    const threads = await this.deps.store.threads(tenantId, quoteIds);
    return new Map(threads.map((thread) => [thread.quoteId, thread.unread.production]));
  }
}
