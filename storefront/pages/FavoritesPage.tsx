/**
 * /favorites: the signed-in visitor's favourite items, newest first, each with a way to take it
 * off. The list follows the live profile: favouriting in another tab shows here too.
 */
import { useEffect, useState } from 'react';
import { RENTALS_BASE_PATH } from '../../schema/routes';
import type { ItemSummary } from '../../schema/catalogue-search';
import { toIdentityError, type IdentityError } from '../auth/identity-api';
import { ErrorText } from '../components/auth/ErrorText';
import { ItemCard } from '../components/catalogue/ItemCard';
import { EmptyState } from '../components/EmptyState';
import { Loading, SignedInOnly } from '../components/lists/SignedInOnly';
import { PageHeader } from '../components/PageHeader';
import { messages } from '../i18n/messages';
import { listsApi } from '../lib/lists-api';
import { usePageMeta } from './usePageMeta';

export function FavoritesPage() {
  const meta = usePageMeta();
  return (
    <>
      <PageHeader title={meta.name} lead={messages.favoritesLead} />
      <div className="container section">
        <SignedInOnly>{(visitor) => <FavoriteItems favorites={visitor.profile.favorites ?? []} />}</SignedInOnly>
      </div>
    </>
  );
}

function FavoriteItems({ favorites }: { favorites: string[] }) {
  const [items, setItems] = useState<ItemSummary[]>();
  const [error, setError] = useState<IdentityError>();
  const key = favorites.join(' ');
  useEffect(() => {
    let live = true;
    listsApi.favorites().then(
      (answer) => live && setItems(answer.items),
      (failure) => live && setError(toIdentityError(failure)),
    );
    return () => void (live = false);
  }, [key]);

  const remove = async (objectID: string) => {
    setError(undefined);
    try {
      await listsApi.setFavorite(objectID, false);
      setItems((current) => current?.filter((item) => item.objectID !== objectID));
    } catch (failure) {
      setError(toIdentityError(failure));
    }
  };

  if (error && !items) return <ErrorText id="favorites-error" error={error} />;
  if (!items) return <Loading />;
  if (!items.length)
    return (
      <EmptyState message={messages.noFavorites}>
        <a className="button button-primary" href={RENTALS_BASE_PATH}>
          {messages.browseRentals}
        </a>
      </EmptyState>
    );
  const now = new Date().toISOString();
  return (
    <>
      {error && <ErrorText id="favorites-error" error={error} />}
      <p className="list-count">{messages.itemCount(items.length)}</p>
      <ul className="item-grid">
        {items.map((item) => (
          <li key={item.objectID}>
            <ItemCard item={item} now={now}>
              <button
                type="button"
                className="link-button"
                onClick={() => remove(item.objectID)}
                aria-label={messages.removeFavorite(item.name)}
              >
                {messages.remove}
              </button>
            </ItemCard>
          </li>
        ))}
      </ul>
    </>
  );
}
