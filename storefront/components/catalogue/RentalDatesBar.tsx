/**
 * "Your shoot dates": two dates (and, on listings, "Only what is free"), applied to the address as
 * `from`/`to` so a shared link keeps them, and remembered for the session: a page opened without
 * dates takes the remembered ones. Without JavaScript it is a GET form that names the same page.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { messages } from '../../i18n/messages';
import { formText } from '../../lib/form-text';
import {
  parseRentalDates,
  rememberDates,
  rememberedAvailableOnly,
  rememberedDates,
  withRentalDates,
  type RentalDates,
} from '../../../schema/rental/rental-dates';

export function RentalDatesBar({
  dates,
  availableOnly,
  listing,
  hidden = [],
  ignored,
}: {
  dates?: RentalDates;
  availableOnly?: boolean;
  listing: boolean;
  hidden?: Array<[string, string]>;
  /** Why the address's dates were set aside (ignoredDatesReason). */
  ignored?: string;
}) {
  const [problem, setProblem] = useState<string>();
  // A page opened without dates, in a session that set some: the same page with them. The address
  // decides, not `dates` (an item page's first render has none, whatever its address says).
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const inAddress = parseRentalDates(params);
    if (inAddress) {
      // An item page says nothing of "only what is free": the listing's choice stays remembered.
      rememberDates(inAddress, listing ? params.get('available') === '1' : rememberedAvailableOnly());
      return;
    }
    const remembered = rememberedDates();
    if (!remembered) return;
    const url = new URL(window.location.href);
    url.search = withRentalDates(url.searchParams, remembered).toString();
    if (listing && rememberedAvailableOnly()) url.searchParams.set('available', '1');
    window.location.replace(url.toString());
  }, [listing]);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const from = formText(form, 'from');
    const to = formText(form, 'to');
    if (to < from) return setProblem(messages.datesBackwards);
    const url = new URL(window.location.href);
    const params = withRentalDates(url.searchParams, { from, to });
    params.delete('page');
    params.delete('available');
    if (form.get('available') === '1') params.set('available', '1');
    rememberDates({ from, to }, form.get('available') === '1');
    url.search = params.toString();
    window.location.assign(url.toString());
  };
  const clear = () => {
    rememberDates(undefined);
    const url = new URL(window.location.href);
    const params = withRentalDates(url.searchParams, undefined);
    params.delete('available');
    params.delete('page');
    url.search = params.toString();
    window.location.assign(url.toString());
  };
  return (
    <form className="dates-bar" method="get" onSubmit={apply} aria-label={messages.shootDates}>
      {hidden.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <fieldset>
        <legend>{messages.shootDates}</legend>
        <label>
          {messages.datesFrom}
          <input type="date" name="from" required defaultValue={dates?.from} />
        </label>
        <label>
          {messages.datesTo}
          <input type="date" name="to" required defaultValue={dates?.to} />
        </label>
        {listing && (
          <label className="dates-bar-check">
            <input type="checkbox" name="available" value="1" defaultChecked={availableOnly} />
            {messages.availableOnly}
          </label>
        )}
        <button className="button button-primary" type="submit">
          {messages.showAvailability}
        </button>
        {dates && (
          <button className="button button-secondary" type="button" onClick={clear}>
            {messages.clearDates}
          </button>
        )}
      </fieldset>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : ignored ? (
        <p className="notice notice-warning" role="status">
          {messages.datesIgnored(ignored)}
        </p>
      ) : (
        !dates && <p className="field-hint">{messages.shootDatesHint}</p>
      )}
    </form>
  );
}
