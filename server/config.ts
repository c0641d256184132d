/** The server's settings, from the environment, with the embedded defaults `npm start` runs on. */
import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  tenantsDir: string;
  dataDir: string;
  store: 'file' | 'firestore';
  /** BACKLOT_DATABASE_URL: a PostgreSQL database for accounts and sessions shared by several servers; unset, SQLite in dataDir. */
  databaseUrl?: string;
  /** BACKLOT_AUTH_SECRET: the session signing secret, the same on every server; unset, generated and kept (in dataDir, or the shared database). */
  authSecret?: string;
  defaultTenant: string;
  adminEmail?: string;
  adminPassword?: string;
  /** Cookies marked Secure; on when the public URL is https. */
  secureCookies: boolean;
  /**
   * The origins browsers reach this server at (BACKLOT_PUBLIC_URL, comma-separated), in URL's
   * normal form. Changes made with a session cookie, and logins, must come from one of them.
   * Empty: a local install, where a loopback host's own origin is accepted instead.
   */
  publicOrigins: string[];
  /** Fastify's trustProxy: X-Forwarded-* are honoured only when BACKLOT_TRUST_PROXY is set. */
  trustProxy: boolean | string;
  /** `npm run dev` (BACKLOT_DEV=1): the storefront through Vite's dev server, reloading on edits. */
  dev: boolean;
  /** Where mail goes (BACKLOT_SMTP_URL, smtp:// or smtps://); unset, into the outbox under dataDir. */
  smtpUrl?: string;
  /**
   * Where second-factor codes are texted: an HTTP SMS provider (BACKLOT_SMS_URL, BACKLOT_SMS_KEY and
   * BACKLOT_SMS_FROM, all three); unset, into the outbox under dataDir (sms.jsonl).
   */
  sms?: { url: string; key: string; from: string };
  /**
   * Who signs visitors in (BACKLOT_IDENTITY): `local` (better-auth on the data folder's SQLite, the
   * default) or `firebase` (Firebase Authentication; BACKLOT_FIREBASE_API_KEY, firebase-admin's
   * credentials, and FIREBASE_AUTH_EMULATOR_HOST for the emulator).
   */
  identity: { provider: 'local' } | { provider: 'firebase'; apiKey: string; emulatorHost?: string };
  /** Logins, sign-ups and codes allowed per address per minute (BACKLOT_SIGN_INS_PER_MINUTE, default 10). */
  signInsPerMinute: number;
  /** How often this server looks for hires newly overdue and tells their vendor and visitor (BACKLOT_OVERDUE_CHECK_SECONDS, default 300). */
  overdueCheckSeconds: number;
  /** How often this server releases holds past their last day or challenged and unanswered (BACKLOT_HOLD_CHECK_SECONDS, default 300). */
  holdCheckSeconds: number;
  /**
   * Who holds visitors' cards (BACKLOT_PAYMENTS): `test` (the built-in test provider: test cards,
   * no keys, no internet; the default) or `stripe` (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and
   * STRIPE_WEBHOOK_SECRET, all three; BACKLOT_STRIPE_API_URL points the SDK elsewhere, for a stand-in).
   */
  payments:
    | { provider: 'test' }
    | { provider: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string; apiUrl?: string };
  /** How often this server retries card-hold steps the provider has not answered, and renews holds about to lapse (BACKLOT_PAYMENT_CHECK_SECONDS, default 60). */
  paymentCheckSeconds: number;
  /** How often this server makes sure every order has its documents (a confirmed order its pro forma, a closed one its invoice) when its step could not issue them (BACKLOT_INVOICE_CHECK_SECONDS, default 60). */
  invoiceCheckSeconds: number;
  /** How often this server mails the payment reminders and monthly statements that have fallen due (BACKLOT_RECEIVABLES_CHECK_SECONDS, default 900). */
  receivablesCheckSeconds: number;
  /**
   * The sign-up's bot check: `local` (tokens this server signs: dev, tests, no internet), or
   * reCAPTCHA v3 when BACKLOT_RECAPTCHA_SITE_KEY and BACKLOT_RECAPTCHA_SECRET_KEY are both set.
   * `origin` serves both its script and its siteverify endpoint: https://www.google.com, or
   * https://www.recaptcha.net where google.com is out of reach (BACKLOT_RECAPTCHA_ORIGIN).
   */
  botCheck: { provider: 'local' } | RecaptchaSettings;
  /**
   * The catalogue's search index (BACKLOT_SEARCH): `embedded` (in this process, the default) or
   * `algolia` (hosted: BACKLOT_ALGOLIA_APP_ID and BACKLOT_ALGOLIA_API_KEY, both required).
   */
  search: { provider: 'embedded' } | AlgoliaSettings;
  /**
   * Where tenant images and item photos are kept (BACKLOT_ASSETS): `files` (the tenants folder, the
   * default) or `cloud-storage` (a Google Cloud Storage bucket, BACKLOT_ASSETS_BUCKET; BACKLOT_STORAGE_HOST
   * for a stand-in or proxy instead of Google's endpoint), which several servers share.
   */
  assets: { provider: 'files' } | { provider: 'cloud-storage'; bucket: string; host?: string };
}

