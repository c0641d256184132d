/**
 * Two real server processes behind one address, as a load balancer runs them: the same Firestore
 * (Google's official emulator, a project of this test's own: BACKLOT_STORE=firestore), the same
 * PostgreSQL for accounts and sessions (BACKLOT_DATABASE_URL) and the same bucket for images
 * (BACKLOT_ASSETS=cloud-storage, on a loopback STAND-IN of Cloud Storage's JSON API:
 * tests/helpers/cloud-storage-stand-in.ts, since no Cloud Storage emulator runs here), each with
 * its own tenants folder, data folder and port: nothing on one disk.
 * Requests alternate between them: a session made on A works on B; forty concurrent whole-tenant
 * PUTs with one If-Match, split across both, let exactly one through and keep one history entry; a
 * change saved through A is on B's storefront; an item edited through A is found by search on B
 * (its index follows Firestore) and its page there shows it; a visitor signed up through A is signed
 * in on B, and forty set-list additions across both keep the counters exact; approving that
 * visitor through A reaches their live page connected to B, and the quote request they then send
 * through B is in the console through A; two confirmations of the last units at once, one on
 * each server, let exactly one through (and of two held requests, the first hold's; and of a kit
 * and its component); an image and an item photo uploaded through A are served
 * by B alike; a prop house's spreadsheet imported through A (items into Firestore, photos into
 * the bucket) is found by search on B and its photos served there; two restores of one history entry at
 * once, one on each, let one through; one order's units scanned out on both at once (each unit
 * twice, a retried scan on both) go out once each, and both read the same hire; and A killed
 * (SIGKILL) in a burst of writes: B serves on, holding every write A acknowledged. Cards are held
 * at Stripe (BACKLOT_PAYMENTS=stripe, on a loopback STAND-IN of the few Stripe calls made:
 * tests/helpers/stripe-stand-in.ts): a hold begun on one server is read on the other, and a
 * returned hire's capture asked of both at once is made once. The marketplace: a house's item
 * edited through A is on B's platform search, and one production request sent to both at once is
 * one request at the house. Sub-hires: a house asks another through both at once (one request at
 * the lender), the lender quotes and confirms through B, the house accepts through A, and the
 * stock hired in counts on both.
 */
import { emulatorHost } from '../helpers/firestore';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { loadTenant } from '../../schema/node/loader';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import type { Tenant } from '../../schema/types.generated';
import { PASSWORD, STAFF } from '../helpers/console';
import { repoRoot, tenantsDir } from '../helpers/paths';
import { TINY_PNG } from '../fixtures/tiny-png';
import { zipSync } from 'fflate';
import { startCloudStorageStandIn, type CloudStorageStandIn } from '../helpers/cloud-storage-stand-in';
import { startPostgres, type TestPostgres } from '../helpers/postgres';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in';
import { http, startServer, type ServerProcess } from '../helpers/server-process';

const { initializeApp, deleteApp } = await import('firebase-admin/app');
const { getFirestore } = await import('firebase-admin/firestore');
const { FirestoreTenantStore } = await import('../../server/stores/firestore-tenant-store');

const projectId = `backlot-two-servers-${Date.now().toString(36)}`;
let postgres: TestPostgres;
let bucket: CloudStorageStandIn;
let stripe: StripeStandIn;
let aviationAccount: string;
let root: string;
let a: ServerProcess;
let b: ServerProcess;
let cookie: string;

beforeAll(async () => {
  // The tenants, pushed into this project's Firestore as `backlot push` would.
  const app = initializeApp({ projectId }, projectId);
  const seeded = await FirestoreTenantStore.open({ firestore: getFirestore(app), watch: false });
  for (const tenantId of ['aviation', 'atlanta', 'platform'])
    await seeded.create(tenantId, (await loadTenant(path.join(tenantsDir, tenantId))).tenant as Tenant, 'seed');
  await seeded.close();
  await deleteApp(app);
  postgres = await startPostgres();
  bucket = await startCloudStorageStandIn({ buckets: ['backlot-two-servers'] });
  stripe = await startStripeStandIn();
  root = await mkdtemp(path.join(tmpdir(), 'backlot-two-'));
  // Each server its own copy of the tenants folder, as two machines built from one image have.
  for (const name of ['a', 'b'])
    for (const tenant of ['aviation', 'atlanta', 'platform'])
      await cp(path.join(tenantsDir, tenant), path.join(root, `tenants-${name}`, tenant), { recursive: true });
  const env = (name: string) => ({
    BACKLOT_STORE: 'firestore',
    FIRESTORE_EMULATOR_HOST: emulatorHost,
    GOOGLE_CLOUD_PROJECT: projectId,
    BACKLOT_ASSETS: 'cloud-storage',
    BACKLOT_ASSETS_BUCKET: 'backlot-two-servers',
    BACKLOT_STORAGE_HOST: bucket.url,
    BACKLOT_TENANTS_DIR: path.join(root, `tenants-${name}`),
    BACKLOT_DATA_DIR: path.join(root, `data-${name}`),
    BACKLOT_DATABASE_URL: postgres.url,
    BACKLOT_PAYMENTS: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_two_servers',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_two_servers',
    STRIPE_WEBHOOK_SECRET: 'whsec_two_servers',
    BACKLOT_STRIPE_API_URL: stripe.url,
    BACKLOT_ADMIN_EMAIL: STAFF,
    BACKLOT_ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
  });
  [a, b] = await Promise.all([startServer(env('a')), startServer(env('b'))]);
  const login = await http(`${a.url}/api/auth/login`, {
    method: 'POST',
    headers: { origin: a.url },
    body: { email: STAFF, password: PASSWORD },
  });
  expect(login.status, login.text).toBe(200);
  cookie = String(login.headers['set-cookie']).split(';')[0]!;
  // Aviation connects the account it is paid on through A; B reads it from the shared store.
  const connected = await on(0, '/api/tenants/aviation/payouts/connect', { method: 'POST' });
  expect(connected.status, connected.text).toBe(200);
  aviationAccount = (connected.json() as { payouts: { accountId: string } }).payouts.accountId;
  await fetch(`${stripe.url}/test/onboard/${aviationAccount}`, { method: 'POST' });
  expect((await on(1, '/api/tenants/aviation/payouts')).json()).toMatchObject({
    accountId: aviationAccount,
    chargesEnabled: true,
  });
}, 120_000);

afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map((server) => server.stop()));
  await postgres?.stop();
  await bucket?.close();
  await stripe?.close();
  if (root) await rm(root, { recursive: true, force: true });
  await fetch(`http://${emulatorHost}/emulator/v1/projects/${projectId}/databases/(default)/documents`, {
    method: 'DELETE',
  }).catch(() => undefined);
});

const servers = () => [a, b] as const;
/** A console request on server `n % 2`, as a load balancer would send it. */
const on = (
  n: number,
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
) => {
  const server = servers()[n % 2]!;
  return http(`${server.url}${pathname}`, {
    ...options,
    headers: { cookie, ...(options.method && options.method !== 'GET' && { origin: server.url }), ...options.headers },
  });
};

/** A storefront visitor's request to `server`, on the aviation storefront. */
const visitor = (
  server: ServerProcess,
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
) =>
  http(`${server.url}${pathname}`, {
    ...options,
    headers: {
      host: 'aviation.localhost',
      ...(options.method && options.method !== 'GET' && { origin: 'http://aviation.localhost' }),
      ...options.headers,
    },
  });

/** Signs a visitor up through `server`: their uid and session cookie. */
async function signUp(server: ServerProcess, email: string): Promise<{ uid: string; session: string }> {
  const { token } = (await visitor(server, '/api/identity/bot-check?action=signup')).json() as { token: string };
  const signup = await visitor(server, '/api/identity/signup', {
    method: 'POST',
    body: { email, password: PASSWORD, botCheckToken: token },
  });
  expect(signup.status, signup.text).toBe(201);
  return {
    uid: (signup.json() as { uid: string }).uid,
    session: [signup.headers['set-cookie'] ?? []]
      .flat()
      .map((line) => String(line).split(';')[0])
      .join('; '),
  };
}

/**
 * The visitor authorises their card: the hold begun on `begin`, the card confirmed at Stripe (what
 * Stripe.js does in the browser, here posted to the stand-in), the hold read again on `read`.
 * Returns the request's revision after it.
 */
