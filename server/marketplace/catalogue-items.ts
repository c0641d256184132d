/**
 * Items as a storefront's visitors name them: a house's own ids on its storefront, and on the
 * platform listings (`<house>~<item>`) read from the listed house, as the platform's catalogue
 * shows them (with their house, in the platform's categories). Favourites and set lists read
 * items through it, so a production's set list on the platform holds any listed house's items.
 */
import type { Item } from '../../schema/types.generated';
import type { ItemStore } from '../stores/item-store';
import { itemHome, type PlatformCatalogue } from './platform-catalogue';

export type CatalogueItems = Pick<ItemStore, 'get' | 'getMany'>;

export function catalogueItems(
  itemStore: ItemStore,
  marketplace: PlatformCatalogue,
  platformId: string,
): CatalogueItems {
  const get = async (tenantId: string, objectID: string): Promise<Item | undefined> => {
    if (tenantId !== platformId) return itemStore.get(tenantId, objectID);
    await marketplace.loaded();
    const home = itemHome(marketplace, platformId, tenantId, objectID);
    if (!home || home.tenantId === platformId) return undefined;
    const item = await itemStore.get(home.tenantId, home.objectID);
    return item && marketplace.listing(home.tenantId, item);
  };
  return {
    get,
    getMany: async (tenantId, objectIDs) => {
      if (tenantId !== platformId) return itemStore.getMany(tenantId, objectIDs);
      await marketplace.loaded();
      // One read per house.
      const byHouse = new Map<string, string[]>();
      for (const id of objectIDs) {
        const home = itemHome(marketplace, platformId, tenantId, id);
        if (home && home.tenantId !== platformId)
          (byHouse.get(home.tenantId) ?? byHouse.set(home.tenantId, []).get(home.tenantId)!).push(home.objectID);
      }
      const read = await Promise.all(
        [...byHouse].map(async ([houseId, ids]) =>
          (await itemStore.getMany(houseId, ids)).flatMap((item) => marketplace.listing(houseId, item) ?? []),
        ),
      );
      return read.flat();
    },
  };
}