export interface AlgoliaSettings {
  provider: 'algolia';
  appId: string;
  /** Needs search, addObject, deleteObject, deleteIndex (loads clear the index), settings and editSettings: a write key. */
  apiKey: string;
  /** Each tenant's index is `<indexPrefix>_<tenantId>` (BACKLOT_ALGOLIA_INDEX_PREFIX, default `backlot`). */
  indexPrefix: string;
  /** Where the API is instead of Algolia's own hosts (BACKLOT_ALGOLIA_HOST): a stand-in or a proxy, as an origin. */
  host?: string;
}

export interface RecaptchaSettings {
  provider: 'recaptcha';
  siteKey: string;
  secretKey: string;
  origin: string;
  /** Scores below this are refused (BACKLOT_RECAPTCHA_MIN_SCORE, 0 to 1, default 0.5). */
  minimumScore: number;
}

/** "https://shop.example.com/admin/, http://localhost:3000" → their origins; a value that is not a URL is refused. */
function parsePublicOrigins(value: string | undefined): string[] {
  if (!value?.trim()) return [];
  return value.split(',').map((part) => {
    const text = part.trim();
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new Error(
        `BACKLOT_PUBLIC_URL must be one or more http(s) URLs separated by commas, not ${JSON.stringify(text)}`,
      );
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new Error(`BACKLOT_PUBLIC_URL must use http or https, not ${JSON.stringify(text)}`);
    return url.origin;
  });
}

