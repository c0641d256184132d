/** /rentals/{group}[/{category}[/{subcategory}]]: that level's categories or subcategories, with the trail back up. */
import { CategoryGrid } from '../components/CategoryGrid';
import { EmptyState } from '../components/EmptyState';
import { PageHeader } from '../components/PageHeader';
import { useConfiguration } from '../config/ConfigurationProvider';
import { messages } from '../i18n/messages';
import { RENTALS_BASE_PATH } from '../../schema/routes';
import { linkLabelFor } from '../document/page-meta';
import { usePageMeta } from './usePageMeta';
import { NotFoundPage } from './NotFoundPage';

export function CategoryPage() {
  const configuration = useConfiguration();
  const { page } = usePageMeta();
  if (page.kind !== 'category') return <NotFoundPage />;
  const here = page.trail[page.trail.length - 1]!;
  const crumbs = [{ name: linkLabelFor(configuration, RENTALS_BASE_PATH) ?? messages.rentalsHeading, href: RENTALS_BASE_PATH }, ...page.trail.slice(0, -1)];
  return (
    <>
      <PageHeader title={here.name} crumbs={crumbs} />
      <div className="container section">
        {page.children.length ? (
          <CategoryGrid cards={page.children.map((child) => ({ name: child.name, href: child.href, detail: child.count === undefined ? undefined : messages.subcategories(child.count) }))} />
        ) : (
          <EmptyState message={messages.emptyCategory}>
            <a className="button button-primary" href="/contact-us">
              {messages.requestA(configuration.site.request!)}
            </a>
          </EmptyState>
        )}
      </div>
    </>
  );
}
