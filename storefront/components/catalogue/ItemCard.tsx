/**
 * One item in a list: its first photo (lazy, with its size set so nothing shifts as it loads), its
 * name linking to its page, the day rate in the tenant's currency, "New" when it was listed within
 * site.newWeekCount weeks, and how many there are unless it is one and site.hideQtyIfEq1 says so;
 * with shoot dates set, how many are free on them instead. On the platform: its house, where it
 * is and how far, and the rate in the house's own currency.
 */
import type { ReactNode } from 'react';
import { itemHref } from '../../../schema/routes';
import { useConfiguration, useMarketplace } from '../../config/ConfigurationProvider';
import type { ItemSummary } from '../../document/state';
import { messages } from '../../i18n/messages';
import { formatMoney } from '../../../schema/display/format';
import { safeHref } from '../../lib/navigation';
import { HouseLine } from '../marketplace/HouseLine';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Listed within the last `weeks` weeks of `now` (both from the server, so both renders agree). */
export const isNew = (createdAt: string, now: string, weeks: number) =>
  Date.parse(now) - Date.parse(createdAt) < weeks * WEEK_MS;

/** `children`: what the card ends with besides the rate (a quantity wanted, a remove button). */
export function ItemCard({
  item,
  now,
  free,
  children,
}: {
  item: ItemSummary;
  now: string;
  free?: number;
  children?: ReactNode;
}) {
  const { site } = useConfiguration();
  const from = useMarketplace()?.from;
  const image = item.images?.[0];
  const src = safeHref(image?.url);
  const showQuantity = !(site.hideQtyIfEq1 && item.quantity === 1);
  return (
    <article className="item-card">
      <a className="item-card-link" href={itemHref(item.objectID)}>
        <span className="item-card-media">
          {image && src ? (
            <img src={src} width={image.width} height={image.height} alt={image.alt} loading="lazy" decoding="async" />
          ) : (
            <span className="item-card-placeholder" aria-hidden="true" />
          )}
          {isNew(item.createdAt, now, site.newWeekCount!) && (
            <span className="badge badge-new">{messages.newBadge}</span>
          )}
        </span>
        <span className="item-card-name">{item.name}</span>
      </a>
      {item.house && <HouseLine house={item.house} from={from} className="house-line item-card-house" />}
      <p className="item-card-meta">
        <span className="item-card-rate">
          {formatMoney(item.rates.day, item.house ?? site)} <span className="item-card-unit">/ {messages.perDay}</span>
        </span>
        {free !== undefined ? (
          <span className={free > 0 ? 'item-card-quantity item-card-free' : 'item-card-quantity item-card-booked'}>
            {messages.freeOnDates(free)}
          </span>
        ) : (
          showQuantity && <span className="item-card-quantity">{messages.available(item.quantity)}</span>
        )}
      </p>
      {children && <div className="item-card-actions">{children}</div>}
    </article>
  );
}
