/**
 * The conversation on a request, over the real app (SQLite files, the outbox mailer): the
 * production writes, the house is mailed (its text escaped, the console's link) and reads it; the
 * house answers, the production is mailed (the request's link), sees it unread on its list and
 * reads it, and the house sees it read; pages of 50 with the cursor before; done, and opened
 * again by a new question; another visitor (403), nobody signed in (401), blank and overlong text
 * (400, by field), a visitor's rate (429); and the request itself never changes.
 */
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import type { ConversationMessage, ConversationThread } from '../../schema/types.generated';
import { TINY_PDF } from '../fixtures/tiny-pdf';
import { TINY_PNG } from '../fixtures/tiny-png';
import type { OutboxMailer } from '../../server/mail/mailer';
import { buildTestApp, type TestApp } from '../helpers/server';
import { AVIATION_HOST, storefrontVisitor } from '../helpers/storefront-visitor';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ identity: { attemptsPerMinute: 1000 }, quotes: { requestsPerMinute: 1000 } });
});
afterAll(() => t.close());

const storefront = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(payload && { payload }),
    headers: { host: AVIATION_HOST, origin: `http://${AVIATION_HOST}`, ...(cookie && { cookie }) },
  });
const house = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.as('aviationAdmin', { method, url: `/api/tenants/aviation/${url}`, ...(payload && { payload }) });
/** The newest mail of a kind to an address, with its raw text. */
async function mailTo(to: string) {
  const mailer = t.app.mailer as OutboxMailer;
  const entry = (await mailer.list()).find((one) => one.kind === 'conversationMessage' && one.to.includes(to));
  if (!entry) return undefined;
  const { html, text } = await simpleParser(await readFile(path.join(mailer.dir, entry.file)));
  return { ...entry, html: String(html), text: text ?? '' };
}

let production: { uid: string; email: string; cookie: string };
/** A visitor of the same house with no part in the conversation. */
let outsider: { cookie: string };
let quoteId: string;
beforeAll(async () => {
  production = await storefrontVisitor(t, 'art@night-ferry.example');
  outsider = await storefrontVisitor(t, 'listener@elsewhere.example');
  const from = addDays(earliestStart('America/Los_Angeles', 2, new Date()), 10);
  const asked = await storefront('POST', '/api/quote-requests', production.cookie, {
    items: [{ objectID: '1950s-hard-train-case-cream', quantity: 1 }],
    startDate: from,
    endDate: addDays(from, 2),
    production: 'Night Ferry',
  });
  expect(asked.statusCode, asked.body).toBe(201);
  quoteId = asked.json().id;
});