/** "1"/"true": trust the proxy in front; any other value is passed to Fastify (addresses or hop count). */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === '0' || value === 'false') return false;
  return value === '1' || value === 'true' ? true : value;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const store = env.BACKLOT_STORE ?? 'file';
  if (store !== 'file' && store !== 'firestore')
    throw new Error(`BACKLOT_STORE must be "file" or "firestore", not ${JSON.stringify(store)}`);
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, not ${JSON.stringify(env.PORT)}`);
  const publicOrigins = parsePublicOrigins(env.BACKLOT_PUBLIC_URL);
  return {
    port,
    host: env.HOST ?? 'localhost',
    tenantsDir: path.resolve(cwd, env.BACKLOT_TENANTS_DIR || 'tenants'),
    dataDir: path.resolve(cwd, env.BACKLOT_DATA_DIR || '.data'),
    store,
    databaseUrl: parseDatabaseUrl(env.BACKLOT_DATABASE_URL),
    authSecret: env.BACKLOT_AUTH_SECRET || undefined,
    defaultTenant: env.BACKLOT_DEFAULT_TENANT || 'aviation',
    adminEmail: env.BACKLOT_ADMIN_EMAIL || undefined,
    adminPassword: env.BACKLOT_ADMIN_PASSWORD || undefined,
    secureCookies: env.BACKLOT_SECURE_COOKIES === '1' || publicOrigins.some((origin) => origin.startsWith('https:')),
    publicOrigins,
    trustProxy: parseTrustProxy(env.BACKLOT_TRUST_PROXY),
    dev: env.BACKLOT_DEV === '1',
    smtpUrl: parseSmtpUrl(env.BACKLOT_SMTP_URL),
    sms: parseSms(env),
    identity: parseIdentity(env),
    signInsPerMinute: parsePositiveInteger(env.BACKLOT_SIGN_INS_PER_MINUTE, 'BACKLOT_SIGN_INS_PER_MINUTE', 10),
    overdueCheckSeconds: parsePositiveInteger(env.BACKLOT_OVERDUE_CHECK_SECONDS, 'BACKLOT_OVERDUE_CHECK_SECONDS', 300),
    holdCheckSeconds: parsePositiveInteger(env.BACKLOT_HOLD_CHECK_SECONDS, 'BACKLOT_HOLD_CHECK_SECONDS', 300),
    payments: parsePayments(env),
    paymentCheckSeconds: parsePositiveInteger(env.BACKLOT_PAYMENT_CHECK_SECONDS, 'BACKLOT_PAYMENT_CHECK_SECONDS', 60),
    invoiceCheckSeconds: parsePositiveInteger(env.BACKLOT_INVOICE_CHECK_SECONDS, 'BACKLOT_INVOICE_CHECK_SECONDS', 60),
    receivablesCheckSeconds: parsePositiveInteger(
      env.BACKLOT_RECEIVABLES_CHECK_SECONDS,
      'BACKLOT_RECEIVABLES_CHECK_SECONDS',
      900,
    ),
    botCheck: parseBotCheck(env),
    search: parseSearch(env),
    assets: parseAssets(env),
  };
}

/** The built-in test provider, or Stripe with its three keys (a publishable key in the secret's place, or the other way round, is refused). */
function parsePayments(env: NodeJS.ProcessEnv): ServerConfig['payments'] {
  const provider = env.BACKLOT_PAYMENTS || 'test';
  if (provider === 'test') return { provider };
  if (provider !== 'stripe')
    throw new Error(`BACKLOT_PAYMENTS must be "test" or "stripe", not ${JSON.stringify(provider)}`);
  const names = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
  const missing = names.filter((name) => !env[name]?.trim());
  if (missing.length)
    throw new Error(`BACKLOT_PAYMENTS=stripe needs ${names.join(', ')}; missing ${missing.join(', ')}`);
  const secretKey = env.STRIPE_SECRET_KEY!.trim();
  const publishableKey = env.STRIPE_PUBLISHABLE_KEY!.trim();
  if (!/^(sk|rk)_(test|live)_/.test(secretKey))
    throw new Error('STRIPE_SECRET_KEY must be a secret key (sk_test_… or sk_live_…)');
  if (!/^pk_(test|live)_/.test(publishableKey))
    throw new Error('STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_test_… or pk_live_…)');
  if (secretKey.includes('_live_') !== publishableKey.includes('_live_'))
    throw new Error('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both live keys');
  const apiUrl = parseUrlSetting(
    'BACKLOT_STRIPE_API_URL',
    env.BACKLOT_STRIPE_API_URL,
    ['http:', 'https:'],
    'http://127.0.0.1:12111',
  )?.origin;
  return {
    provider,
    secretKey,
    publishableKey,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET!.trim(),
    ...(apiUrl && { apiUrl }),
  };
}

/** The tenants folder, or a bucket (its name as Cloud Storage takes them, and an optional endpoint). */
function parseAssets(env: NodeJS.ProcessEnv): ServerConfig['assets'] {
  const provider = env.BACKLOT_ASSETS || 'files';
  if (provider === 'files') return { provider };
  if (provider !== 'cloud-storage')
    throw new Error(`BACKLOT_ASSETS must be "files" or "cloud-storage", not ${JSON.stringify(provider)}`);
  const bucket = env.BACKLOT_ASSETS_BUCKET?.trim();
  if (!bucket)
    throw new Error(
      'BACKLOT_ASSETS=cloud-storage needs BACKLOT_ASSETS_BUCKET, the bucket to keep images in (e.g. my-project-backlot-assets)',
    );
  if (!/^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/.test(bucket))
    throw new Error(
      `BACKLOT_ASSETS_BUCKET must be a bucket name (lowercase letters, digits, dots, hyphens, underscores), not ${JSON.stringify(bucket)}`,
    );
  const host = parseUrlSetting(
    'BACKLOT_STORAGE_HOST',
    env.BACKLOT_STORAGE_HOST,
    ['http:', 'https:'],
    'http://127.0.0.1:4443',
  )?.origin;
  return { provider, bucket, ...(host && { host }) };
}

/** A URL setting of one of `protocols` ("smtp:" …), or undefined; else an error naming the setting with an example. */
function parseUrlSetting(
  name: string,
  value: string | undefined,
  protocols: readonly string[],
  example: string,
): URL | undefined {
  if (!value?.trim()) return undefined;
  const kinds = protocols.map((protocol) => `${protocol}//`).join(' or ');
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`${name} must be a URL starting ${kinds}, e.g. ${example}`);
  }
  if (!protocols.includes(url.protocol))
    throw new Error(`${name} must be a URL starting ${kinds}, not ${url.protocol}//…`);
  return url;
}

