/**
 * Card holds (server/payments/card-holds.ts) over HTTP.
 * Visitors (signed in on the storefront the Host names; another's request answers 404):
 * - POST /api/quotes/:id/card-hold           begin the hold accepting needs; answers the request
 *                                            and what the browser confirms the card with
 * - POST /api/quotes/:id/card-hold/refresh   the provider's state read again (after the card step)
 * The built-in test provider's own pages, standing in for Stripe.js and the bank (test mode only):
 * - POST /api/payments/test/confirm          a test card tried against a hold (by its client secret)
 * - GET|POST /payments/test/authenticate     the bank's check (3-D Secure), passed or failed
 * - GET|POST /payments/test/onboard          a house finishing its test account's onboarding
 *                                            (a console user who may reach the house)
 * Stripe:
 * - POST /api/payments/stripe/webhook        a signed event: the intent it names is read again
 * The console:
 * - POST /api/tenants/:tenantId/quote-requests/:id/card-hold/settle   read the hold again and do
 *                                            what it is owed now (a retry without waiting)
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { schemaIds } from '../../../schema/documents';
import { withDefaults } from '../../../schema/defaults';
import { quoteSettingsOf } from '../../rental';
import { TestPaymentProvider } from '../../payments/test-payment-provider';
import { ProviderRefusedError } from '../../payments';
import { UnknownHouseError } from '../../marketplace';
import { canReach } from '../../auth/accounts';
import { withVersion } from '../../lib/versions';
import { recordSchema } from '../../lib/api-docs';
import { revisionOf, UnknownQuoteError } from '../../stores/quote-request-store';
import { visitorQuoteView } from './quotes';
import { tenantParams } from './tenants/params';
import { visitorsQuote } from './visitor-here';

const SIGN_IN = 'Log in on this storefront to authorise your card.';
const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { $ref: `${schemaIds.quoteRequest}#/properties/id` } },
} as const;
const viewSchema = {
  type: 'object',
  additionalProperties: true,
  properties: { id: { type: 'string' }, cardHold: { type: 'object', additionalProperties: true } },
} as const;

class NotTestModeError extends Error {
  readonly statusCode = 404;
  constructor() {
    super('This server takes cards through Stripe: there is no test provider here.');
  }
}

/** A site-relative path to go back to (anything else goes home: no open redirect). */
const sameSite = (value: unknown) =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')
    ? value
    : '/';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** An absolute URL on this request's own host to go back to (the console's), else the console: no open redirect. */
function sameHost(request: FastifyRequest, value: string): string {
  try {
    const url = new URL(value);
    // Both read as URLs, so a default port written or left out compares the same.
    if (
      url.host === new URL(`${request.protocol}://${request.host}`).host &&
      (url.protocol === 'http:' || url.protocol === 'https:')
    )
      return url.href;
  } catch {
    // not a URL
  }
  return '/admin/';
}

