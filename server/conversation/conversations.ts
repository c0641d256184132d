/**
 * The conversation on a quote request or order, on the server: a message kept with its summary,
 * then mailed to the other side with the link back; a page read marks the conversation read for
 * the side reading it; the house marks it done. Messages never change the request (its state, its
 * revision): they live in their own store beside it.
 *
 * No Fastify here: server/routes/api/conversations.ts hands in the request, already checked as the
 * asker's (the visitor's own, or the house's), and who writes.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { MESSAGES_PER_PAGE, messageId, otherSide, type ConversationSide } from '../../schema/conversation/threads';
import { ATTACHMENTS_MAX_BYTES } from '../../schema/conversation/attachments';
import { certificateKind } from '../../schema/rental/insurance';
import { plainText } from '../../schema/plain-text';
import type {
  ConversationMessage,
  ConversationThread,
  MessageAttachment,
  MessageInput,
  QuoteRequest,
} from '../../schema/types.generated';
import type { AssetStore } from '../assets/asset-store';
import { checkedKind, type DocumentCheck } from '../lib/document-check';
import { FieldProblemsError } from '../stores/field-problems';
import { conversationMessageMail } from '../mail/messages';
import { sendTenantMail, TO_HOUSE, type TenantMailParts } from '../mail/tenant-mail';
import type { ConversationPage, ConversationStore } from '../stores/conversation-store';

/** Messages read a page at a time for a request's record. */
const RECORD_PAGE = 500;

const hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

export interface ConversationDeps {
  store: ConversationStore;
  /** Where attachments are kept: the tenant's private documents. */
  assets: Pick<AssetStore, 'write' | 'read'>;
  /** Whether a file opens as what it starts like (a PDF a reader opens, an image that decodes). */
  documentCheck: DocumentCheck;
  mail: TenantMailParts;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/** A page of the conversation as its reader gets it: the summary (read now, when this is the newest page) and the messages. */
export interface ConversationView extends ConversationPage {
  thread: ConversationThread | undefined;
}

export type ThreadListener = (thread: ConversationThread) => void;

export class Conversations {
  private readonly now: () => Date;
  /** One store subscription per tenant on this server, shared by every open page's stream. */
  private readonly listening = new Map<string, { stop: () => void; listeners: Set<ThreadListener> }>();

  constructor(private readonly deps: ConversationDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Hears each of the tenant's conversations as it changes (a message, a read, done); returns the unsubscribe. */
  listen(tenantId: string, listener: ThreadListener): () => void {
    let tenant = this.listening.get(tenantId);
    if (!tenant) {
      const listeners = new Set<ThreadListener>();
      const stop = this.deps.store.subscribe(tenantId, (thread) => {
        for (const each of listeners) each(thread);
      });
      this.listening.set(tenantId, (tenant = { stop, listeners }));
    }
    const { listeners } = tenant;
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size || this.listening.get(tenantId)?.listeners !== listeners) return;
      this.listening.delete(tenantId);
      tenant.stop();
    };
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

  /**
   * Keeps what `author` wrote for `side` (its files first: each told by its bytes and opened, then
   * written, so a message never names a file that is not there), and mails the other side (a mail
   * that fails is logged: the message is kept).
   */
  async write(
    request: QuoteRequest,
    side: ConversationSide,
    author: ConversationMessage['author'],
    input: MessageInput,
  ): Promise<{ message: ConversationMessage; thread: ConversationThread }> {
    const attachments = await this.keepAttachments(request, input.attachments ?? []);
    const at = this.now();
    const message: ConversationMessage = {
      id: messageId(at, () => randomBytes(8).toString('hex')),
      tenantId: request.tenantId,
      quoteId: request.id,
      side,
      author,
      text: input.text,
      createdAt: at.toISOString(),
      ...(attachments.length && { attachments }),
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

  /** Checks every file, then keeps them all; field problems name each file that cannot be kept and why. */
  private async keepAttachments(
    request: QuoteRequest,
    files: NonNullable<MessageInput['attachments']>,
  ): Promise<MessageAttachment[]> {
    const read = files.map((file) => ({ ...file, bytes: Buffer.from(file.data, 'base64') }));
    const total = read.reduce((sum, file) => sum + file.bytes.length, 0);
    const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    if (total > ATTACHMENTS_MAX_BYTES)
      throw new FieldProblemsError(
        [
          {
            pointer: '/attachments',
            message: `are ${megabytes(total)} together: at most ${megabytes(ATTACHMENTS_MAX_BYTES)}`,
          },
        ],
        'Not sent: the files are too large',
      );
    const problems: Array<{ pointer: string; message: string }> = [];
    const kinds = await Promise.all(
      read.map(async (file, index) => {
        const kind = certificateKind(file.bytes);
        const unreadable = kind
          ? await this.deps.documentCheck(request.tenantId, file.bytes, checkedKind(kind.type))
          : `is not a PDF, PNG or JPEG`;
        if (unreadable)
          problems.push({ pointer: `/attachments/${index}/data`, message: `${file.fileName} ${unreadable}` });
        return kind;
      }),
    );
    if (problems.length) throw new FieldProblemsError(problems, 'Not sent: a file cannot be kept');
    const scope = hex(`${request.tenantId}/${request.id}`).slice(0, 8);
    return Promise.all(
      read.map(async (file, index) => {
        const kind = kinds[index]!;
        const stored = `msg-${scope}-${hex(file.bytes).slice(0, 16)}.${kind.extension}`;
        await this.deps.assets.write(request.tenantId, 'documents', stored, file.bytes);
        return {
          file: stored,
          fileName: plainText(file.fileName).trim().slice(0, 200) || stored,
          contentType: kind.type,
          size: file.bytes.length,
        };
      }),
    );
  }

  /** Every message of the conversation, oldest first, with its summary: for the request's record. */
  async everything(request: QuoteRequest): Promise<{ thread?: ConversationThread; messages: ConversationMessage[] }> {
    const { store } = this.deps;
    const pages: ConversationMessage[][] = [];
    let before: string | undefined;
    do {
      const page = await store.page(request.tenantId, request.id, { before, limit: RECORD_PAGE });
      pages.unshift(page.messages);
      before = page.earlier;
    } while (before);
    const thread = await store.thread(request.tenantId, request.id);
    return { ...(thread && { thread }), messages: pages.flat() };
  }

  /** A message's file `n` and its bytes, or undefined when there is none (or its file is gone). */
  async attachment(
    request: QuoteRequest,
    id: string,
    n: number,
  ): Promise<{ attachment: MessageAttachment; bytes: Buffer } | undefined> {
    const message = await this.deps.store.message(request.tenantId, request.id, id);
    const attachment = message?.attachments?.[n];
    const bytes = attachment && (await this.deps.assets.read(request.tenantId, 'documents', attachment.file));
    return bytes ? { attachment, bytes } : undefined;
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
