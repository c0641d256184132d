/**
 * The storefront's calls for a visitor's own quotes (server/routes/api/quotes.ts). A step names the
 * revision the visitor read (If-Match), so a quote that changed meanwhile is refused, never
 * overwritten; accepting also names the priced version read.
 */
import type { QuoteDue } from '../../schema/rental/invoices';
import type { QuoteAction, QuoteState } from '../../schema/rental/quote-states';
import type {
  CardHold,
  CertificateUpload,
  CoverChoice,
  ConversationMessage,
  ConversationThread,
  HistoryEntry,
  Invoice,
  JoinRequest,
  JoinRequestInput,
  MessageInput,
  QuoteRequest,
  QuoteVersion,
  SignatureInput,
  SignedAgreement,
} from '../../schema/types.generated';
import { apiCall } from '../auth/identity-api';
import type { HoldView } from '../../schema/rental/holds';
import type { KeptCertificateView } from '../../schema/rental/insurance';

/** A quote as its visitor sees it (no GL codes, no staff accounts). */
export interface VisitorQuote extends Omit<
  QuoteRequest,
  'state' | 'hold' | 'pencil' | 'agreement' | 'revision' | 'versions' | 'history'
> {
  state: QuoteState;
  hold: NonNullable<QuoteRequest['hold']>;
  revision: number;
  versions: QuoteVersion[];
  history: HistoryEntry[];
  total?: number;
  /** Once charges were found at check-in: the quote, the charges and both (the server's hireTotals). */
  hireTotals?: { quoted: number; charges: number; total: number };
  actions: QuoteAction[];
  /** The house's rental terms to sign on accepting, while accepting would sign them: their version, text and HTML. */
  termsToSign?: { version: string; text: string; html: string };
  /** What the production signed, once it has: the terms' version, who, their title, when. */
  agreement?: Pick<SignedAgreement, 'termsVersion' | 'name' | 'title' | 'at'>;
  /** Its hold, when it holds one: its rank (1 for the first hold), last day and any challenge's deadline. */
  pencil?: HoldView;
  /** Whoever holds cards, as the browser needs it: the test form, or Stripe.js with its publishable key. */
  cardHoldNeeded?: CardHoldNeeded;
  /** On the list: messages from the house not read yet. */
  unreadMessages?: number;
  /** The latest version with its tax and card processing, as its invoice will say them. */
  due?: QuoteDue;
  /** Where the vendor asks for a certificate of insurance: what the order's items would cost to replace. */
  replacementValue?: number;
  /** The customer accounts the visitor may accept on instead of a card (their company's at this house). */
  orderOn?: AccountToOrderOn[];
  /** Accounts that list the visitor's address, not yet confirmed: ordered on once the link mailed to it is followed (their names). */
  confirmEmailFor?: string[];
  /** Not on an account here: the house keeps accounts, so the visitor may ask to order on their company's. */
  accountsOffered?: true;
  /** The visitor's latest request to order on an account here. */
  accountRequest?: Pick<JoinRequest, 'state' | 'company' | 'reason'>;
}

/** A page of a conversation: its summary, its messages oldest first, and the cursor to the page before. */
export interface ConversationView {
  thread?: ConversationThread;
  messages: ConversationMessage[];
  earlier?: string;
}

/** A customer account the visitor may order on: its terms, whether it needs a purchase order, and what the order comes to on it. */
export type AccountToOrderOn = NonNullable<QuoteRequest['account']> & {
  purchaseOrderRequired: boolean;
  due?: QuoteDue;
};

export interface CardProvider {
  provider: 'test' | 'stripe';
  testMode: boolean;
  publishableKey?: string;
  /** The house's own account at Stripe (Connect): Stripe.js confirms the card on it. */
  account?: string;
}

/** What the visitor's card must hold before they accept (the server's neededFor), and whether the hold they have covers it. */
export interface CardHoldNeeded {
  amount: number;
  parts: CardHold['parts'];
  version: number;
  covered: boolean;
  provider: CardProvider;
  /** What waits on the hold: accepting the quote, or (an order) anything going out. */
  before: 'accept' | 'checkOut';
  /** With the tenant's 'before check-out' timing and a hire further off: the day the card is asked for (nothing to do until then). */
  askedFrom?: string;
  /** More than one card authorisation takes: why, and what to do instead (no card form is offered). */
  tooLarge?: string;
  /** The house has not connected the account it is paid on yet: why no card can be taken, in words. */
  notConnected?: string;
}

/** The hold begun: the request as stored, and what the browser confirms the card with. */
export type StartedHold = VisitorQuote & { payment: CardProvider & { clientSecret?: string; redirectUrl?: string } };

/** What the test provider answers a test card with. */
export interface TestCardAnswer {
  status: string;
  lastError?: { code: string; message: string };
  redirectUrl?: string;
}

const quotePath = (id: string) => `/api/quotes/${encodeURIComponent(id)}`;

