/**
 * A STAND-IN for Stripe's API, for tests: NOT Stripe, and only the calls
 * server/payments/stripe-payment-provider.ts makes through the official SDK. No Stripe server can
 * run here (stripe-mock is a Go binary, stateless by design, and not packaged for npm or Debian).
 * A node:http server on 127.0.0.1 (a free port), for BACKLOT_STRIPE_API_URL, stateful as Stripe is:
 *
 * - `POST /v1/customers`: a customer.
 * - `POST /v1/payment_intents`: an intent with manual capture, `requires_payment_method`; with
 *   `confirm=true` and `off_session=true`, confirmed at once with its `payment_method`.
 * - `POST /v1/payment_intents/:id/confirm` with a test payment method (what Stripe.js does in the
 *   browser): `pm_card_visa` authorises (`requires_capture`, a `capture_before` 7 days on, on the
 *   latest charge), `pm_card_chargeDeclined` and `pm_card_chargeDeclinedInsufficientFunds` are
 *   declined (402, the intent back at `requires_payment_method` with its `last_payment_error`),
 *   `pm_card_authenticationRequired` asks for 3-D Secure (`requires_action`; `POST
 *   /test/authenticate/:id` passes it), `pm_card_chargeCustomerFail` authorises once and declines
 *   off session.
 * - `GET /v1/payment_intents/:id`; `POST …/capture` (`amount_to_capture` at most
 *   `amount_capturable`, else 400 `amount_too_large`; the rest released); `POST …/cancel`.
 * - A hold past its `capture_before` is canceled (as Stripe lets it lapse) when next read. A hold
 *   authorised off session (a merchant-initiated renewal) lasts 4 days 18 hours, as Visa's do.
 * - An amount over eight digits of minor units (99,999,999) is refused (400 `amount_too_large`).
 * - Off session, the payment method must be attached to the customer (a card confirmed in the
 *   browser on an intent with `setup_future_usage` is attached to its customer), else 400.
 * - `Idempotency-Key`: a repeated key answers the first response, with `Idempotent-Replayed`; the
 *   same key with other parameters is refused (400 `idempotency_error`); a key is kept 24 hours.
 *   With each key the stand-in keeps the request it answered.
 *
 * - Connect: `POST /v1/accounts` (with Stripe's `controller` rules for a full dashboard), `GET
 *   /v1/accounts/:id`, `POST /v1/account_links`; an account takes no payments until `POST
 *   /test/onboard/:id` (the house finishing Stripe's onboarding) or `restrict(id)`. With the
 *   `Stripe-Account` header a call is made on that account: an unknown account is refused (403),
 *   its intents and customers are found only on it, an intent on an account that cannot take
 *   payments is refused. `application_fee_amount` only on a connected account (400 otherwise),
 *   at most the amount; on capture it replaces the creation's and is capped at what is captured,
 *   and each capture with a fee records an application fee (`fees`).
 *
 * Not proven by it: Stripe's real validation of every parameter, its Payment Element and 3-D
 * Secure pages in the browser, network-specific hold lengths, webhooks' delivery (tests sign
 * events with the SDK's own helper and post them), and the live API's versions.
 * `down()` makes every request fail with 503 until `up()`; `doButNeverAnswer(suffix)` does a call
 * and leaves its connection hanging (a crash between Stripe's answer and the caller's write);
 * `requests` lists every call.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeStandIn {
  url: string;
  intents: Map<string, Record<string, unknown>>;
  accounts: Map<string, Record<string, unknown>>;
  /** Application fees collected by the platform: on which account, from which intent, how much. */
  fees: Array<{ account: string; intent: string; amount: number; currency: string }>;
  /** The account can no longer take payments (Stripe restricted it). */
  restrict(accountId: string): void;
  /** Every request: method, path, idempotency key and the account it was made on. */
  requests: Array<{ method: string; path: string; key?: string; account?: string }>;
  /** Moves the stand-in's clock on (holds lapse). */
  advance(ms: number): void;
  down(): void;
  up(): void;
  /** From now on a call whose path ends with `suffix` is done but never answered (the connection hangs), until `answerAgain()`. */
  doButNeverAnswer(suffix: string): void;
  answerAgain(): void;
  close(): Promise<void>;
}

