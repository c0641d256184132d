/**
 * The server-rendered preview of the form's unsaved values: each change (settled for half a
 * second) is sent to POST /api/tenants/<id>/previews as the record a save would send, and the
 * answer is a draft's address to frame. A value a save would refuse keeps the last good preview
 * and says why; nothing is saved.
 */
import { useEffect, useRef, useState } from 'react';
import type { TransformData } from 'react-admin';
import { useWatch } from 'react-hook-form';

export type PreviewState =
  | { status: 'loading'; url?: string }
  | { status: 'ready'; url: string }
  | { status: 'invalid'; url?: string; problems: string[] }
  | { status: 'offline'; url?: string };

export interface PreviewTarget {
  tenantId: string;
  /** The console resource: `settings`, `colors`, `pages` … */
  resource: string;
  id: string;
  /** The storefront page to show. */
  path: string;
  transform?: TransformData;
}

const SETTLE_MS = 500;

export function usePreview({ tenantId, resource, id, path, transform }: PreviewTarget, enabled: boolean): PreviewState {
  const values = useWatch();
  const [state, setState] = useState<PreviewState>({ status: 'loading' });
  const lastUrl = useRef<string>(undefined);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setState({ status: 'loading', url: lastUrl.current });
      try {
        const record = transform ? await transform(values, { previousData: values }) : values;
        const response = await fetch(`/api/tenants/${encodeURIComponent(tenantId)}/previews`, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ resource, id, record, path }),
          signal: controller.signal,
        });
        const answer = (await response.json()) as { url?: string; message?: string; errors?: Record<string, string> };
        if (response.ok && answer.url) {
          lastUrl.current = answer.url;
          return setState({ status: 'ready', url: answer.url });
        }
        const problems = answer.errors
          ? Object.entries(answer.errors).map(([field, message]) => `${field}: ${message}`)
          : [answer.message ?? `The server answered ${response.status}.`];
        setState({ status: 'invalid', url: lastUrl.current, problems });
      } catch (error) {
        if ((error as Error).name !== 'AbortError') setState({ status: 'offline', url: lastUrl.current });
      }
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [values, enabled, tenantId, resource, id, path, transform]);
  return state;
}
