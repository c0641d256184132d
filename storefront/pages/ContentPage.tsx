/**
 * A content page (portfolio, FAQs, about us …): its Markdown body, rendered on the server with
 * raw HTML off (schema/display/markdown.ts), or a tasteful empty state while it has none.
 */
import { EmptyState } from '../components/EmptyState';
import { PageHeader } from '../components/PageHeader';
import { usePageContent } from '../config/ConfigurationProvider';
import { messages } from '../i18n/messages';
import { usePageMeta } from './usePageMeta';

export function ContentPage() {
  const meta = usePageMeta();
  const content = usePageContent();
  return (
    <>
      <PageHeader title={meta.name} lead={content?.description} />
      <div className="container section">
        {content?.html ? (
          <div className="prose" dangerouslySetInnerHTML={{ __html: content.html }} />
        ) : (
          <EmptyState message={messages.emptyContent}>
            <a className="button button-primary" href="/contact-us">
              {messages.contactHeading}
            </a>
          </EmptyState>
        )}
      </div>
    </>
  );
}
