/**
 * Console accounts: better-auth (email and password, sessions in HttpOnly cookies) over a
 * SQLite file in the data folder. Passwords are hashed by the library. There is no public
 * sign-up: accounts are created by platform staff (`backlot admin add`) or, once, from
 * BACKLOT_ADMIN_EMAIL / BACKLOT_ADMIN_PASSWORD at start.
 *
 * Roles: `platform` staff reach every tenant; a `tenant-admin` reaches the tenants listed on
 * the account.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { betterAuth } from 'better-auth';
import { parseCookies } from 'better-auth/cookies';
import { getMigrations } from 'better-auth/db/migration';
import Database from 'better-sqlite3';

export const ROLES = ['platform', 'tenant-admin'] as const;
export type Role = (typeof ROLES)[number];

export interface Account {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** The tenants a tenant-admin may reach (empty for platform staff, who reach all). */
  tenants: string[];
}

export interface AccountsOptions {
  dataDir: string;
  /** Session signing secret; by default one is generated once and kept in the data folder. */
  secret?: string;
  /** Mark cookies Secure (when served over https). */
  secureCookies?: boolean;
  /** The public origins (BACKLOT_PUBLIC_URL); the first is better-auth's base URL. */
  publicOrigins?: string[];
}

export const SESSION_COOKIE = 'backlot.session_token';
export const MIN_PASSWORD_LENGTH = 10;

function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return readFileSync(file, 'utf8').trim();
  }
}

function createAuth(database: Database.Database, options: AccountsOptions) {
  return betterAuth({
    appName: 'Backlot',
    database,
    secret: options.secret ?? persistentSecret(options.dataDir),
    baseURL: options.publicOrigins?.[0] ?? 'http://localhost',
    trustedOrigins: options.publicOrigins ?? [],
    basePath: '/api/auth',
    telemetry: { enabled: false },
    // Logins are rate-limited by the server (per route), not twice.
    rateLimit: { enabled: false },
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: MIN_PASSWORD_LENGTH, maxPasswordLength: 256 },
    user: {
      additionalFields: {
        role: { type: 'string', required: true, input: false },
        tenants: { type: 'string', required: false, defaultValue: '[]', input: false },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    advanced: {
      cookiePrefix: 'backlot',
      useSecureCookies: Boolean(options.secureCookies),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'strict', path: '/' },
    },
    logger: { disabled: true },
  });
}

type Auth = ReturnType<typeof createAuth>;

interface StoredUser {
  id: string;
  email: string;
  name: string;
  role?: string;
  tenants?: string;
}

function toAccount(user: StoredUser): Account {
  let tenants: unknown = [];
  try {
    tenants = JSON.parse(user.tenants ?? '[]');
  } catch {
    tenants = [];
  }
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role === 'platform' ? 'platform' : 'tenant-admin',
    tenants: Array.isArray(tenants) ? tenants.filter((t): t is string => typeof t === 'string') : [],
  };
}

export class AccountError extends Error {}

/** The session token a Cookie header carries (the Secure-prefixed cookie first), if any. */
export function sessionTokenOf(cookie: string | undefined): string | undefined {
  if (!cookie || !cookie.includes(SESSION_COOKIE)) return undefined;
  const cookies = parseCookies(cookie);
  return cookies.get(`__Secure-${SESSION_COOKIE}`) ?? cookies.get(SESSION_COOKIE) ?? undefined;
}

/**
 * How long a verified session is remembered per session token. Looking a session up costs a
 * database read and a signature check, far more than the console's reads themselves; the
 * price is that a session revoked on another server stays usable here for at most this long
 * (logout on this server forgets it at once).
 */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_LIMIT = 10_000;

export class Accounts {
  private readonly sessions = new Map<string, { account: Account | undefined; until: number }>();

  private constructor(
    readonly auth: Auth,
    private readonly database: Database.Database,
  ) {}

  static async open(options: AccountsOptions): Promise<Accounts> {
    mkdirSync(options.dataDir, { recursive: true });
    const database = new Database(path.join(options.dataDir, 'backlot.sqlite'));
    database.pragma('journal_mode = WAL');
    database.pragma('busy_timeout = 5000');
    const auth = createAuth(database, options);
    const { runMigrations } = await getMigrations(auth.options);
    await runMigrations();
    return new Accounts(auth, database);
  }

