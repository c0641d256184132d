/**
 * /quotes/<id>: one of the visitor's quote requests: where it stands, the latest priced version
 * line by line (printable, with the vendor's details on paper), the card the tenant asks for
 * before accepting (CardHoldPanel), Accept / Decline / Cancel with a confirmation, "Ask again for new dates" (its items on a new set list), and its history. A step
 * names the revision and version read, so a quote revised
 * meanwhile is refused with the reason and the latest is shown; a step the vendor takes reaches
 * an open page through the live profile stream. On the platform, the page of a production
 * request's part opens it at its house, signed in (PartAtItsHouse).
 */
import { useEffect, useRef, useState } from 'react';
import type SignaturePad from 'signature_pad';
import { isOrderState, type QuoteAction } from '../../schema/rental/quote-states';
import { PLATFORM_TENANT_ID, QUOTES_PATH, setListHref } from '../../schema/routes';
import { useAuth } from '../auth/AuthProvider';
import { identityApi, IdentityError, toIdentityError } from '../auth/identity-api';
import { ErrorText } from '../components/auth/ErrorText';
import { useAskReason, useConfirm } from '../components/ConfirmDialog';
import { useFieldsDialog } from '../components/quotes/FieldsDialog';
import { EmptyState } from '../components/EmptyState';
import { Loading, SignedInOnly } from '../components/lists/SignedInOnly';
import { PageHeader } from '../components/PageHeader';
import { PartAtItsHouse } from '../components/marketplace/PartAtItsHouse';
import { CardHoldPanel } from '../components/quotes/CardHoldPanel';
import { SignatureDrawing } from '../components/quotes/SignatureDrawing';
import { ConversationPanel } from '../components/quotes/ConversationPanel';
import { InsurancePanel } from '../components/quotes/InsurancePanel';
import { InvoiceLinks } from '../components/quotes/InvoiceLinks';
import { HireView } from '../components/quotes/HireView';
import { QuoteBreakdownView } from '../components/quotes/QuoteBreakdownView';
import { QuoteStateBadge } from '../components/quotes/QuoteStateBadge';
import { useConfiguration, usePagePath } from '../config/ConfigurationProvider';
import { messages } from '../i18n/messages';
import { quoteMessages as words } from '../i18n/quote-messages';
import { addressLines } from '../../schema/display/contact';
import { formatDay, formatDays, formatMoment } from '../../schema/display/format';
import { ordinal } from '../../schema/rental/holds';
import { pricedTotalSaid } from '../lib/quote-due';
import { dayCount } from '../../schema/rental/quote-rules';
import { resolvePage } from '../lib/navigation';
import { listsApi } from '../lib/lists-api';
import { quotesApi, type AccountToOrderOn, type VisitorQuote } from '../lib/quotes-api';

export function QuotePage() {
  const { categories, pages, tenantId } = useConfiguration();
  const page = resolvePage(usePagePath(), categories, pages);
  const id = page.kind === 'quote' ? page.id : '';
  // The platform keeps no quotes of its own: its /quotes/<id> is a part's page at its house.
  return (
    <SignedInOnly loggedOut={messages.quotesLogIn}>
      {() => (tenantId === PLATFORM_TENANT_ID ? <PartAtItsHouse id={id} /> : <OwnQuote id={id} />)}
    </SignedInOnly>
  );
}

