/**
 * A production request's parts, one per house: where each house has it (sent, waiting for its
 * approval, refused, or not sent and why), the quote's state and total in the house's currency
 * once priced, a link to its page on the house's storefront, and a button that sends the parts not
 * sent again.
 */
import { useState, type FormEvent, type MouseEvent } from 'react';
import { retryable, withdrawable } from '../../../schema/marketplace/production-requests';
import { formText } from '../../lib/form-text';
import { identityApi, toIdentityError, type IdentityError } from '../../auth/identity-api';
import { messages as allMessages } from '../../i18n/messages';
import { quoteMessages } from '../../i18n/quote-messages';
import { formatMoney } from '../../../schema/display/format';
import {
  productionRequestsApi,
  type PartHeld,
  type ShownPart,
  type ShownProductionRequest,
} from '../../lib/production-requests-api';
import { ErrorText } from '../auth/ErrorText';
import { useConfiguration } from '../../config/ConfigurationProvider';

const messages = allMessages.marketplace;

/** A part's total as its house's quote page says it (after its state): in the house's currency, "with VAT" when the house charges tax. */
function partTotalSaid(quote: NonNullable<ShownPart['quote']>, locale: string | undefined): string {
  if (quote.total === undefined || !quote.currency) return '';
  const amount = formatMoney(quote.total, { locale: quote.locale ?? locale, currency: quote.currency });
  return ` · ${quote.taxName ? quoteMessages.withTax(amount, quote.taxName) : amount}`;
}

/**
 * The part's page at its house, signed in there as on the platform: the platform makes a one-use
 * link that gives this identity a session on the house's host. A link opened in a new tab, or a
 * hand-off refused, is the plain page (the house then asks to log in).
 */
function openAtHouse(event: MouseEvent<HTMLAnchorElement>, house: string, href: string) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  const target = new URL(href);
  identityApi
    .handOff(house, `${target.pathname}${target.search}`)
    .then(({ url }) => window.location.assign(url))
    .catch(() => window.location.assign(href));
}

function OpenAtHouse({ part, href }: { part: ShownPart; href: string }) {
  return (
    <a className="text-link" href={href} onClick={(event) => openAtHouse(event, part.house, href)}>
      {messages.openAtHouse(part.houseName)}
    </a>
  );
}

function partTitle(part: ShownPart): string {
  if (part.state === 'sent') return messages.partSent(part.houseName);
  if (part.state === 'awaitingApproval') return messages.partAwaiting(part.houseName);
  if (part.state === 'refused') return messages.partRefused(part.houseName);
  if (part.state === 'withdrawn') return messages.partWithdrawn(part.houseName);
  return messages.partFailed(part.houseName);
}

/**
 * What a production can do with one part not sent: send it again on dates of its own (its house's
 * rules refused the request's), or drop it. The house's refusal, if any, is said as the part's problem.
 */
function PartActions({
  request,
  part,
  onChange,
}: {
  request: ShownProductionRequest;
  part: ShownPart;
  onChange: (next: ShownProductionRequest) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IdentityError>();
  const run = async (task: () => Promise<ShownProductionRequest>) => {
    setBusy(true);
    setError(undefined);
    try {
      onChange(await task());
    } catch (failure) {
      setError(toIdentityError(failure));
    } finally {
      setBusy(false);
    }
  };
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void run(() =>
      productionRequestsApi.partDates(request.id, part.house, {
        startDate: formText(form, 'startDate'),
        endDate: formText(form, 'endDate'),
      }),
    );
  };
  const id = `part-${request.id}-${part.house}`;
  return (
    <div className="production-part-actions" aria-busy={busy}>
      {retryable(part) && (
        <details>
          <summary>{messages.otherDates(part.houseName)}</summary>
          <form className="production-part-dates" onSubmit={send}>
            <label>
              {messages.firstDayAt(part.houseName)}
              <input name="startDate" type="date" required defaultValue={part.startDate ?? request.startDate} />
            </label>
            <label>
              {messages.lastDayAt(part.houseName)}
              <input name="endDate" type="date" required defaultValue={part.endDate ?? request.endDate} />
            </label>
            <button type="submit" className="button button-secondary" disabled={busy}>
              {busy ? messages.sendingAgain : messages.sendOnDates}
            </button>
          </form>
        </details>
      )}
      <button
        type="button"
        className="link-button"
        disabled={busy}
        onClick={() => void run(() => productionRequestsApi.withdraw(request.id, part.house))}
      >
        {messages.withdrawPart(part.houseName)}
      </button>
      {error && <ErrorText id={`${id}-error`} error={error} />}
    </div>
  );
}

export function ProductionParts({
  request,
  onChange,
}: {
  request: ShownProductionRequest;
  onChange: (next: ShownProductionRequest) => void;
}) {
  const { site } = useConfiguration();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IdentityError>();
  const [answers, setAnswers] = useState<PartHeld[]>();
  // A part still open (asked or quoted at its house) and not held yet.
  const holdable = request.parts.some(
    (part) => part.quote && !part.quote.held && (part.quote.state === 'requested' || part.quote.state === 'quoted'),
  );
  const holdAll = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const { held, ...next } = await productionRequestsApi.holdAll(request.id);
      setAnswers(held);
      onChange(next);
    } catch (failure) {
      setError(toIdentityError(failure));
    } finally {
      setBusy(false);
    }
  };
  const nameOf = (house: string) => request.parts.find((part) => part.house === house)?.houseName ?? house;
  const again = async () => {
    setBusy(true);
    setError(undefined);
    try {
      onChange(await productionRequestsApi.retry(request.id));
    } catch (failure) {
      setError(toIdentityError(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="production-parts">
      <ul className="production-part-list">
        {request.parts.map((part) => (
          <li key={part.house} className={`production-part production-part-${part.state}`}>
            <p className="production-part-title">{partTitle(part)}</p>
            <p className="production-part-lines">
              {part.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ')}
            </p>
            {part.quote && (
              <p className="production-part-quote">
                {part.quote.held && <span className="badge badge-confirmed">{messages.partHeld}</span>}{' '}
                {quoteMessages.states[part.quote.state as keyof typeof quoteMessages.states] ?? part.quote.state}
                {partTotalSaid(part.quote, site.locale)}
                {part.quote.unread ? (
                  <>
                    {' '}
                    <span className="quote-card-unread">{quoteMessages.unreadMessages(part.quote.unread)}</span>
                  </>
                ) : null}
              </p>
            )}
            {part.problem && part.state !== 'sent' && <p className="production-part-problem">{part.problem}</p>}
            {part.href && <OpenAtHouse part={part} href={part.href} />}
            {withdrawable(part) && <PartActions request={request} part={part} onChange={onChange} />}
          </li>
        ))}
      </ul>
      {holdable && (
        <button type="button" className="button button-secondary" onClick={() => void holdAll()} disabled={busy}>
          {busy ? messages.holding : messages.holdAll}
        </button>
      )}
      {answers && (
        <ul className="production-held" role="status">
          {answers.map((answer) => (
            <li key={answer.house}>
              {answer.outcome === 'refused'
                ? messages.heldAnswer.refused(nameOf(answer.house), answer.message ?? '')
                : messages.heldAnswer[answer.outcome](nameOf(answer.house))}
            </li>
          ))}
        </ul>
      )}
      {request.parts.some(retryable) && (
        <button type="button" className="button button-secondary" onClick={again} disabled={busy}>
          {busy ? messages.sendingAgain : messages.sendAgain}
        </button>
      )}
      {error && <ErrorText id={`production-${request.id}-error`} error={error} />}
    </div>
  );
}
