/**
 * buildApp(options) returns the Fastify app without listening: tests inject requests, and
 * server/main.ts listens. External plugins (security headers, rate limits, docs) are apart
 * from the app's own (validation, errors, stores, accounts).
 */
import startup from './plugins/app/startup';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { DEFAULT_BODY_LIMIT } from './lib/body-limits';
import type { Accounts } from './auth/accounts';
import type { ServerConfig } from './config';
import accounts from './plugins/app/accounts';
import identityPlugin from './plugins/app/identity';
import identityRoutes, { type IdentityRoutesOptions } from './routes/api/identity';
import contentTypes from './plugins/app/content-types';
import errors from './plugins/app/errors';
import tenantHost from './plugins/app/tenant-host';
import tenantStore from './plugins/app/tenant-store';
import assetStore from './plugins/app/asset-store';
import documentChecks from './plugins/app/document-checks';
import pdfs from './plugins/app/pdfs';
import sharedEngines from './plugins/app/shared-engines';
import validation from './plugins/app/validation';
import helmet from './plugins/external/helmet';
import rateLimit from './plugins/external/rate-limit';
import swagger from './plugins/external/swagger';
import admin from './plugins/app/admin';
import storefront from './plugins/app/storefront';
import authRoutes, { type AuthRoutesOptions } from './routes/api/auth';
import health from './routes/api/health';
import assetRoutes from './routes/assets';
import history from './routes/api/tenants/history';
import previews from './routes/api/tenants/previews';
import tenantAssets from './routes/api/tenants/assets';
import mailer from './plugins/app/mailer';
import outbox from './routes/api/outbox';
import profileStore from './plugins/app/profile-store';
import itemStore from './plugins/app/item-store';
import search from './plugins/app/search';
import quoteRequestStore from './plugins/app/quote-requests';
import quoteRequestRoutes, { type QuoteRequestRoutesOptions } from './routes/api/quote-requests';
import quoteRoutes from './routes/api/quotes';
import holdRoutes from './routes/api/holds';
import agreementRoutes from './routes/api/agreements';
import bookingRoutes from './routes/api/tenants/bookings';
import calendarFeeds from './routes/api/calendar-feeds';
import calendarRoutes from './routes/calendar';
import overdueWatch from './plugins/app/overdue-watch';
import holdWatch from './plugins/app/hold-watch';
import invoiceWatch from './plugins/app/invoice-watch';
import receivablesWatch from './plugins/app/receivables-watch';
import payments from './plugins/app/payments';
import invoicesPlugin from './plugins/app/invoices';
import invoiceRoutes from './routes/api/invoices';
import insuranceRoutes from './routes/api/insurance';
import keptCertificateRoutes from './routes/api/kept-certificates';
import coverRoutes from './routes/api/cover';
import conversations from './plugins/app/conversations';
import conversationRoutes from './routes/api/conversations';
import cardHoldRoutes from './routes/api/card-holds';
import type { PaymentProvider } from './payments';
import hireRoutes from './routes/api/tenants/hire';
import inspectionRoutes from './routes/api/tenants/inspections';
import transferRoutes from './routes/api/tenants/transfers';
import plannerRoutes from './routes/api/tenants/planner';
import earningsRoutes from './routes/api/tenants/earnings';
import availabilityRoutes from './routes/api/availability';
import placesRoutes from './routes/api/places';
import subHireRoutes from './routes/api/sub-hires';
import setListStore from './plugins/app/set-lists';
import setListRoutes from './routes/api/set-lists';
import marketplace from './plugins/app/marketplace';
import productionRequestRoutes from './routes/api/production-requests';
import payoutRoutes from './routes/api/payouts';
import customerAccountRoutes from './routes/api/customer-accounts';
import customerAccounts from './plugins/app/customer-accounts';
import paymentRoutes from './routes/api/payments';
import accountStatementRoutes from './routes/api/account-statements';
import accountFileRoutes from './routes/api/account-files';
import joinRequestRoutes from './routes/api/join-requests';
import houseApplicationRoutes, { type HouseApplicationRoutesOptions } from './routes/api/house-applications';
import users from './routes/api/tenants/users';
import itemRoutes from './routes/api/tenants/items';
import itemImport from './routes/api/tenants/item-import';
import previewDrafts from './plugins/app/preview-drafts';
import tenants from './routes/api/tenants/index';
import resources from './routes/api/tenants/resources/index';
import type { TenantStore } from './stores/tenant-store';

