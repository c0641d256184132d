/**
 * One item's availability over [from, to] (GET …/availability/:objectID), read again when any of
 * them or `refresh` changes. Only the answer for the range asked now is given: while another range
 * loads, neither the last timeline nor the last error shows.
 */
import { useEffect, useState } from 'react';
import { quoteApi, type AvailabilityView } from './quote-api';

export function useAvailability(tenantId: string, objectID: string, from: string, to: string, refresh?: unknown) {
  const key = [tenantId, objectID, from, to].join(' ');
  const [answer, setAnswer] = useState<{ key: string; timeline?: AvailabilityView; problem?: string }>();
  useEffect(() => {
    let live = true;
    quoteApi.availability(tenantId, objectID, from, to).then(
      (timeline) => live && setAnswer({ key, timeline }),
      (error: Error) => live && setAnswer({ key, problem: error.message }),
    );
    return () => void (live = false);
  }, [key, tenantId, objectID, from, to, refresh]);
  return answer?.key === key ? { timeline: answer.timeline, problem: answer.problem } : {};
}
