/**
 * /set-lists: the signed-in visitor's set lists, most recently changed first (cover photo, name,
 * how many items, shared or not), and a form to start one.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { setListHref } from '../../schema/routes';
import type { SetListSummary } from '../../schema/set-list-views';
import { toIdentityError, type IdentityError } from '../auth/identity-api';
import { ErrorText } from '../components/auth/ErrorText';
import { EmptyState } from '../components/EmptyState';
import { Loading, SignedInOnly } from '../components/lists/SignedInOnly';
import { PageHeader } from '../components/PageHeader';
import { useConfiguration } from '../config/ConfigurationProvider';
import { messages } from '../i18n/messages';
import { listsApi } from '../lib/lists-api';
import { safeHref } from '../lib/navigation';
import { usePageMeta } from './usePageMeta';
import { formText } from '../lib/form-text';

export function SetListsPage() {
  const meta = usePageMeta();
  return (
    <>
      <PageHeader title={meta.name} lead={messages.setListsLead} />
      <div className="container section">
        <SignedInOnly>{() => <VisitorSetLists />}</SignedInOnly>
      </div>
    </>
  );
}

function VisitorSetLists() {
  const { site, forms } = useConfiguration();
  const [lists, setLists] = useState<SetListSummary[]>();
  const [error, setError] = useState<IdentityError>();
  const [createError, setCreateError] = useState<IdentityError>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    listsApi.setLists().then(
      (answer) => live && setLists(answer.setLists),
      (failure) => live && setError(toIdentityError(failure)),
    );
    return () => void (live = false);
  }, []);

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const notes = formText(form, 'notes').trim();
    setBusy(true);
    setCreateError(undefined);
    try {
      const list = await listsApi.createSetList({ name: formText(form, 'name'), ...(notes && { notes }) });
      window.location.assign(setListHref(list.id));
    } catch (failure) {
      setCreateError(toIdentityError(failure));
      setBusy(false);
    }
  };
  const date = new Intl.DateTimeFormat(site.locale, { dateStyle: 'medium' });

  return (
    <div className="set-lists-layout">
      <section aria-labelledby="your-lists-heading">
        <h2 id="your-lists-heading" className="visually-hidden">
          {messages.setListsHeading}
        </h2>
        {error ? (
          <ErrorText id="set-lists-error" error={error} />
        ) : !lists ? (
          <Loading />
        ) : !lists.length ? (
          <EmptyState message={messages.noSetLists} />
        ) : (
          <ul className="set-list-cards">
            {lists.map((list) => {
              const cover = list.cover && safeHref(list.cover.url);
              return (
                <li key={list.id}>
                  <a className="set-list-card" href={setListHref(list.id)}>
                    {cover ? (
                      <img
                        src={cover}
                        alt=""
                        width={list.cover!.width ?? 160}
                        height={list.cover!.height ?? 120}
                        loading="lazy"
                        decoding="async"
                      />
                    ) : (
                      <span className="set-list-card-placeholder" aria-hidden="true" />
                    )}
                    <span className="set-list-card-text">
                      <span className="set-list-card-name">{list.name}</span>
                      <span className="set-list-card-meta">
                        {messages.setListItems(list.itemCount)} ·{' '}
                        {messages.updatedOn(date.format(new Date(list.updatedAt)))}
                        {list.shared && <span className="badge">{messages.shared}</span>}
                      </span>
                    </span>
                  </a>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <form className="form-card" onSubmit={create} aria-busy={busy} aria-labelledby="new-set-list-heading">
        <h2 id="new-set-list-heading" className="form-heading">
          {messages.newSetList}
        </h2>
        {createError && !createError.field && <ErrorText id="new-set-list-error" error={createError} />}
        <label>
          {messages.setListName}
          <input
            name="name"
            required
            maxLength={forms.maxLengths.setListName}
            placeholder={messages.setListNamePlaceholder}
            aria-invalid={createError?.field === 'name'}
            aria-describedby={createError?.field === 'name' ? 'new-set-list-name-error' : undefined}
          />
        </label>
        {createError?.field === 'name' && <ErrorText id="new-set-list-name-error" error={createError} />}
        <label>
          {messages.setListNotes}
          <textarea name="notes" rows={3} maxLength={forms.maxLengths.setListNotes} />
        </label>
        <div className="form-actions">
          <button className="button button-primary" type="submit" disabled={busy}>
            {busy ? messages.creatingSetList : messages.createSetList}
          </button>
        </div>
      </form>
    </div>
  );
}
