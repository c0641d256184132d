/** /rentals: the rental departments in a grid of at most maxColumnCount columns. */
import { CategoryGrid } from '../components/CategoryGrid';
import { EmptyState } from '../components/EmptyState';
import { PageHeader } from '../components/PageHeader';
import { useConfiguration } from '../config/ConfigurationProvider';
import { messages } from '../i18n/messages';
import { rentalGroups } from '../lib/catalogue';
import { categoryHref } from '../lib/navigation';
import { usePageMeta } from './usePageMeta';

export function RentalsPage() {
  const { categories } = useConfiguration();
  const meta = usePageMeta();
  const groups = rentalGroups(categories);
  return (
    <>
      <PageHeader title={meta.name} lead={messages.rentalsLead} />
      <div className="container section">
        {groups.length ? (
          <CategoryGrid cards={groups.map((group) => ({ name: group.name, href: categoryHref(group.slug), detail: messages.categories(group.categories.length) }))} />
        ) : (
          <EmptyState message={messages.emptyCategory} />
        )}
      </div>
    </>
  );
}
