/**
 * What a category card shows, for the server that works it out and the storefront that draws it:
 * the entry's own picture (categories.json `image`), else the first photo of an item filed there
 * or below, else nothing (the card keeps the tenant's placeholder). Browser-safe.
 */
import { RENTALS_BASE_PATH } from './routes';
import type { CategoryTree } from './types.generated';

export interface CardPicture {
  url: string;
  alt: string;
}

/** A card's address (/rentals/<group>[/<category>[/<subcategory>]]) → its slugs. */
export const slugsOfCategoryHref = (href: string): string[] =>
  href.slice(RENTALS_BASE_PATH.length).split('/').filter(Boolean);

/** The tree entry at these slugs (group, category, subcategory), if there is one. */
export function entryAt(tree: CategoryTree, slugs: readonly string[]) {
  const [groupSlug, categorySlug, subcategorySlug] = slugs;
  const group = tree.groups.find((candidate) => candidate.slug === groupSlug);
  if (!group || categorySlug === undefined) return group;
  const category = group.categories.find((candidate) => candidate.slug === categorySlug);
  if (!category || subcategorySlug === undefined) return category;
  return category.subcategories?.find((candidate) => candidate.slug === subcategorySlug);
}

/** The picture the tenant chose for an entry, with its description (the entry's name when it has none). */
export function chosenPicture(entry: ReturnType<typeof entryAt>): CardPicture | undefined {
  return entry?.image ? { url: entry.image.url, alt: entry.image.alt?.trim() || entry.name } : undefined;
}
