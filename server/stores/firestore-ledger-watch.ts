/**
 * This process's copy of one tenant's booking ledgers (`vendors/{tenantId}/bookings`), kept by a
 * Firestore listener, so availability for a listing page is answered from memory instead of a
 * round trip per page (issue 20's p95 ≤ 5 ms for 24 items). It follows the shared store: every
 * server's writes reach it within the listener's delay. Placing holds and orders never reads it:
 * change() checks the ledgers inside its transaction.
 *
 * - `copy()` waits for the first snapshot, the first caller at most `firstSnapshotMs` (a listener
 *   on an unreachable address never fails, it only retries); until that snapshot, and once the
 *   listener has failed, it answers undefined and the store reads Firestore directly. After a
 *   failure the next read starts a new listener.
 * - `caughtUp()` lets the server that wrote a ledger read its own write: change() waits until the
 *   listener shows each ledger it wrote (a few ms; at most `timeoutMs`).
 */
import type { Query } from 'firebase-admin/firestore';
import type { Booking } from '../../schema/rental/availability';

/** A ledger's entries in an order-free form: Firestore may hand a map's keys back in another order. */
export const ledgerSignature = (entries: readonly Booking[]) =>
  entries
    .map((entry) =>
      [
        entry.quoteId,
        entry.objectID,
        entry.quantity,
        entry.firstDay,
        entry.lastDay,
        entry.kind,
        entry.expiresOn ?? '',
        entry.heldAt ?? '',
      ].join('|'),
    )
    .sort()
    .join('\n');

export class LedgerWatch {
  private readonly ledgers = new Map<string, Booking[]>();
  private readonly ready: Promise<void>;
  private readonly waiters = new Set<() => void>();
  private readonly unsubscribe: () => void;
  failed = false;
  private synced = false;
  /** Snapshots that changed a ledger, with this listener's own id: the copy's version (a new listener starts a new count). */
  private changes = 0;
  private readonly generation = Math.random().toString(36).slice(2, 10);
  private waited = false;

  constructor(
    query: Query,
    entriesOf: (data: unknown) => Booking[],
    private readonly firstSnapshotMs = 5000,
  ) {
    let settle: (error?: Error) => void = () => undefined;
    this.ready = new Promise<void>((resolve, reject) => (settle = (error) => (error ? reject(error) : resolve())));
    // A failed listener's promise is read by copy(); this keeps it from counting as unhandled meanwhile.
    this.ready.catch(() => undefined);
    this.unsubscribe = query.onSnapshot(
      (snapshot) => {
        for (const change of snapshot.docChanges()) {
          if (change.type === 'removed') this.ledgers.delete(change.doc.id);
          else this.ledgers.set(change.doc.id, entriesOf(change.doc.data()));
        }
        if (snapshot.docChanges().length) this.changes += 1;
        this.synced = true;
        settle();
        for (const wake of [...this.waiters]) wake();
      },
      (error) => {
        this.failed = true;
        settle(error);
        for (const wake of [...this.waiters]) wake();
      },
    );
  }

  /** The ledgers by item id once the listener has had its first snapshot; undefined before that, or if it failed. */
  async copy(): Promise<ReadonlyMap<string, Booking[]> | undefined> {
    if (!this.synced && !this.failed && !this.waited) {
      this.waited = true;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        this.ready.catch(() => undefined),
        new Promise((resolve) => (timer = setTimeout(resolve, this.firstSnapshotMs))),
      ]);
      clearTimeout(timer);
    }
    return this.synced && !this.failed ? this.ledgers : undefined;
  }

  /** Which state of the ledgers this copy holds: changes with every snapshot that changed one; undefined until synced, or once failed. */
  version(): string | undefined {
    return this.synced && !this.failed ? `${this.generation}.${this.changes}` : undefined;
  }

  /** Resolves when every ledger named (item id → ledgerSignature of what was written) reads so here. */
  async caughtUp(written: ReadonlyMap<string, string>, timeoutMs = 2000): Promise<void> {
    const current = () =>
      this.failed ||
      [...written].every(([objectID, signature]) => ledgerSignature(this.ledgers.get(objectID) ?? []) === signature);
    if (current()) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      const check = () => void (current() && done());
      const timer = setTimeout(done, timeoutMs);
      this.waiters.add(check);
    });
  }

  close(): void {
    this.failed = true;
    this.unsubscribe();
    for (const wake of [...this.waiters]) wake();
  }
}
