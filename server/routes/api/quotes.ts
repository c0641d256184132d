/**
 * A signed-in visitor's own quote requests on the storefront the Host names ("Your quotes"); the
 * logic is server/rental/quote-conversation.ts. Another visitor's request answers 404.
 * - GET  /api/quotes                 every request, newest first, with its state and total
 * - GET  /api/quotes/:id             one, with its priced versions and the buttons the visitor has
 *                                    (ETag: its revision)
 * - POST /api/quotes/:id/:action     accept (the version read, in the body), decline, cancel, hold
 *                                    (pencil its items: ranked behind holds placed before) or
 *                                    release; If-Match: the revision read (412 when it changed since)
 * GL codes and the vendor's staff are not shown to visitors. An expired quote is stored as expired
 * the first time anyone reads it after its last day.
 */
import {
  quoteStoresOf,
  actionsNow,
  expireIfDue,
  holdOf,
  itemsOfQuotes,
  quoteSettingsOf,
  stateOf,
  type QuoteSettings,
} from '../../rental';
import { hireTotals, quotedTotal } from '../../../schema/rental/hire-charges';
import { PayoutsNotConnectedError } from '../../marketplace';
import { accountsToOrderOn, orderAccountOf } from '../../../schema/accounts/on-account';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { beyondOneHold, cardHoldRuleOf, holdAskedFrom, holdCovers } from '../../../schema/rental/card-hold';
import { holdKeepsIn } from '../../../schema/rental/out-gate';
import { replacementValueOf } from '../../../schema/rental/insurance';
import { invoiceRuleOf, quoteDue, itemGroupsOf } from '../../../schema/rental/invoices';
import { neededFor, tooLargeForACard } from '../../payments';
import { schemaIds } from '../../../schema/documents';
import { isOrderState, type QuoteAction } from '../../../schema/rental/quote-states';
import { todayIn } from '../../../schema/rental/quote-rules';
import type { CardHold, Item, QuoteRequest, StepInput } from '../../../schema/types.generated';
import { signatureAsked, termsToSign } from '../../../schema/rental/agreement';
import { renderMarkdown } from '../../../schema/display/markdown';
import { afterExpiry, quoteStep } from '../../workflows/quote-step';
import { ifMatchVersion, withVersion } from '../../lib/versions';
import { UnknownQuoteError, revisionOf } from '../../stores/quote-request-store';
import { FieldProblemsError } from '../../stores/field-problems';
import { visitorHere, visitorsQuote } from './visitor-here';
import { picked } from '../../lib/picked';

const SIGN_IN = 'Log in on this storefront to see your quotes.';
const VISITOR_ACTIONS = ['accept', 'decline', 'cancel', 'hold', 'release'] as const satisfies readonly QuoteAction[];

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { $ref: `${schemaIds.quoteRequest}#/properties/id` } },
} as const;
const actionParams = {
  type: 'object',
  required: ['id', 'action'],
  properties: {
    id: { $ref: `${schemaIds.quoteRequest}#/properties/id` },
    action: { type: 'string', enum: VISITOR_ACTIONS },
  },
} as const;
const actionBody = { $ref: `${schemaIds.quoteRequest}#/$defs/stepInput` } as const;
const viewSchema = {
  type: 'object',
  required: ['id', 'state', 'lines', 'actions'],
  additionalProperties: true,
  properties: { id: { type: 'string' }, state: { type: 'string' }, actions: { type: 'array' } },
} as const;
const signedOut = { 401: 'Nobody is signed in on this storefront' };

/** A request as its visitor sees it: no GL codes, no staff accounts, no provider's errors, and what they can do now. */
/**
 * What a visitor sees of their own request, field by field: an allow-list, so a field added for the
 * house (a sub-hire and its lender, a credit release, the house's account at the payment provider
 * and the platform's commission, who on the staff did what) stays the house's until it is named here.
 */
const VISITOR_FIELDS = [
  'id',
  'productionRequest',
  'tenantId',
  'uid',
  'email',
  'name',
  'lines',
  'startDate',
  'endDate',
  'production',
  'studio',
  'purchaseOrder',
  'billingContact',
  'billingAddress',
  'account',
  'notes',
  'cover',
  'createdAt',
] as const satisfies ReadonlyArray<keyof QuoteRequest>;
const VISITOR_HOLD_FIELDS = [
  // The provider and its payment's id are the browser's anyway (Stripe.js confirms the payment by them).
  'provider',
  'intentId',
  'status',
  'currency',
  'amount',
  'parts',
  'version',
  'createdAt',
  'authorisedAt',
  'expiresAt',
  'captured',
  'capturedAt',
  'releasedAt',
  'outstanding',
  'declineMessage',
  'renewals',
] as const satisfies ReadonlyArray<keyof CardHold>;
// `uploadedBy` says which side uploaded it ("visitor" or "vendor"), no one's address.
const VISITOR_INSURANCE_FIELDS = [
  'fileName',
  'contentType',
  'size',
  'effectiveOn',
  'expiresOn',
  'insurer',
  'policyNumber',
  'namedInsured',
  'additionalInsured',
  'anyLessor',
  'generalLiability',
  'coverAmount',
  'currency',
  'rate',
  'uploadedAt',
  'uploadedBy',
  'keptId',
] as const satisfies ReadonlyArray<keyof NonNullable<QuoteRequest['insurance']>>;

