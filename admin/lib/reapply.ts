/**
 * After a stale save (412): what each side changed since the version the form was opened at,
 * and the user's changes reapplied on top of the newer version. Objects are merged setting by
 * setting; lists and values are taken whole (a reordered list has no meaningful per-row merge),
 * so where both sides changed the same setting, the user's value wins: they are the one
 * pressing "Reapply". Pure.
 */

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  if (isPlain(a) && isPlain(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => deepEqual(a[key], b[key]));
  }
  return false;
}

/** Keys that describe the record rather than its settings: the newer version's are kept. */
const BOOKKEEPING = new Set(['id', 'version']);
/** Stamps each save sets afresh (an item's updatedAt): never a change either side made, mine kept. */
const STAMPS = new Set(['updatedAt']);

export type ClashWinner = 'mine' | 'theirs';

export function reapply(base: unknown, mine: unknown, theirs: unknown, onClash: ClashWinner = 'mine'): unknown {
  if (isPlain(base) && isPlain(mine) && isPlain(theirs)) {
    const result: Plain = {};
    for (const key of new Set([...Object.keys(theirs), ...Object.keys(mine), ...Object.keys(base)])) {
      if (BOOKKEEPING.has(key) || STAMPS.has(key)) {
        const side = STAMPS.has(key) && key in mine ? mine : theirs;
        if (key in side) result[key] = side[key];
        continue;
      }
      const merged = reapply(base[key], mine[key], theirs[key], onClash);
      if (merged !== undefined) result[key] = merged;
    }
    return result;
  }
  if (deepEqual(mine, base)) return theirs;
  if (deepEqual(theirs, base)) return mine;
  return onClash === 'mine' ? mine : theirs;
}

export interface Change {
  /** Dotted path: `theme.primaryColor`, `items`. */
  path: string;
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

/** Each setting either side changed, at the granularity `reapply` merges at. */
export function changesOf(base: unknown, mine: unknown, theirs: unknown, path = ''): Change[] {
  if (isPlain(base) && isPlain(mine) && isPlain(theirs)) {
    return [...new Set([...Object.keys(base), ...Object.keys(mine), ...Object.keys(theirs)])]
      .filter((key) => !BOOKKEEPING.has(key) && !STAMPS.has(key))
      .flatMap((key) => changesOf(base[key], mine[key], theirs[key], path ? `${path}.${key}` : key));
  }
  if (deepEqual(mine, base) && deepEqual(theirs, base)) return [];
  return [{ path, base, mine, theirs }];
}

/** Both sides changed it, to different values: whose to keep is a choice, not a merge. */
export const isClash = (change: Change) =>
  !deepEqual(change.mine, change.base) &&
  !deepEqual(change.theirs, change.base) &&
  !deepEqual(change.mine, change.theirs);
