/**
 * The conversation on a quote request or order (server/conversation), for the two who are in it:
 * - GET  /api/quotes/:id/messages                              the visitor, on their own request (marks it read)
 * - POST /api/quotes/:id/messages                              …writes to the house (mailed to it)
 * - GET  /api/tenants/:tenantId/quote-requests/:id/messages    the house (tenant admins, staff)
 * - POST /api/tenants/:tenantId/quote-requests/:id/messages    …writes to the production (mailed to it)
 * - PUT  /api/tenants/:tenantId/quote-requests/:id/messages/done   marks it done, or open again
 * - GET  /api/tenants/:tenantId/conversations/unread           the house's unread conversations
 * - GET  /api/quotes/:id/messages/events                       the visitor's conversation, live (SSE)
 * - GET  /api/tenants/:tenantId/conversations/events           each of the house's, live (SSE)
 * - GET  /api/tenants/:tenantId/quote-requests/:id/record.json  the request as stored, with its
 *                                                               whole conversation (the order's record)
 * - GET  …/messages/:messageId/attachments/:n                 a message's file, to either side
 * `?before=<message id>` reads the page before that message. Files (PDF, PNG, JPEG; 10 MB a
 * message) go with a message in its body, and come back as attachments, never shown inline. Another visitor's request answers
 * 403; messages are text (shown as text on both sides) and never change the request.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { schemaIds } from '../../../schema/documents';
import type { ConversationThread, MessageInput, QuoteRequest } from '../../../schema/types.generated';
import { eventStreams } from '../../lib/event-stream';
import type { ConversationView } from '../../conversation';
import { UnknownQuoteError } from '../../stores/quote-request-store';
import { CERTIFICATE_BODY_LIMIT } from '../../lib/body-limits';
import { sendPrivateFile } from './private-file';
import { tenantParams } from './tenants/params';
import { visitorHere } from './visitor-here';
import { fetchHeaders } from '../../plugins/app/accounts';

const SIGN_IN = 'Log in on this storefront to read and write messages on your requests.';
/** Messages a visitor may send a minute, from one session. */
const VISITOR_MESSAGES_PER_MINUTE = 20;

const idProperty = { $ref: `${schemaIds.quoteRequest}#/properties/id` } as const;
const visitorParams = { type: 'object', required: ['id'], properties: { id: idProperty } } as const;
const houseParams = {
  ...tenantParams,
  required: [...tenantParams.required, 'id'],
  properties: { ...tenantParams.properties, id: idProperty },
} as const;
const pageQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    before: {
      ...{ $ref: `${schemaIds.conversation}#/properties/id` },
      description: 'The page of messages before this one (the `earlier` of the page read)',
    },
  },
} as const;
const body = { $ref: `${schemaIds.conversation}#/$defs/messageInput` } as const;
const thread = { $ref: `${schemaIds.conversation}#/$defs/conversationThread` } as const;
const message = { $ref: schemaIds.conversation } as const;
const pageSchema = {
  type: 'object',
  required: ['messages'],
  properties: {
    thread,
    messages: { type: 'array', items: message },
    earlier: { type: 'string', description: 'Ask `before` this id for the page before; absent on the first page' },
  },
} as const;
const writtenSchema = { type: 'object', required: ['message', 'thread'], properties: { message, thread } } as const;

class AnotherVisitorsRequestError extends Error {
  readonly statusCode = 403;
  constructor() {
    super('This request is another visitor’s: only the production that asked, and the house, can read or write here.');
  }
}

/**
 * A conversation as its production sees it, field by field: the house's messages name who wrote
 * them, never their staff account's id.
 */
const visitorsView = (view: ConversationView) => ({
  ...view,
  messages: view.messages.map((message) =>
    message.side === 'house' ? { ...message, author: { name: message.author.name } } : message,
  ),
});

class NoAttachmentError extends Error {
  readonly statusCode = 404;
  constructor() {
    super('No such file on this message.');
  }
}

const fileParams = (params: { required: readonly string[]; properties: object }) =>
  ({
    type: 'object',
    required: [...params.required, 'messageId', 'n'],
    properties: {
      ...params.properties,
      messageId: { $ref: `${schemaIds.conversation}#/properties/id` },
      n: { type: 'string', pattern: '^[0-2]$', description: 'The file’s place on the message, from 0' },
    },
  }) as const;
const fileDocs = {
  success: { description: 'The file as it was sent (a PDF, PNG or JPEG), as an attachment' },
  errors: { 404: 'No such request, message or file' },
};

class NoConversationError extends Error {
  readonly statusCode = 404;
  constructor() {
    super('No message on this request yet: there is no conversation to mark.');
  }
}