export function visitorView(quote: QuoteRequest, today: string) {
  const { history = [], versions = [], hire, cardHold, insurance, agreement } = quote;
  return {
    ...picked(quote, VISITOR_FIELDS),
    // What they signed and when (the terms' text is in the PDF), not the address it came from.
    ...(agreement && { agreement: picked(agreement, ['termsVersion', 'name', 'title', 'at'] as const) }),
    ...(cardHold && { cardHold: visitorHold(cardHold) }),
    ...(insurance && {
      insurance: {
        ...picked(insurance, VISITOR_INSURANCE_FIELDS),
        // The house's verdict and its reason, not which of its staff gave it.
        ...(insurance.review && { review: picked(insurance.review, ['state', 'at', 'note'] as const) }),
      },
    }),
    // The hire as the visitor sees it: counts, charges and hand-overs, without GL codes, the crew's
    // accounts, or which houses the stock was hired in from.
    ...(hire && {
      hire: {
        lines: hire.lines.map(({ hiredIn: _hiredIn, ...line }) => line),
        ...(hire.notTaken && { notTaken: hire.notTaken }),
        charges: (hire.charges ?? []).map(({ glCode: _glCode, ...charge }) => charge),
        handovers: (hire.handovers ?? []).map(({ by: _by, ...handover }) => handover),
      },
      hireTotals: hireTotals(quotedTotal(quote), hire.charges),
    }),
    state: stateOf(quote),
    hold: quote.hold ?? 'none',
    revision: revisionOf(quote),
    versions: versions.map((version) => ({
      ...version,
      breakdown: {
        ...version.breakdown,
        missingGlCodes: [],
        lines: version.breakdown.lines.map(({ glCode: _glCode, ...line }) => line),
      },
    })),
    history: history.map(({ email: _email, ...entry }) => entry),
    total: versions.at(-1)?.breakdown.total,
    actions: actionsNow(quote, 'visitor', today),
  };
}

/** A card hold as its visitor sees it: its state and amounts, not the provider's customer and card, the house's account or the platform's commission. */
function visitorHold(hold: CardHold) {
  const { pending } = hold;
  return {
    ...picked(hold, VISITOR_HOLD_FIELDS),
    ...(pending && { pending: { action: pending.action, since: pending.since } }),
  };
}

/** The latest version with its tax and card processing, as its invoice will say them; nothing before it is priced. */
const dueOf = (quote: QuoteRequest, items: ReadonlyMap<string, Item>, settings: QuoteSettings) =>
  quote.versions?.length ? { due: quoteDue(quote, itemGroupsOf(items), invoiceRuleOf(settings.site)) } : {};

/**
 * One request as its visitor sees it, with what their card must hold before they can accept it
 * (when the tenant takes a card, and accepting is one of their actions): the amount, what it is
 * made of, whether the hold they have covers it, and the provider the browser takes the card with;
 * and, where a certificate of insurance is asked for, what the order would cost to replace.
 */
