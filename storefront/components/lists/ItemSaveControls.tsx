/**
 * On an item's page, keeping it for later: "Favourite" (a toggle, pressed while it is one of the
 * visitor's favourites, as the live profile says) and "Add to a set list" (one of the visitor's
 * lists, or a new one named here, with how many). A signed-out visitor is offered the login,
 * coming back here after it.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { setListHref } from '../../../schema/routes';
import type { SetListSummary } from '../../../schema/set-list-views';
import type { Item } from '../../../schema/types.generated';
import { useAuth } from '../../auth/AuthProvider';
import { toIdentityError, type IdentityError } from '../../auth/identity-api';
import { rememberRedirectTarget } from '../../auth/redirect-target';
import { useConfiguration } from '../../config/ConfigurationProvider';
import { messages } from '../../i18n/messages';
import { listsApi } from '../../lib/lists-api';
import { ErrorText } from '../auth/ErrorText';
import { formText } from '../../lib/form-text';

const NEW_LIST = '';

const HeartIcon = ({ filled }: { filled: boolean }) => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 24 24"
    aria-hidden="true"
    fill={filled ? 'currentColor' : 'none'}
    stroke="currentColor"
    strokeWidth="2"
    strokeLinejoin="round"
  >
    <path d="M12 20.5s-7.5-4.6-9.2-9.4C1.7 7.9 3.9 4.5 7.4 4.5c2 0 3.6 1.1 4.6 2.7 1-1.6 2.6-2.7 4.6-2.7 3.5 0 5.7 3.4 4.6 6.6-1.7 4.8-9.2 9.4-9.2 9.4z" />
  </svg>
);

export function ItemSaveControls({ item }: { item: Pick<Item, 'objectID' | 'name' | 'quantity'> }) {
  const { status, visitor } = useAuth();
  if (status.status === 'unknown') return null;
  if (status.status !== 'authenticated' || !visitor) {
    return (
      <p className="save-controls">
        <a
          className="button button-secondary"
          href="/auth/login"
          onClick={() => rememberRedirectTarget(`${window.location.pathname}${window.location.search}`)}
        >
          <HeartIcon filled={false} /> {messages.favoriteLogIn}
        </a>
      </p>
    );
  }
  return (
    <div className="save-controls">
      <FavoriteToggle objectID={item.objectID} favorites={visitor.profile.favorites ?? []} />
      <AddToSetList item={item} />
    </div>
  );
}

function FavoriteToggle({ objectID, favorites }: { objectID: string; favorites: string[] }) {
  const saved = favorites.includes(objectID);
  // What the last click asked for, until the live profile says the same.
  const [asked, setAsked] = useState<boolean>();
  const [error, setError] = useState<IdentityError>();
  // The live profile moved: what was asked is answered (state adjusted while rendering, not in an effect).
  const [savedBefore, setSavedBefore] = useState(saved);
  if (savedBefore !== saved) {
    setSavedBefore(saved);
    setAsked(undefined);
  }
  const pressed = asked ?? saved;
  const toggle = async () => {
    setError(undefined);
    setAsked(!pressed);
    try {
      await listsApi.setFavorite(objectID, !pressed);
    } catch (failure) {
      setAsked(undefined);
      setError(toIdentityError(failure));
    }
  };
  return (
    <div className="favorite-toggle">
      <button
        type="button"
        className={`button button-secondary${pressed ? ' is-on' : ''}`}
        aria-pressed={pressed}
        onClick={toggle}
      >
        <HeartIcon filled={pressed} /> {pressed ? messages.favorited : messages.favorite}
      </button>
      {error && <ErrorText id="favorite-error" error={error} />}
    </div>
  );
}

function AddToSetList({ item }: { item: Pick<Item, 'objectID' | 'name' | 'quantity'> }) {
  const { forms } = useConfiguration();
  const [lists, setLists] = useState<SetListSummary[]>();
  const [choice, setChoice] = useState(NEW_LIST);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IdentityError>();
  const [added, setAdded] = useState<{ id: string; name: string }>();

  useEffect(() => {
    let live = true;
    listsApi.setLists().then(
      (answer) => {
        if (!live) return;
        setLists(answer.setLists);
        setChoice(answer.setLists[0]?.id ?? NEW_LIST);
      },
      (failure) => live && (setLists([]), setError(toIdentityError(failure))),
    );
    return () => void (live = false);
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    setAdded(undefined);
    try {
      const list =
        choice === NEW_LIST
          ? await listsApi.createSetList({ name: formText(form, 'name') })
          : { id: choice, name: lists!.find((candidate) => candidate.id === choice)!.name };
      if (choice === NEW_LIST) {
        setLists((current) => [
          { id: list.id, name: list.name, itemCount: 0, shared: false, updatedAt: new Date().toISOString() },
          ...(current ?? []),
        ]);
        setChoice(list.id);
      }
      await listsApi.setLine(list.id, item.objectID, Number(form.get('quantity') || 1));
      setAdded(list);
    } catch (failure) {
      setError(toIdentityError(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="add-to-list">
      <summary className="button button-secondary">{messages.addToSetList}</summary>
      <form
        className="add-to-list-form"
        onSubmit={submit}
        aria-busy={busy || !lists}
        aria-label={messages.addToSetList}
      >
        {!lists ? (
          <p className="field-hint">{messages.loading}</p>
        ) : (
          <>
            <label>
              {messages.chooseSetList}
              <select name="list" value={choice} onChange={(event) => setChoice(event.target.value)}>
                {lists.map((list) => (
                  <option key={list.id} value={list.id}>
                    {list.name}
                  </option>
                ))}
                <option value={NEW_LIST}>{messages.newSetListOption}</option>
              </select>
            </label>
            {choice === NEW_LIST && (
              <label>
                {messages.setListName}
                <input
                  name="name"
                  required
                  maxLength={forms.maxLengths.setListName}
                  placeholder={messages.setListNamePlaceholder}
                  aria-invalid={error?.field === 'name'}
                />
              </label>
            )}
            <label>
              {messages.howMany}
              <input
                name="quantity"
                type="number"
                min={1}
                max={item.quantity}
                defaultValue={1}
                required
                aria-invalid={error?.field === 'quantity'}
              />
            </label>
            <button className="button button-primary" type="submit" disabled={busy}>
              {messages.addToList}
            </button>
          </>
        )}
        {error && <ErrorText id="add-to-list-error" error={error} />}
        {added && (
          <p className="notice-success form-status" role="status">
            {messages.addedTo} <a href={setListHref(added.id)}>{added.name}</a>
          </p>
        )}
      </form>
    </details>
  );
}
