/** /search: the whole catalogue by word (`?q=`), with the same filters as every listing. */
import { CatalogueResults } from '../components/catalogue/CatalogueResults';
import { PageHeader } from '../components/PageHeader';
import { useCatalogue } from '../config/ConfigurationProvider';
import { messages } from '../i18n/messages';
import { usePageMeta } from './usePageMeta';

export function SearchPage() {
  const meta = usePageMeta();
  const catalogue = useCatalogue();
  return (
    <>
      <PageHeader title={meta.name} lead={messages.searchLead}>
        <form className="search-form" method="get" action="/search" role="search">
          <label htmlFor="search-text" className="visually-hidden">
            {messages.searchLabel}
          </label>
          <input
            id="search-text"
            name="q"
            type="search"
            defaultValue={catalogue?.query.text}
            placeholder={messages.searchPlaceholder}
            maxLength={200}
            autoComplete="off"
          />
          <button className="button button-primary" type="submit">
            {messages.searchButton}
          </button>
        </form>
      </PageHeader>
      <div className="container section">
        <CatalogueResults path="/search" heading={messages.allItems} />
      </div>
    </>
  );
}
