/**
 * The storefront's pictures that come from the catalogue: each category card's picture (the
 * entry's own, else the first photo of an item filed there or below, newest first as a browse
 * lists them), and an item page's related items (same category; those sharing its subcategory,
 * tags and custom-field values first, so another era of the same seat comes before a stool).
 * Both read the search index, which follows the item store.
 */
import { chosenPicture, entryAt, slugsOfCategoryHref, type CardPicture } from '../../schema/card-pictures';
import { itemSummary, type ItemSummary } from '../../schema/catalogue-search';
import type { CategoryTree, Item } from '../../schema/types.generated';
import type { SearchIndex } from '../search/search-port';

/** Items looked at for a card's photo, and for an item's relatives. */
const LOOK_AT = 24;
export const RELATED_COUNT = 4;

/** The first photo of an item filed at these slugs or below (newest first, as a browse lists them). */
export async function firstPhotoIn(
  search: SearchIndex,
  tenantId: string,
  slugs: readonly string[],
): Promise<CardPicture | undefined> {
  const [group, category, subcategory] = slugs;
  if (!group) return undefined;
  const { hits } = await search.search(tenantId, {
    text: '',
    filters: { category: { group, ...(category && { category }), ...(subcategory && { subcategory }) } },
    page: 0,
    perPage: LOOK_AT,
  });
  const photo = hits.flatMap((item) => item.images?.slice(0, 1) ?? [])[0];
  return photo && { url: photo.url, alt: photo.alt };
}

/**
 * For each card's address, its picture (cards with none are left out: they keep the placeholder).
 * `firstPhoto` finds a branch's photo (firstPhotoIn, kept by the caller per catalogue version:
 * with a hosted index each is a request).
 */
export async function cardPictures(
  tree: CategoryTree,
  hrefs: readonly string[],
  firstPhoto: (slugs: string[]) => Promise<CardPicture | undefined>,
): Promise<Record<string, CardPicture>> {
  const pictures: Record<string, CardPicture> = {};
  await Promise.all(
    hrefs.map(async (href) => {
      const slugs = slugsOfCategoryHref(href);
      const picture = chosenPicture(entryAt(tree, slugs)) ?? (await firstPhoto(slugs));
      if (picture) pictures[href] = picture;
    }),
  );
  return pictures;
}

/** How alike two items are, beyond sharing a category: the same subcategory, then each tag and custom-field value in common. */
function likeness(item: Item, other: Item): number {
  let score =
    item.category.subcategory !== undefined && other.category.subcategory === item.category.subcategory ? 3 : 0;
  const tags = new Set(item.tags ?? []);
  for (const tag of other.tags ?? []) if (tags.has(tag)) score += 2;
  for (const [field, values] of Object.entries(other.customFields ?? {}))
    for (const value of values ?? []) if (item.customFields?.[field]?.includes(value)) score += 1;
  return score;
}

/** Up to RELATED_COUNT items to show under an item: its category's, most alike first; its group's when the category has too few. */
export async function relatedItems(search: SearchIndex, tenantId: string, item: Item): Promise<ItemSummary[]> {
  const { group, category } = item.category;
  const found: Item[] = [];
  for (const filter of [{ group, category }, { group }]) {
    const { hits } = await search.search(tenantId, {
      text: '',
      filters: { category: filter },
      page: 0,
      perPage: LOOK_AT,
    });
    const seen = new Set([item.objectID, ...found.map((hit) => hit.objectID)]);
    const fresh = hits.filter((hit) => !seen.has(hit.objectID));
    // Stable: equally alike items keep the browse order (newest first).
    found.push(
      ...fresh
        .map((hit, index) => ({ hit, index, score: likeness(item, hit) }))
        .sort((a, b) => b.score - a.score || a.index - b.index)
        .map(({ hit }) => hit),
    );
    if (found.length >= RELATED_COUNT) break;
  }
  return found.slice(0, RELATED_COUNT).map(itemSummary);
}
