/** /rentals: the rental departments in a grid of at most maxColumnCount columns, then every item, filterable. */
import { RENTALS_BASE_PATH } from '../../schema/routes';
import { CatalogueResults } from '../components/catalogue/CatalogueResults';
import { CategoryGrid, groupCards } from '../components/CategoryGrid';
import { EmptyState } from '../components/EmptyState';
import { PageHeader } from '../components/PageHeader';
import { useConfiguration } from '../config/ConfigurationProvider';
import { messages } from '../i18n/messages';
import { usePageMeta } from './usePageMeta';

export function RentalsPage() {
  const { categories } = useConfiguration();
  const meta = usePageMeta();
  const cards = groupCards(categories);
  return (
    <>
      <PageHeader title={meta.name} lead={messages.rentalsLead} />
      <div className="container section">
        {cards.length ? <CategoryGrid cards={cards} /> : <EmptyState message={messages.emptyCategory} />}
        <CatalogueResults path={RENTALS_BASE_PATH} heading={messages.allItems} />
      </div>
    </>
  );
}
