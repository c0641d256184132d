/**
 * A kit checked against the tenant's catalogue before it is saved (schema/rental/kits.ts has the
 * rules): its components are read from the store, and the kits among them, level by level as deep
 * as kits may nest (withComponents), so a kit that would contain itself is named along its way.
 */
import { kitProblems, ratesOf } from '../../schema/rental/kits';
import type { Item } from '../../schema/types.generated';
import { allItems } from './move-items';
import { withComponents } from '../rental';
import type { ItemStore } from '../stores/item-store';

export async function kitProblemsOf(
  itemStore: Pick<ItemStore, 'getMany'>,
  tenantId: string,
  item: Pick<Item, 'objectID' | 'name' | 'kit'>,
): Promise<Array<{ pointer: string; message: string }>> {
  if (!item.kit) return [];
  // The item itself as it will be saved, not as stored: its new components are what count.
  const known = await withComponents(
    itemStore,
    tenantId,
    item.kit.components.map((component) => component.objectID),
    new Map([[item.objectID, item as Item]]),
  );
  return kitProblems(
    item.objectID,
    item.kit,
    (id) => id !== item.objectID && known.has(id),
    (id) => known.get(id)?.kit,
    (id) => known.get(id)?.name ?? id,
  );
}

/**
 * The item as it is saved: a kit priced from its components takes their rates, summed less its
 * discount (ratesOf), so the storefront, search and quotes read one price.
 */
export async function pricedKit<T extends Pick<Item, 'objectID' | 'rates' | 'kit'>>(
  itemStore: Pick<ItemStore, 'getMany'>,
  tenantId: string,
  item: T,
): Promise<T> {
  if (item.kit?.price !== 'components') return item;
  const known = await withComponents(
    itemStore,
    tenantId,
    item.kit.components.map((component) => component.objectID),
    new Map([[item.objectID, item as unknown as Item]]),
  );
  return { ...item, rates: ratesOf(item.objectID, known) };
}

/**
 * Kits priced from their components, priced again after components changed (an item's rates
 * edited, a sheet imported): each whose sum moved is saved with it. Answers how many moved.
 */
export async function repriceKits(itemStore: ItemStore, tenantId: string): Promise<number> {
  const all = await allItems(itemStore, tenantId);
  if (!all.some((item) => item.kit?.price === 'components')) return 0;
  const byId = new Map(all.map((item) => [item.objectID, item]));
  const moved = all.flatMap((item) => {
    if (item.kit?.price !== 'components') return [];
    const rates = ratesOf(item.objectID, byId);
    return rates.day === item.rates.day && rates.week === item.rates.week ? [] : [{ ...item, rates }];
  });
  if (moved.length) await itemStore.putMany(tenantId, moved);
  return moved.length;
}