function OwnQuote({ id }: { id: string }) {
  const { site, vendor, forms } = useConfiguration();
  const confirm = useConfirm();
  const askReason = useAskReason();
  const [fieldsDialog, askFields] = useFieldsDialog();
  const notices = useAuth().visitor?.profile.stats?.unreadNotificationCount;
  const [quote, setQuote] = useState<VisitorQuote | null>();
  const [error, setError] = useState<IdentityError>();
  const [done, setDone] = useState<string>();
  // The accept dialog's signature pad, read when the production confirms.
  const signaturePad = useRef<SignaturePad>(undefined);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    quotesApi.quote(id).then(
      (answer) => live && setQuote(answer),
      (failure) => {
        if (!live) return;
        const shown = toIdentityError(failure);
        if (shown.status === 404) setQuote(null);
        else setError(shown);
      },
    );
    return () => void (live = false);
  }, [id, notices]);

  if (quote === null)
    return (
      <>
        <PageHeader title={messages.quotePageHeading} crumbs={[{ name: messages.quotesHeading, href: QUOTES_PATH }]} />
        <div className="container section">
          <EmptyState message={words.quoteGone}>
            <a className="button button-primary" href={QUOTES_PATH}>
              {words.backToQuotes}
            </a>
          </EmptyState>
        </div>
      </>
    );
  if (!quote)
    return (
      <div className="container section">{error ? <ErrorText id="quote-error" error={error} /> : <Loading />}</div>
    );

  const latest = quote.versions.at(-1);
  // Accepting on an order is accepting a change the vendor made to it.
  const actionLabel = (action: QuoteAction) =>
    action === 'accept' && isOrderState(quote.state) ? words.acceptChange : words.actions[action]!;
  const take = async (action: QuoteAction, account?: AccountToOrderOn) => {
    const request = account
      ? {
          title: words.onAccount.title(
            account.name,
            pricedTotalSaid({ total: quote.total, ...(account.due && { due: account.due }) }, site),
          ),
          message: words.onAccount.message(vendor.displayName, account.name),
          confirmLabel: words.onAccount.accept(account.name),
        }
      : {
          title:
            action === 'accept' && isOrderState(quote.state)
              ? words.acceptChangeTitle(pricedTotalSaid(quote, site))
              : words.confirmTitles[action]!(pricedTotalSaid(quote, site)),
          message: words.confirmMessages[action]!(vendor.displayName),
          confirmLabel: actionLabel(action),
        };
    // Accepting a quote signs the house's rental terms, when it has them: read in the dialog, signed with a typed name and title;
    // a change to an order is signed again only under terms changed since (the server offers them only then).
    const terms = action === 'accept' ? quote.termsToSign : undefined;
    const signing = terms
      ? {
          details: (
            // A region that scrolls takes focus, or a keyboard cannot read the rest of the terms (axe: scrollable-region-focusable).
            <div
              className="prose terms-to-sign"
              role="region"
              aria-label={words.termsHeading}
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
              tabIndex={0}
              dangerouslySetInnerHTML={{ __html: terms.html }}
            />
          ),
          after: <SignatureDrawing padRef={signaturePad} />,
          fields: [
            { name: 'signerName', label: words.signerName, maxLength: 80, required: true },
            { name: 'signerTitle', label: words.signerTitle, maxLength: 120 },
          ],
        }
      : { details: undefined, after: undefined, fields: [] };
    // Accepting a quote asks for the production's purchase order (optional, printed on its invoices);
    // declining or cancelling asks why (optional): the vendor reads it in the mail.
    const asksPurchaseOrder = action === 'accept' && !isOrderState(quote.state);
    // Accepting also asks who the invoices are made out to: a VAT invoice names the customer's address.
    // On an account, the invoices go to the company: only its purchase order (when it needs one) and who pays are asked.
    const { outcome, reason, values } = account
      ? await askFields({
          ...request,
          details: signing.details,
          afterFields: signing.after,
          fields: [
            ...signing.fields,
            {
              name: 'purchaseOrder',
              label: account.purchaseOrderRequired
                ? words.onAccount.purchaseOrderRequired(account.name)
                : words.purchaseOrderLabel,
              maxLength: forms.maxLengths.purchaseOrder,
              required: account.purchaseOrderRequired,
            },
            { name: 'billingContact', label: words.billingContactLabel, maxLength: forms.maxLengths.billingContact },
          ],
        }).then((answer) => ({
          outcome: answer.confirmed ? 'confirmed' : 'canceled',
          reason: undefined,
          values: { ...answer.values, account: account.id },
        }))
      : asksPurchaseOrder
        ? await askFields({
            ...request,
            details: signing.details,
            afterFields: signing.after,
            fields: [
              ...signing.fields,
              { name: 'purchaseOrder', label: words.purchaseOrderLabel, maxLength: forms.maxLengths.purchaseOrder },
              {
                name: 'billingAddress',
                label: words.billingAddressLabel,
                maxLength: forms.maxLengths.billingAddress,
                lines: 3,
                hint: words.billingAddressHint,
              },
              { name: 'billingContact', label: words.billingContactLabel, maxLength: forms.maxLengths.billingContact },
            ],
          }).then((answer) => ({
            outcome: answer.confirmed ? 'confirmed' : 'canceled',
            reason: undefined,
            values: answer.values,
          }))
        : terms
          ? await askFields({
              ...request,
              message: `${words.termsChanged} ${request.message ?? ''}`.trim(),
              details: signing.details,
              afterFields: signing.after,
              fields: signing.fields,
            }).then((answer) => ({
              outcome: answer.confirmed ? 'confirmed' : 'canceled',
              reason: undefined,
              values: answer.values,
            }))
          : action === 'accept' || action === 'hold' || action === 'release'
            ? { outcome: await confirm(request), reason: undefined, values: undefined }
            : {
                ...(await askReason({
                  ...request,
                  reason: { label: words.reasonLabel(vendor.displayName), maxLength: forms.maxLengths.stepReason },
                })),
                values: undefined,
              };
    if (outcome !== 'confirmed') return;
    setBusy(true);
    setError(undefined);
    setDone(undefined);
    try {
      const { signerName, signerTitle, ...asked }: Record<string, string | undefined> = values ?? {};
      // The drawn signature, when one was drawn (the typed name is the signature either way).
      const pad = signaturePad.current;
      const drawing = pad && !pad.isEmpty() ? pad.toDataURL('image/png') : undefined;
      const details =
        action === 'accept'
          ? {
              ...(latest && { version: latest.version }),
              ...asked,
              ...(terms &&
                signerName && {
                  signature: {
                    termsVersion: terms.version,
                    name: signerName,
                    ...(signerTitle && { title: signerTitle }),
                    ...(drawing && { drawing }),
                  },
                }),
            }
          : { ...(reason && { reason }) };
      setQuote(await quotesApi.step(quote, action, details));
      setDone(words.done[action]);
    } catch (failure) {
      setError(toIdentityError(failure));
      // Whatever stopped it (a revision, an expiry), show the quote as it is now.
      await quotesApi.quote(id).then(setQuote, () => undefined);
    } finally {
      setBusy(false);
    }
  };
  // Asking to order on the company's account: the house decides, and the page says it is waiting.
  const askToJoin = async () => {
    const answer = await askFields({
      title: words.onAccount.askTitle(vendor.displayName),
      message: words.onAccount.askMessage(vendor.displayName),
      confirmLabel: words.onAccount.askSend,
      fields: [
        { name: 'company', label: words.onAccount.askCompany, maxLength: forms.maxLengths.joinCompany, required: true },
        { name: 'message', label: words.onAccount.askNote, maxLength: forms.maxLengths.joinMessage, lines: 3 },
      ],
    });
    if (!answer.confirmed) return;
    setBusy(true);
    setError(undefined);
    try {
      await quotesApi.askToJoin({
        company: answer.values.company!,
        ...(answer.values.message && { message: answer.values.message }),
      });
      setQuote(await quotesApi.quote(quote.id));
    } catch (failure) {
      setError(toIdentityError(failure));
    } finally {
      setBusy(false);
    }
  };
  // The same items on a new set list, whose page asks for them again on new dates.
  const askAgain = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const list = await listsApi.createSetList({
        name: words
          .againName(quote.production ?? formatDays(quote.startDate, quote.endDate, site))
          .slice(0, forms.maxLengths.setListName),
      });
      for (const line of quote.lines) await listsApi.setLine(list.id, line.objectID, line.quantity);
      window.location.assign(setListHref(list.id));
    } catch (failure) {
      setError(toIdentityError(failure));
      setBusy(false);
    }
  };
  const date = new Intl.DateTimeFormat(site.locale, { dateStyle: 'medium' });
  const days = dayCount(quote.startDate, quote.endDate);
  // Accepting by card waits for the card the tenant asks for (the panel below takes it).
  const cardReady = !quote.cardHoldNeeded || quote.cardHoldNeeded.covered || !!quote.cardHoldNeeded.askedFrom;

  return (
    <>
      {fieldsDialog}
      <PageHeader
        title={quote.production ?? messages.quotePageHeading}
        crumbs={[{ name: messages.quotesHeading, href: QUOTES_PATH }]}
      />
      <div className="container section quote-page">
        <address className="print-only quote-vendor">
          <strong>{vendor.legalName ?? vendor.name}</strong>
          {addressLines(vendor.address).map((line) => (
            <span key={line}>{line}</span>
          ))}
          <span>{[vendor.phone, vendor.email].filter(Boolean).join(' · ')}</span>
        </address>
        <div className="quote-summary">
          <QuoteStateBadge state={quote.state} />
          <p className="quote-lead" role="status">
            {words.stateLead[quote.state](vendor.displayName)}
            {quote.hold === 'pencil' &&
              ` ${quote.pencil ? words.heldRanked(ordinal(quote.pencil.rank), formatDay(quote.pencil.until, site)) : words.held}`}
          </p>
          <dl className="quote-facts">
            <dt>{words.datesLabel}</dt>
            <dd>
              {formatDays(quote.startDate, quote.endDate, site)} ({words.days(days)})
            </dd>
            <dt>{words.forWhom}</dt>
            <dd>{quote.name ? `${quote.name} (${quote.email})` : quote.email}</dd>
            {quote.studio && (
              <>
                <dt>{messages.studio}</dt>
                <dd>{quote.studio}</dd>
              </>
            )}
            {quote.account && (
              <>
                <dt>{words.onAccount.paying}</dt>
                <dd>{words.onAccount.payingOn(quote.account.name, quote.account.netDays)}</dd>
              </>
            )}
            {quote.notes && (
              <>
                <dt>{words.yourNotes}</dt>
                <dd className="quote-notes">{quote.notes}</dd>
              </>
            )}
            {latest && (
              <>
                <dt>{words.version(latest.version)}</dt>
                <dd>
                  {words.sentOn(date.format(new Date(latest.sentAt)))}
                  {quote.state === 'quoted' && ` · ${words.validUntil(formatDay(latest.expiresOn, site))}`}
                </dd>
              </>
            )}
          </dl>
        </div>
        {/* Challenged: the holder confirms or lets go by the house's deadline, said on the house's clock; once it accepted, the house confirms. */}
        {quote.pencil?.challenge && (
          <p className={quote.state === 'accepted' ? 'notice' : 'notice notice-warning'} role="status">
            {quote.state === 'accepted'
              ? words.challengeAnswered(vendor.displayName)
              : words.challenged(
                  vendor.displayName,
                  formatMoment(quote.pencil.challenge.answerBy, site, vendor.timezone ?? 'UTC'),
                )}
          </p>
        )}
        {isOrderState(quote.state) && quote.actions.includes('accept') && (
          <p className="notice" role="status">
            {words.changeWaiting(vendor.displayName, latest?.version ?? 0)}
          </p>
        )}
        {done && (
          <p className="notice notice-success" role="status">
            {done}
          </p>
        )}
        {error && <ErrorText id="quote-step-error" error={error} />}
        {latest ? (
          <>
            {latest.pricing.message && (
              <blockquote className="quote-message">
                <p>{latest.pricing.message}</p>
                <footer>{words.messageFrom(vendor.displayName)}</footer>
              </blockquote>
            )}
            <QuoteBreakdownView breakdown={latest.breakdown} {...(quote.due && { due: quote.due })} />
          </>
        ) : (
          <ul className="quote-asked">
            {quote.lines.map((line) => (
              <li key={line.objectID}>
                {line.quantity} × {line.name}
              </li>
            ))}
          </ul>
        )}
        {quote.hire && <HireView lines={quote.lines} hire={quote.hire} quoted={latest?.breakdown.total ?? 0} />}
        {quote.orderOn?.length && quote.actions.includes('accept') ? (
          <AccountAccept
            accounts={quote.orderOn}
            cardReady={cardReady}
            busy={busy}
            onAccept={(account) => void take('accept', account)}
          />
        ) : null}
        {!quote.orderOn?.length && quote.confirmEmailFor?.length && quote.actions.includes('accept') ? (
          <AccountEmailFirst email={quote.email} names={quote.confirmEmailFor} />
        ) : null}
        {!quote.orderOn?.length &&
        !quote.confirmEmailFor?.length &&
        (quote.accountsOffered || quote.accountRequest) &&
        quote.actions.includes('accept') ? (
          <AccountAsk
            vendor={vendor.displayName}
            asked={quote.accountRequest}
            busy={busy}
            onAsk={() => void askToJoin()}
          />
        ) : null}
        {quote.agreement && (
          <p className="quote-agreement">
            {words.signedBy(
              quote.agreement.name,
              quote.agreement.title,
              formatMoment(quote.agreement.at, site, vendor.timezone ?? 'UTC'),
              quote.agreement.termsVersion,
            )}{' '}
            <a href={`/api/quotes/${encodeURIComponent(quote.id)}/agreement.pdf`}>{words.agreementPdf}</a>
          </p>
        )}
        {/* The cover first: a waiver or the card's cover changes what the card holds. */}
        <InsurancePanel quote={quote} onChange={setQuote} />
        <CardHoldPanel quote={quote} onChange={setQuote} />
        {(isOrderState(quote.state) || quote.state === 'cancelled') && (
          <InvoiceLinks quoteId={quote.id} state={quote.state} />
        )}
        <div className="form-actions quote-actions no-print">
          {/* Accepting waits for the card the tenant asks for (the panel above takes it). */}
          {quote.actions
            .filter((action) => action !== 'accept' || cardReady)
            .map((action) => (
              <button
                key={action}
                type="button"
                className={`button ${action === 'accept' ? 'button-primary' : 'button-secondary'}`}
                disabled={busy}
                onClick={() => void take(action)}
              >
                {actionLabel(action)}
              </button>
            ))}
          {latest && (
            <button type="button" className="button button-secondary" onClick={() => window.print()}>
              {words.print}
            </button>
          )}
          <button type="button" className="button button-secondary" disabled={busy} onClick={() => void askAgain()}>
            {words.askAgain}
          </button>
        </div>
        <ConversationPanel quoteId={quote.id} />
        <section className="quote-history no-print" aria-labelledby="quote-history-heading">
          <h2 id="quote-history-heading">{words.history}</h2>
          <ol>
            {quote.history.map((entry, index) => (
              <li key={index}>
                <time dateTime={entry.at}>
                  {new Intl.DateTimeFormat(site.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
                    new Date(entry.at),
                  )}
                </time>{' '}
                {words.historyEntry[entry.action]}
                {entry.version !== undefined && ` (${words.version(entry.version).toLowerCase()})`}{' '}
                {entry.by !== 'visitor' && `· ${words.by[entry.by]}`}
                {entry.note && <q className="quote-history-note">{entry.note}</q>}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </>
  );
}

/**
 * Not on an account here: ask the house to be added to the company's (the house keeps accounts), or
 * where that request stands: waiting, or declined and why (then they may ask again).
 */
function AccountAsk({
  vendor,
  asked,
  busy,
  onAsk,
}: {
  vendor: string;
  asked: VisitorQuote['accountRequest'];
  busy: boolean;
  onAsk: () => void;
}) {
  if (asked?.state === 'pending')
    return (
      <p className="account-asked no-print" role="status">
        {words.onAccount.asked(vendor, asked.company)}
      </p>
    );
  return (
    <section className="account-accept no-print" aria-labelledby="account-ask-heading">
      <h2 id="account-ask-heading">{words.onAccount.heading}</h2>
      {asked?.state === 'declined' && (
        <p role="status">{words.onAccount.declined(vendor, asked.company, asked.reason)}</p>
      )}
      <p>{words.onAccount.askLead(vendor)}</p>
      <button type="button" className="button button-secondary" disabled={busy} onClick={onAsk}>
        {words.onAccount.ask}
      </button>
    </section>
  );
}

/** An account lists the visitor's address, not yet confirmed: a proven address orders on it, so the link comes first. */
function AccountEmailFirst({ email, names }: { email: string; names: string[] }) {
  const [sent, setSent] = useState<'sending' | 'sent' | IdentityError>();
  const sendAgain = async () => {
    setSent('sending');
    try {
      await identityApi.sendEmailConfirmation();
      setSent('sent');
    } catch (failure) {
      setSent(toIdentityError(failure));
    }
  };
  return (
    <section className="account-accept no-print" aria-labelledby="account-email-heading">
      <h2 id="account-email-heading">{words.onAccount.heading}</h2>
      <p>{words.onAccount.confirmFirst(email, names.join(' or '))}</p>
      <button
        type="button"
        className="button button-secondary"
        disabled={sent === 'sending'}
        onClick={() => void sendAgain()}
      >
        {words.onAccount.sendAgain}
      </button>
      <p className="form-status" role="status">
        {sent === 'sent' ? words.onAccount.sent(email) : ''}
      </p>
      {sent instanceof IdentityError && <ErrorText id="account-email-error" error={sent} />}
    </section>
  );
}

/**
 * The accounts the visitor may accept on instead of a card: each with its terms and its own
 * Accept. An account that still takes a deposit on a card waits, like the card's Accept, for the
 * card panel below.
 */
function AccountAccept({
  accounts,
  cardReady,
  busy,
  onAccept,
}: {
  accounts: AccountToOrderOn[];
  cardReady: boolean;
  busy: boolean;
  onAccept: (account: AccountToOrderOn) => void;
}) {
  return (
    <section className="account-accept no-print" aria-labelledby="account-accept-heading">
      <h2 id="account-accept-heading">{words.onAccount.heading}</h2>
      {accounts.map((account) => (
        <div key={account.id} className="account-accept-option">
          <p>
            {account.deposit === 'card'
              ? words.onAccount.depositLead(account.name, account.netDays)
              : words.onAccount.lead(account.name, account.netDays)}
          </p>
          <button
            type="button"
            className="button button-primary"
            disabled={busy || (account.deposit === 'card' && !cardReady)}
            onClick={() => onAccept(account)}
          >
            {words.onAccount.accept(account.name)}
          </button>
        </div>
      ))}
      <p className="field-hint">{words.onAccount.orCard}</p>
    </section>
  );
}
