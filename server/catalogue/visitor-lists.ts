/**
 * Favourites and set lists as the profile records them (spec §3: favorites, setLists,
 * setListItems and their stats counters). Pure: each function returns the profile changed, for
 * the profile store's atomic update, and the counters are always the lists' lengths, computed in
 * that same update, so no interleaving of changes can leave them off.
 */
import type { SetList, UserProfile } from '../../schema/types.generated';

/** A set-list item's id on the profile: the list and the item, as one id. */
export const setListItemId = (listId: string, objectID: string) => `${listId}/${objectID}`;

function counted(profile: UserProfile, now: Date): UserProfile {
  const favorites = profile.favorites ?? [];
  const setLists = profile.setLists ?? [];
  const setListItems = profile.setListItems ?? [];
  return {
    ...profile,
    favorites,
    setLists,
    setListItems,
    stats: {
      ...profile.stats,
      favoriteCount: favorites.length,
      setListCount: setLists.length,
      setListItemCount: setListItems.length,
    },
    updatedAt: now.toISOString(),
  };
}

/** The item favourited (newest first) or not; favouriting twice changes nothing. */
export function withFavorite(profile: UserProfile, objectID: string, favorite: boolean, now: Date): UserProfile {
  const others = (profile.favorites ?? []).filter((id) => id !== objectID);
  return counted({ ...profile, favorites: favorite ? [objectID, ...others] : others }, now);
}

/**
 * The profile's record of one set list as the list now stands: listed with each of its items, or,
 * for a deleted list (`undefined`), gone with its items.
 */
export function withSetList(
  profile: UserProfile,
  listId: string,
  list: Pick<SetList, 'lines'> | undefined,
  now: Date,
): UserProfile {
  const prefix = setListItemId(listId, '');
  const otherLists = (profile.setLists ?? []).filter((id) => id !== listId);
  const otherItems = (profile.setListItems ?? []).filter((id) => !id.startsWith(prefix));
  return counted(
    {
      ...profile,
      setLists: list ? [listId, ...otherLists] : otherLists,
      setListItems: list
        ? [...list.lines.map((line) => setListItemId(listId, line.objectID)), ...otherItems]
        : otherItems,
    },
    now,
  );
}
