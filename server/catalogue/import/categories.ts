/**
 * A sheet's category text found in the tenant's tree: "Seats > First Class > Lie-Flat Seats",
 * "seats/first-class", "Luggage › Vintage Luggage" (no group: found by its category when only one
 * group has it), by names or slugs, in any case. Text the tree lacks can be mapped by the one
 * importing ("Airline Seating" → seats/business-class) or added to the tree (a category, or a
 * group with it); otherwise it is listed with the nearest path the tree has. Pure.
 */
import { closest, distance } from 'fastest-levenshtein';
import { isRentalGroup } from '../../../schema/routes';
import { slugify } from '../../../schema/slugify';
import type { CategoryPath, Tenant } from '../../../schema/types.generated';

type Categories = Tenant['categories'];

const fold = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');
const matches = (node: { name: string; slug: string }, part: string) =>
  fold(node.name) === fold(part) || node.slug === slugify(part);

/** The parts of a category cell: split at >, ›, », / or | (a path), trimmed. */
export const categoryParts = (text: string) =>
  text
    .split(/\s*(?:>|›|»|\/|\||\\)\s*/)
    .map((part) => part.trim())
    .filter(Boolean);

/** A path as the report and a mapping file write it: group/category[/subcategory]. */
export const pathText = (path: CategoryPath) => [path.group, path.category, path.subcategory].filter(Boolean).join('/');

/** Every rental path of the tree, as slugs and as names (for suggestions, and the console's choice of where an unknown path goes). */
export function allPaths(categories: Categories): Array<{ path: CategoryPath; names: string }> {
  return categories.groups.filter(isRentalGroup).flatMap((group) =>
    group.categories.flatMap((category) => [
      { path: { group: group.slug, category: category.slug }, names: `${group.name} > ${category.name}` },
      ...(category.subcategories ?? []).map((sub) => ({
        path: { group: group.slug, category: category.slug, subcategory: sub.slug },
        names: `${group.name} > ${category.name} > ${sub.name}`,
      })),
    ]),
  );
}

/**
 * Every path a cell may name in the tree: with its group first ("Seats > Economy"), or without it
 * ("Economy", "Economy > Single Seats"), or a subcategory's name alone ("Sofas", "Practicals"),
 * wherever it sits.
 */
export function placesOf(categories: Categories, text: string): CategoryPath[] {
  const parts = categoryParts(text);
  if (!parts.length || parts.length > 3) return [];
  const groups = categories.groups.filter(isRentalGroup);
  const inGroup = (groupPart: string | undefined, rest: string[]): CategoryPath[] =>
    groups
      .filter((group) => groupPart === undefined || matches(group, groupPart))
      .flatMap((group) =>
        group.categories
          .filter((category) => matches(category, rest[0]!))
          .flatMap((category): CategoryPath[] => {
            if (rest.length === 1) return [{ group: group.slug, category: category.slug }];
            const sub = (category.subcategories ?? []).find((candidate) => matches(candidate, rest[1]!));
            return sub ? [{ group: group.slug, category: category.slug, subcategory: sub.slug }] : [];
          }),
      );
  // A name alone may be a subcategory's, anywhere in the tree.
  const subcategoriesNamed = (part: string): CategoryPath[] =>
    groups.flatMap((group) =>
      group.categories.flatMap((category) =>
        (category.subcategories ?? [])
          .filter((sub) => matches(sub, part))
          .map((sub) => ({ group: group.slug, category: category.slug, subcategory: sub.slug })),
      ),
    );
  const found = [
    ...(parts.length >= 2 ? inGroup(parts[0], parts.slice(1)) : []),
    ...(parts.length <= 2 ? inGroup(undefined, parts) : []),
  ];
  // A category of that name comes before a subcategory of it ("Galleys", not "Forward Galley").
  if (!found.length && parts.length === 1) found.push(...subcategoriesNamed(parts[0]!));
  return [...new Map(found.map((path) => [pathText(path), path])).values()];
}

/** The path a cell names in the tree, or undefined (none, or several: placesOf says which). */
export function findCategory(categories: Categories, text: string): CategoryPath | undefined {
  const places = placesOf(categories, text);
  return places.length === 1 ? places[0] : undefined;
}

/** A path by its names, as people read it: "Seats > Economy > Single Seats". */
export function pathNames(categories: Categories, path: CategoryPath): string {
  return allPaths(categories).find((entry) => pathText(entry.path) === pathText(path))?.names ?? pathText(path);
}

/** The rental group a cell names on its own (a Department column holding "Set Dressing"), or undefined. */
export function groupNamed(categories: Categories, text: string): Categories['groups'][number] | undefined {
  const parts = categoryParts(text);
  return parts.length === 1
    ? categories.groups.filter(isRentalGroup).find((group) => matches(group, parts[0]!))
    : undefined;
}

/**
 * The nearest path the tree has to a cell's text, for "did you mean": by the whole path's names,
 * or by one name in it (a category's or a subcategory's: "Galley" → "Aviation Sets > Galleys").
 */
export function nearestCategory(categories: Categories, text: string): string | undefined {
  const paths = allPaths(categories);
  if (!paths.length) return undefined;
  const wanted = categoryParts(text).join(' > ').toLowerCase();
  // Each path under its whole names and under its last name (its own).
  const candidates = paths.flatMap((entry) => [
    { said: entry.names.toLowerCase(), names: entry.names },
    { said: entry.names.split(' > ').at(-1)!.toLowerCase(), names: entry.names },
  ]);
  const best = closest(
    wanted,
    candidates.map((candidate) => candidate.said),
  );
  // Only a near miss is suggested (a typo, not a different thing).
  return distance(wanted, best) <= Math.max(3, Math.floor(wanted.length / 4))
    ? candidates.find((candidate) => candidate.said === best)!.names
    : undefined;
}

/**
 * The tree with a cell's path added (a group of the rental kind, a category, a subcategory, as its
 * text names them), and the path; undefined when the text has no category part (one word that is
 * no group's category: say which group it belongs to).
 */
export function withCategoryAdded(
  categories: Categories,
  text: string,
): { categories: Categories; path: CategoryPath } | undefined {
  const parts = categoryParts(text);
  if (parts.length < 2 || parts.length > 3) return undefined;
  const [groupName, categoryName, subName] = parts as [string, string, string | undefined];
  const tree = structuredClone(categories);
  let group = tree.groups.find((candidate) => matches(candidate, groupName));
  if (group && !isRentalGroup(group)) return undefined;
  if (!group) {
    group = { name: groupName, slug: slugify(groupName), kind: 'rental', categories: [] };
    tree.groups.push(group);
  }
  let category = group.categories.find((candidate) => matches(candidate, categoryName));
  if (!category) {
    category = { name: categoryName, slug: slugify(categoryName) };
    group.categories.push(category);
  }
  let subcategory: string | undefined;
  if (subName !== undefined) {
    const subcategories = (category.subcategories ??= []);
    let sub = subcategories.find((candidate) => matches(candidate, subName));
    if (!sub) {
      sub = { name: subName, slug: slugify(subName) };
      subcategories.push(sub);
    }
    subcategory = sub.slug;
  }
  return {
    categories: tree,
    path: { group: group.slug, category: category.slug, ...(subcategory && { subcategory }) },
  };
}
