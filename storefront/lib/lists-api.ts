/**
 * The storefront's calls for a visitor's favourites and set lists (server/routes/api/set-lists.ts).
 * Refusals throw IdentityError as every API call here does, with the field named when it is one.
 */
import type { ItemSummary } from '../../schema/catalogue-search';
import type { SetListSummary, SetListView } from '../../schema/set-list-views';
import type { SetListInput } from '../../schema/types.generated';
import { apiCall } from '../auth/identity-api';

const json = (method: string, body?: object): RequestInit => ({ method, ...(body && { body: JSON.stringify(body) }) });
const listPath = (id: string) => `/api/set-lists/${encodeURIComponent(id)}`;

export const listsApi = {
  favorites: () => apiCall<{ items: ItemSummary[] }>('/api/favorites'),
  setFavorite: (objectID: string, favorite: boolean) =>
    apiCall<{ favorites: string[]; favoriteCount: number }>(
      `/api/favorites/${encodeURIComponent(objectID)}`,
      json(favorite ? 'PUT' : 'DELETE'),
    ),
  setLists: () => apiCall<{ setLists: SetListSummary[] }>('/api/set-lists'),
  createSetList: (input: SetListInput) => apiCall<SetListView>('/api/set-lists', json('POST', input)),
  setList: (id: string) => apiCall<SetListView>(listPath(id)),
  describeSetList: (id: string, input: SetListInput) => apiCall<SetListView>(listPath(id), json('PATCH', input)),
  deleteSetList: (id: string) => apiCall<void>(listPath(id), json('DELETE')),
  setLine: (id: string, objectID: string, quantity: number) =>
    apiCall<SetListView>(`${listPath(id)}/lines/${encodeURIComponent(objectID)}`, json('PUT', { quantity })),
  removeLine: (id: string, objectID: string) =>
    apiCall<SetListView>(`${listPath(id)}/lines/${encodeURIComponent(objectID)}`, json('DELETE')),
  share: (id: string, shared: boolean) =>
    apiCall<SetListView>(`${listPath(id)}/share`, json(shared ? 'POST' : 'DELETE')),
};
