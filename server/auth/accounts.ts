/**
 * Console accounts on the shared auth library (`auth-library.ts`): staff are users whose role is
 * `platform-staff` or `tenant-admin`, created through the `admin` plugin, and a tenant-admin reaches
 * the tenants they are an admin member of (the `organization` plugin). There is no public
 * sign-up for them: accounts come from platform staff (`backlot admin add`) or, once, from
 * BACKLOT_ADMIN_EMAIL / BACKLOT_ADMIN_PASSWORD at start. A visitor's session is not a console
 * account.
 */
import { parseCookies } from 'better-auth/cookies';
import {
  AuthLibrary,
  CONSOLE_ROLES,
  MIN_PASSWORD_LENGTH,
  SESSION_COOKIE,
  type AuthLibraryOptions,
  type ConsoleRole,
} from './auth-library';

export { MIN_PASSWORD_LENGTH, SESSION_COOKIE };
export const ROLES = CONSOLE_ROLES;
export type Role = ConsoleRole;

export interface Account {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** The tenants a tenant-admin may reach (empty for platform staff, who reach all). */
  tenants: string[];
}

export type AccountsOptions = AuthLibraryOptions;

interface LibraryUser {
  id: string;
  email: string;
  name: string;
  role?: string | null;
}

const isConsoleRole = (role: unknown): role is Role => (CONSOLE_ROLES as readonly unknown[]).includes(role);

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

  /** Whether close() also closes the library (it does when open() made it). */
  private constructor(
    readonly library: AuthLibrary,
    private readonly ownsLibrary: boolean,
  ) {}

  get auth() {
    return this.library.auth;
  }

  /** Console accounts over `library`, or over a library of their own opened with `options`. */
  static async open(options: AccountsOptions | { library: AuthLibrary }): Promise<Accounts> {
    if ('library' in options) return new Accounts(options.library, false);
    return new Accounts(await AuthLibrary.open(options), true);
  }

  /** A user as a console account (undefined for a visitor). */
  private async toAccount(user: LibraryUser): Promise<Account | undefined> {
    if (!isConsoleRole(user.role)) return undefined;
    const tenants =
      user.role === 'platform-staff'
        ? []
        : (await this.library.membershipsOf(user.id)).filter((m) => m.role === 'admin').map((m) => m.tenantId);
    return { id: user.id, email: user.email, name: user.name, role: user.role, tenants: tenants.sort() };
  }

  async findByEmail(email: string): Promise<Account | undefined> {
    const [user] = await this.library.usersWithRoles(CONSOLE_ROLES, email.trim().toLowerCase());
    return user ? this.toAccount(user) : undefined;
  }

  /** Creates an account; refuses an email that already has one. */
  async add(input: {
    email: string;
    password: string;
    role: Role;
    tenants?: string[];
    name?: string;
  }): Promise<Account> {
    const email = input.email.trim().toLowerCase();
    if (!ROLES.includes(input.role)) throw new AccountError(`role must be one of ${ROLES.join(', ')}`);
    if (input.password.length < MIN_PASSWORD_LENGTH)
      throw new AccountError(`password must be at least ${MIN_PASSWORD_LENGTH} characters`);
    if (input.role === 'tenant-admin' && !input.tenants?.length)
      throw new AccountError('a tenant-admin needs at least one tenant');
    if (await this.library.userExists(email)) throw new AccountError(`an account for ${email} already exists`);
    const { user } = await this.auth.api.createUser({
      body: {
        email,
        password: input.password,
        name: input.name ?? email.split('@')[0]!,
        role: input.role,
        data: { emailVerified: true },
      },
    });
    if (input.role === 'tenant-admin')
      for (const tenantId of new Set(input.tenants)) await this.library.join(user.id, tenantId, 'admin');
    return (await this.toAccount(user))!;
  }

  /** Whether any account (console or visitor) has this email: a new console account cannot take it. */
  emailTaken(email: string): Promise<boolean> {
    return this.library.userExists(email.trim().toLowerCase());
  }

  /** Every console account, by email. */
  async list(): Promise<Account[]> {
    const users = await this.library.usersWithRoles(CONSOLE_ROLES);
    return (await Promise.all(users.map((user) => this.toAccount(user)))).filter(
      (account): account is Account => account !== undefined,
    );
  }

  /** The first platform account, from the environment: created only if none with that email exists. */
  async ensureBootstrapAdmin(
    email: string | undefined,
    password: string | undefined,
  ): Promise<'created' | 'exists' | 'skipped'> {
    if (!email || !password) return 'skipped';
    if (await this.findByEmail(email)) return 'exists';
    try {
      await this.add({ email, password, role: 'platform-staff', name: 'Platform admin' });
    } catch (error) {
      // Another server sharing the accounts, started at the same moment, made it first.
      if (await this.findByEmail(email)) return 'exists';
      throw error;
    }
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
    const account = session ? await this.toAccount(session.user) : undefined;
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
    if (this.ownsLibrary) await this.library.close();
  }
}

export function canReach(account: Account, tenantId: string): boolean {
  return account.role === 'platform-staff' || account.tenants.includes(tenantId);
}
