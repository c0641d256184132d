/**
 * /set-lists/<id>: one of the signed-in visitor's set lists: its items and how many of each
 * (changed or taken off here), its name and notes, the read-only link to share with the team (or
 * not), deleting it, and one quote request for the whole list.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { RENTALS_BASE_PATH, SET_LISTS_PATH } from '../../schema/routes';
import type { SetListView } from '../../schema/set-list-views';
import { toIdentityError, type IdentityError } from '../auth/identity-api';
import { ErrorText } from '../components/auth/ErrorText';
import { QuoteRequestForm } from '../components/catalogue/QuoteRequestForm';
import { useConfirm } from '../components/ConfirmDialog';
import { EmptyState } from '../components/EmptyState';
import { SetListLines } from '../components/lists/SetListLines';
import { SetListShare } from '../components/lists/SetListShare';
import { Loading, SignedInOnly } from '../components/lists/SignedInOnly';
import { PageHeader } from '../components/PageHeader';
import { useConfiguration, usePagePath } from '../config/ConfigurationProvider';
import { messages } from '../i18n/messages';
import { listsApi } from '../lib/lists-api';
import { resolvePage } from '../lib/navigation';
import { formText } from '../lib/form-text';

export function SetListPage() {
  const { categories, pages } = useConfiguration();
  const page = resolvePage(usePagePath(), categories, pages);
  const id = page.kind === 'set-list' ? page.id : '';
  return <SignedInOnly>{() => <OwnSetList id={id} />}</SignedInOnly>;
}

function OwnSetList({ id }: { id: string }) {
  const { site, forms } = useConfiguration();
  const confirm = useConfirm();
  const [list, setList] = useState<SetListView | null>();
  const [error, setError] = useState<IdentityError>();
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    let live = true;
    listsApi.setList(id).then(
      (answer) => live && setList(answer),
      (failure) => {
        if (!live) return;
        const shown = toIdentityError(failure);
        if (shown.status === 404) setList(null);
        else setError(shown);
      },
    );
    return () => void (live = false);
  }, [id]);

  /** Runs a change; the list as the server answers replaces the one shown, or the problem is said. */
  const change = async (call: () => Promise<SetListView>) => {
    setError(undefined);
    setSaved(false);
    try {
      setList(await call());
      return true;
    } catch (failure) {
      setError(toIdentityError(failure));
      return false;
    }
  };

  if (list === null)
    return (
      <>
        <PageHeader
          title={messages.setListHeading}
          crumbs={[{ name: messages.setListsHeading, href: SET_LISTS_PATH }]}
        />
        <div className="container section">
          <EmptyState message={messages.setListGone}>
            <a className="button button-primary" href={SET_LISTS_PATH}>
              {messages.backToSetLists}
            </a>
          </EmptyState>
        </div>
      </>
    );
  if (!list)
    return (
      <div className="container section">{error ? <ErrorText id="set-list-error" error={error} /> : <Loading />}</div>
    );

  const describe = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const notes = formText(form, 'notes').trim();
    if (
      await change(() => listsApi.describeSetList(list.id, { name: formText(form, 'name'), ...(notes && { notes }) }))
    )
      setSaved(true);
  };
  const remove = async () => {
    const outcome = await confirm({
      title: messages.deleteSetList,
      message: messages.deleteSetListConfirm(list.name),
      confirmLabel: messages.deleteSetList,
    });
    if (outcome !== 'confirmed') return;
    try {
      await listsApi.deleteSetList(list.id);
      window.location.assign(SET_LISTS_PATH);
    } catch (failure) {
      setError(toIdentityError(failure));
    }
  };
  const listed = list.lines.flatMap((line) =>
    line.item
      ? [
          {
            objectID: line.objectID,
            name: line.item.name,
            quantity: line.quantity,
            stock: line.item.quantity,
            ...(line.item.house && { house: line.item.house }),
          },
        ]
      : [],
  );

  return (
    <>
      <PageHeader
        title={list.name}
        lead={list.notes}
        crumbs={[{ name: messages.setListsHeading, href: SET_LISTS_PATH }]}
      />
      <div className="container section set-list-page">
        <section className="set-list-main" aria-labelledby="set-list-items-heading">
          <h2 id="set-list-items-heading" className="section-heading">
            {messages.setListItems(list.lines.length)}
          </h2>
          {error && <ErrorText id="set-list-error" error={error} />}
          {list.lines.length ? (
            <SetListLines
              lines={list.lines}
              editing={{
                setQuantity: async (objectID, quantity) =>
                  void (await change(() => listsApi.setLine(list.id, objectID, quantity))),
                remove: async (objectID) => void (await change(() => listsApi.removeLine(list.id, objectID))),
              }}
            />
          ) : (
            <EmptyState message={messages.emptySetList}>
              <a className="button button-primary" href={RENTALS_BASE_PATH}>
                {messages.browseRentals}
              </a>
            </EmptyState>
          )}
          {listed.length > 0 &&
            (listed.length === list.lines.length ? (
              <QuoteRequestForm key={list.updatedAt} lines={listed} heading={messages.quoteForList(site.request!)} />
            ) : (
              <p className="form-note">{messages.quoteNeedsListedItems}</p>
            ))}
        </section>
        <aside className="set-list-side">
          <SetListShare list={list} onChange={(shared) => change(() => listsApi.share(list.id, shared))} />
          <details className="form-card set-list-describe">
            <summary className="form-heading">{messages.editSetList}</summary>
            <form onSubmit={describe} className="stack-form">
              <label>
                {messages.setListName}
                <input
                  name="name"
                  required
                  maxLength={forms.maxLengths.setListName}
                  defaultValue={list.name}
                  aria-invalid={error?.field === 'name'}
                />
              </label>
              <label>
                {messages.setListNotes}
                <textarea
                  name="notes"
                  rows={3}
                  maxLength={forms.maxLengths.setListNotes}
                  defaultValue={list.notes ?? ''}
                />
              </label>
              <div className="form-actions">
                <button className="button button-primary" type="submit">
                  {messages.saveSetList}
                </button>
                {saved && (
                  <span className="form-status" role="status">
                    {messages.saved}
                  </span>
                )}
              </div>
            </form>
          </details>
          <button type="button" className="button button-danger" onClick={remove}>
            {messages.deleteSetList}
          </button>
        </aside>
      </div>
    </>
  );
}
