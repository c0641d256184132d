/** `settings`: the site settings, one record "site", without the lists edited through their own resources. */
import type { SiteSettings } from '../../../../../schema/types.generated';
import { RecordRejectedError, setField, type RecordResource } from '../record-resource';
import { SITE_LIST_OWNERS } from './site-lists';

export const settings: RecordResource = {
  name: 'settings',
  summary: 'the site settings (one record, "site"; the lists are edited through colors, links and custom-fields)',
  list: (tenant) => {
    const site: Record<string, unknown> = { ...tenant.site };
    for (const key of Object.keys(SITE_LIST_OWNERS)) delete site[key];
    return [{ id: 'site', ...site }];
  },
  update(tenant, _id, body) {
    for (const [key, owner] of Object.entries(SITE_LIST_OWNERS)) {
      if (Object.hasOwn(body, key))
        throw new RecordRejectedError(key, `${key} is edited through the ${owner} resource`);
      const kept = tenant.site[key as keyof SiteSettings];
      if (kept !== undefined) setField(body, key, kept);
    }
    return { ...tenant, site: body as unknown as SiteSettings };
  },
  locationOf: () => ({ pointer: '/site' }),
};
