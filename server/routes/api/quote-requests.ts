/**
 * Quote requests (the tenant's request verb, site.request: "Quote"); there is no payment.
 * - POST /api/quote-requests  a signed-in, approved visitor of the storefront the Host names asks
 *   for items and quantities on dates: checked against the catalogue (each item this tenant's, no
 *   more than its stock) and the calendar (maxRequestLeadTimeDays ahead, in the vendor's time zone),
 *   each problem named by field, including a quantity above what is free on those dates (stock less
 *   other holds and orders, with the turnaround); the rates are the catalogue's, never the
 *   request's. Stored, counted on the profile (stats.quoteRequestCount), mailed to both sides.
 * - GET /api/tenants/:tenantId/quote-requests  the console's list, newest first, with its state and
 *   latest total; `filter` takes `state` and `from`/`to` (requests whose dates overlap them).
 * - GET /api/tenants/:tenantId/quote-requests/events  each request added or changed, live (SSE).
 * - GET /api/tenants/:tenantId/quote-requests/:id  one, for pricing: the tenant's pricing rule, each
 *   line's GL code and free quantity, the other holds and orders on its items over its dates, and
 *   the actions the vendor has now (ETag: its revision).
 * - POST /api/tenants/:tenantId/quote-requests/:id/quote  send a priced version (a PricingInput);
 * - POST /api/tenants/:tenantId/quote-requests/:id/:action  hold, release, extend (`until`: the
 *   hold's new last day), confirm or cancel; each step's If-Match names the revision read. A
 *   confirmation other productions' holds stand ahead of is refused naming them (challenge-holds,
 *   in holds.ts); one whose hold ahead ran out is released first.
 * Visitors' side: routes/api/quotes.ts. The steps: server/rental/quote-conversation.ts.
 */
import {
  quoteStoresOf,
  actionsNow,
  closingPreview,
  expireDue,
  expireIfDue,
  heldAheadOf,
  holdOf,
  type QuoteSettings,
  freeQuantities,
  itemsOfQuotes,
  latestVersion,
  lineGlCodes,
  quoteSettingsOf,
  stateOf,
  issueOwed,
  takeQuoteRequest,
} from '../../rental';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { schemaIds } from '../../../schema/documents';
import { replacementValueOf } from '../../../schema/rental/insurance';
import { neverOut } from '../../../schema/rental/hire';
import { bookingWindow, freeOver, isHiredIn } from '../../../schema/rental/availability';
import { stockItemsOf, stockOfItem, stockOfLines } from '../../../schema/rental/kits';
import { withHoldRanks } from '../../../schema/rental/holds';
import { pricingRuleOf } from '../../../schema/rental/quote-pricing';
import { todayIn } from '../../../schema/rental/quote-rules';
import { isOpen, quoteStates, type QuoteAction, type QuoteState } from '../../../schema/rental/quote-states';
import { calendarDateMessage, isCalendarDate } from '../../../schema/calendar-date';
import type { Item, OrderChange, PricingInput, QuoteRequest, QuoteRequestInput } from '../../../schema/types.generated';
import { afterExpiry, quoteStep } from '../../workflows/quote-step';
import { eventStreams } from '../../lib/event-stream';
import { ifMatchVersion, withVersion } from '../../lib/versions';
import { HeldAheadError, QUOTE_SORT_FIELDS, revisionOf, UnknownQuoteError } from '../../stores/quote-request-store';
import { releaseLapsedHolds } from '../../workflows/hold-watch';
import { listOf, recordSchema } from '../../lib/api-docs';
import { ListQueryError, listQuerySchema, sendStorePage, storePage, type ListQuery } from '../../lib/ra-list';
import { tenantParams } from './tenants/params';
import { visitorHere } from './visitor-here';

const requestSchema = {
  type: 'object',
  required: ['id', 'lines', 'startDate', 'endDate'],
  additionalProperties: true,
  properties: { id: { type: 'string' } },
} as const;

export interface QuoteRequestRoutesOptions {
  /** Quote requests allowed per address per minute (a production asks for many items in one request). */
  requestsPerMinute?: number;
}