/** A page of the built-in test provider, marked "Test mode" (the bank's check, a house's onboarding). */
const testModePage = (
  title: string,
  body: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:10vh auto;padding:0 1.25rem;color:#1f2328}.mode{display:inline-block;background:#fff3cd;color:#664d03;border-radius:4px;padding:.1rem .5rem;font-size:.85rem;font-weight:600}h1{font-size:1.4rem;margin:.75rem 0}.actions{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1.5rem}button{font:inherit;padding:.6rem 1.1rem;border-radius:6px;border:1px solid #8c959f;background:#fff;cursor:pointer}form:first-child button{background:#1f6feb;border-color:#1f6feb;color:#fff}button:focus-visible{outline:3px solid #0969da;outline-offset:2px}</style></head>
<body><main><span class="mode">Test mode</span>${body}</main></body></html>`;

const cardHoldRoutes: FastifyPluginAsync = async (app) => {
  const tags = ['card holds'];
  const mine = async (request: FastifyRequest) => {
    const { quote } = await visitorsQuote(app, request, (request.params as { id: string }).id, SIGN_IN);
    const stored = await app.tenantStore.get(request.tenantId);
    if (!stored) throw new UnknownQuoteError(quote.id);
    return { quote, settings: quoteSettingsOf(stored.tenant) };
  };

  app.post(
    '/api/quotes/:id/card-hold',
    {
      schema: {
        tags,
        summary:
          'Begin the card hold that accepting the latest version needs (the card is then confirmed with the provider in the browser)',
        params: idParams,
      },
      config: {
        docs: {
          success: { schema: viewSchema, headers: ['etag'] },
          errors: {
            401: 'Nobody is signed in',
            402: 'This storefront takes no card, or there is nothing to authorise',
            404: 'No such request of this visitor',
            409: 'The house has not connected the account it is paid on: it takes no card hold yet',
          },
        },
      },
    },
    async (request, reply) => {
      const { quote, settings } = await mine(request);
      const now = new Date();
      const started = await app.cardHolds.start(quote, settings.site, now);
      withVersion(reply, String(revisionOf(started.request)));
      return {
        ...(await visitorQuoteView(app, started.request, settings, now)),
        payment: {
          ...app.cardHolds.provider.browserConfig(started.request.cardHold?.account),
          ...(started.clientSecret && { clientSecret: started.clientSecret }),
          ...(started.redirectUrl && { redirectUrl: started.redirectUrl }),
        },
      };
    },
  );

  app.post(
    '/api/quotes/:id/card-hold/refresh',
    {
      schema: { tags, summary: "Read the card hold's state again from the provider", params: idParams },
      config: {
        docs: {
          success: { schema: viewSchema, headers: ['etag'] },
          errors: { 401: 'Nobody is signed in', 404: 'No such request of this visitor' },
        },
      },
    },
    async (request, reply) => {
      const { quote, settings } = await mine(request);
      const now = new Date();
      const refreshed = await app.cardHolds.refresh(request.tenantId, quote.id, now);
      withVersion(reply, String(revisionOf(refreshed)));
      return visitorQuoteView(app, refreshed, settings, now);
    },
  );

  const testProvider = () => {
    const provider = app.cardHolds.provider;
    if (!(provider instanceof TestPaymentProvider)) throw new NotTestModeError();
    return provider;
  };

  app.post(
    '/api/payments/test/confirm',
    {
      schema: {
        tags,
        summary: "Test mode: try a test card against a hold (what Stripe.js does in Stripe's place)",
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['clientSecret', 'number', 'expMonth', 'expYear', 'cvc'],
          properties: {
            clientSecret: { type: 'string', minLength: 1, maxLength: 255 },
            number: { type: 'string', minLength: 1, maxLength: 32 },
            expMonth: { type: 'integer', minimum: 0, maximum: 99 },
            expYear: { type: 'integer', minimum: 0, maximum: 9999 },
            cvc: { type: 'string', maxLength: 8 },
          },
        },
      },
      config: {
        docs: {
          success: {
            schema: {
              type: 'object',
              properties: {
                status: { type: 'string' },
                lastError: { type: 'object', additionalProperties: true },
                redirectUrl: { type: 'string' },
              },
            },
          },
          errors: { 404: 'Not in test mode, or no such hold', 409: 'The hold is not waiting for a card' },
        },
      },
    },
    async (request) => {
      const body = request.body as {
        clientSecret: string;
        number: string;
        expMonth: number;
        expYear: number;
        cvc: string;
      };
      const { clientSecret, ...card } = body;
      try {
        const intent = testProvider().confirmCard(clientSecret, card);
        return {
          status: intent.status,
          ...(intent.lastError && { lastError: intent.lastError }),
          ...(intent.redirectUrl && { redirectUrl: intent.redirectUrl }),
        };
      } catch (error) {
        if (error instanceof ProviderRefusedError && error.code === 'resource_missing') throw new UnknownQuoteError('');
        throw error;
      }
    },
  );

  // The bank's check in test mode: a page of its own, as a bank's is, posting a form back.
  await app.register(async (page) => {
    page.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    page.get('/payments/test/authenticate', { schema: { hide: true } }, async (request, reply) => {
      testProvider();
      const { secret = '', return: back } = request.query as { secret?: string; return?: string };
      const field = (name: string, value: string) =>
        `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
      const form = (outcome: 'pass' | 'fail', label: string) =>
        `<form method="post" action="/payments/test/authenticate">${field('secret', secret)}${field('return', sameSite(back))}${field('outcome', outcome)}<button type="submit"${outcome === 'pass' ? ' autofocus' : ''}>${label}</button></form>`;
      // Chromium sends a form's POST with `Origin: null` from a page whose referrer policy is
      // helmet's no-referrer, and a visitor's session cookie with no origin is refused as cross-site:
      // this page keeps its origin for its own site (and still sends nothing to another).
      void reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'same-origin')
        .type('text/html; charset=utf-8');
      return testModePage(
        "Test mode: your bank's check",
        `<h1>Your bank's check (3-D Secure)</h1><p>In test mode no bank is asked: choose how the check ends. With a real card, your bank shows its own page here.</p>
<div class="actions">${form('pass', 'Complete the check')}${form('fail', 'Fail the check')}</div>`,
      );
    });
    page.post('/payments/test/authenticate', { schema: { hide: true } }, async (request, reply) => {
      const {
        secret = '',
        return: back,
        outcome,
      } = (request.body ?? {}) as { secret?: string; return?: string; outcome?: string };
      testProvider().authenticate(secret, outcome === 'pass');
      return reply.redirect(sameSite(back), 303);
    });

    // A house finishing the test provider's onboarding (Stripe's hosted form in the real thing): one
    // button, for a console user who may reach the house; back to the console after.
    page.get('/payments/test/onboard', { schema: { hide: true } }, async (request, reply) => {
      testProvider();
      const { account = '', return: back = '' } = request.query as { account?: string; return?: string };
      const record = await app.payouts.byAccount(account);
      if (!record) throw new UnknownHouseError(account);
      const house = (await app.tenantStore.get(record.tenantId))?.tenant.vendor.name ?? record.tenantId;
      const field = (name: string, value: string) =>
        `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
      void reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'same-origin')
        .type('text/html; charset=utf-8');
      return testModePage(
        'Test mode: connect your payout account',
        `<h1>Connect ${escapeHtml(house)}’s payout account</h1><p>In test mode no bank account or identity check is asked for. With Stripe, this is Stripe’s own form: your business details, a bank account to be paid into, and who runs the business.</p>
<div class="actions"><form method="post" action="/payments/test/onboard">${field('account', account)}${field('return', back)}<button type="submit" autofocus>Finish connecting (test)</button></form><form method="get" action="${escapeHtml(sameHost(request, back))}"><button type="submit">Not now</button></form></div>`,
      );
    });
    page.post(
      '/payments/test/onboard',
      { schema: { hide: true }, onRequest: app.authenticate },
      async (request, reply) => {
        const { account = '', return: back = '' } = (request.body ?? {}) as { account?: string; return?: string };
        const record = await app.payouts.byAccount(account);
        // Another house's account is no account of this user's: the same answer as none.
        if (!record || !canReach(request.account!, record.tenantId)) throw new UnknownHouseError(account);
        testProvider().completeOnboarding(account);
        await app.payouts.refresh(record.tenantId);
        request.log.info(
          { tenantId: record.tenantId, account, actor: request.account!.email },
          'house connected its test payout account',
        );
        return reply.redirect(sameHost(request, back), 303);
      },
    );
  });

  // Stripe's events, verified against the raw body: nothing else parses it first.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    webhook.post(
      '/api/payments/stripe/webhook',
      {
        schema: {
          tags,
          summary:
            "Stripe's webhook: an event signed with the endpoint's secret; the PaymentIntent it names is read again from Stripe",
        },
        config: {
          docs: {
            success: { schema: { type: 'object', properties: { received: { type: 'boolean' } } } },
            errors: { 400: 'The signature does not verify' },
          },
        },
      },
      async (request) => {
        const event = app.cardHolds.provider.verifyEvent(
          typeof request.body === 'string' ? request.body : '',
          request.headers['stripe-signature'] as string | undefined,
        );
        // A house's account changed at Stripe (onboarding finished, or restricted): its record read again.
        if (event.type === 'account.updated' && event.account) await app.payouts.onAccountEvent(event.account);
        else await app.cardHolds.onEvent(event.intentId, new Date(), event.account);
        request.log.info({ event: event.id, type: event.type }, 'payment event');
        return { received: true };
      },
    );
  });

  app.post(
    '/api/tenants/:tenantId/quote-requests/:id/card-hold/settle',
    {
      onRequest: app.requireTenant,
      schema: {
        tags,
        summary:
          'Read the card hold again from the provider and do what it is owed now (capture, release or renewal), without waiting for the watch',
        params: {
          ...tenantParams,
          required: [...tenantParams.required, 'id'],
          properties: { ...tenantParams.properties, id: idParams.properties.id },
        },
      },
      config: { docs: { success: { schema: recordSchema, headers: ['etag'] }, errors: { 404: 'No such request' } } },
    },
    async (request, reply) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const stored = await app.tenantStore.get(tenantId);
      if (!stored) throw new UnknownQuoteError(id);
      const now = new Date();
      const quote = await app.quoteRequests.get(tenantId, id);
      if (!quote) throw new UnknownQuoteError(id);
      // Nothing owed: the provider's state is read again; something owed is done (settle reads the intent first).
      const settled = quote.cardHold?.pending
        ? await app.cardHolds.settle(tenantId, id, withDefaults('site', stored.tenant.site), now)
        : await app.cardHolds.refresh(tenantId, id, now);
      withVersion(reply, String(revisionOf(settled)));
      return settled;
    },
  );
};

export default cardHoldRoutes;
