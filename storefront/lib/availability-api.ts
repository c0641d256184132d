/** An item's free quantities by day from the browser (server/routes/api/availability.ts): the item page's calendar, and the quote form's maximum on its dates. */

export interface Calendar {
  stock: number;
  today: string;
  /** `freeBesidesYours`: for a signed-in visitor with their own holds or orders on these days, what would be free without them. */
  /** `onHold`: of those not free, how many are held (pencilled) for other productions: a request may still ask for them, behind the holds. */
  days: Array<{ date: string; free: number; freeBesidesYours?: number; onHold?: number }>;
  /** A house with several stores: how many each has free over the whole range. */
  stores?: Array<{ id: string; name: string; free: number }>;
}

export async function calendarOf(objectID: string, from?: string, to?: string): Promise<Calendar> {
  const query = from ? `?from=${from}${to ? `&to=${to}` : ''}` : '';
  const response = await fetch(`/api/availability/${encodeURIComponent(objectID)}${query}`, {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(String(response.status));
  return (await response.json()) as Calendar;
}
