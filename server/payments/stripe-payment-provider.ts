/**
 * Stripe as the PaymentProvider (BACKLOT_PAYMENTS=stripe): PaymentIntents with manual capture
 * through the official SDK. The card is confirmed in the visitor's browser by Stripe.js's Payment
 * Element (3-D Secure included), saved at Stripe for an off-session renewal; the server creates,
 * reads, captures and cancels, each change with an idempotency key. `capture_before` comes from
 * the intent's latest charge. Webhooks are verified with the endpoint's signing secret.
 *
 * Marketplace: each house is a Stripe Connect account of the platform, opened here with Stripe
 * owning the dashboard, fees and losses as for a Standard account; holds are direct charges on the
 * house's account (the Stripe-Account header on every call of the hold), with the platform's
 * commission as `application_fee_amount` (on creation, and again on capture for what is captured:
 * Stripe caps it at the amount captured). A customer is per account, so the visitor's customer is
 * made on the house's account.
 *
 * The SDK retries a call it could not finish (network errors, 409s, 5xx) with its own backoff and
 * the same idempotency key; what still fails is ProviderUnavailableError (kept pending and retried
 * later by the card-hold watch) or ProviderRefusedError (not retried).
 */
import Stripe from 'stripe';
import {
  BadSignatureError,
  ProviderRefusedError,
  ProviderUnavailableError,
  type CardIntent,
  type ConnectedAccount,
  type HoldRequest,
  type OnAccount,
  type PaymentProvider,
} from './payment-provider';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API origin (a loopback stand-in in tests); unset, api.stripe.com. */
  apiUrl?: string;
}

export class StripePaymentProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  readonly testMode: boolean;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    this.testMode = !settings.secretKey.startsWith('sk_live_');
    const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(api && {
        host: api.hostname,
        port: Number(api.port || (api.protocol === 'http:' ? 80 : 443)),
        protocol: api.protocol.replace(':', '') as 'http' | 'https',
      }),
    });
  }

  browserConfig(account?: string) {
    return {
      provider: 'stripe' as const,
      testMode: this.testMode,
      publishableKey: this.settings.publishableKey,
      ...(account && { account }),
    };
  }

  async createHold(request: HoldRequest): Promise<CardIntent> {
    return this.call(async () => {
      // The card is saved under a customer, made once per payer and then kept by the caller. The key is
      // this hold's own (a retry of it finds the same customer); a payer's key alone would outlive
      // Stripe's 24 hours and make a customer per hold, or clash when the email changes.
      const customer =
        request.offSession?.customer ??
        request.payer.customer ??
        (
          await this.stripe.customers.create(
            { email: request.payer.email, metadata: { payer: request.payer.key } },
            { idempotencyKey: `customer-${request.idempotencyKey}`, ...on(request) },
          )
        ).id;
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amount,
          currency: request.currency.toLowerCase(),
          capture_method: 'manual',
          allowed_payment_method_types: ['card'],
          description: request.description,
          metadata: request.metadata,
          ...(request.applicationFee !== undefined && { application_fee_amount: request.applicationFee }),
          ...(request.offSession
            ? { payment_method: request.offSession.paymentMethod, customer, confirm: true, off_session: true }
            : { customer, setup_future_usage: 'off_session' as const }),
          expand: ['latest_charge'],
        },
        { idempotencyKey: request.idempotencyKey, ...on(request) },
      );
      return intentOf(intent);
    });
  }

  async retrieve(intentId: string, account: OnAccount = {}): Promise<CardIntent> {
    return this.call(async () =>
      intentOf(await this.stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] }, on(account))),
    );
  }

  async capture(
    intentId: string,
    amount: number,
    idempotencyKey: string,
    options: OnAccount & { applicationFee?: number } = {},
  ): Promise<CardIntent> {
    return this.call(async () =>
      intentOf(
        await this.stripe.paymentIntents.capture(
          intentId,
          {
            amount_to_capture: amount,
            ...(options.applicationFee !== undefined && { application_fee_amount: options.applicationFee }),
            expand: ['latest_charge'],
          },
          { idempotencyKey, ...on(options) },
        ),
      ),
    );
  }

  async cancel(intentId: string, idempotencyKey: string, account: OnAccount = {}): Promise<CardIntent> {
    return this.call(async () =>
      intentOf(
        await this.stripe.paymentIntents.cancel(
          intentId,
          { expand: ['latest_charge'] },
          { idempotencyKey, ...on(account) },
        ),
      ),
    );
  }

  async createAccount(request: {
    tenantId: string;
    email: string;
    country: string;
    idempotencyKey: string;
  }): Promise<ConnectedAccount> {
    return this.call(async () =>
      accountOf(
        await this.stripe.accounts.create(
          {
            // As a Standard account: the house has Stripe's full dashboard, pays Stripe's fees and owns its disputes with Stripe.
            controller: {
              stripe_dashboard: { type: 'full' },
              fees: { payer: 'account' },
              losses: { payments: 'stripe' },
            },
            email: request.email,
            country: request.country,
            metadata: { tenantId: request.tenantId },
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      ),
    );
  }

  async retrieveAccount(accountId: string): Promise<ConnectedAccount> {
    return this.call(async () => accountOf(await this.stripe.accounts.retrieve(accountId)));
  }

  async onboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string> {
    return this.call(
      async () =>
        (
          await this.stripe.accountLinks.create({
            account: accountId,
            type: 'account_onboarding',
            return_url: urls.returnUrl,
            refresh_url: urls.refreshUrl,
          })
        ).url,
    );
  }

  verifyEvent(rawBody: string, signature: string | undefined) {
    if (!signature) throw new BadSignatureError('No Stripe-Signature header.');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch (error) {
      throw new BadSignatureError(`The webhook's signature does not verify: ${(error as Error).message}`);
    }
    const object = event.data.object as {
      object?: string;
      id?: string;
      payment_intent?: string | { id: string } | null;
    };
    const intentId =
      object.object === 'payment_intent'
        ? object.id
        : typeof object.payment_intent === 'string'
          ? object.payment_intent
          : (object.payment_intent?.id ?? undefined);
    return { id: event.id, type: event.type, intentId, ...(event.account && { account: event.account }) };
  }

  async close(): Promise<void> {}

  /** A call with Stripe's failures sorted: its refusal of the call itself, or its service out of reach. */
  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (
        error instanceof Stripe.errors.StripeConnectionError ||
        error instanceof Stripe.errors.StripeAPIError ||
        error instanceof Stripe.errors.StripeRateLimitError
      )
        throw new ProviderUnavailableError(`Stripe could not be reached: ${error.message}`);
      if (error instanceof Stripe.errors.StripeError) {
        // A card refused off session comes back as an error with the intent attached: it is an answer, not a failure.
        const intent = (error.raw as { payment_intent?: Stripe.PaymentIntent } | undefined)?.payment_intent;
        if (intent && error.type === 'StripeCardError') return intentOf(intent) as T;
        throw new ProviderRefusedError(error.message, error.code ?? error.type);
      }
      throw error;
    }
  }
}

