/**
 * How many of an item a request may ask for on chosen dates: its stock, or more when the house has
 * some hired in on those days (what the item's calendar counts as free). The server has the final
 * word; this only keeps the form's maximum from refusing what the house can take.
 */
import { useEffect, useState } from 'react';
import { calendarOf } from '../../lib/availability-api';

export function useMostOnDates(
  line: { objectID: string; stock: number } | undefined,
  from: string,
  to: string,
): number | undefined {
  const [most, setMost] = useState<number>();
  const objectID = line?.objectID;
  const stock = line?.stock ?? 0;
  useEffect(() => {
    setMost(undefined);
    if (!objectID || !from || !to || to < from) return;
    let live = true;
    // A calendar that cannot be read leaves the maximum at the stock: the server has the final word.
    calendarOf(objectID, from, to).then(
      (calendar) => {
        if (live && calendar.days.length)
          setMost(Math.max(stock, Math.min(...calendar.days.map((day) => day.freeBesidesYours ?? day.free))));
      },
      () => undefined,
    );
    return () => void (live = false);
  }, [objectID, stock, from, to]);
  return most;
}