async function authoriseAtStripe(
  begin: ServerProcess,
  read: ServerProcess,
  id: string,
  session: string,
): Promise<number> {
  const started = await visitor(begin, `/api/quotes/${id}/card-hold`, { method: 'POST', headers: { cookie: session } });
  expect(started.status, started.text).toBe(200);
  const { cardHold, payment } = started.json() as {
    cardHold: { intentId: string };
    payment: { provider: string; publishableKey: string };
  };
  expect(payment).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_two_servers' });
  await fetch(`${stripe.url}/v1/payment_intents/${cardHold.intentId}/confirm`, {
    method: 'POST',
    body: new URLSearchParams({ payment_method: 'pm_card_visa' }),
    headers: { 'stripe-account': aviationAccount },
  });
  const refreshed = await visitor(read, `/api/quotes/${id}/card-hold/refresh`, {
    method: 'POST',
    headers: { cookie: session },
  });
  expect(refreshed.json()).toMatchObject({ cardHold: { status: 'authorised', provider: 'stripe' } });
  return Number(String(refreshed.headers.etag).replace(/"/g, ''));
}

describe('two servers on one Firestore and one PostgreSQL', () => {
  it('keeps a console session made on A on B', async () => {
    expect((await on(1, '/api/auth/me')).json()).toMatchObject({ email: STAFF });
  });

  it('imported the sample catalogue once, though both started at once on an empty store', async () => {
    const sample = JSON.parse(await readFile(path.join(tenantsDir, 'aviation', 'catalogue.json'), 'utf8')) as {
      items: unknown[];
    };
    for (const n of [0, 1])
      expect(String((await on(n, '/api/tenants/aviation/items?range=[0,0]')).headers['content-range'])).toBe(
        `items 0-0/${sample.items.length}`,
      );
  });

  it('lets exactly one of forty concurrent whole-tenant PUTs with one If-Match through, and keeps one history entry', async () => {
    const current = await on(0, '/api/tenants/aviation');
    const version = String(current.headers.etag);
    const tenant = current.json() as Tenant & { id?: string; version?: string };
    const historyBefore = Number(
      String((await on(1, '/api/tenants/aviation/history')).headers['content-range']).split('/')[1],
    );
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        on(n, '/api/tenants/aviation', {
          method: 'PUT',
          headers: { 'if-match': version },
          body: {
            site: { ...tenant.site, appTitle: `Jetway Race ${n}` },
            vendor: tenant.vendor,
            categories: tenant.categories,
            pages: tenant.pages,
          },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(
      statuses.filter((status) => status === 200),
      JSON.stringify(answers.filter((x) => x.status !== 412 && x.status !== 200).map((x) => x.text)),
    ).toHaveLength(1);
    expect(statuses.filter((status) => status === 412)).toHaveLength(39);
    const winner = answers.find((answer) => answer.status === 200)!.json().site.appTitle as string;
    const historyAfter = Number(
      String((await on(0, '/api/tenants/aviation/history')).headers['content-range']).split('/')[1],
    );
    expect(historyAfter).toBe(historyBefore + 1);
    // The change saved on one is what both serve.
    for (const server of servers()) {
      await expect
        .poll(async () => (await http(`${server.url}/pages/credits`, { headers: { host: 'aviation.localhost' } })).text)
        .toContain(`<title>Credits | ${winner}</title>`);
    }
  });

  it('finds an item edited through A in search on B, and shows the change on its page on B', async () => {
    const [first] = (await on(0, '/api/tenants/aviation/items?range=[0,0]&sort=["name","ASC"]')).json() as Array<{
      id: string;
    }>;
    const item = await on(0, `/api/tenants/aviation/items/${encodeURIComponent(first!.id)}`);
    const edited = await on(0, `/api/tenants/aviation/items/${encodeURIComponent(first!.id)}`, {
      method: 'PUT',
      headers: { 'if-match': String(item.headers.etag) },
      body: { ...(item.json() as object), name: 'Zeppelinfold Galley Trolley', updatedAt: new Date().toISOString() },
    });
    expect(edited.status, edited.text).toBe(200);
    const onB = (pathname: string) =>
      http(`${b.url}${pathname}`, { headers: { host: 'aviation.localhost' } }).then((answer) => answer.text);
    await expect.poll(() => onB('/search?q=zeppelinfold')).toContain(`href="/item/${encodeURIComponent(first!.id)}"`);
    expect(await onB(`/item/${encodeURIComponent(first!.id)}`)).toContain('Zeppelinfold Galley Trolley');
  });

  it('keeps a visitor signed up through A signed in on B, with the profile both servers share', async () => {
    const { session } = await signUp(a, 'dana@studio.example');
    const onB = (await visitor(b, '/api/identity/session', { headers: { cookie: session } })).json();
    expect(onB).toMatchObject({
      status: 'authenticated',
      email: 'dana@studio.example',
      profile: { vendorId: 'aviation' },
    });

    // Forty line additions to one set list at once, split across both servers: the counters stay exact.
    const list = (
      await visitor(a, '/api/set-lists', {
        method: 'POST',
        headers: { cookie: session },
        body: { name: 'Two-server cabin' },
      })
    ).json() as { id: string };
    const items = (await on(0, '/api/tenants/aviation/items?range=[0,39]&sort=["name","ASC"]')).json() as Array<{
      id: string;
    }>;
    expect(items).toHaveLength(40);
    const added = await Promise.all(
      items.map((entry, n) =>
        visitor(n % 2 ? b : a, `/api/set-lists/${list.id}/lines/${encodeURIComponent(entry.id)}`, {
          method: 'PUT',
          headers: { cookie: session },
          body: { quantity: 1 },
        }),
      ),
    );
    expect(added.map((answer) => answer.status).filter((status) => status !== 200)).toEqual([]);
    const profile = (await visitor(b, '/api/identity/session', { headers: { cookie: session } })).json().profile;
    expect(profile.stats).toMatchObject({ setListCount: 1, setListItemCount: 40 });
    expect((await visitor(a, `/api/set-lists/${list.id}`, { headers: { cookie: session } })).json().lines).toHaveLength(
      40,
    );
  });

  it("reaches a visitor's live page on B when A approves them, and their quote request through B is in the console through A", async () => {
    const { uid, session } = await signUp(a, 'eli@studio.example');
    expect(
      (await visitor(b, '/api/quote-requests', { method: 'POST', headers: { cookie: session }, body: {} })).status,
    ).not.toBe(201);

    // The visitor's page listens on B (server-sent events) …
    let events = '';
    const stream = httpRequest(
      `${b.url}/api/identity/events`,
      { headers: { host: 'aviation.localhost', cookie: session, accept: 'text/event-stream' } },
      (response) => {
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (events += chunk));
      },
    );
    stream.on('error', () => undefined);
    stream.end();
    try {
      await expect.poll(() => events).toContain('event: profile');
      expect(events).not.toMatch(/"isAuthorized":true/);
      // … while an admin approves them through A.
      const approved = await on(0, `/api/tenants/aviation/users/${uid}`, {
        method: 'PUT',
        body: { isAuthorized: true },
      });
      expect(approved.status, approved.text).toBe(200);
      await expect.poll(() => events).toMatch(/event: profile\ndata: \{[^\n]*"isAuthorized":true/);
    } finally {
      stream.destroy();
    }

    const [item] = (await on(1, '/api/tenants/aviation/items?range=[0,0]&sort=["name","ASC"]')).json() as Array<{
      id: string;
    }>;
    const start = earliestStart('America/Los_Angeles', 7, new Date());
    const quote = await visitor(b, '/api/quote-requests', {
      method: 'POST',
      headers: { cookie: session },
      body: {
        items: [{ objectID: item!.id, quantity: 1 }],
        startDate: start,
        endDate: addDays(start, 3),
        production: 'Two Servers',
        notes: 'Sent through B',
      },
    });
    expect(quote.status, quote.text).toBe(201);
    const listed = (await on(0, '/api/tenants/aviation/quote-requests')).json() as Array<{
      id: string;
      production: string;
      email: string;
    }>;
    expect(listed.find((entry) => entry.id === quote.json().id)).toMatchObject({
      production: 'Two Servers',
      email: 'eli@studio.example',
    });
  });

  /**
   * Two productions, one signed up through each server, ask for every unit of `item` on
   * overlapping dates; each is quoted and accepts with its card held at Stripe. With `held`, the
   * house pencils each request first, the first before the second (ranked in that order).
   */
  /** Each email's request accepted, for `item` (or, given several, the one at its place). */
  async function twoAccepted(
    item: { id: string; quantity: number } | ReadonlyArray<{ id: string; quantity: number }>,
    start: string,
    emails: string[],
    held = false,
  ) {
    const accepted: string[] = [];
    const revisions: string[] = [];
    for (const [index, email] of emails.entries()) {
      const asking = 'id' in item ? item : item[index]!;
      const { uid, session } = await signUp(servers()[index]!, email);
      expect(
        (await on(index, `/api/tenants/aviation/users/${uid}`, { method: 'PUT', body: { isAuthorized: true } })).status,
      ).toBe(200);
      // Both ask for every unit, on overlapping dates.
      const asked = await visitor(servers()[(index + 1) % 2]!, '/api/quote-requests', {
        method: 'POST',
        headers: { cookie: session },
        body: {
          items: [{ objectID: asking.id, quantity: asking.quantity }],
          startDate: addDays(start, index),
          endDate: addDays(start, index + 3),
        },
      });
      expect(asked.status, asked.text).toBe(201);
      const id = (asked.json() as { id: string }).id;
      if (held) {
        const pencilled = await on(index, `/api/tenants/aviation/quote-requests/${id}/hold`, {
          method: 'POST',
          headers: { 'if-match': '"0"' },
        });
        expect(pencilled.status, pencilled.text).toBe(200);
      }
      const quoted = await on(index, `/api/tenants/aviation/quote-requests/${id}/quote`, {
        method: 'POST',
        headers: { 'if-match': held ? '"1"' : '"0"' },
        body: { adjustments: {}, services: [] },
      });
      expect(quoted.status, quoted.text).toBe(200);
      const cardHeld = await authoriseAtStripe(servers()[index]!, servers()[(index + 1) % 2]!, id, session);
      const accept = await visitor(servers()[(index + 1) % 2]!, `/api/quotes/${id}/accept`, {
        method: 'POST',
        headers: { cookie: session, 'if-match': `"${cardHeld}"` },
        body: { version: 1 },
      });
      expect(accept.status, accept.text).toBe(200);
      accepted.push(id);
      revisions.push(String(accept.headers.etag));
    }
    return { accepted, revisions };
  }

  /** Both accepted requests confirmed at once, the first on server 0 and the second on server 1: exactly one is, and the other's refusal. */
  const oneConfirmedOfTwo = async (accepted: readonly string[], revisions: readonly string[]) => {
    const confirmations = await Promise.all(
      accepted.map((id, index) =>
        on(index, `/api/tenants/aviation/quote-requests/${id}/confirm`, {
          method: 'POST',
          headers: { 'if-match': revisions[index]! },
        }),
      ),
    );
    expect(confirmations.map((answer) => answer.status).sort()).toEqual([200, 409]);
    return confirmations.find((answer) => answer.status === 409)!.json() as { errors: Record<string, string> };
  };

  it('gives the last units to exactly one of two confirmations at once, one on each server; the other is told which line and why', async () => {
    const [item] = (await on(0, '/api/tenants/aviation/items?range=[1,1]&sort=["name","ASC"]')).json() as Array<{
      id: string;
      quantity: number;
    }>;
    const start = earliestStart('America/Los_Angeles', 30, new Date());
    const { accepted, revisions } = await twoAccepted(item!, start, ['ana@studio.example', 'ben@studio.example']);
    const refused = await oneConfirmedOfTwo(accepted, revisions);
    expect(refused.errors['lines.0.quantity']).toMatch(
      /^only 0 of \d+ free on \d{4}-\d\d-\d\d: other holds and orders have the rest$/,
    );
    // The item's timeline, read on either server, holds one order (the server that did not place it
    // hears of it through its listener on the ledgers).
    for (const n of [0, 1]) {
      const orders = async () => {
        const timeline = (
          await on(n, `/api/tenants/aviation/availability/${item!.id}?from=${start}&to=${addDays(start, 4)}`)
        ).json() as { bookings: Array<{ kind: string; quoteId: string }> };
        return timeline.bookings.filter((booking) => accepted.includes(booking.quoteId)).map((booking) => booking.kind);
      };
      await expect.poll(orders).toEqual(['order']);
    }
  });

  it('gives the last units to exactly one of a kit and its component confirmed at once, one on each server', async () => {
    const [component] = (await on(0, '/api/tenants/aviation/items?range=[3,3]&sort=["name","ASC"]')).json() as Array<{
      id: string;
      quantity: number;
    }>;
    // A kit that takes every unit of the component: one kit, or the component alone, not both.
    const {
      id: _id,
      version: _version,
      ...body
    } = (await on(0, `/api/tenants/aviation/items/${component!.id}`)).json() as Record<string, unknown>;
    const kitId = `${component!.id.slice(0, 100)}-kit`;
    const made = await on(1, '/api/tenants/aviation/items', {
      method: 'POST',
      body: {
        ...body,
        objectID: kitId,
        name: 'Whole-stock kit',
        sku: undefined,
        kit: { kind: 'fixed', components: [{ objectID: component!.id, quantity: component!.quantity }] },
      },
    });
    expect(made.status, made.text).toBe(201);
    const start = earliestStart('America/Los_Angeles', 50, new Date());
    const { accepted, revisions } = await twoAccepted(
      [
        { id: kitId, quantity: 1 },
        { id: component!.id, quantity: component!.quantity },
      ],
      start,
      ['kit-ana@studio.example', 'kit-ben@studio.example'],
    );
    const refused = await oneConfirmedOfTwo(accepted, revisions);
    expect(refused.errors['lines.0.quantity']).toMatch(
      /only 0 of \d+ free on \d{4}-\d\d-\d\d: other holds and orders have the rest$/,
    );
  });

  it('gives two held requests confirmed at once, one on each server, to the first hold: the second is refused naming the hold ahead', async () => {
    const [item] = (await on(0, '/api/tenants/aviation/items?range=[2,2]&sort=["name","ASC"]')).json() as Array<{
      id: string;
      quantity: number;
    }>;
    const start = earliestStart('America/Los_Angeles', 40, new Date());
    const { accepted, revisions } = await twoAccepted(
      item!,
      start,
      ['cara@studio.example', 'dev@studio.example'],
      true,
    );
    // The second hold's server is asked first: rank, not arrival, decides.
    const [second, first] = await Promise.all([
      on(1, `/api/tenants/aviation/quote-requests/${accepted[1]}/confirm`, {
        method: 'POST',
        headers: { 'if-match': revisions[1]! },
      }),
      on(0, `/api/tenants/aviation/quote-requests/${accepted[0]}/confirm`, {
        method: 'POST',
        headers: { 'if-match': revisions[0]! },
      }),
    ]);
    expect([first.status, second.status]).toEqual([200, 409]);
    expect((second.json() as { errors: Record<string, string> }).errors['lines.0.quantity']).toMatch(
      /^only 0 of \d+ free on \d{4}-\d\d-\d\d: (holds ahead of this one|other holds and orders) have the rest$/,
    );
    for (const n of [0, 1]) {
      const kinds = async () =>
        (
          (
            await on(n, `/api/tenants/aviation/availability/${item!.id}?from=${start}&to=${addDays(start, 4)}`)
          ).json() as { bookings: Array<{ kind: string; quoteId: string }> }
        ).bookings
          .filter((booking) => accepted.includes(booking.quoteId))
          .map((booking) => `${booking.quoteId === accepted[0] ? 'first' : 'second'} ${booking.kind}`)
          .sort();
      await expect.poll(kinds).toEqual(['first order', 'second pencil']);
    }
  });

  it("checks out one order's units with scans split across both servers at once, each unit given once, both read the same hire, and its capture is made once", async () => {
    const listed = (await on(0, '/api/tenants/aviation/items?range=[0,200]&sort=["name","ASC"]')).json() as Array<{
      id: string;
      quantity: number;
    }>;
    const item = listed.find((entry) => entry.quantity >= 4 && entry.quantity <= 8)!;
    const made = await on(1, `/api/tenants/aviation/items/${item.id}/units`, { method: 'POST' });
    expect(made.status, made.text).toBe(201);
    const tags = (made.json() as Array<{ tag: string }>).map((unit) => unit.tag);
    const { uid, session } = await signUp(b, 'scans-split@studio.example');
    expect(
      (await on(0, `/api/tenants/aviation/users/${uid}`, { method: 'PUT', body: { isAuthorized: true } })).status,
    ).toBe(200);
    const start = earliestStart('America/Los_Angeles', 60, new Date());
    const asked = await visitor(a, '/api/quote-requests', {
      method: 'POST',
      headers: { cookie: session },
      body: { items: [{ objectID: item.id, quantity: item.quantity }], startDate: start, endDate: addDays(start, 2) },
    });
    expect(asked.status, asked.text).toBe(201);
    const id = (asked.json() as { id: string }).id;
    expect(
      (
        await on(1, `/api/tenants/aviation/quote-requests/${id}/quote`, {
          method: 'POST',
          headers: { 'if-match': '"0"' },
          body: { adjustments: {}, services: [] },
        })
      ).status,
    ).toBe(200);
    const held = await authoriseAtStripe(a, b, id, session);
    expect(
      (
        await visitor(b, `/api/quotes/${id}/accept`, {
          method: 'POST',
          headers: { cookie: session, 'if-match': `"${held}"` },
          body: { version: 1 },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await on(0, `/api/tenants/aviation/quote-requests/${id}/confirm`, {
          method: 'POST',
          headers: { 'if-match': `"${held + 1}"` },
        })
      ).status,
    ).toBe(200);

    // Two phones scan every unit at once, one on each server; a third sends its scan to A and, retrying, to B.
    const scan = (n: number, scanId: string, tag: string) =>
      on(n, `/api/tenants/aviation/orders/${id}/scans`, {
        method: 'POST',
        body: { id: scanId, direction: 'out', code: `aviation/${tag}` },
      });
    const answers = await Promise.all(
      tags.flatMap((tag, index) => [
        scan(0, `split-a-${index}-000`, tag),
        scan(1, `split-b-${index}-000`, tag),
        scan(index, `split-r-${index}-000`, tag),
        scan(index + 1, `split-r-${index}-000`, tag),
      ]),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const records = answers.map(
      (answer) => answer.json() as { record: { id: string; tag: string; outcome: string }; repeat: boolean },
    );
    for (const tag of tags) {
      const fresh = records.filter((entry) => entry.record.tag === tag && !entry.repeat);
      // Each unit went out once; every other scan of it was told it is out already.
      expect(
        fresh.filter((entry) => entry.record.outcome === 'ok'),
        tag,
      ).toHaveLength(1);
      expect(
        fresh.filter((entry) => entry.record.outcome !== 'ok').every((entry) => entry.record.outcome === 'alreadyOut'),
        tag,
      ).toBe(true);
    }
    // The retried scan id was stored once, whichever server answered first.
    for (const index of tags.keys())
      expect(records.filter((entry) => entry.record.id === `split-r-${index}-000` && !entry.repeat)).toHaveLength(1);
    for (const n of [0, 1]) {
      const sheet = (await on(n, `/api/tenants/aviation/orders/${id}/pull-sheet`)).json() as {
        state: string;
        lines: Array<{ out: number; tagsOut: string[] }>;
      };
      expect(sheet.state).toBe('out');
      expect(sheet.lines[0]!.out).toBe(tags.length);
      expect([...sheet.lines[0]!.tagsOut].sort()).toEqual([...tags].sort());
      const units = (await on(n, `/api/tenants/aviation/items/${item.id}/units`)).json() as Array<{
        status: string;
        orderId?: string;
      }>;
      expect(units.every((unit) => unit.status === 'out' && unit.orderId === id)).toBe(true);
    }

    // All back, then closed while Stripe is out of reach: the capture waits, said on the order; asked of both servers at once once Stripe is back, it is made once.
    for (const [index, tag] of tags.entries())
      expect(
        (
          await on(index, `/api/tenants/aviation/orders/${id}/scans`, {
            method: 'POST',
            body: { id: `back-${index}-000`, direction: 'in', code: `aviation/${tag}` },
          })
        ).status,
      ).toBe(200);
    const returned = await on(1, `/api/tenants/aviation/quote-requests/${id}`);
    stripe.down();
    const closed = await on(0, `/api/tenants/aviation/quote-requests/${id}/close`, {
      method: 'POST',
      headers: { 'if-match': String(returned.headers.etag) },
    });
    expect(closed.status, closed.text).toBe(200);
    const waiting = (await on(1, `/api/tenants/aviation/quote-requests/${id}`)).json() as {
      state: string;
      cardHold: {
        status: string;
        amount: number;
        pending: { action: string; amount: number; attempts: number; lastError: string };
      };
    };
    expect(waiting).toMatchObject({
      state: 'closed',
      cardHold: { status: 'authorised', pending: { action: 'capture', attempts: 1 } },
    });
    expect(waiting.cardHold.pending.lastError).toMatch(/Stripe could not be reached/);
    stripe.up();
    const captures = () => stripe.requests.filter((call) => call.path.endsWith('/capture'));
    const before = captures().length;
    const settled = await Promise.all(
      [0, 1].map((n) => on(n, `/api/tenants/aviation/quote-requests/${id}/card-hold/settle`, { method: 'POST' })),
    );
    expect(settled.map((answer) => answer.status)).toEqual([200, 200]);
    const intentId = (closed.json() as { cardHold: { intentId: string } }).cardHold.intentId;
    // However many capture calls reached Stripe, they carried one idempotency key (the amount in it): one capture, of what was owed.
    expect(
      new Set(
        captures()
          .slice(before)
          .map((call) => call.key),
      ),
    ).toEqual(new Set([`capture-${intentId}-${Math.round(waiting.cardHold.pending.amount * 100)}`]));
    expect(stripe.intents.get(intentId)).toMatchObject({
      status: 'succeeded',
      amount_received: Math.round(waiting.cardHold.pending.amount * 100),
    });
    // The server that lost the race answers at once and the winner writes the capture as it ends:
    // each server reads it once written.
    for (const n of [0, 1])
      await expect
        .poll(
          async () =>
            ((await on(n, `/api/tenants/aviation/quote-requests/${id}`)).json() as { cardHold: object }).cardHold,
        )
        .toMatchObject({ status: 'captured', captured: waiting.cardHold.pending.amount });
  });

  it('serves an image and an item photo uploaded through A from B at once, byte for byte, with the same headers (one bucket)', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 10"><rect width="40" height="10" fill="#123"/></svg>';
    const uploaded = await on(0, '/api/tenants/aviation/assets/two-servers.svg', {
      method: 'PUT',
      body: { data: Buffer.from(svg).toString('base64') },
    });
    expect(uploaded.status, uploaded.text).toBe(200);
    const photo = await on(0, '/api/tenants/aviation/item-photos', {
      method: 'POST',
      body: { name: 'galley-cart.svg', data: Buffer.from(svg.replace('#123', '#456')).toString('base64') },
    });
    expect(photo.status, photo.text).toBe(201);
    expect(bucket.buckets.get('backlot-two-servers')!.has('tenants/aviation/assets/two-servers.svg')).toBe(true);
    for (const pathname of [
      `/assets/aviation/two-servers.svg?v=${uploaded.json().url.split('?v=')[1]}`,
      photo.json().url as string,
    ]) {
      const get = (server: ServerProcess) =>
        http(`${server.url}${pathname}`, { headers: { host: 'aviation.localhost' } });
      // No waiting: B asks the bucket for a name its list does not have yet.
      const [fromA, fromB] = [await get(a), await get(b)];
      expect(fromB.status, pathname).toBe(200);
      expect(fromB.text).toBe(fromA.text);
      for (const header of ['etag', 'content-type', 'cache-control', 'content-security-policy'])
        expect(fromB.headers[header], `${pathname} ${header}`).toBe(fromA.headers[header]);
    }
    // The sample tenant's own images were copied to the bucket on start: B serves them from there too.
    expect((await http(`${b.url}/assets/aviation/logo.svg`, { headers: { host: 'aviation.localhost' } })).status).toBe(
      200,
    );
  });

  it("imports a prop house's spreadsheet with its photos through A into Firestore and the bucket; B finds the items in search, serves their photos, and checks the sheet again from the columns A kept", async () => {
    const photos: Record<string, Uint8Array> = {};
    for (let n = 10; n <= 300; n += 10) photos[`H9-${String(n).padStart(5, '0')}.png`] = TINY_PNG;
    const sheet = (
      await readFile(path.join(repoRoot, 'tests', 'fixtures', 'prop-house', 'hangar9-stock.xlsx'))
    ).toString('base64');
    const imported = await on(0, '/api/tenants/aviation/items/import', {
      method: 'POST',
      body: {
        fileName: 'hangar9-stock.xlsx',
        data: sheet,
        photos: { fileName: 'photos.zip', data: Buffer.from(zipSync(photos)).toString('base64') },
        skipRefused: true,
      },
    });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.json().done).toMatchObject({ counts: { added: 300 }, photos: 30, skipped: 8 });
    // B's search follows Firestore: the items are there without a restart.
    await expect
      .poll(async () =>
        (
          (await on(1, '/api/tenants/aviation/items?filter={"q":"Chrome Headrest 1"}')).json() as Array<{ id: string }>
        ).map((item) => item.id),
      )
      .toContain('h9-00001');
    const item = (await on(1, '/api/tenants/aviation/items/h9-00010')).json() as { images: Array<{ url: string }> };
    expect(
      bucket.buckets.get('backlot-two-servers')!.has(`tenants/aviation/items/${item.images[0]!.url.split('/').at(-1)}`),
    ).toBe(true);
    expect((await http(`${b.url}${item.images[0]!.url}`, { headers: { host: 'aviation.localhost' } })).status).toBe(
      200,
    );
    // The columns A's import used are kept in the bucket, privately: B's check of the same sheet starts from them.
    expect(
      [...bucket.buckets.get('backlot-two-servers')!.keys()].filter((name) =>
        name.startsWith('tenants/aviation/import-mappings/'),
      ),
    ).toHaveLength(1);
    const again = await on(1, '/api/tenants/aviation/items/import/check', {
      method: 'POST',
      body: { fileName: 'hangar9-stock.xlsx', data: sheet },
    });
    expect(again.json()).toMatchObject({
      mappingFrom: 'saved',
      plan: { unchanged: expect.arrayContaining(['h9-00001']) },
    });
  });

  it("shows a house's item edited through A on B's platform search, as a listing of the house", async () => {
    const [first] = (await on(0, '/api/tenants/aviation/items?range=[0,0]&sort=["name","DESC"]')).json() as Array<{
      id: string;
    }>;
    const item = await on(0, `/api/tenants/aviation/items/${encodeURIComponent(first!.id)}`);
    const edited = await on(0, `/api/tenants/aviation/items/${encodeURIComponent(first!.id)}`, {
      method: 'PUT',
      headers: { 'if-match': String(item.headers.etag) },
      body: { ...(item.json() as object), name: 'Quixotrek Boarding Stair', updatedAt: new Date().toISOString() },
    });
    expect(edited.status, edited.text).toBe(200);
    const onPlatformB = () =>
      http(`${b.url}/search?q=quixotrek`, { headers: { host: 'platform.localhost' } }).then((answer) => answer.text);
    await expect.poll(onPlatformB).toContain(`href="/item/aviation~${encodeURIComponent(first!.id)}"`);
    expect(await onPlatformB()).toContain('Jetway Props, Sun Valley, CA');
  });

  it('takes one production request sent to both servers at once as one request at the house, sent once the house approves', async () => {
    const host = 'platform.localhost';
    const onPlatform = (
      server: ServerProcess,
      pathname: string,
      options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
    ) =>
      http(`${server.url}${pathname}`, {
        ...options,
        headers: {
          host,
          ...(options.method && options.method !== 'GET' && { origin: `http://${host}` }),
          ...options.headers,
        },
      });
    const { token } = (await onPlatform(a, '/api/identity/bot-check?action=signup')).json() as { token: string };
    const signup = await onPlatform(a, '/api/identity/signup', {
      method: 'POST',
      body: { email: 'two-servers-production@example.com', password: PASSWORD, botCheckToken: token },
    });
    expect(signup.status, signup.text).toBe(201);
    const { uid } = signup.json() as { uid: string };
    const session = [signup.headers['set-cookie'] ?? []]
      .flat()
      .map((line) => String(line).split(';')[0])
      .join('; ');
    const [first] = (await on(0, '/api/tenants/aviation/items?range=[0,0]&sort=["name","ASC"]')).json() as Array<{
      id: string;
    }>;
    const startDate = addDays(earliestStart('America/Los_Angeles', 2, new Date()), 30);
    const key = `two-servers-${Date.now().toString(36)}`;
    const body = {
      key,
      items: [{ listing: `aviation~${first!.id}`, quantity: 1 }],
      startDate,
      endDate: addDays(startDate, 1),
      production: 'Both Ways',
    };
    const answers = await Promise.all(
      [a, b].map((server) =>
        onPlatform(server, '/api/production-requests', { method: 'POST', headers: { cookie: session }, body }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort(), answers.map((answer) => answer.text).join('\n')).toEqual([
      200, 201,
    ]);
    for (const answer of answers)
      expect((answer.json() as { parts: Array<{ state: string }> }).parts.map((part) => part.state)).toEqual([
        'awaitingApproval',
      ]);
    // Jetway approves the production through B: its part is sent, once.
    expect(
      (await on(1, `/api/tenants/aviation/users/${uid}`, { method: 'PUT', body: { isAuthorized: true } })).status,
    ).toBe(200);
    const read = await onPlatform(a, `/api/production-requests/${key}`, { headers: { cookie: session } });
    expect((read.json() as { parts: Array<{ state: string }> }).parts.map((part) => part.state)).toEqual(['sent']);
    const asked = (await on(0, '/api/tenants/aviation/quote-requests?range=[0,499]')).json() as Array<{
      productionRequest?: string;
    }>;
    expect(asked.filter((quote) => quote.productionRequest === key)).toHaveLength(1);
  });

  it('sub-hires across both: asked through A, quoted by the lender through B, accepted through A, confirmed through B; the stock hired in is on both', async () => {
    const RED_UNIFORM = '1960s-jet-age-flight-attendant-uniform-red';
    const { uid, session } = await signUp(b, 'two-servers-sub-hire@studio.example');
    expect(
      (await on(1, `/api/tenants/aviation/users/${uid}`, { method: 'PUT', body: { isAuthorized: true } })).status,
    ).toBe(200);
    const start = addDays(earliestStart('America/Los_Angeles', 2, new Date()), 45);
    const asked = await visitor(a, '/api/quote-requests', {
      method: 'POST',
      headers: { cookie: session },
      body: {
        items: [{ objectID: RED_UNIFORM, quantity: 2 }],
        startDate: start,
        endDate: addDays(start, 2),
        production: 'Two Houses',
      },
    });
    expect(asked.status, asked.text).toBe(201);
    const ours = (asked.json() as { id: string }).id;
    // Two asks at once, one on each server: one request at Peachtree.
    const asks = await Promise.all(
      [0, 1].map((n) =>
        on(n, `/api/tenants/aviation/quote-requests/${ours}/sub-hires`, {
          method: 'POST',
          body: { objectID: RED_UNIFORM, house: 'atlanta', theirObjectID: RED_UNIFORM, quantity: 2 },
        }),
      ),
    );
    expect(asks.map((answer) => answer.status).sort(), asks.map((answer) => answer.text).join('\n')).toEqual([
      200, 201,
    ]);
    const theirId = (asks[0]!.json() as { subHire: { quoteId: string } }).subHire.quoteId;
    const there = (n: number, action: string, revision: number, body?: object) =>
      on(n, `/api/tenants/atlanta/quote-requests/${theirId}/${action}`, {
        method: 'POST',
        headers: { 'if-match': `"${revision}"` },
        ...(body && { body }),
      });
    expect((await there(1, 'quote', 0, { adjustments: {}, services: [] })).status).toBe(200);
    const accepted = await on(0, `/api/tenants/aviation/quote-requests/${ours}/sub-hires/${theirId}/accept`, {
      method: 'POST',
      headers: { 'if-match': '"1"' },
      body: { version: 1 },
    });
    expect(accepted.status, accepted.text).toBe(200);
    const confirmed = await there(1, 'confirm', 2);
    expect(confirmed.status, confirmed.text).toBe(200);
    // Followed on B as Peachtree confirmed there; both servers count the two hired in on Jetway's line.
    const hiredIn = async (n: number) =>
      (
        (await on(n, `/api/tenants/aviation/quote-requests/${ours}`)).json() as {
          lineDetails: Array<{ hiredIn: number }>;
        }
      ).lineDetails[0]!.hiredIn;
    for (const n of [0, 1]) await expect.poll(() => hiredIn(n)).toBe(2);
    const listed = (await on(0, `/api/tenants/aviation/quote-requests/${ours}/sub-hires`)).json() as Array<{
      theirs: { state: string };
    }>;
    expect(listed.map((entry) => entry.theirs.state)).toEqual(['confirmed']);
  });

  it('lets one of two restores of the same history entry, one on each server, through; the other is told it is stale', async () => {
    const { etag } = (await on(0, '/api/tenants/aviation/history')).headers;
    const restores = await Promise.all(
      [0, 1].map((n) =>
        on(n, '/api/tenants/aviation/history/1/restore', { method: 'POST', headers: { 'if-match': String(etag) } }),
      ),
    );
    expect(restores.map((answer) => answer.status).sort()).toEqual([200, 412]);
  });

  it('keeps serving from B when A is killed in the middle of a burst of writes, and keeps every write A acknowledged', async () => {
    // Last: A does not come back. Writes to the tenant, one after another through A, while A is killed.
    const acknowledged: string[] = [];
    let current = await on(0, '/api/tenants/aviation');
    const burst = (async () => {
      for (let n = 0; n < 200; n++) {
        const tenant = current.json() as Tenant;
        const title = `Jetway Burst ${n}`;
        const answer = await http(`${a.url}/api/tenants/aviation`, {
          method: 'PUT',
          headers: { cookie, origin: a.url, 'if-match': String(current.headers.etag) },
          body: {
            site: { ...tenant.site, appTitle: title },
            vendor: tenant.vendor,
            categories: tenant.categories,
            pages: tenant.pages,
          },
        }).catch(() => undefined);
        if (!answer) return;
        if (answer.status === 200) {
          acknowledged.push(title);
          current = answer;
        }
      }
    })();
    await expect.poll(() => acknowledged.length).toBeGreaterThanOrEqual(5);
    process.kill(-a.child.pid!, 'SIGKILL');
    await burst;
    // No acknowledged write is lost: B comes to hold the last one A acknowledged, or the one in flight
    // when A died (committed, its answer never sent), never an earlier one. B hears A's last writes
    // through its listener, which may still be on its way when A dies: B is waited for, not read once.
    const burstNumber = (title: string) => Number(/^Jetway Burst (\d+)$/.exec(title)?.[1]);
    await expect
      .poll(async () => {
        const onB = await on(1, '/api/tenants/aviation');
        return onB.status === 200 ? burstNumber(onB.json().site.appTitle) : -1;
      })
      .toBeGreaterThanOrEqual(burstNumber(acknowledged.at(-1)!));
    const history = (await on(1, '/api/tenants/aviation/history?range=[0,499]')).json() as Array<{ version: string }>;
    expect(history.length).toBeGreaterThanOrEqual(acknowledged.length);
    expect((await http(`${b.url}/`, { headers: { host: 'aviation.localhost' } })).status).toBe(200);
  });
});
