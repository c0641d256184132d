/**
 * The ItemStore port: a tenant's catalogue items, by objectID. Every write is checked against the
 * item schema (the rules against the tenant, such as its category tree, are the caller's: the
 * import and the API check them first). Writing many is one transaction that leaves an unchanged
 * item untouched, so importing the same file twice changes nothing. A subscriber hears each
 * change to a tenant's items (the search index stays in step). Adapters: `sqlite-item-store.ts`
 * (embedded default). One contract suite for all (`tests/contract/item-store.contract.ts`).
 */
import { createHash } from 'node:crypto';
import { problemsFromAjv } from '../../schema/ajv-messages';
import { schemaIds } from '../../schema/documents';
import { getAjv } from '../../schema/node/ajv';
import { FieldProblemsError } from './field-problems';
import type { Item } from '../../schema/types.generated';

/** What a write of many items did. */
export interface PutManyCounts {
  added: number;
  updated: number;
  unchanged: number;
}

export type ItemChange = { kind: 'put'; item: Item } | { kind: 'delete'; objectID: string };
export type ItemListener = (change: ItemChange) => void;

/** Following every tenant's items: `synced` once the items as they were have all been heard. */
export interface EveryTenantFollower {
  synced: Promise<void>;
  stop(): void;
}

export interface ItemStore {
  get(tenantId: string, objectID: string): Promise<Item | undefined>;
  /** The items with these ids that exist, in the order asked. */
  getMany(tenantId: string, objectIDs: readonly string[]): Promise<Item[]>;
  /** Writes one item, new or replacing the one with its objectID. */
  put(tenantId: string, item: Item): Promise<Item>;
  /** Writes many in one transaction (all or none); an item equal to the stored one is left as it is. */
  putMany(tenantId: string, items: readonly Item[]): Promise<PutManyCounts>;
  /**
   * Changes an item atomically from its current value (no other write interleaves; the change may
   * throw to refuse, e.g. on a stale version); UnknownItemError when there is none. The result
   * keeps the item's objectID.
   */
  update(tenantId: string, objectID: string, change: (current: Item) => Item): Promise<Item>;
  /** Removes an item; whether there was one. */
  delete(tenantId: string, objectID: string): Promise<boolean>;
  count(tenantId: string): Promise<number>;
  /** A tenant's items in objectID order, a page at a time: those after `after`, at most `limit`. */
  list(tenantId: string, page?: { after?: string; limit?: number }): Promise<Item[]>;
  /**
   * Hears changes to a tenant's items, as Firestore's listeners do: it may first hear items as they
   * already are, and changes in quick succession may arrive as their latest state only; what it
   * hears, applied in order, ends as the store is. Returns the unsubscribe.
   */
  subscribe(tenantId: string, listener: ItemListener): () => void;
  /**
   * Hears every tenant's items with one listener (the platform's catalogue follows every house this
   * way, not one listener a house): first each item as it is, as a put, then each change, whichever
   * server made it, with subscribe()'s promise about order. On Firestore a collection-group listener
   * on `items`.
   */
  followEveryTenant(listener: (tenantId: string, change: ItemChange) => void): EveryTenantFollower;
  close(): Promise<void>;
}

export class UnknownItemError extends Error {
  readonly statusCode = 404;
}

/** An item's version: a hash of its stored form, for ETag and If-Match (items carry no counter). */
export function itemVersion(item: Item): string {
  return createHash('sha256').update(JSON.stringify(item)).digest('base64url').slice(0, 16);
}

export class ItemInvalidError extends FieldProblemsError {
  constructor(
    readonly objectID: string | undefined,
    problems: Array<{ pointer: string; message: string }>,
  ) {
    super(
      problems,
      `Item ${JSON.stringify(objectID ?? '?')} does not fit the item schema: ${problems.map((problem) => `${problem.pointer || '/'} ${problem.message}`).join('; ')}`,
    );
  }
}

/** The item when the item schema accepts it; ItemInvalidError naming each problem otherwise. */
export function checkedItem(item: Item): Item {
  const validate = getAjv().getSchema(schemaIds.item)!;
  if (!validate(item))
    throw new ItemInvalidError(
      (item as Partial<Item>)?.objectID,
      problemsFromAjv(validate.errors).map(({ pointer, message }) => ({ pointer, message })),
    );
  return item;
}
