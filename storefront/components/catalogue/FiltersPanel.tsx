/**
 * The filters beside a listing. On wide screens they always show; on phones a "Filters" button
 * folds them away, so the items come first. The server renders them open (without JavaScript they
 * stay usable); once hydrated, a phone folds them unless a filter is on.
 */
import { useEffect, useId, useState } from 'react';
import type { CatalogueState } from '../../document/state';
import { messages } from '../../i18n/messages';
import { hasFilters } from '../../lib/catalogue-query';
import { CatalogueFilters } from './CatalogueFilters';

const PHONE = '(max-width: 900px)';

export function FiltersPanel({ action, catalogue }: { action: string; catalogue: CatalogueState }) {
  const [folded, setFolded] = useState(false);
  const id = useId();
  useEffect(() => {
    if (window.matchMedia(PHONE).matches && !hasFilters(catalogue.query)) setFolded(true);
  }, [catalogue.query]);
  const selectedCount = Object.values(catalogue.facets)
    .flat()
    .filter((value) => value.selected).length;
  return (
    <div className="filters-panel" data-folded={folded}>
      <button type="button" className="button button-secondary filters-toggle" aria-expanded={!folded} aria-controls={id} onClick={() => setFolded(!folded)}>
        {messages.filtersCount(selectedCount)}
      </button>
      <div id={id} className="filters-body">
        <CatalogueFilters action={action} catalogue={catalogue} />
      </div>
    </div>
  );
}