const quoteRequests: FastifyPluginAsync<QuoteRequestRoutesOptions> = async (app, options) => {
  app.post(
    '/api/quote-requests',
    {
      schema: {
        tags: ['quotes'],
        summary: 'Ask for a quote (an approved visitor of this storefront)',
        body: { $ref: `${schemaIds.quoteRequest}#/$defs/quoteRequestInput` },
      },
      config: {
        // Each request mails two messages: a burst from one address is refused, as sign-ins are.
        rateLimit: { max: options.requestsPerMinute ?? 10, timeWindow: '1 minute' },
        docs: {
          success: {
            status: 201,
            schema: requestSchema,
            description: 'Stored and mailed to the vendor and the visitor',
          },
          errors: {
            401: 'Nobody is signed in on this storefront',
            403: 'The account is awaiting approval, or was not approved (`reason` says which)',
            429: 'Too many requests from this address: wait a minute',
          },
        },
      },
    },
    async (request, reply) => {
      const { tenantId } = request;
      const { user, profile } = await visitorHere(app, request, 'Log in on this storefront to send a request.');
      const quote = await takeQuoteRequest(app, tenantId, user, profile, request.body as QuoteRequestInput, {
        log: request.log,
      });
      return reply.code(201).send(quote);
    },
  );

  const stores = quoteStoresOf(app);

  /**
   * The open requests of a page (not yet an order) with a line not free on their dates, counting
   * everything else booked: what the list flags, so the vendor sees a conflict before opening it.
   */
  async function shortRequests(
    tenantId: string,
    requests: readonly QuoteRequest[],
    items: ReadonlyMap<string, Item>,
    settings: QuoteSettings,
  ): Promise<Set<string>> {
    const open = requests.filter((quote) => isOpen(stateOf(quote)));
    if (!open.length) return new Set();
    // One read of the bookings for the whole page (the items are read once by the caller), then each request in memory.
    const objectIDs = stockItemsOf(open.flatMap((quote) => quote.lines));
    const from = open.reduce((first, quote) => (quote.startDate < first ? quote.startDate : first), open[0]!.startDate);
    const to = open.reduce((last, quote) => (quote.endDate > last ? quote.endDate : last), open[0]!.endDate);
    const window = bookingWindow(from, to, settings.turnaroundDays);
    const booked = await app.quoteRequests.bookings(tenantId, objectIDs, window.from, window.to);
    const today = todayIn(settings.timezone, new Date());
    // A kit's line is short when a component is: what it takes from stock is what is checked.
    const isShort = (quote: QuoteRequest) =>
      stockOfLines(quote.lines).some((line) => {
        const others = booked.filter((booking) => booking.objectID === line.objectID && booking.quoteId !== quote.id);
        return (
          line.quantity >
          freeOver(
            items.get(line.objectID)?.quantity ?? 0,
            others,
            quote.startDate,
            quote.endDate,
            settings.turnaroundDays,
            today,
          )
        );
      });
    return new Set(open.filter(isShort).map((quote) => quote.id));
  }
  const settingsOf = async (tenantId: string) => quoteSettingsOf((await app.tenantStore.get(tenantId))!.tenant);
  const summary = (quote: QuoteRequest) => ({
    ...quote,
    state: stateOf(quote),
    hold: quote.hold ?? 'none',
    version: String(revisionOf(quote)),
    items: quote.lines.reduce((sum, line) => sum + line.quantity, 0),
    total: latestVersion(quote)?.breakdown.total ?? null,
  });

  app.get(
    '/api/tenants/:tenantId/quote-requests',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['quotes'],
        summary: "The tenant's quote requests, newest first; filter by state and by dates (from, to)",
        params: tenantParams,
        querystring: listQuerySchema,
      },
      config: { docs: { success: { schema: listOf(recordSchema), headers: ['content-range'] } } },
    },
    async (request, reply) => {
      const { tenantId } = request.params as { tenantId: string };
      const page = storePage(request.query as ListQuery, QUOTE_SORT_FIELDS, { field: 'createdAt', order: 'desc' });
      const { state, from, to, ...others } = page.filter;
      const unknown = Object.keys(others)[0];
      if (unknown !== undefined)
        throw new ListQueryError(`filter takes state, from and to, not ${JSON.stringify(unknown)}`);
      if (state !== undefined && !quoteStates.includes(state as QuoteState))
        throw new ListQueryError(`filter.state must be one of ${quoteStates.join(', ')}`);
      for (const [name, value] of [['from', from] as const, ['to', to] as const])
        if (value !== undefined && !isCalendarDate(value))
          throw new ListQueryError(`filter.${name} ${calendarDateMessage}`);
      // Due expiries are stored first, so the state filter and the stored state agree.
      const settings = await settingsOf(tenantId);
      await expireDue(stores, settings, tenantId, new Date(), afterExpiry(app, request.log));
      const { total, requests } = await app.quoteRequests.list(tenantId, {
        ...(state !== undefined && { state: state as QuoteState }),
        ...(from !== undefined && { from: from as string }),
        ...(to !== undefined && { to: to as string }),
        sort: page.sort,
        offset: page.offset,
        limit: page.limit,
      });
      // One read of the page's items: the open requests' (what is short), and where certificates are asked for every row's (its replacement value, so the list can say whose cover is too low).
      const insured = settings.site.insuranceRequired === true;
      const items = await itemsOfQuotes(
        app.itemStore,
        tenantId,
        insured ? requests : requests.filter((quote) => isOpen(stateOf(quote))),
      );
      const short = await shortRequests(tenantId, requests, items, settings);
      return sendStorePage(reply, 'quote-requests', {
        offset: page.offset,
        total,
        rows: requests.map((quote) => ({
          ...summary(quote),
          short: short.has(quote.id),
          ...(insured && { replacementValue: replacementValueOf(quote.lines, items) }),
        })),
      });
    },
  );

  // The console's live list and pricing page: each request added or changed, on whichever server.
  const startStream = eventStreams(app);
  app.get(
    '/api/tenants/:tenantId/quote-requests/events',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['quotes'],
        summary: "The tenant's quote requests as they are added or change (server-sent events)",
        params: tenantParams,
      },
      config: {
        docs: {
          success: {
            description: 'A `quote` event with `{ "id" }` for each request added or changed',
            contentTypes: ['text/event-stream'],
          },
          errors: { 429: 'This session already holds the most live streams it may' },
        },
      },
    },
    async (request, reply) => {
      const { tenantId } = request.params as { tenantId: string };
      const stream = startStream<{ quote: { id: string } }>(request, reply);
      stream.onEnd(app.quoteRequests.subscribe(tenantId, (id) => stream.send('quote', { id })));
    },
  );

  const quoteParams = {
    type: 'object',
    required: ['tenantId', 'id'],
    properties: { ...tenantParams.properties, id: { $ref: `${schemaIds.quoteRequest}#/properties/id` } },
  } as const;
  const VENDOR_ACTIONS = [
    'hold',
    'release',
    'extend',
    'confirm',
    'cancel',
    'close',
  ] as const satisfies readonly QuoteAction[];

  /** A request as the console prices it: the rule, GL codes, free quantities, what else is booked, and the buttons. */
  async function pricingView(tenantId: string, quote: QuoteRequest) {
    const settings = await settingsOf(tenantId);
    const now = new Date();
    const items = await itemsOfQuotes(app.itemStore, tenantId, [quote]);
    const glCodes = lineGlCodes(settings, items);
    // Documents a step could not issue (its store was away) are issued now.
    await issueOwed(app.invoices, settings, items, quote, now, app.log);
    const free = await freeQuantities(
      app,
      tenantId,
      quote.lines.flatMap((line) => items.get(line.objectID) ?? []),
      { from: quote.startDate, to: quote.endDate },
      settings,
      now,
      quote.id,
    );
    const window = bookingWindow(quote.startDate, quote.endDate, settings.turnaroundDays);
    const booked = await app.quoteRequests.bookings(tenantId, [...items.keys()], window.from, window.to);
    // Stock hired in from other houses adds to what is free; it holds nothing against this request.
    const others = booked.filter((booking) => booking.quoteId !== quote.id && !isHiredIn(booking));
    const hiredIn = (objectID: string) =>
      booked
        .filter(
          (booking) =>
            isHiredIn(booking) &&
            booking.objectID === objectID &&
            booking.firstDay <= quote.endDate &&
            booking.lastDay >= quote.startDate,
        )
        .reduce((total, booking) => total + booking.quantity, 0);
    // Soft clashes: other productions' open requests for the same items on overlapping dates that hold nothing yet.
    const asking = (
      await Promise.all(
        (['requested', 'quoted', 'accepted'] as const).map(
          async (state) =>
            (await app.quoteRequests.list(tenantId, { state, from: window.from, to: window.to, limit: 200 })).requests,
        ),
      )
    ).flat();
    const softClashes = asking
      .filter((other) => other.id !== quote.id && (other.hold ?? 'none') === 'none')
      .flatMap((other) =>
        other.lines
          .filter((line) => items.has(line.objectID))
          .map((line) => ({
            quoteId: other.id,
            objectID: line.objectID,
            quantity: line.quantity,
            firstDay: other.startDate,
            lastDay: other.endDate,
            state: other.state ?? 'requested',
            who: other.production ?? other.name ?? other.email,
          })),
      );
    const actions = actionsNow(quote, 'vendor', todayIn(settings.timezone, now));
    // Its own hold with its rank, and other productions' holds ahead of it (challenged before it can be confirmed).
    const [pencil, heldAhead] = await Promise.all([
      holdOf(stores, settings, quote, now),
      isOpen(stateOf(quote)) ? heldAheadOf(stores, settings, quote, now) : [],
    ]);
    return {
      ...summary(quote),
      ...(pencil && { pencil }),
      heldAhead,
      id: quote.id,
      rule: pricingRuleOf(settings.vendor, settings.site),
      lineDetails: quote.lines.map((line) => ({
        objectID: line.objectID,
        glCode: glCodes.get(line.objectID) ?? null,
        group: items.get(line.objectID)?.category.group ?? null,
        stock: stockOfItem(line.objectID, items),
        free: free.get(line.objectID) ?? 0,
        hiredIn: hiredIn(line.objectID),
        inCatalogue: items.has(line.objectID),
      })),
      conflicts: withHoldRanks(others, booked, settings.turnaroundDays, todayIn(settings.timezone, now)),
      softClashes,
      // What the order would cost to replace: a certificate's cover is set against it.
      replacementValue: replacementValueOf(quote.lines, items),
      // What never went out, once the hire is back: closing asks whether to invoice or credit it.
      neverOut: neverOut(quote),
      actions,
      // What closing takes, said in its confirmation before the card is charged.
      ...(actions.includes('close') && { closing: closingPreview(quote, settings, items, now) }),
    };
  }

  app.get(
    '/api/tenants/:tenantId/quote-requests/:id',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['quotes'],
        summary: 'One quote request, ready to price: rule, GL codes, free quantities, other bookings, actions',
        params: quoteParams,
      },
      config: { docs: { success: { schema: recordSchema, headers: ['etag'] }, errors: { 404: 'No such request' } } },
    },
    async (request, reply) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const quote = await app.quoteRequests.get(tenantId, id);
      if (!quote) throw new UnknownQuoteError(id);
      const current = await expireIfDue(
        stores,
        await settingsOf(tenantId),
        quote,
        new Date(),
        afterExpiry(app, request.log),
      );
      withVersion(reply, String(revisionOf(current)));
      return pricingView(tenantId, current);
    },
  );

  const vendorStep = async (
    request: FastifyRequest,
    reply: FastifyReply,
    action: QuoteAction,
    pricing?: PricingInput,
    change?: Omit<OrderChange, 'pricing'>,
  ) => {
    const { tenantId, id } = request.params as { tenantId: string; id: string };
    const note =
      action === 'quote' || action === 'change' ? undefined : ((request.body ?? {}) as { reason?: string }).reason;
    const notTaken =
      action === 'close' ? ((request.body ?? {}) as { notTaken?: 'invoice' | 'credit' }).notTaken : undefined;
    const release = action === 'confirm' ? ((request.body ?? {}) as { release?: string }).release : undefined;
    const until = action === 'extend' ? ((request.body ?? {}) as { until?: string }).until : undefined;
    const revision = Number(ifMatchVersion(request));
    const settings = await settingsOf(tenantId);
    const step = () =>
      quoteStep(app, request.log, settings, {
        tenantId,
        id,
        action,
        actor: 'vendor',
        who: { email: request.account!.email },
        revision: Number.isInteger(revision) ? revision : -1,
        ...(pricing && { pricing }),
        ...(change && { change }),
        ...(note !== undefined && { note }),
        ...(notTaken && { notTaken }),
        ...(release !== undefined && { release }),
        ...(until !== undefined && { until }),
        now: new Date(),
      });
    const changed = await step().catch(async (error: unknown) => {
      // Held ahead by a hold whose time is up but which the watch has not released yet: released now, then tried again.
      if (!(error instanceof HeldAheadError)) throw error;
      const released = await releaseLapsedHolds(app, request.log, new Date(), [tenantId]);
      if (!error.ahead.some((id) => released.includes(id))) throw error;
      return step();
    });
    withVersion(reply, String(revisionOf(changed)));
    return pricingView(tenantId, changed);
  };
  const stepDocs = (errors: Record<number, string>) => ({
    docs: {
      ifMatch: true,
      success: { schema: recordSchema, headers: ['etag' as const] },
      errors: { 404: 'No such request', 412: 'The request changed since it was read', ...errors },
    },
  });

  app.post(
    '/api/tenants/:tenantId/quote-requests/:id/quote',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['quotes'],
        summary: 'Send a priced version (the first quote or a revision; If-Match: the revision read)',
        params: quoteParams,
        body: { $ref: `${schemaIds.quoteRequest}#/$defs/pricingInput` },
      },
      config: stepDocs({
        400: 'The pricing names an item not asked for, a service outside the Service group, or a line without a GL code',
        409: 'Not possible in this state',
      }),
    },
    (request, reply) => vendorStep(request, reply, 'quote', request.body as PricingInput),
  );

  app.post(
    '/api/tenants/:tenantId/quote-requests/:id/change',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['quotes'],
        summary:
          'Change the items, quantities or dates and price the new version (If-Match: the revision read): sent as a quote before confirmation; on an order, its stock placed again at once and the visitor asked to accept it',
        params: quoteParams,
        body: { $ref: `${schemaIds.quoteRequest}#/$defs/orderChange` },
      },
      config: stepDocs({
        400: 'An item not in the catalogue, fewer than are out, a new first day for a hire under way, or a pricing problem (each named)',
        409: 'Not possible in this state, or the new lines are not free on the dates (named)',
      }),
    },
    (request, reply) => {
      const { pricing, ...change } = request.body as OrderChange;
      return vendorStep(request, reply, 'change', pricing, change);
    },
  );

  app.post(
    '/api/tenants/:tenantId/quote-requests/:id/:action',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['quotes'],
        summary:
          'Hold, release, confirm, cancel or close a returned hire (If-Match: the revision read; cancelling a confirmed order needs a reason)',
        params: {
          ...quoteParams,
          required: [...quoteParams.required, 'action'],
          properties: { ...quoteParams.properties, action: { type: 'string', enum: VENDOR_ACTIONS } },
        },
        body: { $ref: `${schemaIds.quoteRequest}#/$defs/stepInput` },
      },
      config: stepDocs({
        400: 'Cancelling a confirmed order without a reason',
        409: 'Not possible in this state; its items are not free on its dates (the lines are named); or closing a hire of which something never went out without saying whether to invoice or credit it (notTaken)',
      }),
    },
    (request, reply) => vendorStep(request, reply, (request.params as { action: QuoteAction }).action),
  );
};

export default quoteRequests;