  async findByEmail(email: string): Promise<Account | undefined> {
    const context = await this.auth.$context;
    const found = await context.internalAdapter.findUserByEmail(email.trim().toLowerCase(), { includeAccounts: false });
    return found ? toAccount(found.user as StoredUser) : undefined;
  }

  /** Creates an account; refuses an email that already has one. */
  async add(input: { email: string; password: string; role: Role; tenants?: string[]; name?: string }): Promise<Account> {
    const email = input.email.trim().toLowerCase();
    if (!ROLES.includes(input.role)) throw new AccountError(`role must be one of ${ROLES.join(', ')}`);
    if (input.password.length < MIN_PASSWORD_LENGTH) throw new AccountError(`password must be at least ${MIN_PASSWORD_LENGTH} characters`);
    if (input.role === 'tenant-admin' && !input.tenants?.length) throw new AccountError('a tenant-admin needs at least one tenant');
    if (await this.findByEmail(email)) throw new AccountError(`an account for ${email} already exists`);
    const context = await this.auth.$context;
    const hash = await context.password.hash(input.password);
    const user = await context.internalAdapter.createUser({
      email,
      name: input.name ?? email.split('@')[0]!,
      emailVerified: true,
      role: input.role,
      tenants: JSON.stringify(input.role === 'platform' ? [] : [...new Set(input.tenants)]),
    }, { method: 'admin' });
    await context.internalAdapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: hash });
    return toAccount(user as unknown as StoredUser);
  }

  /** Every account, by email. */
  async list(): Promise<Account[]> {
    const rows = this.database.prepare('SELECT id, email, name, role, tenants FROM user ORDER BY email').all() as StoredUser[];
    return rows.map(toAccount);
  }

  /** The first platform account, from the environment: created only if none with that email exists. */
  async ensureBootstrapAdmin(email: string | undefined, password: string | undefined): Promise<'created' | 'exists' | 'skipped'> {
    if (!email || !password) return 'skipped';
    if (await this.findByEmail(email)) return 'exists';
    await this.add({ email, password, role: 'platform', name: 'Platform admin' });
    return 'created';
  }

  /**
   * The account of the session a request's cookie carries, if any. `headers` is built only
   * when the session is not already remembered.
   */
  /**
   * The account of a session remembered less than SESSION_CACHE_MS ago, without I/O: `{ account }`
   * (undefined account: no session cookie at all), or undefined when the session must be looked up.
   * Keyed by the token itself, not the whole header: other cookies beside it must not make a
   * logged-out session look like a new, uncached one.
   */
  remembered(cookie: string | undefined): { account: Account | undefined } | undefined {
    const key = sessionTokenOf(cookie);
    if (key === undefined) return { account: undefined };
    const cached = this.sessions.get(key);
    return cached && cached.until > Date.now() ? { account: cached.account } : undefined;
  }

  async fromCookie(cookie: string | undefined, headers: () => Headers): Promise<Account | undefined> {
    const known = this.remembered(cookie);
    if (known) return known.account;
    const key = sessionTokenOf(cookie)!;
    const session = await this.auth.api.getSession({ headers: headers() });
    const account = session ? toAccount(session.user as unknown as StoredUser) : undefined;
    // Only sessions the library accepted are remembered; a forged cookie is looked up every time.
    if (account) {
      if (this.sessions.size >= SESSION_CACHE_LIMIT) this.sessions.clear();
      this.sessions.set(key, { account, until: Date.now() + SESSION_CACHE_MS });
    }
    return account;
  }

  /** Forgets a session at logout (on this server at once; elsewhere within SESSION_CACHE_MS). */
  forgetSession(cookie: string | undefined): void {
    const token = sessionTokenOf(cookie);
    if (token !== undefined) this.sessions.delete(token);
  }

  async close(): Promise<void> {
    this.database.close();
  }
}

export function canReach(account: Account, tenantId: string): boolean {
  return account.role === 'platform' || account.tenants.includes(tenantId);
}
