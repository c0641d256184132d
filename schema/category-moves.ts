/**
 * What a category tree edit does to the items filed under it and to the addresses visitors have.
 * Categories carry no id but their slugs, so the console gets each entry of the saved tree with
 * its `origin` (the path it had: "group/category[/subcategory]"); a move or a slug change keeps
 * the origin, a new entry has none. From the edited tree this works out:
 *
 * - the moves: each entry whose path changed, old path → new path (items follow them);
 * - the removals: entries of the old tree no edited entry came from (items there would be
 *   stranded, so such a save is refused while items are filed there);
 * - the redirects: each old category page → its new page, chains collapsed, none from a page
 *   that exists again, so a shared link or a search result keeps working (301).
 *
 * Pure and browser-safe: the console counts what moves before saving, the server does it.
 */
import type { CategoryTree, Item } from './types.generated';

export type CategoryPathKey = string;

export interface CategoryMove {
  from: CategoryPathKey;
  to: CategoryPathKey;
}

export interface CategoryRedirect {
  from: string;
  to: string;
}

type WithOrigin<T> = T & { origin?: string };
type Plain = Record<string, unknown>;

/** "group/category[/subcategory]" for an item's category path. */
export const pathKeyOf = (category: Item['category']): CategoryPathKey =>
  [category.group, category.category, category.subcategory].filter((slug) => slug !== undefined).join('/');

/** The storefront address of a tree path: /rentals/<group>[/<category>[/<subcategory>]]. */
export const pageOf = (key: CategoryPathKey) => `/rentals/${key}`;

/** The tree as the console edits it: each entry with the path it has now as its origin. */
export function withOrigins<T extends CategoryTree>(tree: T): T {
  return {
    ...tree,
    groups: tree.groups.map((group) => ({
      ...group,
      origin: group.slug,
      categories: group.categories.map((category) => ({
        ...category,
        origin: `${group.slug}/${category.slug}`,
        ...(category.subcategories && {
          subcategories: category.subcategories.map((sub) => ({
            ...sub,
            origin: `${group.slug}/${category.slug}/${sub.slug}`,
          })),
        }),
      })),
    })),
  };
}

/** Each entry's origin (where it has one) and its path in this tree. */
function originsOf(tree: CategoryTree): Array<{ origin?: string; path: CategoryPathKey }> {
  const found: Array<{ origin?: string; path: CategoryPathKey }> = [];
  for (const group of tree.groups as Array<WithOrigin<CategoryTree['groups'][number]>>) {
    found.push({ origin: group.origin, path: group.slug });
    for (const category of group.categories as Array<WithOrigin<(typeof group.categories)[number]>>) {
      found.push({ origin: category.origin, path: `${group.slug}/${category.slug}` });
      for (const sub of (category.subcategories ?? []) as Array<
        WithOrigin<NonNullable<typeof category.subcategories>[number]>
      >)
        found.push({ origin: sub.origin, path: `${group.slug}/${category.slug}/${sub.slug}` });
    }
  }
  return found;
}

/** Every path of a tree: groups, categories, subcategories. */
export const treePaths = (tree: CategoryTree): CategoryPathKey[] => originsOf(tree).map((entry) => entry.path);

/** The tree without the console's origins (what is stored). */
export function withoutOrigins<T extends CategoryTree>(tree: T): T {
  const strip = (entry: Plain): Plain => {
    const { origin: _origin, ...rest } = entry;
    for (const key of ['categories', 'subcategories'])
      if (Array.isArray(rest[key])) rest[key] = (rest[key] as Plain[]).map(strip);
    return rest;
  };
  return { ...tree, groups: tree.groups.map((group) => strip(group as unknown as Plain)) };
}

export interface TreeEdit {
  moves: CategoryMove[];
  /** Paths of the tree before that no entry of the edited tree came from. */
  removed: CategoryPathKey[];
}

/** What an edited tree (with origins) does to the tree it was opened from. */
export function treeEdit(before: CategoryTree, edited: CategoryTree): TreeEdit {
  const entries = originsOf(edited);
  const kept = new Set(entries.map((entry) => entry.origin).filter((origin): origin is string => origin !== undefined));
  // An origin claimed twice (an entry duplicated by hand) moves nothing: which copy the items follow would be a guess.
  const claims = new Map<string, number>();
  for (const entry of entries) if (entry.origin) claims.set(entry.origin, (claims.get(entry.origin) ?? 0) + 1);
  const paths = treePaths(before);
  const existed = new Set(paths);
  const moves = entries
    .filter(
      (entry) =>
        entry.origin && entry.origin !== entry.path && existed.has(entry.origin) && claims.get(entry.origin) === 1,
    )
    .map((entry) => ({ from: entry.origin!, to: entry.path }));
  const removed = paths.filter((path) => !kept.has(path));
  return { moves, removed };
}

