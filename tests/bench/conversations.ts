/**
 * A conversation of 1,000 messages read a page at a time (issue 52; figures, not assertions): the
 * built server on its embedded defaults, a request with 1,000 messages kept in its SQLite file, and
 * the house reading it over HTTP: the newest page, and every page before it by its cursor, 20 times
 * over. p50 and p95 (goal p95 ≤ 20 ms), beside the same session's GET of the request itself (the
 * baseline: a read of one stored document).
 *
 *   npx tsx tests/bench/conversations.ts
 */
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messageId } from '../../schema/conversation/threads';
import { SqliteConversationStore } from '../../server/stores/sqlite-conversation-store';
import { SqliteQuoteRequestStore } from '../../server/stores/sqlite-quote-request-store';
import { tenantsDir } from '../helpers/paths';
import { http, startServer } from '../helpers/server-process';
import { fmt, percentile } from './figures';

const MESSAGES = 1_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const ADMIN = { email: 'bench@backlot.example', password: 'a long bench password' };
const QUOTE = 'q-night-ferry';

const scratch = await mkdtemp(path.join(tmpdir(), 'backlot-bench-conversations-'));
try {
  const tenants = path.join(scratch, 'tenants');
  const data = path.join(scratch, '.data');
  await cp(path.join(tenantsDir, 'aviation'), path.join(tenants, 'aviation'), { recursive: true });
  await mkdir(data, { recursive: true });
  const quotes = new SqliteQuoteRequestStore(path.join(data, 'quotes.sqlite'));
  await quotes.add({
    id: QUOTE,
    tenantId: 'aviation',
    uid: 'visitor-dana',
    email: 'dana@night-ferry.example',
    name: 'Dana Reyes',
    lines: [{ objectID: '1950s-hard-train-case-cream', name: '1950s Hard Train Case', quantity: 1, dayRate: 20 }],
    startDate: '2026-12-14',
    endDate: '2026-12-18',
    production: 'Night Ferry',
    createdAt: '2026-12-01T10:00:00.000Z',
  });
  await quotes.close();
  const conversations = new SqliteConversationStore(path.join(data, 'conversations.sqlite'));
  const started = Date.UTC(2026, 11, 1, 10);
  for (let n = 0; n < MESSAGES; n++) {
    const at = new Date(started + n * 60_000);
    await conversations.post({
      id: messageId(at, () => n.toString(16).padStart(16, '0')),
      tenantId: 'aviation',
      quoteId: QUOTE,
      side: n % 3 ? 'production' : 'house',
      author: n % 3 ? { id: 'visitor-dana', name: 'Dana Reyes' } : { id: 'acct-1', name: 'Sam' },
      text: `Message ${n}: can the cockpit panels come with their lighting kit, and can we hold them a day longer?`,
      createdAt: at.toISOString(),
    });
  }
  await conversations.close();

  const server = await startServer({
    BACKLOT_TENANTS_DIR: tenants,
    BACKLOT_DATA_DIR: data,
    BACKLOT_ADMIN_EMAIL: ADMIN.email,
    BACKLOT_ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
  });
  try {
    const login = await http(`${server.url}/api/auth/login`, { method: 'POST', body: ADMIN });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const base = `${server.url}/api/tenants/aviation/quote-requests/${QUOTE}`;
    const timed = async (url: string, into: number[]) => {
      const began = performance.now();
      const answer = await http(url, { headers: { cookie } });
      into.push(performance.now() - began);
      if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}: ${answer.text}`);
      return JSON.parse(answer.text) as { messages: unknown[]; earlier?: string };
    };
    const pages: number[] = [];
    const requests: number[] = [];
    let read = 0;
    // Two rounds first, untimed: the server's first reads compile their code.
    for (let round = -2; round < ROUNDS; round++) {
      if (round === 0) [pages.length, requests.length, read] = [0, 0, 0];
      await timed(base, requests);
      let page = await timed(`${base}/messages`, pages);
      read += page.messages.length;
      while (page.earlier) {
        page = await timed(`${base}/messages?before=${page.earlier}`, pages);
        read += page.messages.length;
      }
    }
    if (read !== MESSAGES * ROUNDS) throw new Error(`read ${read} messages, not ${MESSAGES * ROUNDS}`);
    console.log(
      `\nA conversation of ${MESSAGES.toLocaleString('en-US')} messages, paged 50 at a time, ${ROUNDS} times`,
    );
    console.log(
      `  a page of messages: p50 ${fmt(percentile(pages, 50), 1)} ms, p95 ${fmt(percentile(pages, 95), 1)} ms (goal p95 ≤ 20 ms)`,
    );
    console.log(
      `  the request itself (baseline): p50 ${fmt(percentile(requests, 50), 1)} ms, p95 ${fmt(percentile(requests, 95), 1)} ms → a page is ${fmt(percentile(pages, 95) / percentile(requests, 95))}× its p95`,
    );
  } finally {
    await server.stop();
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
