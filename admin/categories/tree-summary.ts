/** Words about parts of the category tree: what a level holds, and what removing it takes with it. Pure. */

interface Level {
  categories?: Array<{ subcategories?: unknown[] }>;
  subcategories?: unknown[];
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "6 categories, 14 subcategories" for a group, "3 subcategories" for a category; empty when it holds nothing. */
export function contentsOf(row: Level): string {
  if (Array.isArray(row.categories)) {
    const subcategories = row.categories.reduce((sum, category) => sum + (category.subcategories?.length ?? 0), 0);
    return [
      row.categories.length && count(row.categories.length, 'category', 'categories'),
      subcategories && count(subcategories, 'subcategory', 'subcategories'),
    ]
      .filter(Boolean)
      .join(', ');
  }
  return row.subcategories?.length ? count(row.subcategories.length, 'subcategory', 'subcategories') : '';
}

/** The question before removing a level that holds others; undefined when it holds nothing. */
export function removalQuestion(row: Level, name: string): string | undefined {
  const contents = contentsOf(row);
  if (!contents) return undefined;
  return `"${name}" holds ${contents}: they are removed with it, and their storefront pages answer "not found" once you save.`;
}
