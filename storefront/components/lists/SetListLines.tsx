/**
 * A set list's items as rows: photo, name (linking to the item), on the platform the house it is
 * from, day rate (in its house's currency), how many; on the
 * owner's page each row also changes its quantity and comes off the list. An item no longer in
 * the catalogue keeps its row, saying so.
 */
import { useState, type FormEvent } from 'react';
import { itemHref } from '../../../schema/routes';
import type { SetListLineView } from '../../../schema/set-list-views';
import { useConfiguration } from '../../config/ConfigurationProvider';
import { messages } from '../../i18n/messages';
import { formatMoney } from '../../../schema/display/format';
import { safeHref } from '../../lib/navigation';
import { HouseLine } from '../marketplace/HouseLine';

export interface LineEditing {
  setQuantity(objectID: string, quantity: number): Promise<void>;
  remove(objectID: string): Promise<void>;
}

export function SetListLines({ lines, editing }: { lines: SetListLineView[]; editing?: LineEditing }) {
  return (
    <ul className="set-list-lines">
      {lines.map((line) => (
        <SetListLine key={line.objectID} line={line} editing={editing} />
      ))}
    </ul>
  );
}

function SetListLine({ line, editing }: { line: SetListLineView; editing?: LineEditing }) {
  const { site } = useConfiguration();
  const [busy, setBusy] = useState(false);
  const { item } = line;
  const image = item?.images?.[0];
  const src = safeHref(image?.url);
  const name = item?.name ?? line.objectID;
  const run = async (task: () => Promise<void>) => {
    setBusy(true);
    try {
      await task();
    } finally {
      setBusy(false);
    }
  };
  const update = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const quantity = Number(new FormData(event.currentTarget).get('quantity'));
    if (quantity !== line.quantity) void run(() => editing!.setQuantity(line.objectID, quantity));
  };
  return (
    <li className="set-list-line" aria-busy={busy}>
      {image && src ? (
        <img src={src} width={image.width ?? 120} height={image.height ?? 90} alt="" loading="lazy" decoding="async" />
      ) : (
        <span className="set-list-line-placeholder" aria-hidden="true" />
      )}
      <div className="set-list-line-text">
        {item ? (
          <a className="set-list-line-name" href={itemHref(item.objectID)}>
            {item.name}
          </a>
        ) : (
          <span className="set-list-line-name">{line.objectID}</span>
        )}
        {/* On the platform: whose item it is, and its rate in that house's currency. */}
        {item?.house && <HouseLine house={item.house} className="house-line set-list-line-house" />}
        <span className="set-list-line-meta">
          {item ? (
            <>
              {formatMoney(item.rates.day, item.house ?? site)}{' '}
              <span className="item-card-unit">/ {messages.perDay}</span>
            </>
          ) : (
            messages.noLongerListed
          )}
        </span>
      </div>
      {editing ? (
        <div className="set-list-line-actions">
          {item && (
            <form className="quantity-form" onSubmit={update}>
              <label className="visually-hidden" htmlFor={`quantity-${line.objectID}`}>
                {messages.quantityOf(name)}
              </label>
              <input
                id={`quantity-${line.objectID}`}
                name="quantity"
                type="number"
                min={1}
                max={item.quantity}
                defaultValue={line.quantity}
                required
                key={line.quantity}
              />
              <button type="submit" className="button button-secondary" disabled={busy}>
                {messages.updateQuantity}
              </button>
            </form>
          )}
          <button
            type="button"
            className="link-button"
            onClick={() => run(() => editing.remove(line.objectID))}
            disabled={busy}
            aria-label={messages.removeFromList(name)}
          >
            {messages.remove}
          </button>
        </div>
      ) : (
        <span className="set-list-line-wanted">{messages.wanted(line.quantity)}</span>
      )}
    </li>
  );
}
