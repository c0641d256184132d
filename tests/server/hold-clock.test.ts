/**
 * Holds as days pass, on the built server's real clock moved by faketime (Debian's libfaketime, as
 * the machine has it) across restarts, as a house's server would meet them after a weekend off:
 * three holds on one piece (Night Ferry first and challenged for Red Eye, Red Eye second, Kim's
 * Short Hop third). Today nothing moves. Started two hours on, past the challenge's window, the
 * hold watch's first pass releases Night Ferry's hold and the house, the challenger and the holder
 * are mailed; Red Eye is first. Started nine days on, Short Hop's hold has lapsed and is released;
 * Red Eye's, which runs to the day before its hire, stands. An order whose certificate of insurance
 * ends before its hire does is reminded to both sides 14 days before (nine days on) and 3 days
 * before (eighteen days on).
 */
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../schema/rental/quote-rules';
import { OutboxMailer } from '../../server/mail/mailer';
import { SqliteQuoteRequestStore } from '../../server/stores/sqlite-quote-request-store';
import { sampleQuoteRequest } from '../contract/quote-request-store.contract';
import { PASSWORD, STAFF, staffCookie } from '../helpers/console';
import { repoRoot, tenantsDir } from '../helpers/paths';
import { http, startServer } from '../helpers/server-process';

const PIECE = 'aft-galley-module-stainless';
const now = new Date();
const today = todayIn('America/Los_Angeles', now);
const startDate = addDays(today, 40);
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'backlot-hold-clock-'));
  await cp(path.join(tenantsDir, 'aviation'), path.join(root, 'tenants', 'aviation'), { recursive: true });
  await mkdir(path.join(root, '.data'), { recursive: true });
  // The holds as the steps leave them (placed a minute apart, in this order), written before the server starts.
  const store = new SqliteQuoteRequestStore(path.join(root, '.data', 'quotes.sqlite'));
  const stock = new Map([[PIECE, 1]]);
  const holds = [
    {
      id: 'night-ferry',
      until: addDays(today, 7),
      challenge: { by: 'red-eye', answerBy: new Date(now.getTime() + 3_600_000) },
    },
    { id: 'red-eye', until: addDays(startDate, -1) },
    { id: 'short-hop', until: addDays(today, 7) },
  ];
  for (const [index, hold] of holds.entries()) {
    const placedAt = new Date(now.getTime() - (3 - index) * 60_000).toISOString();
    await store.add(
      sampleQuoteRequest(hold.id, {
        email: `${hold.id}@studio.example`,
        production: hold.id,
        lines: [{ objectID: PIECE, name: 'Aft Galley Module, Stainless', quantity: 1, dayRate: 800 }],
        startDate,
        endDate: addDays(startDate, 4),
        createdAt: placedAt,
      }),
    );
    await store.change('aviation', hold.id, {
      revision: 0,
      apply: (current) => ({
        ...current,
        hold: 'pencil',
        pencil: {
          placedAt,
          until: hold.until,
          by: 'vendor',
          ...(hold.challenge && {
            challenge: {
              by: hold.challenge.by,
              at: now.toISOString(),
              answerBy: hold.challenge.answerBy.toISOString(),
            },
          }),
        },
      }),
      bookings: { place: 'pencil', expiresOn: hold.until, placement: { stock, turnaroundDays: 1, today } },
    });
  }
  // An order whose certificate ends twenty days from today, ten before its hire does.
  await store.add(
    sampleQuoteRequest('long-haul', {
      email: 'long-haul@studio.example',
      production: 'Long Haul',
      lines: [{ objectID: 'galley-cart', name: 'Galley Cart', quantity: 1, dayRate: 85 }],
      startDate: addDays(today, 25),
      endDate: addDays(today, 30),
      state: 'confirmed',
      hold: 'order',
      insurance: {
        file: 'coi-0123abcd-0123456789abcdef.pdf',
        fileName: 'long-haul-coi.pdf',
        contentType: 'application/pdf',
        size: 2048,
        expiresOn: addDays(today, 20),
        uploadedAt: now.toISOString(),
        uploadedBy: 'visitor',
      },
    }),
  );
  await store.close();
}, 60_000);
afterAll(() => rm(root, { recursive: true, force: true }));

