/**
 * Calls `onQuote` with the id of each of the tenant's quote requests added or changed, live, from
 * the server's event stream (GET /api/tenants/<id>/quote-requests/events): on every server behind
 * the load balancer alike. EventSource reconnects by itself after a drop.
 */
import { useEffect, useRef } from 'react';

export function useQuoteEvents(tenantId: string, onQuote: (id: string) => void): void {
  const latest = useRef(onQuote);
  useEffect(() => {
    latest.current = onQuote;
  });
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/tenants/${encodeURIComponent(tenantId)}/quote-requests/events`);
    source.addEventListener('quote', (event) => {
      const { id } = JSON.parse((event as MessageEvent<string>).data) as { id: string };
      latest.current(id);
    });
    return () => source.close();
  }, [tenantId]);
}
