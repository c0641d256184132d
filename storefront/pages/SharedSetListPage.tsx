/**
 * /set-lists/shared/<token>: a set list shared read-only by link, for the rest of the production
 * team: its name, notes, and each item with how many are wanted. Rendered on the server, for
 * anyone with the link, signed in or not; never indexed. A link that no longer works says why.
 */
import type { SharedSetList } from '../../schema/set-list-views';
import { EmptyState } from '../components/EmptyState';
import { SetListLines } from '../components/lists/SetListLines';
import { PageHeader } from '../components/PageHeader';
import { useConfiguration, useSharedSetList } from '../config/ConfigurationProvider';
import { messages } from '../i18n/messages';
import { RENTALS_BASE_PATH } from '../../schema/routes';

export function SharedSetListPage() {
  const { site } = useConfiguration();
  const list: SharedSetList | null | undefined = useSharedSetList();
  if (!list)
    return (
      <>
        <PageHeader title={messages.setListHeading} />
        <div className="container section">
          <EmptyState message={messages.sharedGone}>
            <a className="button button-primary" href={RENTALS_BASE_PATH}>
              {messages.browseRentals}
            </a>
          </EmptyState>
        </div>
      </>
    );
  return (
    <>
      <PageHeader title={list.name} lead={list.notes}>
        <p className="shared-note">{messages.sharedByLink(site.appTitle)}</p>
      </PageHeader>
      <div className="container section">
        <h2 className="section-heading">{messages.setListItems(list.lines.length)}</h2>
        {list.lines.length ? <SetListLines lines={list.lines} /> : <EmptyState message={messages.emptySetList} />}
      </div>
    </>
  );
}
