/**
 * A kit checked against the tenant's catalogue before it is saved (schema/rental/kits.ts has the
 * rules): its components are read from the store, and the kits among them, level by level as deep
 * as kits may nest (withComponents), so a kit that would contain itself is named along its way.
 */
import { kitProblems } from '../../schema/rental/kits';
import type { Item } from '../../schema/types.generated';
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
