/**
 * /quotes: the signed-in visitor's quote requests on this storefront, newest first: what it is for,
 * the dates, how many items, where it stands and, once priced, the total. Kept current while open:
 * a step the vendor takes reaches this page through the live profile stream. On the platform:
 * the visitor's production requests, each house's part as that house has it.
 */
import { useEffect, useState } from 'react';
import { PLATFORM_TENANT_ID, quoteHref, RENTALS_BASE_PATH } from '../../schema/routes';
import { ProductionRequestList } from '../components/marketplace/ProductionRequestList';
import { useAuth } from '../auth/AuthProvider';
import { toIdentityError, type IdentityError } from '../auth/identity-api';
import { ErrorText } from '../components/auth/ErrorText';
import { EmptyState } from '../components/EmptyState';
import { CalendarLink } from '../components/quotes/CalendarLink';
import { Loading, SignedInOnly } from '../components/lists/SignedInOnly';
import { PageHeader } from '../components/PageHeader';
import { QuoteStateBadge } from '../components/quotes/QuoteStateBadge';
import { ordinal } from '../../schema/rental/holds';
import { useConfiguration } from '../config/ConfigurationProvider';
import { quoteMessages as words } from '../i18n/quote-messages';
import { formatDays, formatMoney } from '../../schema/display/format';
import { pricedTotalSaid } from '../lib/quote-due';
import { quotesApi, type VisitorQuote } from '../lib/quotes-api';
import { usePageMeta } from './usePageMeta';
import { messages as allMessages } from '../i18n/messages';

export function QuotesPage() {
  const meta = usePageMeta();
  const { site, tenantId } = useConfiguration();
  const platform = tenantId === PLATFORM_TENANT_ID;
  return (
    <>
      <PageHeader
        title={meta.name}
        lead={platform ? allMessages.marketplace.productionRequestsLead : words.quotesLead(site.request!)}
      />
      <div className="container section">
        <SignedInOnly loggedOut={allMessages.quotesLogIn}>
          {() =>
            platform ? (
              <ProductionRequestList />
            ) : (
              <>
                <VisitorQuotes />
                <CalendarLink />
              </>
            )
          }
        </SignedInOnly>
      </div>
    </>
  );
}

function VisitorQuotes() {
  const { site } = useConfiguration();
  const notices = useAuth().visitor?.profile.stats?.unreadNotificationCount;
  const [quotes, setQuotes] = useState<VisitorQuote[]>();
  const [total, setTotal] = useState(0);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [error, setError] = useState<IdentityError>();
  useEffect(() => {
    let live = true;
    quotesApi.quotes().then(
      (answer) => {
        if (!live) return;
        setQuotes(answer.quotes);
        setTotal(answer.total);
      },
      (failure) => live && setError(toIdentityError(failure)),
    );
    return () => void (live = false);
  }, [notices]);
  const showOlder = () => {
    setLoadingOlder(true);
    quotesApi
      .quotes(quotes?.length ?? 0)
      .then(
        (answer) => {
          setQuotes((shown) => [
            ...(shown ?? []),
            ...answer.quotes.filter((quote) => !shown?.some((other) => other.id === quote.id)),
          ]);
          setTotal(answer.total);
        },
        (failure) => setError(toIdentityError(failure)),
      )
      .finally(() => setLoadingOlder(false));
  };
  if (error) return <ErrorText id="quotes-error" error={error} />;
  if (!quotes) return <Loading />;
  if (!quotes.length)
    return (
      <EmptyState message={words.noQuotes(site.request!)}>
        <a className="button button-primary" href={RENTALS_BASE_PATH}>
          {words.browse}
        </a>
      </EmptyState>
    );
  return (
    <>
      <ul className="quote-cards">
        {quotes.map((quote) => {
          const items = quote.lines.reduce((sum, line) => sum + line.quantity, 0);
          return (
            <li key={quote.id}>
              <a className="quote-card" href={quoteHref(quote.id)}>
                <span className="quote-card-name">
                  {quote.production ?? formatDays(quote.startDate, quote.endDate, site)}
                </span>
                <QuoteStateBadge state={quote.state} />
                <span className="quote-card-meta">
                  {formatDays(quote.startDate, quote.endDate, site)} · {words.linesAndPieces(quote.lines.length, items)}
                </span>
                <span className="quote-card-total">{cardTotal(quote, site)}</span>
                {quote.pencil && (
                  <span className={`quote-card-hold${answerNeeded(quote) ? ' quote-card-hold-challenged' : ''}`}>
                    {words.holdBadge(ordinal(quote.pencil.rank), answerNeeded(quote))}
                  </span>
                )}
                {quote.unreadMessages ? (
                  <span className="quote-card-unread">{words.unreadMessages(quote.unreadMessages)}</span>
                ) : null}
              </a>
            </li>
          );
        })}
      </ul>
      {quotes.length < total && (
        <p className="list-more">
          <span>{words.showingOf(quotes.length, total)}</span>
          <button
            className="button button-secondary"
            type="button"
            onClick={showOlder}
            disabled={loadingOlder}
            aria-busy={loadingOlder}
          >
            {loadingOlder ? words.loadingOlder : words.showOlder}
          </button>
        </p>
      )}
    </>
  );
}

/** A quote's total as its page's bottom line says it: after the hire, with its charges; with the tenant's tax when it has one; else the priced total. */
function cardTotal(quote: VisitorQuote, site: Parameters<typeof formatMoney>[1]): string {
  if (quote.total === undefined) return words.notPricedYet;
  if (quote.hireTotals) return formatMoney(quote.hireTotals.total, site);
  return pricedTotalSaid(quote, site);
}

/** Whether a request's hold waits on its production's answer: challenged, and not accepted yet (then the house confirms next). */
const answerNeeded = (quote: { state: string; pencil?: { challenge?: unknown } }) =>
  Boolean(quote.pencil?.challenge) && quote.state !== 'accepted';
