/** The places a link can point to on the storefront: its routes, the tenant's own pages and its rental category pages, with names to pick them by. Pure. */
import { isRentalGroup, RENTALS_BASE_PATH, STOREFRONT_ROUTES } from '../../schema/routes';
import type { CategoryTree } from '../../schema/types.generated';

export interface TargetOption {
  path: string;
  label: string;
  kind: 'Page' | 'Category';
}

export function targetOptions(
  tree: CategoryTree | undefined,
  pages: ReadonlyArray<{ path: string; title: string }> = [],
): TargetOption[] {
  const options: TargetOption[] = [
    ...STOREFRONT_ROUTES.map((route) => ({ path: route.path, label: route.purpose, kind: 'Page' as const })),
    ...pages.map((page) => ({ path: page.path, label: page.title, kind: 'Page' as const })),
  ];
  for (const group of tree?.groups ?? []) {
    if (!isRentalGroup(group)) continue;
    const groupPath = `${RENTALS_BASE_PATH}/${group.slug}`;
    options.push({ path: groupPath, label: group.name, kind: 'Category' });
    for (const category of group.categories) {
      options.push({
        path: `${groupPath}/${category.slug}`,
        label: `${group.name} › ${category.name}`,
        kind: 'Category',
      });
      for (const sub of category.subcategories ?? [])
        options.push({
          path: `${groupPath}/${category.slug}/${sub.slug}`,
          label: `${group.name} › ${category.name} › ${sub.name}`,
          kind: 'Category',
        });
    }
  }
  return options;
}