/** A postgres:// or postgresql:// connection string, or undefined. */
const parseDatabaseUrl = (value: string | undefined) =>
  parseUrlSetting(
    'BACKLOT_DATABASE_URL',
    value,
    ['postgres:', 'postgresql:'],
    'postgres://backlot:password@db.internal:5432/backlot',
  ) && value!.trim();

/** An smtp:// or smtps:// URL (credentials in it are fine: it is never logged), or undefined. */
const parseSmtpUrl = (value: string | undefined) =>
  parseUrlSetting('BACKLOT_SMTP_URL', value, ['smtp:', 'smtps:'], 'smtps://user:password@smtp.example.com')?.href;

/** The SMS provider's three settings together, or none of them. */
function parseSms(env: NodeJS.ProcessEnv): ServerConfig['sms'] {
  const names = ['BACKLOT_SMS_URL', 'BACKLOT_SMS_KEY', 'BACKLOT_SMS_FROM'] as const;
  const given = names.filter((name) => env[name]);
  if (given.length === 0) return undefined;
  if (given.length < names.length)
    throw new Error(
      `Texting codes through a provider needs ${names.join(', ')}; missing ${names.filter((name) => !env[name]).join(', ')}`,
    );
  let url: URL;
  try {
    url = new URL(env.BACKLOT_SMS_URL!);
  } catch {
    throw new Error('BACKLOT_SMS_URL must be the https URL the provider takes messages at');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`BACKLOT_SMS_URL must use https, not ${url.protocol.replace(/:$/, '')}`);
  return { url: url.href, key: env.BACKLOT_SMS_KEY!, from: env.BACKLOT_SMS_FROM! };
}

function parsePositiveInteger(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new Error(`${name} must be a whole number above 0, not ${JSON.stringify(value)}`);
  return number;
}

function parseIdentity(env: NodeJS.ProcessEnv): ServerConfig['identity'] {
  const provider = env.BACKLOT_IDENTITY || 'local';
  if (provider === 'local') return { provider };
  if (provider !== 'firebase')
    throw new Error(`BACKLOT_IDENTITY must be "local" or "firebase", not ${JSON.stringify(provider)}`);
  if (!env.BACKLOT_FIREBASE_API_KEY)
    throw new Error(
      "BACKLOT_IDENTITY=firebase needs BACKLOT_FIREBASE_API_KEY, the project's web API key (any value against the Auth emulator)",
    );
  return {
    provider,
    apiKey: env.BACKLOT_FIREBASE_API_KEY,
    ...(env.FIREBASE_AUTH_EMULATOR_HOST && { emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST }),
  };
}

