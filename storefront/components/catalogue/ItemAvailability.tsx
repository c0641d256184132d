/**
 * An item page's availability: the shoot dates (RentalDatesBar), how many are free on them, and a
 * calendar of the next four weeks from the first date (or today) with the free quantity each day.
 * An item page without dates is the same for everyone (and kept by the server); one asked for with
 * dates is rendered with them and the number free on them (not kept). The calendar's numbers come
 * from the API (server/routes/api/availability.ts) in the browser.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Item } from '../../../schema/types.generated';
import { useConfiguration, usePageState } from '../../config/ConfigurationProvider';
import { messages } from '../../i18n/messages';
import { formatDay } from '../../../schema/display/format';
import { ignoredDatesReason, parseRentalDates } from '../../../schema/rental/rental-dates';
import { RentalDatesBar } from './RentalDatesBar';
import { calendarOf, type Calendar } from '../../lib/availability-api';

const noSubscription = () => () => undefined;

export function ItemAvailability({ item }: { item: Pick<Item, 'objectID' | 'quantity'> }) {
  const { site } = useConfiguration();
  // The server renders an address's shoot dates with how many are free on them (itemDates); the
  // browser reads the address after hydration, and the same dates hydrate to the same page.
  const { itemDates } = usePageState();
  const serverSearch = itemDates ? `?from=${itemDates.from}&to=${itemDates.to}` : '';
  const search = useSyncExternalStore(
    noSubscription,
    () => window.location.search,
    () => serverSearch,
  );
  const dates = parseRentalDates(new URLSearchParams(search));
  const [from, to] = [dates?.from, dates?.to];
  const [calendar, setCalendar] = useState<Calendar | null>();
  const [freeOnDates, setFreeOnDates] = useState<number | undefined>(itemDates?.free);
  const [yoursOnDates, setYoursOnDates] = useState(0);
  const [heldOnDates, setHeldOnDates] = useState(0);
  const [atStores, setAtStores] = useState<Calendar['stores']>();
  useEffect(() => {
    let live = true;
    calendarOf(item.objectID, from).then(
      (answer) => live && setCalendar(answer),
      () => live && setCalendar(null),
    );
    if (from && to)
      calendarOf(item.objectID, from, to).then(
        (answer) => {
          if (!live) return;
          const free = Math.min(...answer.days.map((day) => day.free));
          setFreeOnDates(free);
          setYoursOnDates(Math.max(0, Math.min(...answer.days.map((day) => day.freeBesidesYours ?? day.free)) - free));
          setHeldOnDates(Math.max(0, Math.min(...answer.days.map((day) => day.free + (day.onHold ?? 0))) - free));
          setAtStores(answer.stores);
        },
        () => undefined,
      );
    return () => void (live = false);
  }, [item.objectID, from, to]);

  const dayLabel = new Intl.DateTimeFormat(site.locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  return (
    <section className="item-availability" aria-labelledby="availability-heading">
      <h2 id="availability-heading" className="item-details-heading">
        {messages.calendarHeading}
      </h2>
      <RentalDatesBar
        key={search}
        dates={dates}
        listing={false}
        ignored={ignoredDatesReason(new URLSearchParams(search))}
      />
      {dates && freeOnDates !== undefined && (
        <p className={freeOnDates > 0 ? 'notice notice-success' : 'notice notice-warning'} role="status">
          {messages.freeFromTo(
            freeOnDates,
            formatDay(dates.from, site),
            formatDay(dates.to, site),
            yoursOnDates,
            heldOnDates,
          )}
          {/* Where it matters: the stock is split between stores, so where the production collects counts. */}
          {freeOnDates > 0 && atStores && atStores.some((store) => store.free < freeOnDates) && (
            <> {messages.freeAtStores(atStores.filter((store) => store.free > 0))}</>
          )}
        </p>
      )}
      {calendar === null && <p className="field-hint">{messages.calendarFailed}</p>}
      {calendar && (
        <>
          <p className="field-hint">{messages.calendarLead(calendar.stock)}</p>
          <ol className="availability-calendar">
            {calendar.days.map((day) => {
              const chosen = dates !== undefined && day.date >= dates.from && day.date <= dates.to;
              const label = dayLabel.format(new Date(`${day.date}T12:00:00Z`));
              return (
                <li
                  key={day.date}
                  className={`availability-day${day.free === 0 ? ' availability-none' : day.free < calendar.stock ? ' availability-some' : ''}${chosen ? ' availability-chosen' : ''}`}
                  aria-label={messages.calendarFree(label, day.free, day.onHold)}
                >
                  <span className="availability-date" aria-hidden="true">
                    {label}
                  </span>
                  <span className="availability-free" aria-hidden="true">
                    {day.free}
                  </span>
                  {day.onHold ? (
                    <span className="availability-held" aria-hidden="true">
                      {messages.onHold(day.onHold)}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}