/** A request URL for the log: the tokens of mailed links (sign-in, email confirmation) and the secrets of calendar feed links left out. */
const withoutSecrets = (url: string) =>
  url
    .replace(/([?&]token=)[^&#]*/g, '$1[redacted]')
    .replace(/^(\/calendar\/[^/?#]+\/)(?!visitors\/)[^/?#]+/, '$1[redacted]')
    .replace(/^(\/calendar\/[^/?#]+\/visitors\/[^/?#]+\/)[^/?#]+\.ics/, '$1[redacted].ics');

export interface AppOptions {
  config: ServerConfig;
  /** Inject a store (tests); otherwise the one BACKLOT_STORE names is opened. */
  store?: TenantStore;
  accounts?: Accounts;
  logger?: FastifyServerOptions['logger'];
  auth?: AuthRoutesOptions;
  identity?: IdentityRoutesOptions;
  quotes?: QuoteRequestRoutesOptions;
  /** Houses' applications per address per minute (tests that send many). */
  houseApplications?: HouseApplicationRoutesOptions;
  /** Inject a payment provider (tests: one with its own clock); otherwise the one BACKLOT_PAYMENTS names. */
  payments?: PaymentProvider;
  /** Seconds between the platform's whole checks of listed houses (tests that must hear a change only as it is announced). */
  marketplaceFullCheckSeconds?: number;
  /** How long start-up waits for its data work before serving without it (plugins/app/startup.ts). */
  startupWaitMs?: number;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // Tenant writes raise it per route (lib/body-limits.ts), after the caller is authenticated.
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Keep "__proto__" and "constructor" as ordinary keys so schema validation names them
    // as unknown fields (JSON.parse never touches a prototype).
    onProtoPoisoning: 'ignore',
    // X-Forwarded-Proto/Host are believed only behind a proxy the operator names (BACKLOT_TRUST_PROXY).
    trustProxy: options.config.trustProxy,
    onConstructorPoisoning: 'ignore',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 400 },
    // One access-log line per request (below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: withoutSecrets(request.url),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });

  await app.register(helmet);
  await app.register(rateLimit);
  await app.register(contentTypes);
  await app.register(validation);
  await app.register(errors);
  await app.register(swagger);
  await app.register(startup, options.startupWaitMs === undefined ? {} : { waitMs: options.startupWaitMs });
  await app.register(sharedEngines, { config: options.config });
  await app.register(tenantStore, { config: options.config, store: options.store });
  await app.register(tenantHost, { config: options.config });
  await app.register(accounts, { config: options.config, accounts: options.accounts });

  await app.register(health);
  await app.register(authRoutes, { loginsPerMinute: options.config.signInsPerMinute, ...options.auth });
  await app.register(tenants);
  await app.register(resources);
  await app.register(history);
  await app.register(previewDrafts);
  await app.register(previews);
  await app.register(assetStore, { config: options.config });
  await app.register(documentChecks);
  await app.register(pdfs);
  await app.register(tenantAssets);
  await app.register(mailer, { config: options.config });
  await app.register(outbox);
  await app.register(profileStore, { config: options.config });
  await app.register(itemStore, { config: options.config });
  await app.register(search, { config: options.config, fullCheckSeconds: options.marketplaceFullCheckSeconds });
  await app.register(itemRoutes);
  await app.register(itemImport);
  await app.register(quoteRequestStore, { config: options.config });
  await app.register(invoicesPlugin, { config: options.config });
  // Before the routes that take quote steps: an order may be accepted on an account.
  await app.register(customerAccounts, { config: options.config });
  await app.register(payments, { config: options.config, ...(options.payments && { provider: options.payments }) });
  await app.register(users);
  await app.register(identityPlugin, { config: options.config });
  await app.register(identityRoutes, { attemptsPerMinute: options.config.signInsPerMinute, ...options.identity });
  await app.register(quoteRequestRoutes, options.quotes ?? {});
  await app.register(marketplace, { config: options.config });
  await app.register(productionRequestRoutes, options.quotes ?? {});
  await app.register(houseApplicationRoutes, options.houseApplications ?? {});
  await app.register(quoteRoutes);
  await app.register(holdRoutes);
  await app.register(agreementRoutes);
  await app.register(cardHoldRoutes);
  await app.register(payoutRoutes);
  await app.register(accountFileRoutes);
  await app.register(joinRequestRoutes);
  await app.register(customerAccountRoutes);
  await app.register(invoiceRoutes);
  await app.register(paymentRoutes);
  await app.register(accountStatementRoutes);
  await app.register(insuranceRoutes);
  await app.register(keptCertificateRoutes);
  await app.register(coverRoutes);
  await app.register(conversations, { config: options.config });
  await app.register(conversationRoutes);
  await app.register(bookingRoutes);
  await app.register(hireRoutes);
  await app.register(inspectionRoutes);
  await app.register(transferRoutes);
  await app.register(plannerRoutes);
  await app.register(earningsRoutes);
  await app.register(calendarFeeds);
  await app.register(calendarRoutes);
  await app.register(overdueWatch, { config: options.config });
  await app.register(holdWatch, { config: options.config });
  await app.register(invoiceWatch, { config: options.config });
  await app.register(receivablesWatch, { config: options.config });
  await app.register(availabilityRoutes);
  await app.register(placesRoutes);
  await app.register(subHireRoutes);
  await app.register(setListStore, { config: options.config });
  await app.register(setListRoutes);
  await app.register(assetRoutes);
  await app.register(admin, { config: options.config });
  // Last: its catch-all route answers every other GET with a storefront page.
  await app.register(storefront, { config: options.config });
  return app;
}