/**
 * What a whole tree sent without origins (a whole-tenant PUT, `backlot push`) does to the tree
 * before it: a path that is gone, whose last slug appears at the same depth in exactly one new
 * path, moved there (a category moved to another group, a subcategory to another category); any
 * other path that is gone was removed (a save that would strand items there is refused, naming
 * them). A renamed slug cannot be told from a removal here: the console's editor, which keeps
 * origins, renames.
 */
export function inferredTreeEdit(before: CategoryTree, after: CategoryTree): TreeEdit {
  const old = treePaths(before);
  const now = new Set(treePaths(after));
  const gone = old.filter((path) => !now.has(path));
  const added = [...now].filter((path) => !old.includes(path));
  const depth = (path: string) => path.split('/').length;
  const leaf = (path: string) => path.split('/').at(-1);
  const moves: CategoryMove[] = [];
  const removed: CategoryPathKey[] = [];
  for (const path of gone) {
    const candidates = added.filter((candidate) => depth(candidate) === depth(path) && leaf(candidate) === leaf(path));
    const claimed = gone.filter((other) => depth(other) === depth(path) && leaf(other) === leaf(path));
    if (candidates.length === 1 && claimed.length === 1) moves.push({ from: path, to: candidates[0]! });
    else removed.push(path);
  }
  return { moves, removed };
}

/** Where an item filed at `category` goes after the moves; undefined when it stays. */
export function movedCategory(
  category: Item['category'],
  moves: readonly CategoryMove[],
): Item['category'] | undefined {
  const to = (key: string) => moves.find((move) => move.from === key)?.to;
  const key = pathKeyOf(category);
  // The deepest level that moved decides: a subcategory moved on its own, else its category, else its group.
  const exact = to(key);
  const parent = category.subcategory !== undefined ? to(`${category.group}/${category.category}`) : undefined;
  const group = to(category.group);
  const target =
    exact ??
    (parent !== undefined
      ? `${parent}/${category.subcategory}`
      : group !== undefined
        ? `${group}/${key.split('/').slice(1).join('/')}`
        : undefined);
  if (target === undefined || target === key) return undefined;
  const [g, c, s] = target.split('/');
  return { group: g!, category: c!, ...(s !== undefined && { subcategory: s }) };
}

/** Whether an item filed at `category` sits at or under one of `paths`. */
export const isUnder = (category: Item['category'], paths: readonly CategoryPathKey[]) => {
  const key = pathKeyOf(category);
  return paths.some((path) => key === path || key.startsWith(`${path}/`));
};

/**
 * The redirects after a tree edit: the old ones, each followed through the moves (so A→B then
 * B→C is A→C), plus one per moved page (its subpages follow by prefix at serving time), none
 * from a page that exists in the new tree and none to a page that no longer does.
 */
export function redirectsAfter(
  previous: readonly CategoryRedirect[],
  moves: readonly CategoryMove[],
  live: readonly CategoryPathKey[],
): CategoryRedirect[] {
  const livePages = new Set(live.map(pageOf));
  const follow = (page: string) => {
    const move = moves.find(
      (candidate) => page === pageOf(candidate.from) || page.startsWith(`${pageOf(candidate.from)}/`),
    );
    return move ? pageOf(move.to) + page.slice(pageOf(move.from).length) : page;
  };
  const all = new Map<string, string>();
  for (const redirect of previous) all.set(redirect.from, follow(redirect.to));
  for (const move of moves) all.set(pageOf(move.from), pageOf(move.to));
  // A redirect to a page that is gone leads nowhere: that old address is simply gone too.
  // Only well-formed page addresses: a slug the schema refuses is reported on its own input, not again here.
  return [...all]
    .filter(
      ([from, to]) => PAGE.test(from) && PAGE.test(to) && !livePages.has(from) && livePages.has(to) && from !== to,
    )
    .map(([from, to]) => ({ from, to }));
}

const PAGE = /^\/rentals(?:\/[a-z0-9]+(?:-[a-z0-9]+)*){1,3}$/;

/** The page an old address now lives at (its own redirect, or its parent's with the rest kept), or undefined. */
export function redirectFor(pathname: string, redirects: readonly CategoryRedirect[] | undefined): string | undefined {
  if (!redirects?.length) return undefined;
  let best: CategoryRedirect | undefined;
  for (const redirect of redirects)
    if (
      (pathname === redirect.from || pathname.startsWith(`${redirect.from}/`)) &&
      (!best || redirect.from.length > best.from.length)
    )
      best = redirect;
  return best && best.to + pathname.slice(best.from.length);
}