const conversationRoutes: FastifyPluginAsync = async (app) => {
  const tags = ['conversations'];

  const visitorsRequest = async (request: FastifyRequest): Promise<QuoteRequest> => {
    const { id } = request.params as { id: string };
    const { user } = await visitorHere(app, request, SIGN_IN);
    const quote = await app.quoteRequests.get(request.tenantId, id);
    if (!quote) throw new UnknownQuoteError(id);
    if (quote.uid !== user.uid) throw new AnotherVisitorsRequestError();
    return quote;
  };
  const housesRequest = async (request: FastifyRequest): Promise<QuoteRequest> => {
    const { tenantId, id } = request.params as { tenantId: string; id: string };
    const quote = await app.quoteRequests.get(tenantId, id);
    if (!quote) throw new UnknownQuoteError(id);
    return quote;
  };
  const before = (request: FastifyRequest) => (request.query as { before?: string }).before;

  app.get(
    '/api/quotes/:id/messages',
    {
      schema: {
        tags,
        summary: 'The conversation on one of the visitor’s requests, newest page first (read by them now)',
        params: visitorParams,
        querystring: pageQuery,
      },
      config: {
        docs: {
          success: { schema: pageSchema },
          errors: { 401: 'Nobody is signed in', 403: 'Another visitor’s request', 404: 'No such request' },
        },
      },
    },
    async (request, reply) => {
      const quote = await visitorsRequest(request);
      void reply.header('cache-control', 'no-store');
      return visitorsView(await app.conversations.read(quote, 'production', before(request)));
    },
  );

  app.post(
    '/api/quotes/:id/messages',
    {
      bodyLimit: CERTIFICATE_BODY_LIMIT,
      schema: { tags, summary: 'Write to the house on one of the visitor’s requests', params: visitorParams, body },
      config: {
        rateLimit: {
          max: VISITOR_MESSAGES_PER_MINUTE,
          timeWindow: '1 minute',
          // The signed-in visitor, not the Cookie header (which a client may vary at will); no one, the address.
          keyGenerator: async (request: FastifyRequest) => {
            const user = await app.identity.userOf(fetchHeaders(request)).catch(() => undefined);
            return `${request.host} ${user?.uid ?? request.ip}`;
          },
        },
        docs: {
          success: { status: 201, schema: writtenSchema, description: 'Kept, and mailed to the house' },
          errors: {
            400: 'No text, more than 4,000 characters, or a file that is not a PDF, PNG or JPEG (10 MB together)',
            401: 'Nobody is signed in',
            403: 'Another visitor’s request',
            404: 'No such request',
            429: 'Too many messages in a minute: wait a moment',
          },
        },
      },
    },
    async (request, reply) => {
      const quote = await visitorsRequest(request);
      const author = { id: quote.uid, name: quote.name ?? quote.email };
      const written = await app.conversations.write(quote, 'production', author, request.body as MessageInput);
      return reply.code(201).send(written);
    },
  );

  app.get(
    '/api/tenants/:tenantId/quote-requests/:id/messages',
    {
      onRequest: app.requireTenant,
      schema: {
        tags,
        summary: 'The conversation on a request, newest page first (read by the house now)',
        params: houseParams,
        querystring: pageQuery,
      },
      config: { docs: { success: { schema: pageSchema }, errors: { 404: 'No such request' } } },
    },
    async (request, reply) => {
      const quote = await housesRequest(request);
      void reply.header('cache-control', 'no-store');
      return app.conversations.read(quote, 'house', before(request));
    },
  );

  app.post(
    '/api/tenants/:tenantId/quote-requests/:id/messages',
    {
      onRequest: app.requireTenant,
      bodyLimit: CERTIFICATE_BODY_LIMIT,
      schema: { tags, summary: 'Write to the production on a request', params: houseParams, body },
      config: {
        docs: {
          success: { status: 201, schema: writtenSchema, description: 'Kept, and mailed to the production' },
          errors: {
            400: 'No text, more than 4,000 characters, or a file that is not a PDF, PNG or JPEG (10 MB together)',
            404: 'No such request',
          },
        },
      },
    },
    async (request, reply) => {
      const quote = await housesRequest(request);
      const { id, name } = request.account!;
      const written = await app.conversations.write(quote, 'house', { id, name }, request.body as MessageInput);
      request.log.info({ tenantId: quote.tenantId, quoteRequest: quote.id, actor: request.account!.email }, 'message');
      return reply.code(201).send(written);
    },
  );

  app.put(
    '/api/tenants/:tenantId/quote-requests/:id/messages/done',
    {
      onRequest: app.requireTenant,
      schema: {
        tags,
        summary: 'Mark a request’s conversation done (or open again)',
        params: houseParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['done'],
          properties: { done: { type: 'boolean' } },
        },
      },
      config: { docs: { success: { schema: thread }, errors: { 404: 'No such request, or no message on it yet' } } },
    },
    async (request) => {
      const quote = await housesRequest(request);
      const marked = await app.conversations.done(quote, (request.body as { done: boolean }).done);
      if (!marked) throw new NoConversationError();
      return marked;
    },
  );

  const sendFile = async (reply: FastifyReply, quote: QuoteRequest, params: { messageId: string; n: string }) => {
    const found = await app.conversations.attachment(quote, params.messageId, Number(params.n));
    if (!found) throw new NoAttachmentError();
    return sendPrivateFile(reply, found.attachment, found.bytes);
  };
  app.get(
    '/api/quotes/:id/messages/:messageId/attachments/:n',
    {
      schema: {
        tags,
        summary: 'A file sent with a message on one of the visitor’s requests',
        params: fileParams(visitorParams),
      },
      config: {
        docs: {
          ...fileDocs,
          errors: { ...fileDocs.errors, 401: 'Nobody is signed in', 403: 'Another visitor’s request' },
        },
      },
    },
    async (request, reply) =>
      sendFile(reply, await visitorsRequest(request), request.params as { messageId: string; n: string }),
  );
  app.get(
    '/api/tenants/:tenantId/quote-requests/:id/messages/:messageId/attachments/:n',
    {
      onRequest: app.requireTenant,
      schema: { tags, summary: 'A file sent with a message on a request', params: fileParams(houseParams) },
      config: { docs: fileDocs },
    },
    async (request, reply) =>
      sendFile(reply, await housesRequest(request), request.params as { messageId: string; n: string }),
  );

  app.get(
    '/api/tenants/:tenantId/quote-requests/:id/record.json',
    {
      onRequest: app.requireTenant,
      schema: {
        tags,
        summary: 'The request as stored (its history, versions and hire) with its whole conversation, to keep',
        params: houseParams,
      },
      config: {
        docs: {
          success: { description: 'JSON, as an attachment: { request, conversation: { thread, messages } }' },
          errors: { 404: 'No such request' },
        },
      },
    },
    async (request, reply) => {
      const quote = await housesRequest(request);
      const conversation = await app.conversations.everything(quote);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${quote.id.replace(/[^\w.-]+/g, '_')}-record.json"`)
        .header('cache-control', 'private, no-store')
        .send(JSON.stringify({ request: quote, conversation }, null, 2));
    },
  );

  app.get(
    '/api/tenants/:tenantId/conversations/unread',
    {
      onRequest: app.requireTenant,
      schema: {
        tags,
        summary: 'The house’s conversations with messages it has not read, latest first',
        params: tenantParams,
      },
      config: {
        docs: { success: { schema: { type: 'object', properties: { threads: { type: 'array', items: thread } } } } },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { threads: await app.conversations.unreadByHouse((request.params as { tenantId: string }).tenantId) };
    },
  );

  // Live: each conversation's summary as it changes (a message, a read, done), whichever server wrote it.
  const startStream = eventStreams(app);
  const liveDocs = {
    success: {
      description: 'A `thread` event with the conversation’s summary each time it changes',
      contentTypes: ['text/event-stream'],
    },
  };
  app.get(
    '/api/quotes/:id/messages/events',
    {
      schema: { tags, summary: 'The conversation on one of the visitor’s requests, live', params: visitorParams },
      config: {
        docs: {
          ...liveDocs,
          errors: {
            401: 'Nobody is signed in',
            403: 'Another visitor’s request',
            404: 'No such request',
            429: 'This session already holds the most live streams it may',
          },
        },
      },
    },
    async (request, reply) => {
      const quote = await visitorsRequest(request);
      const stream = startStream<{ thread: ConversationThread }>(request, reply);
      stream.onEnd(
        app.conversations.listen(quote.tenantId, (changed) => {
          if (changed.quoteId === quote.id) stream.send('thread', changed);
        }),
      );
    },
  );

  app.get(
    '/api/tenants/:tenantId/conversations/events',
    {
      onRequest: app.requireTenant,
      schema: { tags, summary: 'The house’s conversations as they change, live', params: tenantParams },
      config: { docs: { ...liveDocs, errors: { 429: 'This session already holds the most live streams it may' } } },
    },
    async (request, reply) => {
      const stream = startStream<{ thread: ConversationThread }>(request, reply);
      stream.onEnd(
        app.conversations.listen((request.params as { tenantId: string }).tenantId, (changed) =>
          stream.send('thread', changed),
        ),
      );
    },
  );
};

export default conversationRoutes;
