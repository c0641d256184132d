/**
 * A kit checked against the tenant's catalogue before it is saved (schema/rental/kits.ts has the
 * rules): its components are read from the store, and the kits among them, level by level as deep
 * as kits may nest (withComponents), so a kit that would contain itself is named along its way.
 */
import { kitProblems, kitUnitProblems, ratesOf } from '../../schema/rental/kits';
import type { Item, Unit } from '../../schema/types.generated';
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
 * A fixed kit's own units checked against the units stored (`getUnit`) and the tenant's other kits
 * (`others`, every item but this one): each a unit of its component, held by no other kit.
 */
export async function kitUnitProblemsOf(
  getUnit: (tag: string) => Promise<Unit | undefined>,
  item: Pick<Item, 'objectID' | 'kit'>,
  catalogue: readonly Item[],
): Promise<Array<{ pointer: string; message: string }>> {
  const tags = item.kit?.components.flatMap((component) => component.tags ?? []) ?? [];
  if (!item.kit || !tags.length) return [];
  const units = new Map(await Promise.all(tags.map(async (tag) => [tag, await getUnit(tag)] as const)));
  const byId = new Map(catalogue.map((entry) => [entry.objectID, entry]));
  const holder = new Map(
    catalogue.flatMap((other) =>
      other.objectID === item.objectID
        ? []
        : (other.kit?.components ?? []).flatMap((component) => (component.tags ?? []).map((tag) => [tag, other.name])),
    ),
  );
  return kitUnitProblems(item.kit, {
    trackingOf: (id) => byId.get(id)?.tracking ?? (byId.has(id) ? 'quantity' : undefined),
    nameOf: (id) => byId.get(id)?.name ?? id,
    itemOfUnit: (tag) => units.get(tag)?.objectID,
    heldBy: (tag) => holder.get(tag),
  });
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
