/**
 * What an item may be set to, from its tenant: the rental groups with their categories and
 * subcategories, the colour map's names, and each custom field's options (the same lists the
 * server's rules check against, schema/catalogue-rules.ts).
 */
import { isRentalGroup } from '../../schema/routes';
import { useTenantRecord } from '../tenants/useTenantRecord';

export function useTenantChoices(tenantId: string) {
  const { data, isPending } = useTenantRecord(tenantId);
  const groups = (data?.categories.groups ?? []).filter(isRentalGroup);
  return {
    isPending,
    groups,
    groupChoices: groups.map((group) => ({ id: group.slug, name: group.name })),
    colourChoices: (data?.site.colorMap ?? []).map((entry) => ({ id: entry.name, name: entry.name })),
    customFields: data?.site.customFields ?? [],
  };
}