/** The request options that make a call on a house's account (Stripe-Account), or none for the platform's. */
const on = ({ account }: OnAccount) => (account ? { stripeAccount: account } : {});

/** A connected account in the port's terms. */
function accountOf(account: Stripe.Account): ConnectedAccount {
  return {
    id: account.id,
    chargesEnabled: account.charges_enabled,
    detailsSubmitted: account.details_submitted,
    due: account.requirements?.currently_due ?? [],
  };
}

/** A PaymentIntent in the port's terms. */
function intentOf(intent: Stripe.PaymentIntent): CardIntent {
  const charge = typeof intent.latest_charge === 'object' && intent.latest_charge ? intent.latest_charge : undefined;
  const captureBefore = charge?.payment_method_details?.card?.capture_before;
  const method = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
  const error = intent.last_payment_error;
  const redirect = intent.next_action?.redirect_to_url?.url;
  return {
    id: intent.id,
    status: intent.status as CardIntent['status'],
    currency: intent.currency,
    amount: intent.amount,
    amountCapturable: intent.amount_capturable,
    amountReceived: intent.amount_received,
    ...(captureBefore && { captureBefore: new Date(captureBefore * 1000).toISOString() }),
    ...(intent.client_secret && { clientSecret: intent.client_secret }),
    ...(method && { paymentMethod: method }),
    ...(typeof intent.customer === 'string' && { customer: intent.customer }),
    ...(redirect && { redirectUrl: redirect }),
    ...(typeof intent.application_fee_amount === 'number' && { applicationFee: intent.application_fee_amount }),
    ...(error && {
      lastError: {
        code: error.decline_code ?? error.code ?? 'card_error',
        message: error.message ?? 'The card was not authorised.',
      },
    }),
    metadata: { ...intent.metadata },
  };
}
