/**
 * The one better-auth instance behind every account, console staff and storefront visitors alike,
 * over a SQLite file in the data folder. Passwords are hashed by the library (scrypt).
 *
 * One notion of role, the `admin` plugin's `role` field:
 * - `platform-staff`: staff who reach every tenant (the plugin's only admin role: they may
 *   impersonate). Stored as `platform` before: renamed at open (the word is also the marketplace's
 *   tenant id);
 * - `tenant-admin`: console users who reach the tenants they are an `admin` member of;
 * - `visitor` (the default): storefront visitors.
 * Tenants are the `organization` plugin's organizations (slug = tenant id). Membership says who
 * belongs to which vendor: `admin` for a tenant's console users, `member` for its visitors.
 *
 * better-auth's HTTP handler is not mounted: every call goes through the server's own routes,
 * which validate, rate-limit and check origins first.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { betterAuth, type Where } from 'better-auth';
import { createEmailVerificationToken } from 'better-auth/api';
import { getMigrations } from 'better-auth/db/migration';
import { admin, anonymous, magicLink, organization, phoneNumber, twoFactor } from 'better-auth/plugins';
import { createAccessControl } from 'better-auth/plugins/access';
import { adminAc, defaultStatements, userAc } from 'better-auth/plugins/admin/access';
import Database from 'better-sqlite3';
import type { Pool } from 'pg';
import { PASSWORD_LENGTH } from '../../schema/definitions';
import { handOffSessions } from './hand-off-sessions';

export const PLATFORM_STAFF = 'platform-staff';
/** The staff role's name before it was renamed, as a data folder or database of then holds it. */
const PLATFORM_STAFF_BEFORE = 'platform';
export const ROLES = [PLATFORM_STAFF, 'tenant-admin', 'visitor'] as const;
export type Role = (typeof ROLES)[number];
/** The roles that use the console. */
export const CONSOLE_ROLES = [PLATFORM_STAFF, 'tenant-admin'] as const satisfies readonly Role[];
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];
/** A tenant's membership roles (the organization plugin's). */
export type MemberRole = 'admin' | 'member';

export const SESSION_COOKIE = 'backlot.session_token';
export const MIN_PASSWORD_LENGTH = PASSWORD_LENGTH.min;

/**
 * How codes and links reach people. The library makes them; the identity layer, which knows the
 * tenant and its branding, delivers them (text messages, mail). `headers` are those of the call
 * that asked (its Host names the tenant).
 */
export interface Delivery {
  /** A second-factor code for a sign-in, to the user's enrolled phone. */
  signInCode(
    user: { id: string; email: string; phoneNumber?: string | null },
    code: string,
    headers: Headers | undefined,
  ): Promise<void>;
  /** A code that proves a phone number being enrolled. */
  phoneCode(phoneNumber: string, code: string, headers: Headers | undefined): Promise<void>;
  /** A sign-in link's token, for an email address. */
  signInLink(email: string, token: string, headers: Headers | undefined): Promise<void>;
  /** A token that proves an email address is its owner's (after sign-up, or a change of email). */
  verificationLink(email: string, token: string, headers: Headers | undefined): Promise<void>;
}

/** How long codes and links stay good, and how many wrong codes are allowed. */
export const CODE_LIMITS = {
  signInCodeMinutes: 5,
  phoneCodeMinutes: 5,
  linkMinutes: 15,
  verificationHours: 24,
  attempts: 5,
} as const;

export interface AuthLibraryOptions {
  dataDir: string;
  /**
   * A PostgreSQL database shared by several servers (BACKLOT_DATABASE_URL): accounts and sessions
   * live there, so a session made on one server works on every other. Unset, the SQLite file in
   * the data folder (one server).
   */
  databaseUrl?: string;
  /**
   * Session signing secret (BACKLOT_AUTH_SECRET); by default one is generated once and kept in the
   * data folder, or, with a shared database, in that database (so every server signs alike).
   */
  secret?: string;
  /** Mark cookies Secure (when served over https). */
  secureCookies?: boolean;
  /** The public origins (BACKLOT_PUBLIC_URL); the first is better-auth's base URL. */
  publicOrigins?: string[];
}

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

/** The advisory lock servers starting together take turns on (any constant shared by all Backlot servers). */
const MIGRATION_LOCK = 727_274_001;

/** host:port/database of a connection string, without its credentials (for messages). */
function databaseAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return '(a malformed URL)';
  }
}

