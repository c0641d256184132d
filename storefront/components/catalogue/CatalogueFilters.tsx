/**
 * The facets of a catalogue listing as a GET form: each value a checkbox carrying its URL parameter,
 * with its count ("OR within a facet, AND across"), so the filters live in the URL and work without
 * JavaScript (the Apply button); with it, any change submits at once. Long facets show their first
 * values and fold the rest. The sort order rides in the same form.
 */
import type { FormEvent } from 'react';
import { SEARCH_SORTS, type FacetKey, type FacetValue } from '../../../schema/catalogue-search';
import { useConfiguration, useMarketplace } from '../../config/ConfigurationProvider';
import type { CatalogueState } from '../../document/state';
import { messages } from '../../i18n/messages';
import { catalogueHref, paramOf, parseCatalogueQuery } from '../../lib/catalogue-query';
import { facetName, facetValueLabel, swatchClassOf } from './labels';

const SHOWN_AT_FIRST = 8;

function FacetValues({ facet, values }: { facet: FacetKey; values: FacetValue[] }) {
  const configuration = useConfiguration();
  const houses = useMarketplace()?.houses;
  const param = paramOf(facet);
  const option = (value: FacetValue) => {
    const swatch = facet === 'colors' ? swatchClassOf(value.value, configuration) : undefined;
    return (
      <li key={value.value}>
        <label className={value.count === 0 && !value.selected ? 'facet-value facet-value-empty' : 'facet-value'}>
          <input type="checkbox" name={param} value={value.value} defaultChecked={value.selected} />
          {swatch && <span className={`swatch ${swatch}`} aria-hidden="true" />}
          <span className="facet-label">{facetValueLabel(facet, value.value, configuration, houses)}</span>
          {value.estimated ? (
            <span className="facet-count" title={messages.aboutCount(value.count)}>
              <span aria-hidden="true">≈</span>
              <span className="visually-hidden">about </span>
              {Number(value.count.toPrecision(2)).toLocaleString('en')}
            </span>
          ) : (
            <span className="facet-count">{value.count.toLocaleString('en')}</span>
          )}
        </label>
      </li>
    );
  };
  // Selected values stay in view even when folded away.
  const first = values.slice(0, SHOWN_AT_FIRST);
  const rest = values.slice(SHOWN_AT_FIRST);
  return (
    <>
      <ul className="facet-values">{first.map(option)}</ul>
      {rest.length > 0 && (
        <details className="facet-more" open={rest.some((value) => value.selected)}>
          <summary>{messages.showAll(values.length)}</summary>
          <ul className="facet-values">{rest.map(option)}</ul>
        </details>
      )}
    </>
  );
}

export function CatalogueFilters({ action, catalogue }: { action: string; catalogue: CatalogueState }) {
  const configuration = useConfiguration();
  // On the platform the default order is the nearest house first; "nearest" is not offered twice.
  const platform = Boolean(catalogue.marketplace);
  const sorts = SEARCH_SORTS.filter((sort) => sort !== 'nearest');
  const customFieldSlugs = (configuration.site.customFields ?? []).map((field) => field.slug);
  const facets = (Object.entries(catalogue.facets) as Array<[FacetKey, FacetValue[]]>).filter(
    ([facet, values]) => values.length > 0 && (facet !== 'vendors' || values.length > 1),
  );
  const submitOnChange = (event: FormEvent<HTMLFormElement>) => event.currentTarget.requestSubmit();
  // With JavaScript, go to the query's one canonical address (no default sort, values in order);
  // without it, the browser submits the form as it is, which names the same page.
  const goToCanonical = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const params = new URLSearchParams(new FormData(event.currentTarget) as unknown as Record<string, string>);
    window.location.assign(catalogueHref(action, parseCatalogueQuery(params.toString(), customFieldSlugs)));
  };
  return (
    <form
      className="catalogue-filters"
      method="get"
      action={action}
      onChange={submitOnChange}
      onSubmit={goToCanonical}
      aria-label={messages.filters}
    >
      {catalogue.query.text && <input type="hidden" name="q" value={catalogue.query.text} />}
      {catalogue.query.dates && (
        <>
          <input type="hidden" name="from" value={catalogue.query.dates.from} />
          <input type="hidden" name="to" value={catalogue.query.dates.to} />
          {catalogue.query.availableOnly && <input type="hidden" name="available" value="1" />}
        </>
      )}
      {catalogue.query.withinKm !== undefined && <input type="hidden" name="within" value={catalogue.query.withinKm} />}
      <label className="sort-field">
        {messages.sortBy}
        <select name="sort" defaultValue={catalogue.query.sort}>
          {sorts.map((sort) => (
            <option key={sort} value={sort}>
              {messages.sortNames[platform && sort === 'relevance' ? 'nearest' : sort]}
            </option>
          ))}
        </select>
      </label>
      {facets.map(([facet, values]) => (
        <fieldset key={facet} className="facet">
          <legend>{facetName(facet, configuration)}</legend>
          <FacetValues facet={facet} values={values} />
          {facet === 'vendors' && catalogue.moreVendors !== undefined && (
            <p className="facet-note">{messages.marketplace.moreVendors(catalogue.moreVendors)}</p>
          )}
        </fieldset>
      ))}
      <noscript>
        <button className="button button-primary" type="submit">
          {messages.applyFilters}
        </button>
      </noscript>
    </form>
  );
}
