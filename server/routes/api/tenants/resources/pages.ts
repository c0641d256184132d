/**
 * `pages`: the content pages (Markdown bodies keyed by content route), one record "pages"
 * holding `items`, edited whole like the site's lists: a page is found by its route, which
 * never changes, so no record id moves.
 */
import type { ContentPages } from '../../../../../schema/types.generated';
import { RecordRejectedError, type RecordResource } from '../record-resource';

export const pages: RecordResource = {
  name: 'pages',
  summary: 'the content pages in Markdown (one record, "pages")',
  list: (tenant) => [{ id: 'pages', items: tenant.pages?.pages ?? [] }],
  update(tenant, _id, body) {
    const unknown = Object.keys(body).find((field) => field !== 'items');
    if (unknown !== undefined)
      throw new RecordRejectedError(
        unknown,
        `unknown field ${JSON.stringify(unknown)}: the pages record holds only "items"`,
      );
    return { ...tenant, pages: { pages: body.items } as ContentPages };
  },
  locationOf: () => ({ pointer: '/pages/pages', field: 'items' }),
};