const accessControl = createAccessControl(defaultStatements);

/**
 * The role a tenant's organization gives the account it is created for. The organization plugin
 * makes the creator a member with its `creatorRole`; a tenant's organization is created the first
 * time someone joins it, who may be a visitor, so the role they join with is handed to the hook
 * here, keyed by tenant and user (never a global default that could make a visitor an admin).
 */
const creatorRoles = new Map<string, MemberRole>();
const creatorKey = (slug: string, userId: string) => `${slug}\n${userId}`;

/** Standing secrets (calendar feed links) are kept a hundred years: until revoked, in practice. */
const STANDING_SECONDS = 100 * 365 * 24 * 3600;
const standingIdentifier = (scope: string) => `standing:${scope}`;

const ticketIdentifier = (purpose: string, ticket: string) =>
  `backlot-${purpose}:${createHash('sha256').update(ticket).digest('base64url')}`;

/** Set once the identity layer is ready (AuthLibrary.deliverWith); a code asked for before then cannot be sent. */
interface DeliveryRef {
  current?: Delivery;
}

function delivery(ref: DeliveryRef): Delivery {
  if (!ref.current) throw new Error('codes and links cannot be delivered yet: no Delivery is set');
  return ref.current;
}

function createAuth(database: Database.Database | Pool, options: AuthLibraryOptions, deliveryRef: DeliveryRef) {
  return betterAuth({
    appName: 'Backlot',
    database,
    secret: options.secret ?? persistentSecret(options.dataDir),
    baseURL: options.publicOrigins?.[0] ?? 'http://localhost',
    trustedOrigins: options.publicOrigins ?? [],
    basePath: '/api/auth',
    telemetry: { enabled: false },
    // Rate limits are the server's (per route), not counted twice.
    rateLimit: { enabled: false },
    emailAndPassword: { enabled: true, minPasswordLength: PASSWORD_LENGTH.min, maxPasswordLength: PASSWORD_LENGTH.max },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    // Account deletion goes through the library (it checks the password and ends every session).
    user: { deleteUser: { enabled: true } },
    advanced: {
      cookiePrefix: 'backlot',
      useSecureCookies: Boolean(options.secureCookies),
      // Strict: the storefront reads its session with same-site fetches after the page loads, so a
      // visitor arriving from another site loses nothing, and no cross-site request carries it.
      defaultCookieAttributes: { httpOnly: true, sameSite: 'strict', path: '/' },
    },
    plugins: [
      admin({
        ac: accessControl,
        roles: { [PLATFORM_STAFF]: adminAc, 'tenant-admin': userAc, visitor: userAc },
        adminRoles: [PLATFORM_STAFF],
        defaultRole: 'visitor',
        impersonationSessionDuration: 60 * 60,
      }),
      // Phone numbers are proven by a texted code; that phone then carries the sign-in's second
      // factor (OTP). Codes are stored hashed. skipVerificationOnEnable: the phone was just proven.
      phoneNumber({
        sendOTP: ({ phoneNumber: number, code }, ctx) => delivery(deliveryRef).phoneCode(number, code, ctx?.headers),
        otpLength: 6,
        expiresIn: CODE_LIMITS.phoneCodeMinutes * 60,
        allowedAttempts: CODE_LIMITS.attempts,
      }),
      twoFactor({
        issuer: 'Backlot',
        skipVerificationOnEnable: true,
        otpOptions: {
          sendOTP: ({ user, otp }, ctx) =>
            delivery(deliveryRef).signInCode(
              user as { id: string; email: string; phoneNumber?: string | null },
              otp,
              ctx?.headers,
            ),
          period: CODE_LIMITS.signInCodeMinutes,
          allowedAttempts: CODE_LIMITS.attempts,
          storeOTP: 'hashed',
        },
      }),
      // Guests: a session with no email. Signing up or in from one links it, and the guest user goes.
      anonymous({ emailDomainName: 'guest.backlot.invalid' }),
      // Links sign in existing accounts only: a link is no way to make an account.
      magicLink({
        sendMagicLink: ({ email, token }, ctx) => delivery(deliveryRef).signInLink(email, token, ctx?.headers),
        expiresIn: CODE_LIMITS.linkMinutes * 60,
        disableSignUp: true,
        storeToken: 'hashed',
      }),
      // A production's session at a house, made from the platform's hand-off ticket.
      handOffSessions(),
      organization({
        allowUserToCreateOrganization: false,
        creatorRole: 'member',
        membershipLimit: 1_000_000,
        organizationHooks: {
          beforeAddMember: async ({ member, organization: org, user }) => {
            const role = creatorRoles.get(creatorKey(org.slug, user.id));
            return role ? { data: { ...member, role } } : undefined;
          },
        },
      }),
    ],
    logger: { disabled: true },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The library, its database, and the membership reads the plugins only offer behind a session. */
export class AuthLibrary {
  private readonly organizationIds = new Map<string, string>();

  private constructor(
    readonly auth: Auth,
    /** The SQLite file, when accounts live in one (its one-off legacy migration reads it directly). */
    private readonly sqlite: Database.Database | undefined,
    private readonly closeDatabase: () => Promise<void>,
    private readonly deliveryRef: DeliveryRef,
  ) {}

  /** Where codes and links go from now on. */
  deliverWith(delivery: Delivery): void {
    this.deliveryRef.current = delivery;
  }

  static async open(options: AuthLibraryOptions): Promise<AuthLibrary> {
    mkdirSync(options.dataDir, { recursive: true });
    if (options.databaseUrl) return AuthLibrary.openShared(options, options.databaseUrl);
    const database = new Database(path.join(options.dataDir, 'backlot.sqlite'));
    database.pragma('journal_mode = WAL');
    database.pragma('busy_timeout = 5000');
    const deliveryRef: DeliveryRef = {};
    const auth = createAuth(database, options, deliveryRef);
    const { runMigrations } = await getMigrations(auth.options);
    await runMigrations();
    const library = new AuthLibrary(auth, database, async () => void database.close(), deliveryRef);
    await library.migrateTenantsColumn();
    await library.renameStaffRole();
    return library;
  }

  /**
   * Accounts and sessions in PostgreSQL, shared by every server. Servers starting together take
   * turns (an advisory lock) to make the shared signing secret and run the library's migrations,
   * so each runs once. An unreachable database stops the start with one plain line.
   */
  private static async openShared(options: AuthLibraryOptions, databaseUrl: string): Promise<AuthLibrary> {
    const { Pool } = (await import('pg')).default;
    const pool = new Pool({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
    const client = await pool.connect().catch(async (error: Error) => {
      await pool.end();
      throw new Error(
        `BACKLOT_DATABASE_URL: cannot reach the database at ${databaseAddress(databaseUrl)}: ${error.message}`,
      );
    });
    const deliveryRef: DeliveryRef = {};
    let opened: AuthLibrary;
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await client.query('CREATE TABLE IF NOT EXISTS backlot_settings (key text PRIMARY KEY, value text NOT NULL)');
      await client.query(
        "INSERT INTO backlot_settings (key, value) VALUES ('auth-secret', $1) ON CONFLICT (key) DO NOTHING",
        [randomBytes(32).toString('base64url')],
      );
      const secret =
        options.secret ??
        (
          (await client.query("SELECT value FROM backlot_settings WHERE key = 'auth-secret'")).rows[0] as {
            value: string;
          }
        ).value;
      const auth = createAuth(pool, { ...options, secret }, deliveryRef);
      const { runMigrations } = await getMigrations(auth.options);
      await runMigrations();
      opened = new AuthLibrary(auth, undefined, () => pool.end(), deliveryRef);
    } catch (error) {
      client.release(true);
      await pool.end();
      throw error;
    }
    try {
      await opened.renameStaffRole().finally(async () => {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      });
    } catch (error) {
      await opened.close();
      throw error;
    }
    return opened;
  }

  /** better-auth's own database adapter (model-level reads, never SQL). */
  private async adapter() {
    return (await this.auth.$context).adapter;
  }

  /** The organization id of a tenant, if anyone has joined it yet. */
  private async organizationOf(tenantId: string): Promise<string | undefined> {
    const known = this.organizationIds.get(tenantId);
    if (known) return known;
    const found = await (
      await this.adapter()
    ).findOne<{ id: string }>({ model: 'organization', where: [{ field: 'slug', value: tenantId }] });
    if (found) this.organizationIds.set(tenantId, found.id);
    return found?.id;
  }

  /** Makes `userId` a member of the tenant with `role`, creating the tenant's organization on first use. Idempotent. */
  async join(userId: string, tenantId: string, role: MemberRole): Promise<void> {
    const organizationId = await this.organizationOf(tenantId);
    if (organizationId) {
      if ((await this.membershipsOf(userId)).some((m) => m.tenantId === tenantId)) return;
      await this.auth.api.addMember({ body: { userId, organizationId, role } });
    } else {
      const key = creatorKey(tenantId, userId);
      creatorRoles.set(key, role);
      try {
        await this.auth.api.createOrganization({
          body: { name: tenantId, slug: tenantId, userId, keepCurrentActiveOrganization: true },
        });
      } catch (error) {
        // Someone else's first join made the tenant's organization meanwhile: join it as a member.
        if (!(await this.organizationOf(tenantId))) throw error;
        return this.join(userId, tenantId, role);
      } finally {
        creatorRoles.delete(key);
      }
    }
  }

  /** The tenants an account belongs to, with its role in each. */
  async membershipsOf(userId: string): Promise<{ tenantId: string; role: MemberRole }[]> {
    const adapter = await this.adapter();
    const members = await adapter.findMany<{ organizationId: string; role: string }>({
      model: 'member',
      where: [{ field: 'userId', value: userId }],
    });
    if (members.length === 0) return [];
    const organizations = await adapter.findMany<{ id: string; slug: string }>({
      model: 'organization',
      where: [{ field: 'id', operator: 'in', value: members.map((m) => m.organizationId) }],
    });
    const slugOf = new Map(organizations.map((o) => [o.id, o.slug]));
    return members.flatMap((m) => {
      const tenantId = slugOf.get(m.organizationId);
      return tenantId
        ? [{ tenantId, role: m.role === 'admin' || m.role === 'owner' ? 'admin' : 'member' } as const]
        : [];
    });
  }

  /** Users with one of `roles` (and `email`, when given), by email. */
  async usersWithRoles(roles: readonly Role[], email?: string) {
    const where: Where[] = [{ field: 'role', operator: 'in', value: [...roles] }];
    if (email !== undefined) where.push({ field: 'email', value: email });
    return (await this.adapter()).findMany<{ id: string; email: string; name: string; role: string | null }>({
      model: 'user',
      where,
      sortBy: { field: 'email', direction: 'asc' },
    });
  }

  /** The account with this (lowercase) email, with its second factor. */
  async userByEmail(email: string) {
    return (await this.adapter()).findOne<{
      id: string;
      email: string;
      emailVerified: boolean;
      phoneNumber: string | null;
      twoFactorEnabled: boolean | null;
    }>({
      model: 'user',
      where: [{ field: 'email', value: email }],
    });
  }

  /** Takes an account out of every tenant (before it is deleted). */
  async leaveAll(userId: string): Promise<void> {
    await (await this.adapter()).deleteMany({ model: 'member', where: [{ field: 'userId', value: userId }] });
  }

  /** Gives an account a new (lowercase) email, proven by a link to it that was followed. */
  async setProvenEmail(userId: string, email: string): Promise<void> {
    await (
      await this.adapter()
    ).update({
      model: 'user',
      where: [{ field: 'id', value: userId }],
      update: { email, emailVerified: true, updatedAt: new Date() },
    });
  }

  /** Ends every session of an account (an email change undone by the old address's owner). */
  async endSessionsOf(userId: string): Promise<void> {
    await (await this.adapter()).deleteMany({ model: 'session', where: [{ field: 'userId', value: userId }] });
  }

  /** An account by id (for who impersonates whom). */
  async userById(id: string) {
    return (await this.adapter()).findOne<{ id: string; email: string }>({
      model: 'user',
      where: [{ field: 'id', value: id }],
    });
  }

  /**
   * A one-time ticket that hands `value` over once, within `seconds`: kept in the library's
   * verification table under the ticket's hash (so any server process can redeem it, and the
   * table alone does not give the ticket away).
   */
  async issueTicket(purpose: string, value: string, seconds: number): Promise<string> {
    const ticket = randomBytes(32).toString('base64url');
    await (
      await this.adapter()
    ).create({
      model: 'verification',
      data: {
        identifier: ticketIdentifier(purpose, ticket),
        value,
        expiresAt: new Date(Date.now() + seconds * 1000),
        createdAt: new Date(),
        updatedAt: new Date(),
      },
    });
    return ticket;
  }

  /** The ticket's value, once: a second redemption, an expired or unknown ticket gives undefined. */
  async redeemTicket(purpose: string, ticket: string): Promise<string | undefined> {
    const adapter = await this.adapter();
    const where = [{ field: 'identifier', value: ticketIdentifier(purpose, ticket) }];
    const found = await adapter.findOne<{ value: string; expiresAt: Date }>({ model: 'verification', where });
    // Deleting is the claim: of two redemptions at once, only the one that deleted the row goes on.
    if (!found || (await adapter.deleteMany({ model: 'verification', where })) !== 1) return undefined;
    return new Date(found.expiresAt).getTime() > Date.now() ? found.value : undefined;
  }

  /**
   * A standing secret for `scope` (a calendar feed's link): kept in the library's verification
   * table, shared by every server, until revoked. `rotate` replaces it (the old link stops working);
   * otherwise the one there is kept, or one is made.
   */
  async standingSecret(scope: string, rotate = false): Promise<string> {
    const adapter = await this.adapter();
    const where = [{ field: 'identifier', value: standingIdentifier(scope) }];
    if (!rotate) {
      const found = await this.readStandingSecret(scope);
      if (found) return found;
    }
    await adapter.deleteMany({ model: 'verification', where });
    const secret = randomBytes(24).toString('base64url');
    const now = new Date();
    await adapter.create({
      model: 'verification',
      data: {
        identifier: standingIdentifier(scope),
        value: secret,
        expiresAt: new Date(now.getTime() + STANDING_SECONDS * 1000),
        createdAt: now,
        updatedAt: now,
      },
    });
    return secret;
  }

  /** The standing secret for `scope`, if it has one. */
  async readStandingSecret(scope: string): Promise<string | undefined> {
    const found = await (
      await this.adapter()
    ).findOne<{ value: string }>({
      model: 'verification',
      where: [{ field: 'identifier', value: standingIdentifier(scope) }],
    });
    return found?.value;
  }

  /** Ends the standing secret for `scope`: its link stops working on every server. */
  async revokeStandingSecret(scope: string): Promise<void> {
    await (
      await this.adapter()
    ).deleteMany({ model: 'verification', where: [{ field: 'identifier', value: standingIdentifier(scope) }] });
  }

  /**
   * Delivers a link proving `email`: better-auth's own email-verification token (checked by its
   * verifyEmail), good for CODE_LIMITS.verificationHours. Made here rather than by the library's
   * send endpoint, which does not hand the asking request's headers (the tenant) to the delivery.
   */
  async sendEmailVerification(email: string, headers: Headers | undefined): Promise<void> {
    const token = await createEmailVerificationToken(
      (await this.auth.$context).secret,
      email,
      undefined,
      CODE_LIMITS.verificationHours * 3600,
    );
    await delivery(this.deliveryRef).verificationLink(email, token, headers);
  }

  /** Whether any account, console or visitor, has this (lowercase) email. */
  async userExists(email: string): Promise<boolean> {
    return (await (await this.adapter()).count({ model: 'user', where: [{ field: 'email', value: email }] })) > 0;
  }

  /** Staff stored under the role's old name (`platform`) get its new one; idempotent, so two servers opening at once agree. */
  private async renameStaffRole(): Promise<void> {
    await (
      await this.adapter()
    ).updateMany({
      model: 'user',
      where: [{ field: 'role', value: PLATFORM_STAFF_BEFORE }],
      update: { role: PLATFORM_STAFF },
    });
  }

  /**
   * Accounts made before tenants were organizations kept them as a JSON list in a `tenants`
   * column of better-auth's user table: each becomes an admin membership, then the column goes.
   * A one-off data migration, so it reads the legacy column directly.
   */
  private async migrateTenantsColumn(): Promise<void> {
    if (!this.sqlite) return;
    const columns = this.sqlite.prepare(`SELECT name FROM pragma_table_info('user')`).all() as { name: string }[];
    if (!columns.some((c) => c.name === 'tenants')) return;
    const rows = this.sqlite.prepare(`SELECT id, tenants FROM user WHERE role = 'tenant-admin'`).all() as {
      id: string;
      tenants: string | null;
    }[];
    for (const row of rows) {
      let tenants: unknown = [];
      try {
        tenants = JSON.parse(row.tenants ?? '[]');
      } catch {
        tenants = [];
      }
      for (const tenantId of Array.isArray(tenants) ? tenants : [])
        if (typeof tenantId === 'string') await this.join(row.id, tenantId, 'admin');
    }
    this.sqlite.exec('ALTER TABLE user DROP COLUMN tenants');
  }

  close(): Promise<void> {
    return this.closeDatabase();
  }
}
