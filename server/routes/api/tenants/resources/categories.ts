/**
 * `categories`: the whole category tree with its GL codes, one record "tree" holding the groups
 * (and the redirects of moved pages). Each entry is read with its `origin`, the path it has now,
 * which the console keeps through moves and renames; a save compares origins with new paths to
 * move the items filed there along and to send the old pages on (schema/category-moves.ts).
 */
import {
  redirectsAfter,
  treeEdit,
  withOrigins,
  withoutOrigins,
  type TreeEdit,
} from '../../../../../schema/category-moves';
import { categoryPaths, RENTALS_BASE_PATH } from '../../../../../schema/routes';
import type { CategoryTree } from '../../../../../schema/types.generated';
import { RecordRejectedError, type RecordBody, type RecordResource } from '../record-resource';

const FIELDS = new Set(['groups', 'redirects']);

/** What the edited tree does to the stored one (none of it when the body holds no list of groups: validation names that). */
const editOf = (before: CategoryTree, body: RecordBody): TreeEdit =>
  Array.isArray(body.groups) ? treeEdit(before, body as unknown as CategoryTree) : { moves: [], removed: [] };

export const categories: RecordResource = {
  name: 'categories',
  summary:
    'the category tree with GL codes (one record, "tree"; each entry read with its `origin` path, sent back to move its items along)',
  list: (tenant) => [{ id: 'tree', ...withOrigins(tenant.categories) }],
  update(tenant, _id, body) {
    const unknown = Object.keys(body).find((field) => !FIELDS.has(field));
    if (unknown !== undefined)
      throw new RecordRejectedError(
        unknown,
        `unknown field ${JSON.stringify(unknown)}: the tree record holds only "groups" and "redirects"`,
      );
    const edited = body as unknown as CategoryTree;
    if (!Array.isArray(edited.groups)) return { ...tenant, categories: edited };
    const tree: CategoryTree = {
      ...(tenant.categories.$schema && { $schema: tenant.categories.$schema }),
      groups: withoutOrigins(edited).groups,
    };
    // Redirects lead only to rental pages (service groups have none); the stored ones are kept, never the body's.
    const live = [...categoryPaths(tree)].map((page) => page.slice(RENTALS_BASE_PATH.length + 1));
    const redirects = redirectsAfter(tenant.categories.redirects ?? [], editOf(tenant.categories, body).moves, live);
    return { ...tenant, categories: { ...tree, ...(redirects.length && { redirects }) } };
  },
  treeEdit: (before, body) => editOf(before.categories, body),
  locationOf: () => ({ pointer: '/categories' }),
};
