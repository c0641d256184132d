/**
 * The console's calls for one quote request beyond react-admin's list: open it for pricing, take a
 * step on the revision read (If-Match), read an item's availability (server/routes/api/quote-requests.ts,
 * tenants/bookings.ts). Errors are ra-core's
 * HttpError, with the answer's body (`message`, field `errors`).
 */
import { fetchUtils } from 'ra-core';
import type { Booking } from '../../schema/rental/availability';
import type { HeldAhead, HoldBoardRow, HoldView } from '../../schema/rental/holds';
import type { PricingRule } from '../../schema/rental/quote-pricing';
import type { QuoteAction, QuoteState } from '../../schema/rental/quote-states';
import type {
  ConversationMessage,
  CoverChoice,
  ConversationThread,
  InsuranceReview,
  InsuranceUpload,
  MessageInput,
  OrderChange,
  PricingInput,
  QuoteRequest,
} from '../../schema/types.generated';

/** A page of a conversation: its summary, its messages oldest first, and the cursor to the page before. */
export interface ConversationPage {
  thread?: ConversationThread;
  messages: ConversationMessage[];
  earlier?: string;
}

export interface PricingView extends Omit<QuoteRequest, 'state' | 'hold' | 'pencil'> {
  state: QuoteState;
  hold: NonNullable<QuoteRequest['hold']>;
  /** The revision, as text: what a step sends in If-Match. */
  version: string;
  total: number | null;
  rule: PricingRule;
  lineDetails: Array<{
    objectID: string;
    glCode: string | null;
    group: string | null;
    stock: number;
    free: number;
    hiredIn: number;
    inCatalogue: boolean;
  }>;
  /** Other holds and orders on its items over its dates; a live hold with its rank on its item. */
  conflicts: Array<Booking & { rank?: number }>;
  /** Its own hold, ranked (1st, 2nd …), when it holds one. */
  pencil?: HoldView;
  /** Other productions' holds ahead of it on its items: challenged before it can be confirmed. */
  heldAhead: HeldAhead[];
  /** Other productions' open requests for the same items over these dates, holding nothing yet. */
  softClashes: Array<{
    quoteId: string;
    objectID: string;
    quantity: number;
    firstDay: string;
    lastDay: string;
    state: QuoteState;
    who: string;
  }>;
  /** What the order's items would cost to replace: a certificate's cover is set against it. */
  replacementValue: number;
  /** Once the hire is back: what never went out (closing it asks whether to invoice or credit it). */
  neverOut: Array<{ objectID: string; name: string; quantity: number }>;
  actions: QuoteAction[];
  /** When it can be closed: what closing takes, for each way of invoicing what never went out (from the card held, the deposit card of an account, or none). */
  closing?: { from: 'card' | 'deposit' | 'none'; invoice: ClosingTake; credit: ClosingTake };
}

/** What closing is due (the final invoice, or an account's charges after the hire) and what the card on hold gives of it. */
export interface ClosingTake {
  due: number;
  capture: number;
}

export interface AvailabilityView {
  objectID: string;
  name: string;
  stock: number;
  turnaroundDays: number;
  days: Array<{ date: string; free: number }>;
  bookings: Array<Booking & { lapsed: boolean; rank?: number; who?: string; production?: string; state?: QuoteState }>;
}

const tenantPath = (tenantId: string) => `/api/tenants/${encodeURIComponent(tenantId)}`;
const quotePath = (tenantId: string, id: string) => `${tenantPath(tenantId)}/quote-requests/${encodeURIComponent(id)}`;