export const quotesApi = {
  /** The link to the visitor's own hires as a calendar: read (GET), made (POST), turned off (DELETE); null while there is none. */
  calendarFeed: (method: 'GET' | 'POST' | 'DELETE') =>
    apiCall<{ url: string | null }>('/api/calendar-feed', { method }),
  /** A page of the visitor's quotes, newest first, after `offset` newer ones; `total` counts them all. */
  quotes: (offset = 0) =>
    apiCall<{ quotes: VisitorQuote[]; total: number; offset: number }>(
      `/api/quotes${offset ? `?offset=${offset}` : ''}`,
    ),
  quote: (id: string) => apiCall<VisitorQuote>(quotePath(id)),
  /** Begins (or picks up) the card hold accepting needs. */
  startCardHold: (id: string) => apiCall<StartedHold>(`${quotePath(id)}/card-hold`, { method: 'POST' }),
  /** The hold's state read again from the provider. */
  refreshCardHold: (id: string) => apiCall<VisitorQuote>(`${quotePath(id)}/card-hold/refresh`, { method: 'POST' }),
  /** Test mode only: a test card tried against the hold (Stripe.js does this with Stripe). */
  tryTestCard: (card: { clientSecret: string; number: string; expMonth: number; expYear: number; cvc: string }) =>
    apiCall<TestCardAnswer>('/api/payments/test/confirm', { method: 'POST', body: JSON.stringify(card) }),
  /** A step: accepting names the version read; declining and cancelling may say why (the vendor reads it). */
  /** A page of the request's conversation with the house (the newest, read now; or the one before `before`). */
  messages: (id: string, before?: string) =>
    apiCall<ConversationView>(`${quotePath(id)}/messages${before ? `?before=${encodeURIComponent(before)}` : ''}`),
  /** The request's conversation, live (server-sent events: `thread` as it changes). */
  messageEventsHref: (id: string) => `${quotePath(id)}/messages/events`,
  /** Writes to the house (mailed to it). */
  writeMessage: (id: string, input: MessageInput) =>
    apiCall<{ message: ConversationMessage; thread: ConversationThread }>(`${quotePath(id)}/messages`, {
      method: 'POST',
      body: JSON.stringify(input),
    }),
  /** Where a message's file `n` downloads from. */
  attachmentHref: (id: string, messageId: string, n: number) =>
    `${quotePath(id)}/messages/${encodeURIComponent(messageId)}/attachments/${n}`,
  /** The visitor's kept certificates offered here (kept here, then on the platform), each with why it cannot serve this house. */
  certificates: () => apiCall<{ certificates: KeptCertificateView[] }>('/api/certificates'),
  /** Keeps a certificate for the visitor's hires; every certificate offered here comes back. */
  keepCertificate: (upload: CertificateUpload) =>
    apiCall<{ certificates: KeptCertificateView[] }>('/api/certificates', {
      method: 'POST',
      body: JSON.stringify(upload),
    }),
  removeCertificate: (id: string) =>
    apiCall<undefined>(`/api/certificates/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  certificateHref: (id: string) => `/api/certificates/${encodeURIComponent(id)}`,
  /** Chooses a kept certificate for one of the visitor's requests. */
  chooseCertificate: (id: string, certificate: string) =>
    apiCall<VisitorQuote>(`${quotePath(id)}/insurance/choice`, {
      method: 'PUT',
      body: JSON.stringify({ certificate }),
    }),
  /** Chooses how one of the visitor's hires is covered, among the house's ways. */
  chooseCover: (id: string, choice: CoverChoice['choice']) =>
    apiCall<VisitorQuote>(`${quotePath(id)}/cover`, { method: 'PUT', body: JSON.stringify({ choice }) }),
  /** Where the certificate downloads from. */
  insuranceHref: (id: string) => `${quotePath(id)}/insurance`,
  /** The request's invoices, pro formas and credit notes (no ledger codes). */
  invoices: (id: string) => apiCall<Invoice[]>(`${quotePath(id)}/invoices`),
  /** Asks the house to let the visitor order on their company's account (the one waiting comes back if they asked already). */
  askToJoin: (input: JoinRequestInput) =>
    apiCall<{ request: JoinRequest; repeat: boolean }>('/api/account-requests', {
      method: 'POST',
      body: JSON.stringify(input),
    }),
  invoicePdfHref: (id: string, number: string) => `${quotePath(id)}/invoices/${encodeURIComponent(number)}/pdf`,
  step: (
    quote: Pick<VisitorQuote, 'id' | 'revision'>,
    action: QuoteAction,
    details: {
      version?: number;
      reason?: string;
      purchaseOrder?: string;
      billingAddress?: string;
      billingContact?: string;
      account?: string;
      signature?: SignatureInput;
    } = {},
  ) =>
    apiCall<VisitorQuote>(`${quotePath(quote.id)}/${action}`, {
      method: 'POST',
      body: JSON.stringify(details),
      headers: { 'if-match': `"${quote.revision}"` },
    }),
};
