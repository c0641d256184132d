/** Views of the category tree the pages share. */
import { isRentalGroup } from './routes';
import type { CategoryTree } from './types.generated';

export type RentalGroup = CategoryTree['groups'][number];

/** The groups visitors browse (service groups only carry GL codes). */
export function rentalGroups(tree: CategoryTree): RentalGroup[] {
  return tree.groups.filter(isRentalGroup);
}