const HOLD_SECONDS = 7 * 86_400;
/** Merchant-initiated (off-session) Visa authorisations: 4 days 18 hours. */
const OFF_SESSION_HOLD_SECONDS = 4 * 86_400 + 18 * 3_600;
/** Stripe's largest amount: eight digits of minor units. */
const MAX_AMOUNT = 99_999_999;
const KEY_SECONDS = 86_400;

/** Stripe's form encoding, nested keys (`metadata[a]`, `expand[0]`) into objects and arrays. */
function parseForm(body: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node = result as Record<string, unknown>;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return result;
}

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => resolve(body));
  });

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents = new Map<string, Record<string, unknown>>();
  const methods = new Map<string, string>();
  /** Payment methods attached to a customer (for use off session). */
  const attached = new Map<string, string>();
  const replies = new Map<string, { status: number; body: string; request: string; at: number }>();
  const requests: StripeStandIn['requests'] = [];
  const accounts = new Map<string, Record<string, unknown>>();
  /** Each customer's account ('' for the platform's). */
  const customers = new Map<string, string>();
  const fees: StripeStandIn['fees'] = [];
  const enable = (account: Record<string, unknown>, enabled: boolean) =>
    Object.assign(account, {
      charges_enabled: enabled,
      payouts_enabled: enabled,
      details_submitted: true,
      capabilities: { card_payments: enabled ? 'active' : 'inactive', transfers: enabled ? 'active' : 'inactive' },
      requirements: {
        currently_due: enabled ? [] : ['external_account'],
        eventually_due: [],
        past_due: [],
        disabled_reason: enabled ? null : 'requirements.past_due',
      },
    });
  let offset = 0;
  let isDown = false;
  let hangOn: string | undefined;
  const hanging = new Set<import('node:http').ServerResponse>();
  const now = () => Math.floor((Date.now() + offset) / 1000);
  const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

  const cardError = (intent: Record<string, unknown>, code: string, message: string) => {
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: code, message };
    return {
      status: 402,
      body: {
        error: { type: 'card_error', code: 'card_declined', decline_code: code, message, payment_intent: view(intent) },
      },
    };
  };
  const view = (intent: Record<string, unknown>) => {
    // A hold past its life lapses when read.
    const charge = intent.latest_charge as { payment_method_details: { card: { capture_before: number } } } | null;
    if (intent.status === 'requires_capture' && charge && charge.payment_method_details.card.capture_before <= now()) {
      intent.status = 'canceled';
      intent.cancellation_reason = 'automatic';
      intent.amount_capturable = 0;
    }
    return structuredClone(intent);
  };
  /** `authenticated`: the bank's check was passed for this card just now. */
  const confirm = (intent: Record<string, unknown>, method: string, offSession: boolean, authenticated = false) => {
    const behaviour = method.startsWith('pm_card_') ? method : (methods.get(method) ?? 'unknown');
    const saved = method.startsWith('pm_card_') ? id('pm') : method;
    methods.set(saved, behaviour);
    intent.payment_method = saved;
    if (behaviour === 'unknown')
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such PaymentMethod: '${method}'`,
          },
        },
      };
    if (offSession && attached.get(saved) !== intent.customer)
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'payment_method_not_available',
            message: `The provided PaymentMethod ${saved} was not attached to customer ${String(intent.customer)}: attach it (setup_future_usage) before using it off session.`,
          },
        },
      };
    // A card the browser confirms for later use is saved to the intent's customer.
    if (!offSession && intent.setup_future_usage === 'off_session' && intent.customer)
      attached.set(saved, intent.customer as string);
    if (behaviour === 'pm_card_chargeDeclined') return cardError(intent, 'generic_decline', 'Your card was declined.');
    if (behaviour === 'pm_card_chargeDeclinedInsufficientFunds')
      return cardError(intent, 'insufficient_funds', 'Your card has insufficient funds.');
    if (behaviour === 'pm_card_chargeCustomerFail' && offSession)
      return cardError(intent, 'generic_decline', 'Your card was declined.');
    if (behaviour === 'pm_card_authenticationRequired' && !offSession && !authenticated) {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: { url: `https://hooks.stripe.com/3d_secure/${String(intent.id)}`, return_url: null },
      };
      return { status: 200, body: view(intent) };
    }
    intent.status = 'requires_capture';
    intent.amount_capturable = intent.amount;
    intent.next_action = null;
    intent.last_payment_error = null;
    intent.latest_charge = {
      id: id('ch'),
      object: 'charge',
      captured: false,
      payment_method_details: {
        type: 'card',
        card: { capture_before: now() + (offSession ? OFF_SESSION_HOLD_SECONDS : HOLD_SECONDS) },
      },
    };
    return { status: 200, body: view(intent) };
  };

  const invalid = (message: string, param?: string, code?: string) => ({
    status: 400,
    body: { error: { type: 'invalid_request_error', message, ...(param && { param }), ...(code && { code }) } },
  });
  const connectRoutes = (
    method: string,
    path: string,
    form: Record<string, unknown>,
    onAccount: string,
  ): { status: number; body: unknown } | undefined => {
    if (method === 'POST' && path === '/v1/accounts') {
      if (onAccount) return invalid('Accounts are made by the platform, not on a connected account.');
      const controller = form.controller as
        { stripe_dashboard?: { type?: string }; fees?: { payer?: string }; losses?: { payments?: string } } | undefined;
      if (!controller && !form.type) return invalid('You must pass either `type` or `controller`.', 'type');
      if (
        controller?.stripe_dashboard?.type === 'full' &&
        (controller.fees?.payer !== 'account' || controller.losses?.payments !== 'stripe')
      )
        return invalid(
          'With a full Stripe Dashboard, `controller.fees.payer` must be `account` and `controller.losses.payments` must be `stripe`.',
          'controller',
        );
      if (typeof form.country === 'string' && !/^[A-Z]{2}$/.test(form.country))
        return invalid(`Country '${form.country}' is unknown.`, 'country');
      const account: Record<string, unknown> = {
        id: id('acct'),
        object: 'account',
        email: form.email ?? null,
        country: form.country ?? 'US',
        metadata: form.metadata ?? {},
        controller: controller ?? null,
      };
      enable(account, false);
      Object.assign(account, {
        details_submitted: false,
        requirements: {
          currently_due: ['business_profile.url', 'external_account', 'tos_acceptance.date'],
          eventually_due: [],
          past_due: [],
          disabled_reason: 'requirements.past_due',
        },
      });
      accounts.set(account.id as string, account);
      return { status: 200, body: account };
    }
    const accountMatch = /^\/(v1\/accounts|test\/onboard)\/([^/]+)$/.exec(path);
    if (accountMatch) {
      const account = accounts.get(accountMatch[2]!);
      if (!account)
        return {
          status: 404,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such account: '${accountMatch[2]}'`,
            },
          },
        };
      if (accountMatch[1] === 'test/onboard') enable(account, true);
      return { status: 200, body: account };
    }
    if (method === 'POST' && path === '/v1/account_links') {
      const account = typeof form.account === 'string' ? accounts.get(form.account) : undefined;
      if (!account) return invalid(`No such account: '${String(form.account)}'`, 'account', 'resource_missing');
      if (form.type !== 'account_onboarding' && form.type !== 'account_update')
        return invalid('Invalid type: must be one of account_onboarding or account_update', 'type');
      for (const url of ['refresh_url', 'return_url'])
        if (typeof form[url] !== 'string' || !/^https?:\/\//.test(form[url]))
          return invalid(`Missing required param: ${url} (an absolute URL).`, url);
      return {
        status: 200,
        body: {
          object: 'account_link',
          created: now(),
          expires_at: now() + 300,
          url: `https://connect.stripe.com/setup/s/${String(account.id)}/${randomBytes(6).toString('hex')}`,
        },
      };
    }
    return undefined;
  };

  const routes = (
    method: string,
    path: string,
    form: Record<string, unknown>,
    onAccount: string,
  ): { status: number; body: unknown } => {
    const connect = connectRoutes(method, path, form, onAccount);
    if (connect) return connect;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = id('cus');
      customers.set(customer, onAccount);
      return { status: 200, body: { id: customer, object: 'customer', email: form.email ?? null } };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      if (form.capture_method !== 'manual')
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', message: 'the stand-in takes manual capture only' } },
        };
      if (typeof form.customer === 'string' && customers.get(form.customer) !== onAccount)
        return invalid(`No such customer: '${form.customer}'`, 'customer', 'resource_missing');
      if (onAccount && !accounts.get(onAccount)!.charges_enabled)
        return invalid(
          'The payment method type "card" is invalid. Please ensure the provided type is activated in your dashboard (https://dashboard.stripe.com/account/payments/settings).',
          'allowed_payment_method_types',
        );
      if (form.application_fee_amount !== undefined) {
        if (!onAccount)
          return invalid(
            'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
            'application_fee_amount',
          );
        if (!(Number(form.application_fee_amount) >= 0 && Number(form.application_fee_amount) <= Number(form.amount)))
          return invalid(
            'The application fee must be a positive integer no greater than the amount.',
            'application_fee_amount',
          );
      }
      if (!(Number(form.amount) >= 1 && Number(form.amount) <= MAX_AMOUNT))
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'amount_too_large',
              param: 'amount',
              message: `Amount must be no more than ${MAX_AMOUNT}.`,
            },
          },
        };
      const intent: Record<string, unknown> = {
        id: id('pi'),
        object: 'payment_intent',
        amount: Number(form.amount),
        amount_capturable: 0,
        amount_received: 0,
        currency: form.currency,
        capture_method: 'manual',
        customer: form.customer ?? null,
        setup_future_usage: form.setup_future_usage ?? null,
        description: form.description ?? null,
        metadata: form.metadata ?? {},
        status: 'requires_payment_method',
        payment_method: null,
        latest_charge: null,
        last_payment_error: null,
        next_action: null,
        application_fee_amount: form.application_fee_amount === undefined ? null : Number(form.application_fee_amount),
        on_account: onAccount,
      };
      intent.client_secret = `${intent.id as string}_secret_${randomBytes(8).toString('hex')}`;
      intents.set(intent.id as string, intent);
      if (form.confirm === 'true' && typeof form.payment_method === 'string')
        return confirm(intent, form.payment_method, form.off_session === 'true');
      return { status: 200, body: view(intent) };
    }
    const match = /^\/(v1\/payment_intents|test\/authenticate)\/([^/]+)(?:\/(confirm|capture|cancel))?$/.exec(path);
    const found = match && intents.get(match[2]!);
    // An intent is found only on its own account (the test pages act as the visitor, on any).
    const intent = found && (found.on_account === onAccount || match[1] === 'test/authenticate') ? found : undefined;
    if (!match || !intent)
      return {
        status: 404,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such payment_intent: '${match?.[2] ?? path}'`,
          },
        },
      };
    const unexpected = (verb: string) => ({
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `This PaymentIntent could not be ${verb} because it has a status of ${view(intent).status as string}.`,
        },
      },
    });
    if (match[1] === 'test/authenticate') {
      if (intent.status !== 'requires_action') return unexpected('authenticated');
      intent.next_action = null;
      intent.status = 'requires_payment_method';
      return confirm(intent, intent.payment_method as string, false, true);
    }
    if (method === 'GET' && !match[3]) return { status: 200, body: view(intent) };
    if (match[3] === 'confirm') {
      if (intent.status !== 'requires_payment_method') return unexpected('confirmed');
      return confirm(intent, String(form.payment_method), false);
    }
    if (match[3] === 'capture') {
      if (view(intent).status !== 'requires_capture') return unexpected('captured');
      const amount =
        form.amount_to_capture === undefined ? (intent.amount_capturable as number) : Number(form.amount_to_capture);
      if (amount > (intent.amount_capturable as number))
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'amount_too_large',
              message: `Amount to capture must be less than or equal to ${intent.amount_capturable as number}.`,
            },
          },
        };
      if (form.application_fee_amount !== undefined && !onAccount)
        return invalid(
          'Can only apply an application_fee_amount to a direct or destination payment.',
          'application_fee_amount',
        );
      // The fee on capture replaces the creation's, capped at what is captured.
      const fee =
        form.application_fee_amount === undefined
          ? (intent.application_fee_amount as number | null)
          : Number(form.application_fee_amount);
      Object.assign(intent, {
        status: 'succeeded',
        amount_received: amount,
        amount_capturable: 0,
        application_fee_amount: fee === null ? null : Math.min(fee, amount),
      });
      (intent.latest_charge as Record<string, unknown>).captured = true;
      if (fee !== null && onAccount)
        fees.push({
          account: onAccount,
          intent: intent.id as string,
          amount: Math.min(fee, amount),
          currency: intent.currency as string,
        });
      return { status: 200, body: view(intent) };
    }
    if (match[3] === 'cancel') {
      const status = view(intent).status;
      if (status === 'succeeded' || status === 'canceled') return unexpected('canceled');
      Object.assign(intent, {
        status: 'canceled',
        amount_capturable: 0,
        cancellation_reason: form.cancellation_reason ?? null,
      });
      return { status: 200, body: view(intent) };
    }
    return {
      status: 400,
      body: { error: { type: 'invalid_request_error', message: `${method} ${path} is not part of the stand-in` } },
    };
  };

  const server = createServer((request, response) => {
    void read(request).then((raw) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const key = request.headers['idempotency-key'] as string | undefined;
      const onAccount = (request.headers['stripe-account'] as string | undefined) ?? '';
      requests.push({
        method: request.method ?? 'GET',
        path: url.pathname,
        ...(key && { key }),
        ...(onAccount && { account: onAccount }),
      });
      if (isDown) {
        response
          .writeHead(503, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe is down (stand-in)' } }));
        return;
      }
      // A key lasts 24 hours; within them it answers the same request only.
      // Keys are per account, as Stripe scopes them.
      const cached = key && replies.get(`${onAccount}:${key}`);
      const asked = `${request.method ?? 'GET'} ${url.pathname} ${raw}`;
      if (cached && now() - cached.at < KEY_SECONDS) {
        if (cached.request !== asked) {
          const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
          response
            .writeHead(400, { 'content-type': 'application/json', 'request-id': id('req') })
            .end(JSON.stringify({ error: { type: 'idempotency_error', message } }));
          return;
        }
        response
          .writeHead(cached.status, {
            'content-type': 'application/json',
            'idempotent-replayed': 'true',
            'request-id': id('req'),
          })
          .end(cached.body);
        return;
      }
      const form = { ...Object.fromEntries(url.searchParams), ...parseForm(raw) };
      const answer =
        onAccount && !accounts.has(onAccount)
          ? {
              status: 403,
              body: {
                error: {
                  type: 'invalid_request_error',
                  code: 'account_invalid',
                  message: `The provided key does not have access to account '${onAccount}' (or that account does not exist). Application access may have been revoked.`,
                },
              },
            }
          : routes(request.method ?? 'GET', url.pathname, form, onAccount);
      const body = JSON.stringify(answer.body);
      if (key && request.method === 'POST')
        replies.set(`${onAccount}:${key}`, { status: answer.status, body, request: asked, at: now() });
      // Done, and never answered: the caller dies (or times out) between Stripe's work and its own write.
      if (hangOn && url.pathname.endsWith(hangOn)) return void hanging.add(response);
      response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    accounts,
    fees,
    restrict: (accountId) => void enable(accounts.get(accountId)!, false),
    requests,
    advance: (ms) => void (offset += ms),
    down: () => void (isDown = true),
    up: () => void (isDown = false),
    doButNeverAnswer: (suffix) => void (hangOn = suffix),
    answerAgain: () => void (hangOn = undefined),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
