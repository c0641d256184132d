/**
 * Builds a tenant's StorefrontConfiguration: schema defaults filled in once (schema/defaults.ts),
 * GL codes left out, labels taken from the schema's `oneOf` titles. Server-side: it reads the
 * schemas, which the client bundle never loads.
 */
import { withDefaults } from '../defaults';
import { visitorForms } from '../visitor-forms';
import { effective, itemSchema, propertySchema, rootSchema } from '../schema-walk';
import type { CategoryTree, Tenant } from '../types.generated';
import { rentalGroups } from '../rental-groups';
import type { StorefrontConfiguration } from './configuration';

/**
 * What visitors may see of the tree: rental groups only (service groups exist to carry GL codes
 * for charges), and no GL codes at any level: they are accounting data.
 */
export function publicCategoryTree(tree: CategoryTree): CategoryTree {
  return {
    groups: rentalGroups(tree).map(({ glCode: _group, categories, ...group }) => ({
      ...group,
      categories: categories.map(({ glCode: _category, subcategories, ...category }) => ({
        ...category,
        ...(subcategories && { subcategories: subcategories.map(({ glCode: _sub, ...sub }) => sub) }),
      })),
    })),
  };
}

/** `{const: title}` of the enumerated values of a site setting, from its schema. */
function oneOfTitles(...path: string[]): Record<string, string> {
  let located = rootSchema('site');
  for (const key of path)
    located = key === '[]' ? itemSchema(effective(located))! : propertySchema(effective(located), key)!;
  const options = (effective(located).schema.oneOf ?? []) as Array<{ const: string; title?: string }>;
  return Object.fromEntries(options.map((option) => [option.const, option.title ?? option.const]));
}

const socialNetworks = oneOfTitles('socialLinks', '[]', 'network');

export function storefrontConfiguration(
  tenantId: string,
  version: string,
  tenant: Tenant,
  assetVersions: Record<string, string> = {},
): StorefrontConfiguration {
  return {
    tenantId,
    version,
    site: withDefaults('site', tenant.site),
    vendor: withDefaults('vendor', tenant.vendor),
    categories: publicCategoryTree(withDefaults('categories', tenant.categories)),
    pages: (tenant.pages?.pages ?? []).map(({ path, title }) => ({ path, title })),
    assetVersions,
    labels: { socialNetworks },
    forms: visitorForms,
  };
}
