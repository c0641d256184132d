/**
 * A kit checked against the tenant's catalogue before it is saved (schema/rental/kits.ts has the
 * rules): its components are read from the store, and the kits among them, level by level as deep
 * as kits may nest, so a kit that would contain itself is named along its way.
 */
import { KIT_DEPTH, kitProblems } from '../../schema/rental/kits';
import type { Item } from '../../schema/types.generated';
import type { ItemStore } from '../stores/item-store';

export async function kitProblemsOf(
  itemStore: Pick<ItemStore, 'getMany'>,
  tenantId: string,
  item: Pick<Item, 'objectID' | 'name' | 'kit'>,
): Promise<Array<{ pointer: string; message: string }>> {
  if (!item.kit) return [];
  const known = new Map<string, Item>();
  let wanted = item.kit.components.map((component) => component.objectID);
  for (let depth = 0; wanted.length && depth <= KIT_DEPTH; depth += 1) {
    const found = await itemStore.getMany(tenantId, [...new Set(wanted)]);
    for (const each of found) known.set(each.objectID, each);
    wanted = found
      .flatMap((each) => each.kit?.components.map((component) => component.objectID) ?? [])
      .filter((id) => id !== item.objectID && !known.has(id));
  }
  return kitProblems(
    item.objectID,
    item.kit,
    (id) => known.has(id),
    (id) => (id === item.objectID ? item.kit : known.get(id)?.kit),
    (id) => (id === item.objectID ? item.name : (known.get(id)?.name ?? id)),
  );
}
