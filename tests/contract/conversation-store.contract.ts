/**
 * The ConversationStore contract, run against every adapter: a message and its conversation's
 * summary written together (count, last, unread per side, read times), pages of the newest first
 * read back oldest first, the house's unread conversations, done and opened again, an id never
 * kept twice, messages at once all counted, a message that does not fit its schema refused whole,
 * and tenants apart.
 */
import { describe, expect, it } from 'vitest';
import { messageId } from '../../schema/conversation/threads';
import type { ConversationMessage } from '../../schema/types.generated';
import type { ConversationStore } from '../../server/stores/conversation-store';
import { storeUnderTest, type OpenedStore } from './store-under-test';

let sequence = 0;
const at = (minute: number) => new Date(Date.UTC(2026, 11, 3, 9, minute));
/** A message `minute` minutes after 09:00; ids sort as the minutes do. */
export function sampleMessage(minute: number, overrides: Partial<ConversationMessage> = {}): ConversationMessage {
  return {
    id: messageId(at(minute), () => (sequence++).toString(16).padStart(16, '0')),
    tenantId: 'aviation',
    quoteId: 'q-night-ferry',
    side: 'production',
    author: { id: 'uid-ferry', name: 'Night Ferry art dept' },
    text: `Message at minute ${minute}`,
    createdAt: at(minute).toISOString(),
    ...overrides,
  };
}

