/**
 * The filters beside a listing. On wide screens they always show; on phones they start folded
 * behind a "Filters" button (with how many are on), so the items come first, from the server's
 * first paint (folding after hydration showed them open first, four screens of them), unless a
 * filter is on: then the visitor is filtering, and sees them. Without JavaScript, where the button
 * cannot open them, they show (the <noscript> style).
 */
import { useId, useState } from 'react';
import type { CatalogueState } from '../../document/state';
import { messages } from '../../i18n/messages';
import { hasFilters } from '../../lib/catalogue-query';
import { NOSCRIPT_STYLE } from '../../lib/noscript-style';
import { CatalogueFilters } from './CatalogueFilters';

export function FiltersPanel({ action, catalogue }: { action: string; catalogue: CatalogueState }) {
  const [folded, setFolded] = useState(() => !hasFilters(catalogue.query));
  const id = useId();
  const selectedCount = Object.values(catalogue.facets)
    .flat()
    .filter((value) => value.selected).length;
  return (
    <div className="filters-panel" data-folded={folded}>
      <noscript>
        <style>{NOSCRIPT_STYLE}</style>
      </noscript>
      <button
        type="button"
        className="button button-secondary filters-toggle"
        aria-expanded={!folded}
        aria-controls={id}
        onClick={() => setFolded(!folded)}
      >
        {messages.filtersCount(selectedCount)}
      </button>
      <div id={id} className="filters-body">
        <CatalogueFilters action={action} catalogue={catalogue} />
      </div>
    </div>
  );
}
