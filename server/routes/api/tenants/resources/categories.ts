/**
 * `categories`: the whole category tree with its GL codes, one record "tree" holding the groups.
 * A move across parents or a slug rename is an ordinary edit of that record: no id changes.
 */
import type { CategoryTree } from '../../../../../schema/types.generated';
import { RecordRejectedError, type RecordResource } from '../record-resource';

export const categories: RecordResource = {
  name: 'categories',
  summary: 'the category tree with GL codes (one record, "tree")',
  list: (tenant) => [{ id: 'tree', ...tenant.categories }],
  update(tenant, _id, body) {
    const unknown = Object.keys(body).find((field) => field !== 'groups');
    if (unknown !== undefined) throw new RecordRejectedError(unknown, `unknown field ${JSON.stringify(unknown)}: the tree record holds only "groups"`);
    return { ...tenant, categories: body as unknown as CategoryTree };
  },
  locationOf: () => ({ pointer: '/categories' }),
};
