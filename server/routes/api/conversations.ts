/**
 * The conversation on a quote request or order (server/conversation), for the two who are in it:
 * - GET  /api/quotes/:id/messages                              the visitor, on their own request (marks it read)
 * - POST /api/quotes/:id/messages                              …writes to the house (mailed to it)
 * - GET  /api/tenants/:tenantId/quote-requests/:id/messages    the house (tenant admins, staff)
 * - POST /api/tenants/:tenantId/quote-requests/:id/messages    …writes to the production (mailed to it)
 * - PUT  /api/tenants/:tenantId/quote-requests/:id/messages/done   marks it done, or open again
 * - GET  /api/tenants/:tenantId/conversations/unread           the house's unread conversations
 * `?before=<message id>` reads the page before that message. Another visitor's request answers
 * 403; messages are text (shown as text on both sides) and never change the request.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { schemaIds } from '../../../schema/documents';
import type { MessageInput, QuoteRequest } from '../../../schema/types.generated';
import { UnknownQuoteError } from '../../stores/quote-request-store';
import { tenantParams } from './tenants/params';
import { visitorHere } from './visitor-here';

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
      return app.conversations.read(quote, 'production', before(request));
    },
  );

  app.post(
    '/api/quotes/:id/messages',
    {
      schema: { tags, summary: 'Write to the house on one of the visitor’s requests', params: visitorParams, body },
      config: {
        rateLimit: {
          max: VISITOR_MESSAGES_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => `${request.host} ${request.headers.cookie ?? request.ip}`,
        },
        docs: {
          success: { status: 201, schema: writtenSchema, description: 'Kept, and mailed to the house' },
          errors: {
            400: 'No text, or more than 4,000 characters',
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
      const written = await app.conversations.write(quote, 'production', author, (request.body as MessageInput).text);
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
      schema: { tags, summary: 'Write to the production on a request', params: houseParams, body },
      config: {
        docs: {
          success: { status: 201, schema: writtenSchema, description: 'Kept, and mailed to the production' },
          errors: { 400: 'No text, or more than 4,000 characters', 404: 'No such request' },
        },
      },
    },
    async (request, reply) => {
      const quote = await housesRequest(request);
      const { id, name } = request.account!;
      const written = await app.conversations.write(quote, 'house', { id, name }, (request.body as MessageInput).text);
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
};

export default conversationRoutes;
