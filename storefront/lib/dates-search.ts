/**
 * The shoot dates and "only what is free" of a listing's query, as an address's search ('' without
 * dates): what a link deeper into the catalogue carries. On its own, with no imports, because the
 * home page's category cards use it and the first load stays small (the date rule's schema stays
 * with the pages that check dates).
 */
export function datesSearch(query: { dates?: { from: string; to: string }; availableOnly?: boolean }): string {
  if (!query.dates) return '';
  const params = new URLSearchParams({ from: query.dates.from, to: query.dates.to });
  if (query.availableOnly) params.set('available', '1');
  return `?${params.toString()}`;
}