export async function visitorQuoteView(app: FastifyInstance, quote: QuoteRequest, settings: QuoteSettings, now: Date) {
  const today = todayIn(settings.timezone, now);
  const pencil = await holdOf(quoteStoresOf(app), settings, quote, now);
  // The rental terms to sign, while accepting would sign them.
  const terms = signatureAsked(settings.site, quote) ? termsToSign(settings.site) : undefined;
  const view = {
    ...visitorView(quote, today),
    ...(pencil && { pencil }),
    // Rendered here as content pages are (raw HTML off): the browser shows it as it is.
    ...(terms && { termsToSign: { ...terms, html: renderMarkdown(terms.text) } }),
  };
  const items = await itemsOfQuotes(app.itemStore, quote.tenantId, [quote]);
  // A certificate's cover is set against what the order would cost to replace.
  // The accounts the visitor may accept on instead of a card (their company's, at this house).
  const accepting = view.actions.includes('accept') && !isOrderState(view.state);
  // Offered from a proven address only (acceptance checks the session's identity again).
  const emailVerified = accepting && (await app.profileStore.get(quote.tenantId, quote.uid))?.isEmailVerified === true;
  const listing = accepting ? await app.customerAccounts.forMember(quote.tenantId, quote.email) : [];
  const accounts = accountsToOrderOn(listing, { email: quote.email, emailVerified });
  // Accounts that would take them once their address is proven: said, with the way to prove it.
  const awaitingEmail = emailVerified
    ? []
    : accountsToOrderOn(listing, { email: quote.email, emailVerified: true }).map((account) => account.name);
  // Not on an account: whether the house keeps any (then the visitor may ask to order on theirs), and their latest request to.
  const [asked] =
    accepting && !accounts.length
      ? await app.customerAccounts.joinRequests(quote.tenantId, { email: quote.email })
      : [];
  const offered =
    accepting && !accounts.length && (await app.customerAccounts.list(quote.tenantId, { limit: 1 })).length > 0;
  const due = {
    ...dueOf(quote, items, settings),
    ...(settings.site.insuranceRequired && { replacementValue: replacementValueOf(quote.lines, items) }),
    // Each account with what the order comes to on it (no card, so no card processing, and its exemption), for the accept dialog.
    ...(accounts.length && {
      orderOn: accounts.map((account) => ({
        ...orderAccountOf(account),
        purchaseOrderRequired: account.purchaseOrderRequired ?? false,
        ...(quote.versions?.length && {
          due: quoteDue(
            { versions: quote.versions, account: orderAccountOf(account) },
            itemGroupsOf(items),
            invoiceRuleOf(settings.site),
          ),
        }),
      })),
    }),
    ...(awaitingEmail.length && { confirmEmailFor: awaitingEmail }),
    ...(offered && { accountsOffered: true }),
    ...(asked && {
      accountRequest: { state: asked.state, company: asked.company, ...(asked.reason && { reason: asked.reason }) },
    }),
  };
  if (!settings.site.ccAuthEnabled) return { ...view, ...due };
  // Accepting waits on the hold (unless the tenant asks for it before check-out and the hire is further off); an order's check-out does while it does not stand.
  const before = view.actions.includes('accept')
    ? 'accept'
    : view.state === 'confirmed' && holdKeepsIn(quote, settings.site, now)
      ? 'checkOut'
      : undefined;
  if (!before) return { ...view, ...due };
  const need = neededFor(quote, items, settings.site);
  const askedFrom = holdAskedFrom(quote, cardHoldRuleOf(settings.site).timing, today);
  const covered = before === 'accept' ? holdCovers(quote.cardHold, need.amount, now) : false;
  // More than one card authorisation takes: said up front, with the way forward, instead of a form that cannot succeed.
  const tooLarge = beyondOneHold(need.amount, settings.site.currency ?? 'USD')
    ? tooLargeForACard(need.amount, settings.site)
    : undefined;
  // A house that has not connected the account it is paid on takes no card yet: said up front too.
  const notConnected = covered
    ? undefined
    : await app.payouts.termsFor(quote).then(
        () => undefined,
        (error: unknown) => {
          if (error instanceof PayoutsNotConnectedError) return error.message;
          throw error;
        },
      );
  return {
    ...view,
    ...due,
    cardHoldNeeded: {
      ...need,
      covered,
      before,
      ...(askedFrom && { askedFrom }),
      ...(tooLarge && { tooLarge }),
      ...(notConnected && { notConnected }),
      provider: app.cardHolds.provider.browserConfig(quote.cardHold?.account),
    },
  };
}

/** A visitor's quotes come this many at a time; the page asks for older ones. */
export const VISITOR_QUOTES_PAGE = 50;

