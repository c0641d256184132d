/**
 * How many of an item a request may ask for on chosen dates: its stock, or more when the house has
 * some hired in on those days (what the item's calendar counts as free). The server has the final
 * word; this only keeps the form's maximum from refusing what the house can take.
 */
import { useEffect, useState } from 'react';

interface Calendar {
  days: Array<{ free: number; freeBesidesYours?: number }>;
}

export function useMostOnDates(line: { objectID: string; stock: number } | undefined, from: string, to: string): number | undefined {
  const [most, setMost] = useState<number>();
  const objectID = line?.objectID;
  const stock = line?.stock ?? 0;
  useEffect(() => {
    setMost(undefined);
    if (!objectID || !from || !to || to < from) return;
    let live = true;
    fetch(`/api/availability/${encodeURIComponent(objectID)}?from=${from}&to=${to}`, { headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? (response.json() as Promise<Calendar>) : undefined))
      .then((calendar) => {
        if (live && calendar?.days.length) setMost(Math.max(stock, Math.min(...calendar.days.map((day) => day.freeBesidesYours ?? day.free))));
      })
      .catch(() => undefined);
    return () => void (live = false);
  }, [objectID, stock, from, to]);
  return most;
}
