/** Builds the real app (file store, SQLite accounts) over scratch folders, with one account per role. */
import { rmSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { inject } from 'vitest';
import { acmeDir, tenantsDir } from './paths';

export const PASSWORD = 'correct horse battery staple';
export const ORIGIN = 'http://localhost:80';
export const USERS = {
  platformStaff: 'staff@backlot.example',
  acmeAdmin: 'admin@acme-props.example',
  aviationAdmin: 'admin@jetwayprops.com',
} as const;
export type Who = keyof typeof USERS | 'anonymous';

export interface TestApp {
  app: FastifyInstance;
  root: string;
  tenants: string;
  /** Sends a request as someone (cookie and same-origin header added). */
  as(who: Who, options: InjectOptions): Promise<LightMyRequestResponse>;
  cookieOf(who: Exclude<Who, 'anonymous'>): string;
  close(): Promise<void>;
}

export interface TestAppOptions extends Partial<AppOptions> {
  /** Server settings (BACKLOT_PUBLIC_URL …) added to the scratch folders' ones. */
  env?: Record<string, string>;
  /** Edits the scratch tenants folder before the server opens it. */
  beforeStart?: (tenantsDir: string) => Promise<void>;
  /**
   * A data folder to start from (copied): one written by an earlier release, whose accounts
   * already hold USERS with PASSWORD, so none is added.
   */
  data?: string;
}

/** Adds USERS (unless the data folder holds them) and logs each in: their session cookies. */
async function signedIn(app: FastifyInstance, add: boolean): Promise<Map<string, string>> {
  if (add) {
    await app.accounts.add({ email: USERS.platformStaff, password: PASSWORD, role: 'platform-staff' });
    await app.accounts.add({ email: USERS.acmeAdmin, password: PASSWORD, role: 'tenant-admin', tenants: ['acme'] });
    await app.accounts.add({
      email: USERS.aviationAdmin,
      password: PASSWORD,
      role: 'tenant-admin',
      tenants: ['aviation'],
    });
  }
  const cookies = new Map<string, string>();
  for (const [who, email] of Object.entries(USERS)) {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } }); // no Origin: not a browser
    if (login.statusCode !== 200) throw new Error(`login failed for ${email}: ${login.body}`);
    cookies.set(who, String(login.headers['set-cookie']).split(';')[0]!);
  }
  return cookies;
}

/** The files in a data folder that hold the accounts, their sessions and the secret that signs them (server/auth/auth-library.ts). */
const ACCOUNT_FILES = ['backlot.sqlite', 'auth-secret'];

/** A data folder holding USERS, signed in: where it is, and each one's session cookie. */
export interface SignedInAccounts {
  data: string;
  cookies: Array<[string, string]>;
}

/**
 * Makes the data folder every app with the default accounts copies: hashing and checking six
 * passwords cost more than a second (most of a server test's own time). The run's global setup
 * (tests/setup/global.ts) makes it once for every test file; `remove` deletes it.
 */
export async function makeSignedInAccounts(): Promise<SignedInAccounts & { remove(): Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), 'backlot-accounts-'));
  const data = path.join(root, '.data');
  const app = await buildApp({
    config: configFromEnv({ BACKLOT_TENANTS_DIR: path.join(root, 'tenants'), BACKLOT_DATA_DIR: data }),
  });
  try {
    const cookies = [...(await signedIn(app, true))];
    return { data, cookies, remove: () => rm(root, { recursive: true, force: true }) };
  } finally {
    await app.close();
  }
}

/** The run's signed-in accounts, or (outside a vitest run, as in a benchmark) this process's own. */
let signedInData: Promise<{ data: string; cookies: Map<string, string> }> | undefined;
function signedInTemplate() {
  signedInData ??= (async () => {
    const shared = providedAccounts();
    if (shared) return { data: shared.data, cookies: new Map(shared.cookies) };
    const own = await makeSignedInAccounts();
    process.once('exit', () => rmSync(path.dirname(own.data), { recursive: true, force: true }));
    return { data: own.data, cookies: new Map(own.cookies) };
  })();
  return signedInData;
}