describe('a conversation on a request', () => {
  it("carries the production's question to the house, mailed as text with the console's link, and read there", async () => {
    const before = await t.app.quoteRequests.get('aviation', quoteId);
    const text = 'Can we hold the cockpit two more days?\n<script>alert(1)</script>';
    const written = await storefront('POST', `/api/quotes/${quoteId}/messages`, production.cookie, { text });
    expect(written.statusCode, written.body).toBe(201);
    expect(written.json().message).toMatchObject({ side: 'production', text, author: { id: production.uid } });
    expect(written.json().thread.unread).toEqual({ production: 0, house: 1 });

    const mail = await mailTo('rentals@jetwayprops.com');
    expect(mail?.subject).toContain('wrote about Night Ferry');
    expect(mail?.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(mail?.html).not.toContain('<script>alert(1)');
    expect(mail?.text).toContain('Can we hold the cockpit two more days?');
    expect(mail?.text).toContain(`/admin/#/t/aviation/quote-requests/${quoteId}`);

    const unread = await house('GET', 'conversations/unread');
    expect(unread.json().threads.map((one: ConversationThread) => one.quoteId)).toEqual([quoteId]);
    const read = await house('GET', `quote-requests/${quoteId}/messages`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().messages.map((one: { text: string }) => one.text)).toEqual([text]);
    expect(read.json().thread.unread.house).toBe(0);
    expect((await house('GET', 'conversations/unread')).json().threads).toEqual([]);
    // A message never changes the request.
    expect(await t.app.quoteRequests.get('aviation', quoteId)).toEqual(before);
  });

  it("carries the house's answer to the production: mailed, unread on its list, and read back to the house", async () => {
    const answer = await house('POST', `quote-requests/${quoteId}/messages`, { text: 'Yes: held until Friday.' });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().message.author.name).toBeTruthy();
    const mail = await mailTo(production.email);
    expect(mail?.subject).toContain('wrote about Night Ferry');
    expect(mail?.text).toContain('Yes: held until Friday.');
    expect(mail?.text).toContain(`/quotes/${quoteId}`);

    const list = await storefront('GET', '/api/quotes', production.cookie);
    expect(list.json().quotes.find((one: { id: string }) => one.id === quoteId).unreadMessages).toBe(1);
    const page = await storefront('GET', `/api/quotes/${quoteId}/messages`, production.cookie);
    expect(page.json().messages.map((one: { side: string }) => one.side)).toEqual(['production', 'house']);
    // The house's message names who wrote it, not their staff account.
    expect(page.json().messages[1].author).toEqual({ name: answer.json().message.author.name });
    const again = await storefront('GET', '/api/quotes', production.cookie);
    expect(again.json().quotes.find((one: { id: string }) => one.id === quoteId).unreadMessages).toBe(0);
    // The house sees its answer read.
    const thread = (await house('GET', `quote-requests/${quoteId}/messages`)).json().thread as ConversationThread;
    expect(thread.readAt!.production! >= answer.json().message.createdAt).toBe(true);
  });

  it('pages 50 at a time, newest first, with the cursor to the page before', async () => {
    for (let i = 0; i < 58; i++) await house('POST', `quote-requests/${quoteId}/messages`, { text: `Note ${i}` });
    const newest = (await storefront('GET', `/api/quotes/${quoteId}/messages`, production.cookie)).json();
    expect(newest.messages).toHaveLength(50);
    expect(newest.messages.at(-1).text).toBe('Note 57');
    const earlier = await storefront(
      'GET',
      `/api/quotes/${quoteId}/messages?before=${newest.earlier}`,
      production.cookie,
    );
    expect(
      earlier
        .json()
        .messages.map((one: { text: string }) => one.text)
        .slice(0, 3),
    ).toEqual([
      'Can we hold the cockpit two more days?\n<script>alert(1)</script>',
      'Yes: held until Friday.',
      'Note 0',
    ]);
    expect(earlier.json().earlier).toBeUndefined();
    const bad = await storefront('GET', `/api/quotes/${quoteId}/messages?before=..%2F..`, production.cookie);
    expect(bad.statusCode).toBe(400);
  });

  it('is marked done by the house, and opened again by a new question', async () => {
    const done = await house('PUT', `quote-requests/${quoteId}/messages/done`, { done: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().doneAt).toBeTruthy();
    const question = await storefront('POST', `/api/quotes/${quoteId}/messages`, production.cookie, {
      text: 'One more: do the seats come with belts?',
    });
    expect(question.json().thread.doneAt).toBeUndefined();
    const none = await house('PUT', 'quote-requests/q-with-no-messages/messages/done', { done: true });
    expect(none.statusCode).toBe(404);
  });

  it('answers another visitor 403, nobody 401, and refuses blank or overlong text by field', async () => {
    const other = outsider;
    expect((await storefront('GET', `/api/quotes/${quoteId}/messages`, other.cookie)).statusCode).toBe(403);
    const theirs = await storefront('POST', `/api/quotes/${quoteId}/messages`, other.cookie, { text: 'Hello' });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toMatch(/another visitor/);
    expect((await storefront('GET', `/api/quotes/${quoteId}/messages`, '')).statusCode).toBe(401);
    const blank = await storefront('POST', `/api/quotes/${quoteId}/messages`, production.cookie, { text: '  \n ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toMatch(/text/);
    const long = await house('POST', `quote-requests/${quoteId}/messages`, { text: 'x'.repeat(4001) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toMatch(/4,000/);
  });

  it('keeps files sent with a message, checked by opening them, for both sides only, as attachments', async () => {
    const sent = await storefront('POST', `/api/quotes/${quoteId}/messages`, production.cookie, {
      text: 'Floor plan and a reference picture attached.',
      attachments: [
        { fileName: 'Stage 4 – floor plan.pdf', data: TINY_PDF.toString('base64') },
        { fileName: 'reference.png', data: TINY_PNG.toString('base64') },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { message } = sent.json() as { message: ConversationMessage };
    expect(message.attachments!.map((one) => [one.fileName, one.contentType, one.size])).toEqual([
      ['Stage 4 – floor plan.pdf', 'application/pdf', TINY_PDF.length],
      ['reference.png', 'image/png', TINY_PNG.length],
    ]);
    const file = await house('GET', `quote-requests/${quoteId}/messages/${message.id}/attachments/0`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(TINY_PDF)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(String(file.headers['content-disposition'])).toMatch(/^attachment; filename="Stage 4 _ floor plan.pdf"/);
    const own = await storefront(
      'GET',
      `/api/quotes/${quoteId}/messages/${message.id}/attachments/1`,
      production.cookie,
    );
    expect(own.rawPayload.equals(TINY_PNG)).toBe(true);
    const other = await storefrontVisitor(t, 'nosy@else.example');
    const theirs = await storefront('GET', `/api/quotes/${quoteId}/messages/${message.id}/attachments/1`, other.cookie);
    expect(theirs.statusCode).toBe(403);
    expect((await house('GET', `quote-requests/${quoteId}/messages/${message.id}/attachments/2`)).statusCode).toBe(404);
  });

  it('refuses a file that is not a PDF or an image, one that does not open, and files over 10 MB together', async () => {
    const count = async () =>
      (await t.app.conversations.read((await t.app.quoteRequests.get('aviation', quoteId))!, 'house')).thread!.messages;
    const before = await count();
    const write = (attachments: object[]) =>
      house('POST', `quote-requests/${quoteId}/messages`, { text: 'See attached', attachments });
    const text = await write([{ fileName: 'plan.pdf', data: Buffer.from('just some words').toString('base64') }]);
    expect(text.statusCode).toBe(400);
    expect(text.json().errors['attachments.0.data']).toMatch(/plan\.pdf is not a PDF, PNG or JPEG/);
    const broken = await write([
      { fileName: 'ok.png', data: TINY_PNG.toString('base64') },
      { fileName: 'broken.pdf', data: Buffer.from('%PDF-1.7 this is not really a PDF').toString('base64') },
    ]);
    expect(broken.statusCode).toBe(400);
    expect(Object.keys(broken.json().errors)).toEqual(['attachments.1.data']);
    // Over 10 MB together: the body is refused before it is read (the console and the storefront say so before sending).
    const big = Buffer.alloc(5.5 * 1024 * 1024, TINY_PNG);
    const heavy = await write([
      { fileName: 'a.png', data: big.toString('base64') },
      { fileName: 'b.png', data: big.toString('base64') },
    ]);
    expect(heavy.statusCode).toBe(413);
    expect(await count()).toBe(before);
  });

  it("gives the house the request's record with its whole conversation, oldest first", async () => {
    const record = await house('GET', `quote-requests/${quoteId}/record.json`);
    expect(record.statusCode, record.body).toBe(200);
    expect(String(record.headers['content-disposition'])).toBe(`attachment; filename="${quoteId}-record.json"`);
    const { request, conversation } = record.json() as {
      request: { id: string; production: string };
      conversation: { thread: ConversationThread; messages: ConversationMessage[] };
    };
    expect(request).toMatchObject({ id: quoteId, production: 'Night Ferry' });
    expect(conversation.messages).toHaveLength(conversation.thread.messages);
    expect(conversation.messages.length).toBeGreaterThan(60);
    expect(conversation.messages[0]!.text).toMatch(/^Can we hold the cockpit/);
    const ids = conversation.messages.map((one) => one.id);
    expect(ids).toEqual([...ids].sort());
  });

  it("limits a visitor's messages a minute", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await storefront('POST', `/api/quotes/${quoteId}/messages`, production.cookie, { text: `Quick ${i}` }))
          .statusCode,
      );
    expect(statuses.filter((status) => status === 201).length).toBeLessThanOrEqual(20);
    expect(statuses.at(-1)).toBe(429);
    // Another cookie beside the session does not make a new visitor of the same one.
    const varied = await storefront('POST', `/api/quotes/${quoteId}/messages`, `${production.cookie}; x=1`, {
      text: 'Once more',
    });
    expect(varied.statusCode).toBe(429);
  });
});

/** What "live" promises: the other side's open page hears it within a few seconds, on a busy machine too. */
const LIVE = { timeout: 5_000 };

describe('a conversation, live', () => {
  /** An event stream opened over real HTTP (inject answers only once a reply ends); what it has said so far. */
  async function listen(url: string, headers: Record<string, string>) {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const stream = await new Promise<IncomingMessage>((resolve, reject) =>
      get({ host: '127.0.0.1', port, path: url, headers }, resolve).on('error', reject),
    );
    const heard = { text: '', status: stream.statusCode, stop: () => stream.destroy() };
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (heard.text += chunk));
    return heard;
  }
  const threadEvents = (text: string) =>
    text
      .split('\n\n')
      .filter((block) => block.startsWith('event: thread'))
      .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as ConversationThread);

  it('tells the open page of each side a new message and a read, and no one another’s', async () => {
    const visitor = await listen(`/api/quotes/${quoteId}/messages/events`, {
      host: AVIATION_HOST,
      cookie: production.cookie,
    });
    const console = await listen('/api/tenants/aviation/conversations/events', { cookie: t.cookieOf('aviationAdmin') });
    try {
      expect([visitor.status, console.status]).toEqual([200, 200]);
      const written = await house('POST', `quote-requests/${quoteId}/messages`, { text: 'Held two more days.' });
      expect(written.statusCode, written.body).toBe(201);
      const count = (written.json() as { thread: ConversationThread }).thread.messages;
      await expect
        .poll(() => threadEvents(visitor.text).at(-1), LIVE)
        .toMatchObject({ quoteId, messages: count, unread: { production: 1 } });
      await expect.poll(() => threadEvents(console.text).at(-1), LIVE).toMatchObject({ quoteId, messages: count });
      // The production reads it: the house's open page hears the read (its "Read" under the message).
      await storefront('GET', `/api/quotes/${quoteId}/messages`, production.cookie);
      await expect.poll(() => threadEvents(console.text).at(-1), LIVE).toMatchObject({ unread: { production: 0 } });

      // Another visitor may not listen to this conversation.
      const theirs = await listen(`/api/quotes/${quoteId}/messages/events`, {
        host: AVIATION_HOST,
        cookie: outsider.cookie,
      });
      theirs.stop();
      expect(theirs.status).toBe(403);
    } finally {
      visitor.stop();
      console.stop();
    }
  });
});