export function describeConversationStoreContract(name: string, open: () => Promise<OpenedStore<ConversationStore>>) {
  describe(`ConversationStore contract: ${name}`, () => {
    const subject = storeUnderTest(open);

    it('keeps a message with its summary: the count, the last, the other side unread, the writer read', async () => {
      const question = sampleMessage(1, { text: 'Can we hold the cockpit <b>two</b> more days?\nThanks' });
      const first = await subject.store.post(question);
      expect(first).toEqual({
        tenantId: 'aviation',
        quoteId: 'q-night-ferry',
        messages: 1,
        lastAt: question.createdAt,
        lastSide: 'production',
        unread: { production: 0, house: 1 },
        readAt: { production: question.createdAt },
      });
      const answer = sampleMessage(2, { side: 'house', author: { id: 'acct-1', name: 'Sam at Aviation' } });
      const second = await subject.store.post(answer);
      expect(second).toMatchObject({ messages: 2, lastSide: 'house', unread: { production: 1, house: 0 } });
      expect(second.readAt).toEqual({ production: question.createdAt, house: answer.createdAt });
      expect(await subject.store.thread('aviation', 'q-night-ferry')).toEqual(second);
      expect(await subject.store.page('aviation', 'q-night-ferry', { limit: 50 })).toEqual({
        messages: [question, answer],
      });
      expect(await subject.store.message('aviation', 'q-night-ferry', answer.id)).toEqual(answer);
      expect(await subject.store.message('aviation', 'q-other', answer.id)).toBeUndefined();
    });

    it('keeps a message with its attachments as the schema has them', async () => {
      const attachments = [
        {
          file: 'msg-0a1b2c3d-4e5f60718293a4b5.pdf',
          fileName: 'Floor plan – stage 4.pdf',
          contentType: 'application/pdf' as const,
          size: 48_213,
        },
      ];
      const withFile = sampleMessage(1, { attachments });
      await subject.store.post(withFile);
      expect((await subject.store.message('aviation', 'q-night-ferry', withFile.id))!.attachments).toEqual(attachments);
      await expect(
        subject.store.post(sampleMessage(2, { attachments: [{ ...attachments[0]!, file: '../../etc/passwd' }] })),
      ).rejects.toThrow(/file/);
    });

    it('pages the newest first, each page oldest first, with the cursor for the page before', async () => {
      for (let minute = 0; minute < 120; minute++) await subject.store.post(sampleMessage(minute));
      const newest = await subject.store.page('aviation', 'q-night-ferry', { limit: 50 });
      expect(newest.messages.map((one) => one.text)).toEqual(
        Array.from({ length: 50 }, (_, i) => `Message at minute ${70 + i}`),
      );
      const middle = await subject.store.page('aviation', 'q-night-ferry', { limit: 50, before: newest.earlier });
      expect(middle.messages[0]!.text).toBe('Message at minute 20');
      expect(middle.messages.at(-1)!.id < newest.messages[0]!.id).toBe(true);
      expect(middle.messages.at(-1)!.text).toBe('Message at minute 69');
      const first = await subject.store.page('aviation', 'q-night-ferry', { limit: 50, before: middle.earlier });
      expect(first.messages.map((one) => one.text)).toEqual(
        Array.from({ length: 20 }, (_, i) => `Message at minute ${i}`),
      );
      expect(first.earlier).toBeUndefined();
      expect((await subject.store.thread('aviation', 'q-night-ferry'))!.messages).toBe(120);
      expect(await subject.store.page('aviation', 'q-none', { limit: 50 })).toEqual({ messages: [] });
    });

    it("lists the house's unread conversations latest first, and a read takes one off", async () => {
      await subject.store.post(sampleMessage(1, { quoteId: 'q-early' }));
      await subject.store.post(sampleMessage(5, { quoteId: 'q-late' }));
      await subject.store.post(sampleMessage(3, { quoteId: 'q-answered', side: 'house' }));
      expect((await subject.store.unreadByHouse('aviation')).map((one) => one.quoteId)).toEqual(['q-late', 'q-early']);
      const read = await subject.store.markRead('aviation', 'q-late', 'house', at(6).toISOString());
      expect(read).toMatchObject({ unread: { house: 0, production: 0 }, readAt: { house: at(6).toISOString() } });
      expect((await subject.store.unreadByHouse('aviation')).map((one) => one.quoteId)).toEqual(['q-early']);
      expect(await subject.store.markRead('aviation', 'q-none', 'house', at(6).toISOString())).toBeUndefined();
      const found = await subject.store.threads('aviation', ['q-none', 'q-answered', 'q-early']);
      expect(found.map((one) => [one.quoteId, one.unread.production]).sort()).toEqual([
        ['q-answered', 1],
        ['q-early', 0],
      ]);
    });

    it('marks a conversation done; a reply from the house keeps it done, a new question opens it', async () => {
      await subject.store.post(sampleMessage(1));
      const done = await subject.store.markDone('aviation', 'q-night-ferry', at(2).toISOString());
      expect(done).toMatchObject({ doneAt: at(2).toISOString(), unread: { house: 0 } });
      const reply = await subject.store.post(sampleMessage(3, { side: 'house' }));
      expect(reply.doneAt).toBe(at(2).toISOString());
      const reopened = await subject.store.post(sampleMessage(4));
      expect(reopened.doneAt).toBeUndefined();
      expect(reopened.unread.house).toBe(1);
      await subject.store.markDone('aviation', 'q-night-ferry', at(5).toISOString());
      expect((await subject.store.markDone('aviation', 'q-night-ferry', undefined))!.doneAt).toBeUndefined();
      expect(await subject.store.markDone('aviation', 'q-none', at(5).toISOString())).toBeUndefined();
    });

    it('never keeps an id twice, and counts every message of many written at once', async () => {
      const message = sampleMessage(1);
      await subject.store.post(message);
      await expect(subject.store.post({ ...message, text: 'Again' })).rejects.toThrow();
      await Promise.all(Array.from({ length: 8 }, (_, i) => subject.store.post(sampleMessage(10 + i))));
      const thread = await subject.store.thread('aviation', 'q-night-ferry');
      expect(thread).toMatchObject({ messages: 9, unread: { house: 9 } });
      const { messages } = await subject.store.page('aviation', 'q-night-ferry', { limit: 50 });
      expect(messages[0]).toEqual(message);
    });

    it('refuses a message that does not fit its schema, and keeps nothing of it', async () => {
      await expect(subject.store.post(sampleMessage(1, { text: '   ' }))).rejects.toThrow(/text/);
      await expect(subject.store.post(sampleMessage(1, { id: 'Not-An-Id' }))).rejects.toThrow(/id/);
      expect(await subject.store.thread('aviation', 'q-night-ferry')).toBeUndefined();
      expect(await subject.store.page('aviation', 'q-night-ferry', { limit: 50 })).toEqual({ messages: [] });
    });

    it('keeps tenants apart: the same request id at another house is another conversation', async () => {
      await subject.store.post(sampleMessage(1));
      await subject.store.post(sampleMessage(2, { tenantId: 'london-props' }));
      expect((await subject.store.thread('london-props', 'q-night-ferry'))!.messages).toBe(1);
      expect((await subject.store.unreadByHouse('london-props')).map((one) => one.tenantId)).toEqual(['london-props']);
      expect((await subject.store.page('aviation', 'q-night-ferry', { limit: 50 })).messages).toHaveLength(1);
    });

    it("tells a tenant's listeners each conversation as it changes: a message, a read; never another tenant's", async () => {
      const heard: Array<{ quoteId: string; messages: number; houseUnread: number }> = [];
      const stop = subject.store.subscribe('aviation', (thread) =>
        heard.push({ quoteId: thread.quoteId, messages: thread.messages, houseUnread: thread.unread.house }),
      );
      try {
        // Listening has begun once a write made now is heard (Firestore's first snapshot, what exists already, is not told).
        let minute = 30;
        await expect
          .poll(
            async () => {
              await subject.store.post(sampleMessage((minute += 1), { quoteId: 'q-first' }));
              return heard.some((one) => one.quoteId === 'q-first');
            },
            { timeout: 10_000, interval: 200 },
          )
          .toBe(true);
        await subject.store.post(sampleMessage(2));
        await subject.store.post(sampleMessage(3, { tenantId: 'london-props' }));
        await subject.store.markRead('aviation', 'q-night-ferry', 'house', at(4).toISOString());
        await expect
          .poll(() => heard.filter((one) => one.quoteId === 'q-night-ferry').at(-1), { timeout: 10_000 })
          .toEqual({ quoteId: 'q-night-ferry', messages: 1, houseUnread: 0 });
        expect(heard.filter((one) => one.quoteId === 'q-night-ferry')[0]).toEqual({
          quoteId: 'q-night-ferry',
          messages: 1,
          houseUnread: 1,
        });
        expect(heard.every((one) => one.quoteId !== 'q-night-ferry' || one.messages === 1)).toBe(true);
      } finally {
        stop();
      }
      const before = heard.length;
      await subject.store.post(sampleMessage(5));
      await subject.store.thread('aviation', 'q-night-ferry');
      expect(heard).toHaveLength(before);
    });
  });
}
