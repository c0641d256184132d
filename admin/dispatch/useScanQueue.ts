/**
 * Scans on their way to the server, kept in the browser until each is answered: a phone that
 * loses its connection mid-scan keeps scanning, and its scans go in order once it is back. Each
 * scan has its id from the moment it is made, so a scan sent twice (an answer lost on the way)
 * is stored once: the server answers a repeated id from its record.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ScanInput } from '../../schema/types.generated';
import { hireApi, type ScanAnswer } from './hire-api';

const RETRY_MS = 3000;

/** A new scan id: random, in the schema's alphabet. */
export const newScanId = () => `s${crypto.randomUUID().replace(/-/g, '')}`;

/** Whether a failure means the server was not reached (keep the scan and retry), rather than an answer. */
const unreached = (error: unknown) => {
  const status = (error as { status?: number }).status;
  return status === undefined || status === 0 || status >= 500;
};

export function useScanQueue(
  tenantId: string,
  orderId: string,
  onAnswer: (answer: ScanAnswer) => void,
  onRefused: (message: string) => void,
) {
  const storageKey = `backlot.scans.${tenantId}.${orderId}`;
  const [waiting, setWaiting] = useState<ScanInput[]>(() => {
    try {
      return JSON.parse(localStorage.getItem(storageKey) ?? '[]') as ScanInput[];
    } catch {
      return [];
    }
  });
  const [offline, setOffline] = useState(false);
  const sending = useRef(false);
  const queue = useRef(waiting);
  const answered = useRef(onAnswer);
  const refused = useRef(onRefused);
  useEffect(() => {
    answered.current = onAnswer;
    refused.current = onRefused;
  });

  const keep = useCallback(
    (next: ScanInput[]) => {
      queue.current = next;
      setWaiting(next);
      localStorage.setItem(storageKey, JSON.stringify(next));
    },
    [storageKey],
  );

  const drain = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      while (queue.current.length) {
        const scan = queue.current[0]!;
        try {
          const answer = await hireApi.scan(tenantId, orderId, scan);
          setOffline(false);
          keep(queue.current.slice(1));
          answered.current(answer);
        } catch (error) {
          if (unreached(error)) {
            setOffline(true);
            return;
          }
          // The server answered and refused the scan itself (a bad code length …): said, and not sent again.
          keep(queue.current.slice(1));
          refused.current((error as Error).message);
        }
      }
    } finally {
      sending.current = false;
    }
  }, [tenantId, orderId, keep]);

  useEffect(() => {
    const retry = () => void drain();
    retry();
    const timer = setInterval(retry, RETRY_MS);
    window.addEventListener('online', retry);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', retry);
    };
  }, [drain]);

  const send = useCallback(
    (scan: Omit<ScanInput, 'id'>) => {
      keep([...queue.current, { ...scan, id: newScanId() }]);
      void drain();
    },
    [keep, drain],
  );

  return { send, waiting: waiting.length, offline };
}
