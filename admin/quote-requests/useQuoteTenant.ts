/**
 * What pricing needs from the request's tenant: money in its currency and locale, dates in its locale, the GL code of
 * any catalogue entry, and the services a quote can carry (the categories and subcategories of its
 * Service groups, as `group/category[/subcategory]`).
 */
import { withDefaults } from '../../schema/defaults';
import { glCodeOf } from '../../schema/rental/quote-pricing';
import type { CategoryPath, Tenant } from '../../schema/types.generated';
import { formatDay, formatDays } from '../../storefront/lib/format';
import { useTenantRecord } from '../tenants/useTenantRecord';

export const servicePathKey = (path: CategoryPath) => [path.group, path.category, path.subcategory].filter(Boolean).join('/');

export function useQuoteTenant(tenantId: string) {
  const { data, isPending, error } = useTenantRecord(tenantId);
  const site = withDefaults('site', data?.site ?? ({} as Tenant['site']));
  const format = new Intl.NumberFormat(site.locale, { style: 'currency', currency: site.currency });
  const serviceChoices = (data?.categories.groups ?? [])
    .filter((group) => group.kind === 'service')
    .flatMap((group) =>
      group.categories.flatMap((category) => [
        { path: { group: group.slug, category: category.slug }, name: `${group.name} › ${category.name}` },
        ...(category.subcategories ?? []).map((sub) => ({
          path: { group: group.slug, category: category.slug, subcategory: sub.slug },
          name: `${group.name} › ${category.name} › ${sub.name}`,
        })),
      ]),
    )
    .map((choice) => ({ ...choice, id: servicePathKey(choice.path), glCode: glCodeOf(data?.categories, choice.path) }));
  return {
    isPending,
    error,
    tenant: data,
    money: (amount: number) => format.format(amount),
    /** A hire's days in the tenant's locale ("Dec 1 – 22, 2026"), as the storefront and mails say them. */
    days: (from: string, to: string) => formatDays(from, to, site),
    day: (date: string) => formatDay(date, site),
    glCodeOf: (path: CategoryPath) => glCodeOf(data?.categories, path),
    serviceChoices,
  };
}