/** reCAPTCHA's two keys together (or neither: the local bot check), its origin and score floor. */
function parseBotCheck(env: NodeJS.ProcessEnv): ServerConfig['botCheck'] {
  const names = ['BACKLOT_RECAPTCHA_SITE_KEY', 'BACKLOT_RECAPTCHA_SECRET_KEY'] as const;
  const given = names.filter((name) => env[name]);
  if (given.length === 0) return { provider: 'local' };
  if (given.length < names.length)
    throw new Error(
      `reCAPTCHA needs both ${names.join(' and ')}; missing ${names.filter((name) => !env[name]).join(', ')}`,
    );
  let origin: string;
  try {
    const url = new URL(env.BACKLOT_RECAPTCHA_ORIGIN || 'https://www.google.com');
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error();
    origin = url.origin;
  } catch {
    throw new Error(
      `BACKLOT_RECAPTCHA_ORIGIN must be an https origin such as https://www.recaptcha.net, not ${JSON.stringify(env.BACKLOT_RECAPTCHA_ORIGIN)}`,
    );
  }
  const score = env.BACKLOT_RECAPTCHA_MIN_SCORE ? Number(env.BACKLOT_RECAPTCHA_MIN_SCORE) : 0.5;
  if (!(score >= 0 && score <= 1))
    throw new Error(
      `BACKLOT_RECAPTCHA_MIN_SCORE must be a number from 0 to 1, not ${JSON.stringify(env.BACKLOT_RECAPTCHA_MIN_SCORE)}`,
    );
  return {
    provider: 'recaptcha',
    siteKey: env.BACKLOT_RECAPTCHA_SITE_KEY!,
    secretKey: env.BACKLOT_RECAPTCHA_SECRET_KEY!,
    origin,
    minimumScore: score,
  };
}

/** The embedded index, or Algolia with its app id and key together (a prefix and a host optional). */
function parseSearch(env: NodeJS.ProcessEnv): ServerConfig['search'] {
  const provider = env.BACKLOT_SEARCH || 'embedded';
  if (provider === 'embedded') return { provider };
  if (provider !== 'algolia')
    throw new Error(`BACKLOT_SEARCH must be "embedded" or "algolia", not ${JSON.stringify(provider)}`);
  const names = ['BACKLOT_ALGOLIA_APP_ID', 'BACKLOT_ALGOLIA_API_KEY'] as const;
  const missing = names.filter((name) => !env[name]?.trim());
  if (missing.length)
    throw new Error(`BACKLOT_SEARCH=algolia needs ${names.join(' and ')}; missing ${missing.join(', ')}`);
  const indexPrefix = env.BACKLOT_ALGOLIA_INDEX_PREFIX || 'backlot';
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(indexPrefix)) {
    throw new Error(
      `BACKLOT_ALGOLIA_INDEX_PREFIX must be up to 64 letters, digits, "-" or "_" (starting with a letter or digit), not ${JSON.stringify(indexPrefix)}`,
    );
  }
  return {
    provider,
    appId: env.BACKLOT_ALGOLIA_APP_ID!.trim(),
    apiKey: env.BACKLOT_ALGOLIA_API_KEY!.trim(),
    indexPrefix,
    ...(env.BACKLOT_ALGOLIA_HOST && { host: parseAlgoliaHost(env.BACKLOT_ALGOLIA_HOST) }),
  };
}

/** An http(s) origin ("http://127.0.0.1:8080"): the client takes a host and port, so a path or credentials are refused. */
function parseAlgoliaHost(value: string): string {
  const refused = new Error(
    `BACKLOT_ALGOLIA_HOST must be an http or https URL with no path, such as http://127.0.0.1:8080, not ${JSON.stringify(value)}`,
  );
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw refused;
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.pathname !== '/' ||
    url.search ||
    url.hash ||
    url.username ||
    url.password
  )
    throw refused;
  return url.origin;
}
