/**
 * "Your hires in your calendar" on the visitor's quotes page: a secret link to their own hires
 * (server/routes/calendar.ts) that Google Calendar, Outlook or Apple Calendar subscribes to;
 * made, copied, or turned off (the link then stops working everywhere).
 */
import { useEffect, useState } from 'react';
import { toIdentityError, type IdentityError } from '../../auth/identity-api';
import { quoteMessages as words } from '../../i18n/quote-messages';
import { quotesApi } from '../../lib/quotes-api';
import { ErrorText } from '../auth/ErrorText';

export function CalendarLink() {
  const [url, setUrl] = useState<string | null>();
  const [error, setError] = useState<IdentityError>();
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    quotesApi.calendarFeed('GET').then(
      (answer) => setUrl(answer.url),
      (failure) => setError(toIdentityError(failure)),
    );
  }, []);
  const change = async (method: 'POST' | 'DELETE') => {
    setBusy(true);
    setError(undefined);
    try {
      setUrl((await quotesApi.calendarFeed(method)).url);
      setCopied(false);
    } catch (failure) {
      setError(toIdentityError(failure));
    } finally {
      setBusy(false);
    }
  };
  if (url === undefined && !error) return null;
  return (
    <section className="calendar-link" aria-labelledby="calendar-link-heading">
      <h2 id="calendar-link-heading">{words.calendarHeading}</h2>
      {url ? (
        <>
          <p>{words.calendarLead}</p>
          <div className="calendar-link-row">
            <label className="visually-hidden" htmlFor="calendar-link-url">
              {words.calendarLinkLabel}
            </label>
            <input id="calendar-link-url" type="text" readOnly value={url} onFocus={(event) => event.target.select()} />
            <button
              type="button"
              className="button button-primary"
              onClick={() =>
                void navigator.clipboard.writeText(url).then(
                  () => setCopied(true),
                  () => undefined,
                )
              }
            >
              {copied ? words.calendarCopied : words.calendarCopy}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => void change('DELETE')}
            >
              {words.calendarOff}
            </button>
          </div>
        </>
      ) : (
        <>
          <p>{words.calendarNone}</p>
          <button type="button" className="button button-secondary" disabled={busy} onClick={() => void change('POST')}>
            {words.calendarMake}
          </button>
        </>
      )}
      {error && <ErrorText id="calendar-link-error" error={error} />}
    </section>
  );
}