function providedAccounts(): SignedInAccounts | undefined {
  try {
    return inject('signedInAccounts');
  } catch {
    return undefined; // not in a vitest worker
  }
}

export async function buildTestApp(extra: TestAppOptions = {}): Promise<TestApp> {
  const { env = {}, beforeStart, data, ...appOptions } = extra;
  const root = await mkdtemp(path.join(tmpdir(), 'backlot-server-'));
  const tenants = path.join(root, 'tenants');
  await cp(acmeDir, path.join(tenants, 'acme'), { recursive: true });
  await cp(path.join(tenantsDir, 'aviation'), path.join(tenants, 'aviation'), { recursive: true });
  await beforeStart?.(tenants);
  // Settings or accounts of the test's own make their own sessions; the rest start from the template.
  const template =
    !data && Object.keys(env).length === 0 && !appOptions.accounts && !appOptions.auth
      ? await signedInTemplate()
      : undefined;
  if (data) await cp(data, path.join(root, '.data'), { recursive: true });
  // Only the accounts, their sessions and the secret that signs them: the stores start empty, as on a first start.
  for (const file of template ? ACCOUNT_FILES : [])
    await cp(path.join(template!.data, file), path.join(root, '.data', file));
  const config = configFromEnv({ ...env, BACKLOT_TENANTS_DIR: tenants, BACKLOT_DATA_DIR: path.join(root, '.data') });
  const app = await buildApp({ config, ...appOptions });
  // Ready as a listening server would be: its start-up work (a sample catalogue's import …) done or waited for.
  await app.ready();
  const cookies = template?.cookies ?? (await signedIn(app, !data));
  const cookieOf = (who: Exclude<Who, 'anonymous'>) => cookies.get(who)!;
  return {
    app,
    root,
    tenants,
    cookieOf,
    as: (who, options) => {
      const headers: Record<string, string> = {
        origin: ORIGIN,
        ...(who === 'anonymous' ? {} : { cookie: cookieOf(who) }),
      };
      // An undefined header in options removes the default one (a request without Origin).
      for (const [name, value] of Object.entries(options.headers ?? {})) {
        if (value === undefined) delete headers[name];
        else headers[name] = String(value);
      }
      return app.inject({ ...options, headers });
    },
    close: async () => {
      await app.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/**
 * The aviation house's console API as its admin: GET a path under /api/tenants/aviation/, or POST
 * `payload` to it. `app` is read at each call (a file builds its app in beforeAll).
 */
export const aviationApi = (app: () => TestApp) => (url: string, payload?: object) =>
  app().as('aviationAdmin', {
    method: payload ? 'POST' : 'GET',
    url: `/api/tenants/aviation/${url}`,
    ...(payload && { payload }),
  });

/**
 * For `beforeStart`: the platform and the shipped London and Atlanta houses beside aviation, and the
 * acme fixture unlisted, so the platform lists exactly the shipped houses.
 */
export async function withShippedHouses(tenants: string): Promise<void> {
  for (const tenant of ['platform', 'london', 'atlanta'])
    await cp(path.join(tenantsDir, tenant), path.join(tenants, tenant), { recursive: true });
  const acme = path.join(tenants, 'acme', 'vendor.json');
  await writeFile(acme, JSON.stringify({ ...JSON.parse(await readFile(acme, 'utf8')), isListed: false }, null, 2));
}

/** Changes a tenant the way the console does (read with its ETag, PUT with If-Match), as platform staff; returns the answer. */
export async function editTenant(
  t: TestApp,
  tenantId: string,
  change: (tenant: { site: Record<string, unknown>; vendor: Record<string, unknown> }) => void,
) {
  const current = await t.as('platformStaff', { method: 'GET', url: `/api/tenants/${tenantId}` });
  const tenant = current.json();
  change(tenant);
  return t.as('platformStaff', {
    method: 'PUT',
    url: `/api/tenants/${tenantId}`,
    payload: tenant,
    headers: { 'if-match': String(current.headers.etag) },
  });
}
