/** Unknown routes and categories: a real 404 (the server sets the status) with the site's navigation around it. */
import { EmptyState } from '../components/EmptyState';
import { PageHeader } from '../components/PageHeader';
import { messages } from '../i18n/messages';

export function NotFoundPage() {
  return (
    <>
      <PageHeader title={messages.notFoundHeading} lead={messages.notFoundLead} />
      <div className="container section">
        <EmptyState message={messages.notFoundHint}>
          <a className="button button-primary" href="/">
            {messages.backHome}
          </a>
          <a className="button button-secondary" href="/rentals">
            {messages.browseRentals}
          </a>
          <a className="button button-secondary" href="/categories">
            {messages.categoriesHeading}
          </a>
        </EmptyState>
      </div>
    </>
  );
}
