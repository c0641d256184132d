/**
 * The PaymentProvider port: card authorisations held at a payment provider and later captured or
 * released, in Stripe's terms (a PaymentIntent with manual capture), since Stripe is the provider
 * at scale and the built-in test provider follows its test cards.
 *
 * Every call that changes something carries an idempotency key, so a retry (or two servers doing
 * the same step at once) is answered with the first call's result, never done twice. Amounts are
 * in the currency's minor unit. Nothing card-shaped passes through here: the visitor's card goes
 * from the browser to the provider (Stripe.js, or the test provider's own form), and the server
 * keeps only the provider's ids.
 *
 * Marketplace (Stripe Connect): each house is paid on its own account at the provider. A hold is
 * made on the house's account (`account`, Stripe's Stripe-Account header) and every later step of
 * it on the same one; an order that came through the platform carries the platform's commission
 * as the provider's application fee (`applicationFee`, minor units), set again on capture for
 * what is captured. A house opens its account with `createAccount` and finishes the provider's
 * onboarding at `onboardingLink`; `retrieveAccount` says whether it can take payments yet.
 *
 * Adapters: `test-payment-provider.ts` (embedded default: test cards, no keys, no internet) and
 * `stripe-payment-provider.ts` (BACKLOT_PAYMENTS=stripe with STRIPE_SECRET_KEY); both run
 * tests/contract/payment-provider.contract.ts.
 */

/** A PaymentIntent's status, as Stripe names them. */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export interface CardIntent {
  id: string;
  status: IntentStatus;
  currency: string;
  /** What was asked for (minor units). */
  amount: number;
  /** What can still be captured (minor units): the hold, while it stands. */
  amountCapturable: number;
  /** What was captured (minor units). */
  amountReceived: number;
  /** When the hold lapses unless captured (ISO), once authorised. */
  captureBefore?: string;
  /** What the browser confirms the card with (the provider's client secret); never stored. */
  clientSecret?: string;
  /** The provider's id of the card used, kept by the provider for a later authorisation off session. */
  paymentMethod?: string;
  /** The provider's id of the customer the card is saved under (Stripe), if any. */
  customer?: string;
  /** Where the browser goes for the bank's check (3-D Secure), while `requires_action`. */
  redirectUrl?: string;
  /** Why the last attempt failed, in words for the visitor, with the provider's code. */
  lastError?: { code: string; message: string };
  /** The platform's fee on it (minor units), as last set (on creation, then on capture). */
  applicationFee?: number;
  metadata: Record<string, string>;
}

export interface HoldRequest {
  /** Minor units. */
  amount: number;
  currency: string;
  description: string;
  metadata: { tenantId: string; quoteId: string } & Record<string, string>;
  idempotencyKey: string;
  /** Who pays: the card is saved under them at the provider, for a renewal. `key` names them for good (tenant and visitor); `customer`, their customer at the provider once made. */
  payer: { key: string; email: string; customer?: string };
  /** Authorise again, off session, with a card the visitor authorised before (a renewal). */
  offSession?: { paymentMethod: string; customer?: string };
  /** The house's own account the hold is made on (a connected account); absent, the platform's. */
  account?: string;
  /** The platform's fee on this hold (minor units, at most `amount`), taken from what is captured; only with `account`. */
  applicationFee?: number;
}

/** Which account at the provider a call is about: a house's own (a connected account), or the platform's when absent. */
export interface OnAccount {
  account?: string;
}

/** A house's account at the provider, as the provider says it stands. */
export interface ConnectedAccount {
  id: string;
  /** It can take card payments now (Stripe's charges_enabled). */
  chargesEnabled: boolean;
  /** The house finished the provider's onboarding form. */
  detailsSubmitted: boolean;
  /** What the provider still wants (Stripe's requirements.currently_due). */
  due: string[];
}

/** A webhook event, verified: which intent it is about. The receiver reads the intent again rather than trust the event's copy (events come late, twice, or out of order). */
export interface ProviderEvent {
  id: string;
  type: string;
  intentId: string | undefined;
  /** The house's account it happened on (a Connect event), if any. */
  account?: string;
}

/** A failure of the provider's service (unreachable, 5xx): the step is kept pending and retried. */
export class ProviderUnavailableError extends Error {
  readonly statusCode = 503;
}

/** The provider refused the call as asked (capture above the hold, an intent in the wrong state): retrying will not help. */
export class ProviderRefusedError extends Error {
  readonly statusCode = 409;
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** A webhook whose signature does not verify. */
export class BadSignatureError extends Error {
  readonly statusCode = 400;
}

export interface PaymentProvider {
  readonly kind: 'test' | 'stripe';
  /** True unless real money moves (Stripe with a live key). */
  readonly testMode: boolean;
  /** What the storefront needs to take a card: Stripe's publishable key, or the test form. */
  browserConfig(account?: string): {
    provider: 'test' | 'stripe';
    testMode: boolean;
    publishableKey?: string;
    account?: string;
  };
  /** Starts a hold (manual capture). With `offSession` it is confirmed at once with the saved card. */
  createHold(request: HoldRequest): Promise<CardIntent>;
  retrieve(intentId: string, on?: OnAccount): Promise<CardIntent>;
  /** Captures `amount` (minor units, at most what is capturable); the rest of the hold is released. With `applicationFee`, the platform's fee on what is captured. */
  capture(
    intentId: string,
    amount: number,
    idempotencyKey: string,
    on?: OnAccount & { applicationFee?: number },
  ): Promise<CardIntent>;
  /** Releases the whole hold. */
  cancel(intentId: string, idempotencyKey: string, on?: OnAccount): Promise<CardIntent>;
  /** Opens a house's own account at the provider (once per key). */
  createAccount(request: {
    tenantId: string;
    email: string;
    country: string;
    idempotencyKey: string;
  }): Promise<ConnectedAccount>;
  retrieveAccount(accountId: string): Promise<ConnectedAccount>;
  /** Where the house finishes the provider's onboarding; the provider sends it back to `returnUrl` (or `refreshUrl` when the link has lapsed). */
  onboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string>;
  /** A webhook's body verified against its signature header (BadSignatureError otherwise). */
  verifyEvent(rawBody: string, signature: string | undefined): ProviderEvent;
  close(): Promise<void>;
}
