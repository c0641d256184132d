/**
 * The Quote requests item's count of conversations with messages the house has not read: read
 * when the menu shows, when the window regains focus, and at once when a request's conversation
 * is read here (ConversationCard tells `conversationsRead`).
 */
import { MenuCount } from '../components/MenuCount';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { quoteApi } from './quote-api';
import { listenToConversations } from './conversation-events';

export const conversationsRead = new EventTarget();
export const tellConversationsRead = () => conversationsRead.dispatchEvent(new Event('change'));

export function UnreadConversations({ tenantId, label }: { tenantId: string; label: string }) {
  const translate = useTranslate();
  const [count, setCount] = useState(0);
  useEffect(() => {
    let live = true;
    const read = () =>
      void quoteApi.unreadConversations(tenantId).then(
        ({ threads }) => live && setCount(threads.length),
        // The count is a hint: a failed read leaves the last one.
        () => undefined,
      );
    read();
    window.addEventListener('focus', read);
    conversationsRead.addEventListener('change', read);
    // A conversation written to or read anywhere: the count is read again.
    const stop = listenToConversations(tenantId, read);
    return () => {
      stop();
      live = false;
      window.removeEventListener('focus', read);
      conversationsRead.removeEventListener('change', read);
    };
  }, [tenantId]);
  return (
    <MenuCount
      label={label}
      count={count}
      color="primary"
      description={translate('backlot.conversation.unreadMenu', { smart_count: count })}
    />
  );
}
