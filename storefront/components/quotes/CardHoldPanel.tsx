/**
 * The visitor's card on their quote page: what accepting holds on it (the quote, processing and
 * the deposit, every part named), the card taken, and where the hold stands afterwards (held until
 * when, charged, released, lapsed, declined and why).
 *
 * The card goes from the browser to the provider, never through the quote's own calls: with
 * Stripe, Stripe.js's Payment Element (loaded only then, from js.stripe.com, which the page's CSP
 * admits only then) confirms it, 3-D Secure included; in test mode, the built-in test provider's
 * form, marked "Test mode", with its test cards named. A bank's check in test mode is a page of its
 * own that comes back here; the hold is then read again.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import type { CardHold } from '../../../schema/types.generated';
import { toIdentityError, type IdentityError } from '../../auth/identity-api';
import { useConfiguration } from '../../config/ConfigurationProvider';
import { quoteMessages } from '../../i18n/quote-messages';
import { formatDay, formatMoney } from '../../../schema/display/format';
import { quotesApi, type StartedHold, type VisitorQuote } from '../../lib/quotes-api';
import { ErrorText } from '../auth/ErrorText';

const words = quoteMessages.card;

/**
 * The hold's states that wait on the provider or the visitor: read again when the page opens (back
 * from the bank's check). A declined hold is among them: its next card may have gone to the bank's
 * check straight from the form, so what is stored still says declined.
 */
const WAITING: ReadonlySet<CardHold['status']> = new Set(['awaitingCard', 'needsAuthentication', 'declined']);

export function CardHoldPanel({ quote, onChange }: { quote: VisitorQuote; onChange: (quote: VisitorQuote) => void }) {
  const { site, vendor } = useConfiguration();
  const money = (amount: number) => formatMoney(amount, site);
  const need = quote.cardHoldNeeded;
  const hold = quote.cardHold;
  const [started, setStarted] = useState<StartedHold['payment']>();
  const [error, setError] = useState<IdentityError>();
  const [busy, setBusy] = useState(false);
  const headingId = useId();

  // Back from the bank's check (or a card step left half-done): the provider's state, read once.
  const checked = useRef(false);
  useEffect(() => {
    if (checked.current || !hold || !WAITING.has(hold.status)) return;
    checked.current = true;
    quotesApi.refreshCardHold(quote.id).then(onChange, () => undefined);
  }, [hold, quote.id, onChange]);

  if (!need && !hold) return null;
  const until = hold?.expiresAt
    ? new Intl.DateTimeFormat(site.locale, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: vendor.timezone ?? 'UTC',
      }).format(new Date(hold.expiresAt))
    : '';
  // Why no card can be taken now: more than one hold takes, or a house not yet paid on its own account.
  const refusal = need?.tooLarge ?? need?.notConnected;
  const testMode = (started ?? need?.provider)?.testMode && (started ?? need?.provider)?.provider === 'test';

  const begin = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await quotesApi.startCardHold(quote.id);
      const { payment, ...view } = answer;
      onChange(view);
      if (!view.cardHoldNeeded?.covered) setStarted(payment);
    } catch (failure) {
      setError(toIdentityError(failure));
    } finally {
      setBusy(false);
    }
  };
  const done = async (redirectUrl?: string) => {
    if (redirectUrl) {
      // The bank's check is a page of its own: it comes back here.
      const back = `${window.location.pathname}${window.location.search}`;
      window.location.assign(
        `${redirectUrl}${redirectUrl.includes('?') ? '&' : '?'}return=${encodeURIComponent(back)}`,
      );
      return;
    }
    const view = await quotesApi.refreshCardHold(quote.id);
    onChange(view);
    if (view.cardHold?.status === 'authorised') setStarted(undefined);
  };

  return (
    <section className="card-hold no-print" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {words.heading}
        {testMode && <span className="card-hold-mode">{words.testMode}</span>}
      </h2>
      {hold && <HoldStatus hold={hold} money={money} until={until} />}
      {need?.askedFrom && !need.covered && (
        <p className="card-hold-lead">{words.askedLater(money(need.amount), formatDay(need.askedFrom, site))}</p>
      )}
      {refusal && !need?.covered && (
        <div className="notice notice-warning" role="status">
          <p>{refusal}</p>
        </div>
      )}
      {need && !need.covered && !need.askedFrom && !refusal && (
        <>
          <p className="card-hold-lead">
            {need.before === 'accept' ? words.needed(money(need.amount)) : words.neededBeforeOut(money(need.amount))}
          </p>
          <dl className="card-hold-parts" aria-label={words.madeOf}>
            <dt>{words.quoteTotal}</dt>
            <dd>{money(need.parts.total)}</dd>
            {need.parts.waiver !== undefined && need.parts.waiver > 0 && (
              <>
                <dt>{quoteMessages.waiver(site.damageWaiver?.percent ?? 0)}</dt>
                <dd>{money(need.parts.waiver)}</dd>
              </>
            )}
            {need.parts.tax !== undefined && need.parts.tax > 0 && (
              <>
                <dt>{site.taxName}</dt>
                <dd>{money(need.parts.tax)}</dd>
              </>
            )}
            {need.parts.processing > 0 && (
              <>
                <dt>{words.processing}</dt>
                <dd>{money(need.parts.processing)}</dd>
              </>
            )}
            {need.parts.deposit > 0 && (
              <>
                <dt>{words.deposit}</dt>
                <dd>{money(need.parts.deposit)}</dd>
              </>
            )}
          </dl>
          <p className="card-hold-note">{words.depositNote}</p>
          {testMode && <p className="card-hold-test-note">{words.testModeNote}</p>}
          {error && <ErrorText id="card-hold-error" error={error} />}
          {!started?.clientSecret ? (
            <button type="button" className="button button-primary" disabled={busy} onClick={() => void begin()}>
              {busy ? words.working : words.authorise}
            </button>
          ) : started.provider === 'stripe' ? (
            <StripeCardForm payment={started} amount={money(need.amount)} onDone={done} />
          ) : (
            <TestCardForm clientSecret={started.clientSecret} amount={money(need.amount)} onDone={done} />
          )}
        </>
      )}
    </section>
  );
}

