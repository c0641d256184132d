/** /rentals/{group}[/{category}[/{subcategory}]]: that level's categories or subcategories, with the trail back up, then its items, filterable. */
import { CategoryGrid } from '../components/CategoryGrid';
import { EmptyState } from '../components/EmptyState';
import { PageHeader } from '../components/PageHeader';
import { useCatalogue, useConfiguration } from '../config/ConfigurationProvider';
import { CatalogueResults } from '../components/catalogue/CatalogueResults';
import { hasFilters } from '../lib/catalogue-query';
import { messages } from '../i18n/messages';
import { RENTALS_BASE_PATH } from '../../schema/routes';
import { linkLabelFor } from '../document/page-meta';
import { usePageMeta } from './usePageMeta';
import { NotFoundPage } from './NotFoundPage';

export function CategoryPage() {
  const configuration = useConfiguration();
  const { page } = usePageMeta();
  const catalogue = useCatalogue();
  if (page.kind !== 'category') return <NotFoundPage />;
  const here = page.trail[page.trail.length - 1]!;
  const crumbs = [
    { name: linkLabelFor(configuration, RENTALS_BASE_PATH) ?? messages.rentalsHeading, href: RENTALS_BASE_PATH },
    ...page.trail.slice(0, -1),
  ];
  return (
    <>
      <PageHeader title={here.name} crumbs={crumbs} />
      <div className="container section">
        {page.children.length > 0 && (
          <CategoryGrid
            cards={page.children.map((child) => ({
              name: child.name,
              href: child.href,
              detail: child.count === undefined ? undefined : messages.subcategories(child.count),
            }))}
          />
        )}
        {catalogue && (catalogue.total > 0 || hasFilters(catalogue.query)) ? (
          <CatalogueResults path={here.href} heading={page.children.length ? messages.allItems : messages.itemsHere} />
        ) : (
          page.children.length === 0 && (
            <EmptyState message={messages.emptyCategory}>
              <a className="button button-primary" href="/contact-us">
                {messages.requestA(configuration.site.request!)}
              </a>
            </EmptyState>
          )
        )}
      </div>
    </>
  );
}
