/**
 * A category tree edit that moves or renames categories takes the items filed there along, in one
 * all-or-nothing change with the tenant write:
 *
 * 1. every item the edit touches is worked out and checked against the tenant as it will be
 *    (a category removed while items are filed there is refused, naming it and how many);
 * 2. the moved items are written in one item-store transaction (SQLite: one transaction; the
 *    Firestore adapter: one per 400 items);
 * 3. the tenant is written; if that is refused (a stale version, a rule), the items are put back
 *    as they were, and the refusal goes to the caller as it is.
 *
 * The two stores share no transaction, so a crash between steps 2 and 3 leaves the items at their
 * new paths under the old tree (visible as items outside the tree in `backlot validate`); the
 * console's next save of the tree moves nothing back. Said in the README.
 */
import type { FastifyBaseLogger } from 'fastify';
import { checkItemRules } from '../../schema/catalogue-rules';
import { isUnder, movedCategory, pathKeyOf, type TreeEdit } from '../../schema/category-moves';
import type { Item, Tenant } from '../../schema/types.generated';
import type { ItemStore } from '../stores/item-store';
import type { TenantRecord } from '../stores/tenant-store';

/** Every item of a tenant, a page at a time. */
export async function allItems(store: ItemStore, tenantId: string): Promise<Item[]> {
  const all: Item[] = [];
  for (
    let page = await store.list(tenantId);
    page.length;
    page = await store.list(tenantId, { after: page.at(-1)!.objectID })
  )
    all.push(...page);
  return all;
}

/** A tree edit refused for what it would do to items (400, named `items`: the console lists it beside Save). */
export class ItemsWouldStrandError extends Error {
  readonly statusCode = 400;
  readonly field = 'items';
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export async function writeWithItemsMoved(
  items: ItemStore,
  {
    tenantId,
    after,
    edit,
    write,
    log,
  }: { tenantId: string; after: Tenant; edit: TreeEdit; write: () => Promise<TenantRecord>; log: FastifyBaseLogger },
): Promise<TenantRecord> {
  const all = await allItems(items, tenantId);
  const now = new Date().toISOString();
  const moved: Item[] = [];
  const stranded = new Map<string, number>();
  for (const item of all) {
    const category = movedCategory(item.category, edit.moves);
    if (category) moved.push({ ...item, category, updatedAt: now });
    else if (isUnder(item.category, edit.removed))
      stranded.set(pathKeyOf(item.category), (stranded.get(pathKeyOf(item.category)) ?? 0) + 1);
  }
  if (stranded.size) {
    const where = [...stranded].map(([path, count]) => `${path} holds ${plural(count, 'item')}`).join('; ');
    throw new ItemsWouldStrandError(
      `Not saved: ${where}. Move those items to another category first, or move the category instead of removing it.`,
    );
  }
  for (const item of moved) {
    const finding = checkItemRules(item, after).find((candidate) => candidate.pointer.startsWith('/category'));
    if (finding)
      throw new ItemsWouldStrandError(
        `Not saved: item ${JSON.stringify(item.objectID)} would move to ${pathKeyOf(item.category)}, where ${finding.message}.`,
      );
  }
  if (!moved.length) return write();
  const movedIds = new Set(moved.map((item) => item.objectID));
  const before = all.filter((item) => movedIds.has(item.objectID));
  await items.putMany(tenantId, moved);
  try {
    const saved = await write();
    log.info({ tenantId, items: moved.length, moves: edit.moves }, 'category tree saved; its items moved along');
    return saved;
  } catch (error) {
    await items.putMany(tenantId, before);
    throw error;
  }
}