const quoteRoutes: FastifyPluginAsync = async (app) => {
  const tags = ['quotes'];
  const settingsHere = async (request: FastifyRequest): Promise<QuoteSettings> => {
    const stored = await app.tenantStore.get(request.tenantId);
    if (!stored) throw new UnknownQuoteError('');
    return quoteSettingsOf(stored.tenant);
  };
  const stores = quoteStoresOf(app);
  const expiredNotice = (request: FastifyRequest) => afterExpiry(app, request.log);

  app.get(
    '/api/quotes',
    {
      schema: {
        tags,
        summary: "The visitor's quote requests on this storefront, newest first, a page at a time",
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            offset: {
              type: 'integer',
              minimum: 0,
              maximum: 1_000_000,
              default: 0,
              description: 'How many newer requests to skip',
            },
          },
        },
      },
      config: {
        docs: {
          success: {
            schema: {
              type: 'object',
              properties: { quotes: { type: 'array' }, total: { type: 'integer' }, offset: { type: 'integer' } },
            },
          },
          errors: signedOut,
        },
      },
    },
    async (request, reply) => {
      const { user } = await visitorHere(app, request, SIGN_IN);
      const settings = await settingsHere(request);
      const now = new Date();
      const offset = (request.query as { offset?: number }).offset ?? 0;
      const { total, requests } = await app.quoteRequests.list(request.tenantId, {
        uid: user.uid,
        offset,
        limit: VISITOR_QUOTES_PAGE,
      });
      const quotes = await Promise.all(
        requests.map((quote) => expireIfDue(stores, settings, quote, now, expiredNotice(request))),
      );
      void reply.header('cache-control', 'no-store');
      const today = todayIn(settings.timezone, now);
      // Each with its tax, so the list's total is the quote page's.
      const [items, unread] = await Promise.all([
        itemsOfQuotes(app.itemStore, request.tenantId, quotes),
        app.conversations.unreadByProduction(
          request.tenantId,
          quotes.map((quote) => quote.id),
        ),
      ]);
      // Each hold's rank ("2nd hold"), read for the held ones only.
      const pencils = new Map(
        await Promise.all(
          quotes
            .filter((quote) => quote.hold === 'pencil')
            .map(async (quote) => [quote.id, await holdOf(stores, settings, quote, now)] as const),
        ),
      );
      return {
        quotes: quotes.map((quote) => ({
          ...visitorView(quote, today),
          ...(pencils.get(quote.id) && { pencil: pencils.get(quote.id) }),
          ...dueOf(quote, items, settings),
          // Messages from the house not read yet (server/conversation).
          unreadMessages: unread.get(quote.id) ?? 0,
        })),
        total,
        offset,
      };
    },
  );

  app.get(
    '/api/quotes/:id',
    {
      schema: { tags, summary: 'One of the visitor’s quote requests, with its priced versions', params: idParams },
      config: {
        docs: {
          success: { schema: viewSchema, headers: ['etag'] },
          errors: { ...signedOut, 404: 'No such request of this visitor' },
        },
      },
    },
    async (request, reply) => {
      const { quote } = await visitorsQuote(app, request, (request.params as { id: string }).id, SIGN_IN);
      const settings = await settingsHere(request);
      const now = new Date();
      const current = await expireIfDue(stores, settings, quote, now, expiredNotice(request));
      withVersion(reply, String(revisionOf(current)));
      return visitorQuoteView(app, current, settings, now);
    },
  );

  app.post(
    '/api/quotes/:id/:action',
    {
      schema: {
        tags,
        summary: 'Accept, decline, cancel, hold or release the hold (If-Match: the revision read)',
        params: actionParams,
        body: actionBody,
      },
      config: {
        docs: {
          ifMatch: true,
          success: { schema: viewSchema, headers: ['etag'] },
          errors: {
            ...signedOut,
            404: 'No such request of this visitor',
            409: 'Not possible now (expired, revised, already answered), or its items are no longer free: the message says why',
            412: 'The request changed since it was read',
          },
        },
      },
    },
    async (request, reply) => {
      // The revision read comes first: a step without it is malformed whoever sends it.
      const revision = Number(ifMatchVersion(request));
      const { user } = await visitorHere(app, request, SIGN_IN);
      const { id, action } = request.params as { id: string; action: (typeof VISITOR_ACTIONS)[number] };
      const settings = await settingsHere(request);
      const body: NonNullable<StepInput> = (request.body as StepInput) ?? {};
      if (action === 'accept' && body.version === undefined)
        throw new FieldProblemsError(
          [{ pointer: '/version', message: 'is needed to accept: the priced version you read' }],
          'Not accepted: say which version you read',
        );
      const changed = await quoteStep(app, request.log, settings, {
        tenantId: request.tenantId,
        id,
        action,
        actor: 'visitor',
        who: { uid: user.uid, email: user.email, emailVerified: user.emailVerified },
        revision: Number.isInteger(revision) ? revision : -1,
        ...(body.version !== undefined && { version: body.version }),
        ...((body.purchaseOrder !== undefined ||
          body.billingContact !== undefined ||
          body.billingAddress !== undefined) && {
          billing: {
            purchaseOrder: body.purchaseOrder,
            billingContact: body.billingContact,
            billingAddress: body.billingAddress,
          },
        }),
        ...(body.reason !== undefined && { note: body.reason }),
        ...(action === 'accept' && body.account !== undefined && { account: body.account }),
        ...(action === 'accept' && body.signature && { signature: body.signature, ip: request.ip }),
        ...(action === 'accept' && body.cover && { cover: body.cover }),
        now: new Date(),
      });
      withVersion(reply, String(revisionOf(changed)));
      return visitorQuoteView(app, changed, settings, new Date());
    },
  );
};

export default quoteRoutes;
