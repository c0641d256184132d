/**
 * A conversation told live (schema/conversation/threads.ts): a page reads again only when messages
 * it has not seen were written (quietly when its own side wrote them in another tab), and keeps each message once, oldest first, with the earlier pages it
 * had loaded.
 */
import { describe, expect, it } from 'vitest';
import { hasNewMessages, liveChange, withNewest } from '../../../schema/conversation/threads';

describe('a conversation told live', () => {
  it('is read again only for messages the page has not seen', () => {
    expect(hasNewMessages({ messages: 3 }, 2)).toBe(true);
    expect(hasNewMessages({ messages: 3 }, 3)).toBe(false);
    expect(hasNewMessages({ messages: 1 }, undefined)).toBe(true);
  });

  it("reads its own side's messages written elsewhere quietly, and says when the other side's arrived", () => {
    expect(liveChange({ messages: 3, lastSide: 'house' }, 3, 'production')).toBe('summary');
    expect(liveChange({ messages: 4, lastSide: 'production' }, 3, 'production')).toBe('quiet');
    expect(liveChange({ messages: 4, lastSide: 'house' }, 3, 'production')).toBe('announce');
    expect(liveChange({ messages: 4, lastSide: 'house' }, 3, 'house')).toBe('quiet');
  });

  it('keeps the earlier pages loaded and each message once, oldest first', () => {
    const shown = [{ id: 'a1' }, { id: 'b2' }, { id: 'c3', text: 'old copy' }];
    const newest = [{ id: 'c3', text: 'as stored' }, { id: 'd4' }];
    expect(withNewest(shown, newest)).toEqual([
      { id: 'a1' },
      { id: 'b2' },
      { id: 'c3', text: 'as stored' },
      { id: 'd4' },
    ]);
    expect(withNewest([], [{ id: 'b' }, { id: 'a' }]).map((message) => message.id)).toEqual(['a', 'b']);
  });
});