export const quoteApi = {
  open: async (tenantId: string, id: string) =>
    (await fetchUtils.fetchJson(quotePath(tenantId, id))).json as PricingView,
  /** A step on the revision read: `quote` sends the pricing; `cancel` may say why (a confirmed order's cancel must). */
  step: async (
    tenantId: string,
    quote: Pick<PricingView, 'id' | 'version'>,
    action: QuoteAction,
    body?:
      PricingInput | { reason: string } | { notTaken: 'invoice' | 'credit' } | { release: string } | { until: string },
  ) =>
    (
      await fetchUtils.fetchJson(`${quotePath(tenantId, quote.id)}/${action}`, {
        method: 'POST',
        body: JSON.stringify(body ?? null),
        headers: new Headers({ 'If-Match': `"${quote.version}"`, 'Content-Type': 'application/json' }),
      })
    ).json as PricingView,
  /** Challenges every hold ahead of this request: each holder confirms or releases within the answer window. */
  challengeHolds: async (tenantId: string, id: string) =>
    (await fetchUtils.fetchJson(`${quotePath(tenantId, id)}/challenge-holds`, { method: 'POST' })).json as {
      challenged: Array<{ id: string; who: string; answerBy: string; already: boolean }>;
    },
  /** Moves a request's hold up the queue, past `of`'s (on the revision read). */
  moveAhead: async (tenantId: string, id: string, revision: number, of: string) =>
    (
      await fetchUtils.fetchJson(`${quotePath(tenantId, id)}/move-ahead`, {
        method: 'POST',
        body: JSON.stringify({ of }),
        headers: new Headers({ 'If-Match': `"${revision}"`, 'Content-Type': 'application/json' }),
      })
    ).json as { rank: number; passed: string },
  /** The hold board: every live hold of the house, by item and days, ranked. */
  holds: async (tenantId: string) =>
    (await fetchUtils.fetchJson(`${tenantPath(tenantId)}/holds`)).json as { holds: HoldBoardRow[] },
  /** A change of lines and dates, priced as a new version (on the revision read). */
  change: async (tenantId: string, quote: Pick<PricingView, 'id' | 'version'>, body: OrderChange) =>
    (
      await fetchUtils.fetchJson(`${quotePath(tenantId, quote.id)}/change`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: new Headers({ 'If-Match': `"${quote.version}"`, 'Content-Type': 'application/json' }),
      })
    ).json as PricingView,
  /** The card hold read again from the provider, and what it is owed done now. */
  settleCardHold: async (tenantId: string, id: string) =>
    (await fetchUtils.fetchJson(`${quotePath(tenantId, id)}/card-hold/settle`, { method: 'POST' }))
      .json as QuoteRequest,
  /** A certificate of insurance uploaded on the production's behalf (replacing any earlier one). */
  uploadInsurance: async (tenantId: string, id: string, upload: InsuranceUpload) =>
    (
      await fetchUtils.fetchJson(`${quotePath(tenantId, id)}/insurance`, {
        method: 'PUT',
        body: JSON.stringify(upload),
      })
    ).json as QuoteRequest,
  /** The certificate verified, or refused with the reason the production reads, on the revision read. */
  /** How a hire is covered, chosen on the production's behalf on the revision read. */
  chooseCover: async (tenantId: string, quote: Pick<PricingView, 'id' | 'version'>, choice: CoverChoice['choice']) =>
    (
      await fetchUtils.fetchJson(`${quotePath(tenantId, quote.id)}/cover`, {
        method: 'PUT',
        body: JSON.stringify({ choice }),
        headers: new Headers({ 'If-Match': `"${quote.version}"`, 'Content-Type': 'application/json' }),
      })
    ).json as QuoteRequest,
  reviewInsurance: async (tenantId: string, quote: Pick<PricingView, 'id' | 'version'>, review: InsuranceReview) =>
    (
      await fetchUtils.fetchJson(`${quotePath(tenantId, quote.id)}/insurance/review`, {
        method: 'POST',
        body: JSON.stringify(review),
        headers: new Headers({ 'If-Match': `"${quote.version}"`, 'Content-Type': 'application/json' }),
      })
    ).json as QuoteRequest,
  /** Where the certificate downloads from (the console's session cookie goes with it). */
  insuranceHref: (tenantId: string, id: string) => `${quotePath(tenantId, id)}/insurance`,
  /** A page of the request's conversation with the production (the newest, read by the house now; or the one before `before`). */
  messages: async (tenantId: string, id: string, before?: string) =>
    (
      await fetchUtils.fetchJson(
        `${quotePath(tenantId, id)}/messages${before ? `?before=${encodeURIComponent(before)}` : ''}`,
      )
    ).json as ConversationPage,
  /** Writes to the production (mailed to it). */
  writeMessage: async (tenantId: string, id: string, input: MessageInput) =>
    (
      await fetchUtils.fetchJson(`${quotePath(tenantId, id)}/messages`, {
        method: 'POST',
        body: JSON.stringify(input),
      })
    ).json as { message: ConversationMessage; thread: ConversationThread },
  /** Where the request's record (as stored, with its whole conversation) downloads from. */
  recordHref: (tenantId: string, id: string) => `${quotePath(tenantId, id)}/record.json`,
  /** Where a message's file `n` downloads from (the console's session cookie goes with it). */
  attachmentHref: (tenantId: string, id: string, messageId: string, n: number) =>
    `${quotePath(tenantId, id)}/messages/${encodeURIComponent(messageId)}/attachments/${n}`,
  /** The conversation marked done, or open again. */
  markDone: async (tenantId: string, id: string, done: boolean) =>
    (
      await fetchUtils.fetchJson(`${quotePath(tenantId, id)}/messages/done`, {
        method: 'PUT',
        body: JSON.stringify({ done }),
      })
    ).json as ConversationThread,
  /** The house's conversations with messages it has not read, latest first. */
  unreadConversations: async (tenantId: string) =>
    (await fetchUtils.fetchJson(`${tenantPath(tenantId)}/conversations/unread`)).json as {
      threads: ConversationThread[];
    },
  availability: async (tenantId: string, objectID: string, from: string, to: string) =>
    (
      await fetchUtils.fetchJson(
        `${tenantPath(tenantId)}/availability/${encodeURIComponent(objectID)}?from=${from}&to=${to}`,
      )
    ).json as AvailabilityView,
};
