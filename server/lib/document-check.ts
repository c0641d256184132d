/**
 * Uploaded documents checked by parsing them, in a worker thread (server/workers/document-check.ts):
 * a certificate of insurance or of tax exemption is kept only when it opens as what it says it
 * is. One pool per server, bounded like the import's (two per house at once, 30 s a file).
 */
import type { DocumentCheckTask } from '../workers/document-check';
import { workerPool } from './worker-pool';

/** Why a file does not open as `kind`, or undefined when it does. */
export type DocumentCheck = (
  tenantId: string,
  bytes: Uint8Array,
  kind: DocumentCheckTask['kind'],
) => Promise<string | undefined>;

/** The kind a certificate's content type names. */
export const checkedKind = (type: string): DocumentCheckTask['kind'] =>
  type === 'application/pdf' ? 'pdf' : type === 'image/png' ? 'png' : 'jpeg';

export function documentChecks(): { check: DocumentCheck; close(): Promise<void> } {
  const pool = workerPool<DocumentCheckTask, string | undefined>('document-check', {
    perTenant: 2,
    queue: 16,
    timeoutMs: 30_000,
  });
  return { check: (tenantId, bytes, kind) => pool.run(tenantId, { bytes, kind }), close: () => pool.close() };
}
