/**
 * Set lists as the API answers them and the storefront shows them (server/routes/api/set-lists.ts):
 * each line with its item as the catalogue has it now, never the owner's uid or the share token
 * itself. Browser-safe.
 */
import type { ItemSummary } from './catalogue-search';
import type { SetList } from './types.generated';

export interface SetListLineView {
  objectID: string;
  quantity: number;
  addedAt: string;
  /** The item now; null once it has left the catalogue. */
  item: ItemSummary | null;
}

export interface SetListView {
  id: string;
  name: string;
  notes?: string;
  lines: SetListLineView[];
  /** While shared: the read-only link's path on this storefront. */
  sharePath?: string;
  createdAt: string;
  updatedAt: string;
}

/** One of a visitor's lists, as the list of lists shows it. */
export interface SetListSummary {
  id: string;
  name: string;
  notes?: string;
  itemCount: number;
  shared: boolean;
  updatedAt: string;
  /** The newest item's first photo, for the list's card. */
  cover?: { url: string; alt: string; width?: number; height?: number };
}

/** What a share link shows: the list's name, notes and items, read-only. */
export type SharedSetList = Pick<SetListView, 'name' | 'notes' | 'lines' | 'updatedAt'>;

/** The summary of a stored list, its cover from the items the catalogue has now. */
export function setListSummary(list: SetList, cover?: SetListSummary['cover']): SetListSummary {
  return {
    id: list.id,
    name: list.name,
    ...(list.notes && { notes: list.notes }),
    itemCount: list.lines.length,
    shared: Boolean(list.shareToken),
    updatedAt: list.updatedAt,
    ...(cover && { cover }),
  };
}
