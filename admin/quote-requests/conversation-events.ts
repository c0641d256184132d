/**
 * The house's conversations, live: one event stream per tenant for the whole console (the menu's
 * unread count and an open request's conversation share it), opened with its first listener and
 * closed with its last. EventSource reconnects by itself after a drop.
 */
import type { ConversationThread } from '../../schema/types.generated';

type Listener = (thread: ConversationThread) => void;
const streams = new Map<string, { source: EventSource; listeners: Set<Listener> }>();

/** Hears each of the tenant's conversations as it changes; returns the unsubscribe. */
export function listenToConversations(tenantId: string, listener: Listener): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  let stream = streams.get(tenantId);
  if (!stream) {
    const source = new EventSource(`/api/tenants/${encodeURIComponent(tenantId)}/conversations/events`);
    const listeners = new Set<Listener>();
    source.addEventListener('thread', (event) => {
      const thread = JSON.parse((event as MessageEvent<string>).data) as ConversationThread;
      for (const each of listeners) each(thread);
    });
    streams.set(tenantId, (stream = { source, listeners }));
  }
  const { source, listeners } = stream;
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size || streams.get(tenantId)?.source !== source) return;
    streams.delete(tenantId);
    source.close();
  };
}
