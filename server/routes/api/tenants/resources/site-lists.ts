/**
 * Lists in the site settings that the console reorders, renames and edits item by item. Each
 * list is ONE record, `{ id: <key>, items: [...] }`, edited whole: items carry no id of their
 * own (a position or a name would change as they move or are renamed), and a drag or a rename
 * is one write of the whole list at the tenant's version.
 *   colors:        colorMap
 *   links:         headerLinks, footerLinks, socialLinks
 *   custom-fields: customFields
 */
import type { SiteSettings } from '../../../../../schema/types.generated';
import { joinPointer } from '../../../../../schema/json-source';
import { RecordRejectedError, type RecordResource } from '../record-resource';

type SiteListKey = 'colorMap' | 'headerLinks' | 'footerLinks' | 'socialLinks' | 'customFields';

function siteListResource(name: string, summary: string, keys: readonly SiteListKey[]): RecordResource {
  return {
    name,
    summary,
    list: (tenant) => keys.map((key) => ({ id: key, items: tenant.site[key] ?? [] })),
    update(tenant, id, body) {
      const unknown = Object.keys(body).find((field) => field !== 'items');
      if (unknown !== undefined)
        throw new RecordRejectedError(
          unknown,
          `unknown field ${JSON.stringify(unknown)}: a ${name} record holds only "items"`,
        );
      const site: Record<string, unknown> = { ...tenant.site };
      if (body.items === undefined) delete site[id];
      else site[id] = body.items;
      return { ...tenant, site: site as unknown as SiteSettings };
    },
    locationOf: (id) => ({ pointer: joinPointer('/site', id), field: 'items' }),
  };
}

export const colors = siteListResource('colors', 'the colour facet (one record, "colorMap")', ['colorMap']);
export const links = siteListResource(
  'links',
  'header, footer and social links (records "headerLinks", "footerLinks", "socialLinks")',
  ['headerLinks', 'footerLinks', 'socialLinks'],
);
export const customFields = siteListResource(
  'custom-fields',
  'custom fields and their options (one record, "customFields")',
  ['customFields'],
);

/** Which resource edits each list (the settings record leaves them out). */
export const SITE_LIST_OWNERS: Readonly<Record<SiteListKey, string>> = {
  colorMap: colors.name,
  headerLinks: links.name,
  footerLinks: links.name,
  socialLinks: links.name,
  customFields: customFields.name,
};