/** The built server, its clock `offset` ahead (faketime's syntax: "+2h", "+9d"), until `work` is done. */
async function serverAt<T>(offset: string | undefined, work: (ask: (id: string) => Promise<any>) => Promise<T>) {
  const main = path.join(repoRoot, 'dist/server/main.js');
  const server = await startServer(
    {
      BACKLOT_TENANTS_DIR: path.join(root, 'tenants'),
      BACKLOT_DATA_DIR: path.join(root, '.data'),
      BACKLOT_ADMIN_EMAIL: STAFF,
      BACKLOT_ADMIN_PASSWORD: PASSWORD,
    },
    offset ? ['faketime', '-f', offset, process.execPath, main] : [process.execPath, main],
  );
  try {
    const cookie = await staffCookie(server.url);
    return await work(async (id) =>
      (await http(`${server.url}/api/tenants/aviation/quote-requests/${id}`, { headers: { cookie } })).json(),
    );
  } finally {
    await server.stop();
  }
}

const outbox = () => new OutboxMailer(path.join(root, '.data', 'outbox')).list();

describe('holds and certificates as the clock moves on', () => {
  it('keeps every hold today, releases the unanswered challenge two hours on and the lapsed hold nine days on, and reminds of a certificate ending before its hire', async () => {
    await serverAt(undefined, async (ask) => {
      expect((await ask('night-ferry')).pencil).toMatchObject({ rank: 1, challenge: {} });
      expect((await ask('red-eye')).pencil).toMatchObject({ rank: 2 });
      expect((await ask('short-hop')).pencil).toMatchObject({ rank: 3 });
    });
    expect(await outbox()).toEqual([]);

    // Two hours on: the watch's pass at start-up releases the challenged hold (polled: the pass runs once the server is ready).
    await serverAt('+2h', async (ask) => {
      await expect.poll(async () => (await ask('night-ferry')).hold, { timeout: 15_000 }).toBe('none');
      expect((await ask('night-ferry')).history.at(-1)).toMatchObject({ action: 'release', by: 'system' });
      expect((await ask('red-eye')).pencil).toMatchObject({ rank: 1 });
      expect((await ask('short-hop')).pencil).toMatchObject({ rank: 2, until: addDays(today, 7) });
      // The step's effects mail after it is stored: waited for before the server stops.
      await expect.poll(async () => (await outbox()).length, { timeout: 15_000 }).toBe(4);
    });
    const told = (await outbox()).map((mail) => `${mail.to}: ${mail.subject}`).sort();
    expect(told).toEqual(
      [
        'night-ferry@studio.example: The hold on your items was released',
        'red-eye@studio.example: The hold ahead of yours with Jetway Props was released',
        'rentals@jetwayprops.com: The hold you challenged was released',
        'short-hop@studio.example: Your hold with Jetway Props moved up',
      ].sort(),
    );

    // Nine days on: Short Hop's hold lapsed after its seventh day; Red Eye's runs to the day before its hire.
    // Long Haul's certificate ends in eleven days, before its hire does: both sides are reminded, once.
    await serverAt('+9d', async (ask) => {
      await expect
        .poll(
          async () =>
            (await outbox())
              .filter((mail) => mail.kind === 'certificateEnding')
              .map((mail) => mail.to)
              .sort(),
          {
            timeout: 15_000,
          },
        )
        .toEqual(['long-haul@studio.example', 'rentals@jetwayprops.com']);
      await expect.poll(async () => (await ask('short-hop')).hold, { timeout: 15_000 }).toBe('none');
      expect((await ask('short-hop')).history.at(-1)).toMatchObject({
        action: 'release',
        by: 'system',
        note: `it lapsed after ${addDays(today, 7)}`,
      });
      expect((await ask('red-eye')).pencil).toMatchObject({ rank: 1, until: addDays(startDate, -1) });
      // Short Hop's release is mailed after it is stored.
      await expect
        .poll(async () => (await outbox()).filter((mail) => mail.to === 'short-hop@studio.example').length, {
          timeout: 15_000,
        })
        .toBe(2);
    });
    expect((await outbox()).find((mail) => mail.to === 'long-haul@studio.example')!.subject).toBe(
      'Your certificate of insurance ends in 11 days, before your hire with Jetway Props',
    );
    // Eighteen days on, two days before it ends: the second reminder.
    await serverAt('+18d', async () => {
      await expect
        .poll(async () => (await outbox()).filter((mail) => mail.kind === 'certificateEnding').length, {
          timeout: 15_000,
        })
        .toBe(4);
    });
    expect(
      (await outbox()).filter((mail) => mail.subject.startsWith('Your certificate of insurance ends in 2 days')),
    ).toHaveLength(1);
  }, 180_000);
});
