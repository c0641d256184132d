/**
 * A catalogue listing under its page's header: the count, the filters (beside the grid on wide
 * screens, folded behind a "Filters" button on phones), the items in a grid of at most
 * site.maxColumnCount columns, and the pages. Everything is a link or a GET form, so every state
 * has an address: shareable, crawlable, and the back button goes back through it.
 */
import { useCatalogue } from '../../config/ConfigurationProvider';
import { messages } from '../../i18n/messages';
import { catalogueHref, catalogueParams, hasFilters, PER_PAGE } from '../../lib/catalogue-query';
import { RentalDatesBar } from './RentalDatesBar';
import { EmptyState } from '../EmptyState';
import { FiltersPanel } from './FiltersPanel';
import { ItemCard } from './ItemCard';
import { PlaceBar } from '../marketplace/PlaceBar';
import { RadiusFilter } from '../marketplace/RadiusFilter';

function Pages({ path }: { path: string }) {
  const catalogue = useCatalogue()!;
  const pages = Math.ceil(catalogue.total / PER_PAGE);
  if (pages <= 1) return null;
  const { page } = catalogue.query;
  const to = (target: number) => catalogueHref(path, { ...catalogue.query, page: target });
  return (
    <nav className="pager" aria-label={messages.pagination}>
      {page > 0 ? (
        <a className="button button-secondary" href={to(page - 1)} rel="prev">
          {messages.previousPage}
        </a>
      ) : (
        <span />
      )}
      <span className="pager-position">{messages.pageOf(Math.min(page + 1, pages), pages)}</span>
      {page + 1 < pages ? (
        <a className="button button-secondary" href={to(page + 1)} rel="next">
          {messages.nextPage}
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

export function CatalogueResults({ path, heading }: { path: string; heading: string }) {
  const catalogue = useCatalogue();
  if (!catalogue) return null;
  const { query, total, hits } = catalogue;
  const filtered = hasFilters(query);
  // Shoot dates are not a filter: clearing keeps them.
  const clear = catalogueHref(path, {
    text: query.text,
    filters: {},
    sort: query.sort,
    page: 0,
    ...(query.dates && { dates: query.dates }),
  });
  return (
    <section className="catalogue" aria-labelledby="catalogue-heading">
      <div className="catalogue-bar">
        <h2 id="catalogue-heading" className="catalogue-heading">
          {heading}{' '}
          <span className="catalogue-count">
            {query.text ? messages.itemCountFor(total, query.text) : messages.itemCount(total)}
          </span>
        </h2>
        {filtered && (
          <a className="text-link" href={clear}>
            {messages.clearFilters}
          </a>
        )}
      </div>
      <RentalDatesBar
        dates={query.dates}
        availableOnly={query.availableOnly}
        ignored={query.ignoredDates}
        listing
        hidden={[...catalogueParams({ ...query, page: 0, dates: undefined, availableOnly: false })]}
      />
      {catalogue.marketplace && (
        <PlaceBar marketplace={catalogue.marketplace}>
          <RadiusFilter catalogue={catalogue} path={path} />
        </PlaceBar>
      )}
      <div className="catalogue-layout">
        <FiltersPanel action={path} catalogue={catalogue} />
        <div className="catalogue-main">
          {hits.length ? (
            <ul className="item-grid">
              {hits.map((item) => (
                <li key={item.objectID}>
                  <ItemCard item={item} now={catalogue.now} free={catalogue.free?.[item.objectID]} />
                </li>
              ))}
            </ul>
          ) : filtered || query.text ? (
            // A search with no filter set says nothing of filters.
            <EmptyState message={filtered ? messages.noMatches : messages.noTextMatches(query.text ?? '')}>
              <p>{filtered ? messages.noMatchesHint : messages.noTextMatchesHint}</p>
              {filtered && (
                <a className="button button-primary" href={clear}>
                  {messages.clearFilters}
                </a>
              )}
            </EmptyState>
          ) : (
            <EmptyState message={messages.noItemsYet} />
          )}
          <Pages path={path} />
        </div>
      </div>
    </section>
  );
}