function HoldStatus({
  hold,
  money,
  until,
}: {
  hold: NonNullable<VisitorQuote['cardHold']>;
  money: (amount: number) => string;
  until: string;
}) {
  const amount = hold.status === 'captured' ? money(hold.captured ?? 0) : money(hold.amount);
  const text = words.status[hold.status](amount, until, hold.declineMessage);
  const tone =
    hold.status === 'declined' || hold.status === 'expired'
      ? 'notice-warning'
      : hold.status === 'authorised' || hold.status === 'captured'
        ? 'notice-success'
        : 'notice-info';
  return (
    <div className={`notice ${tone}`} role="status">
      <p>{text}</p>
      {hold.pending && <p>{words.settling}</p>}
      {hold.outstanding !== undefined && hold.outstanding > 0 && <p>{words.outstanding(money(hold.outstanding))}</p>}
    </div>
  );
}

/** The test provider's card form: the card goes to it alone, as it would to Stripe. */
function TestCardForm({
  clientSecret,
  amount,
  onDone,
}: {
  clientSecret: string;
  amount: string;
  onDone: (redirectUrl?: string) => Promise<void>;
}) {
  const [error, setError] = useState<IdentityError>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    const expiry = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(field('expiry'));
    if (!expiry) return setError({ message: words.expiryProblem } as IdentityError);
    setBusy(true);
    setError(undefined);
    try {
      const answer = await quotesApi.tryTestCard({
        clientSecret,
        number: field('number'),
        expMonth: Number(expiry[1]),
        expYear: Number(expiry[2]),
        cvc: field('cvc'),
      });
      // A refusal is shown once, as the hold's state (declined, and why) above the form.
      await onDone(answer.redirectUrl);
    } catch (failure) {
      setError(toIdentityError(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form-card card-hold-form" onSubmit={(event) => void submit(event)} noValidate>
      <label>
        {words.number}
        <input
          name="number"
          inputMode="numeric"
          autoComplete="cc-number"
          required
          maxLength={23}
          placeholder="4242 4242 4242 4242"
          aria-describedby={error ? 'card-error' : undefined}
        />
      </label>
      <div className="form-row">
        <label>
          {words.expiry}
          <input name="expiry" inputMode="numeric" autoComplete="cc-exp" required maxLength={7} placeholder="MM / YY" />
        </label>
        <label>
          {words.cvc}
          <input name="cvc" inputMode="numeric" autoComplete="cc-csc" required maxLength={4} placeholder="123" />
        </label>
      </div>
      <CardFormEnd error={error} busy={busy} amount={amount} />
    </form>
  );
}

/** The end of either card form: what went wrong, and the button that authorises the amount. */
function CardFormEnd({ error, busy, amount }: { error: IdentityError | undefined; busy: boolean; amount: string }) {
  return (
    <>
      {error && <ErrorText id="card-error" error={error} />}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? words.working : words.authoriseAmount(amount)}
        </button>
      </div>
    </>
  );
}

/** Stripe's Payment Element: Stripe.js is fetched only here, from js.stripe.com, and confirms the card (3-D Secure in its own frame). */
function StripeCardForm({
  payment,
  amount,
  onDone,
}: {
  payment: StartedHold['payment'];
  amount: string;
  onDone: (redirectUrl?: string) => Promise<void>;
}) {
  const mount = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ stripe: Stripe; elements: StripeElements }>(undefined);
  const [error, setError] = useState<IdentityError>();
  const [busy, setBusy] = useState(true);
  useEffect(() => {
    let live = true;
    void import('@stripe/stripe-js/pure')
      .then(({ loadStripe }) =>
        loadStripe(payment.publishableKey!, payment.account ? { stripeAccount: payment.account } : undefined),
      )
      .then((loaded) => {
        if (!live || !loaded || !mount.current) return;
        const elements = loaded.elements({ clientSecret: payment.clientSecret! });
        elements.create('payment').mount(mount.current);
        stripe.current = { stripe: loaded, elements };
        setBusy(false);
      })
      .catch(() => live && setError({ message: words.stripeUnavailable } as IdentityError));
    return () => void (live = false);
  }, [payment.publishableKey, payment.account, payment.clientSecret]);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!stripe.current) return;
    setBusy(true);
    setError(undefined);
    const result = await stripe.current.stripe.confirmPayment({
      elements: stripe.current.elements,
      redirect: 'if_required',
      confirmParams: { return_url: window.location.href },
    });
    if (result.error) setError({ message: result.error.message ?? words.stripeUnavailable } as IdentityError);
    await onDone().catch((failure: unknown) => setError(toIdentityError(failure)));
    setBusy(false);
  };
  return (
    <form className="form-card card-hold-form" onSubmit={(event) => void submit(event)}>
      <div ref={mount} />
      <CardFormEnd error={error} busy={busy} amount={amount} />
    </form>
  );
}
