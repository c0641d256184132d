/**
 * Asking for a quote (the tenant's verb, site.request), for one item on its page or for a whole
 * set list. Approved visitors get the form: for one item how many (up to the stock), first and
 * last day (no earlier than the lead time allows in the vendor's time zone: schema/rental/quote-rules.ts,
 * the server's own rule; the visitor's shoot dates to start with), the production and studio from
 * their profile, notes. Anyone else is
 * told what comes first: logging in, or approval. The server has the final word, and its refusals
 * land beside their fields (a list's line problems name their item).
 *
 * On the platform the lines are houses' items: the request goes to every house at once
 * (/api/production-requests), each house its own part under its own rules; any signed-in visitor
 * may send it (each house decides whom it serves), and what came of each part is shown.
 */
import { useState, type FormEvent } from 'react';
import { addDays, earliestStart, latestEnd } from '../../../schema/rental/quote-rules';
import { PLATFORM_TENANT_ID, QUOTES_PATH, quoteHref } from '../../../schema/routes';
import type { House } from '../../../schema/marketplace/houses';
import type { Item, QuoteRequestInput } from '../../../schema/types.generated';
import { useAuth } from '../../auth/AuthProvider';
import { IdentityError, identityApi, toIdentityError } from '../../auth/identity-api';
import { rememberRedirectTarget } from '../../auth/redirect-target';
import { storesOf } from '../../../schema/rental/stores';
import { useConfiguration } from '../../config/ConfigurationProvider';
import { newRequestKey, productionRequestsApi, type ShownProductionRequest } from '../../lib/production-requests-api';
import { ProductionParts } from '../marketplace/ProductionParts';
import { messages } from '../../i18n/messages';
import { ErrorText } from '../auth/ErrorText';
import { formText } from '../../lib/form-text';
import { currentDates } from '../../../schema/rental/rental-dates';
import { useMostOnDates } from './useMostOnDates';

/** A request sent: where the reply goes, and its page. */
type Sent = { email: string; id: string };

/** One item asked for: how many, and how many there are. */
export interface QuoteLine {
  objectID: string;
  name: string;
  quantity: number;
  stock: number;
  /** On the platform: the house it is from, whose notice and time zone its first day follows. */
  house?: Pick<House, 'timezone' | 'leadDays'>;
}

/**
 * The first day a request may start: each line's house's notice in its own time zone (the latest
 * of them, so every house can take it), or the storefront's own rule when no line names a house.
 */
export function earliestFor(
  lines: readonly QuoteLine[],
  own: { timezone: string; leadDays: number },
  now: Date,
): string {
  const houses = lines.flatMap((line) => (line.house ? [line.house] : []));
  if (!houses.length) return earliestStart(own.timezone, own.leadDays, now);
  return houses
    .map((house) => earliestStart(house.timezone, house.leadDays ?? own.leadDays, now))
    .reduce((latest, day) => (day > latest ? day : latest));
}

/** An item page's request: one line, its quantity chosen in the form. */
export function ItemQuoteRequest({
  item,
}: {
  item: Pick<Item, 'objectID' | 'name' | 'quantity'> & { house?: QuoteLine['house'] };
}) {
  return (
    <QuoteRequestForm
      lines={[
        {
          objectID: item.objectID,
          name: item.name,
          quantity: 1,
          stock: item.quantity,
          ...(item.house && { house: item.house }),
        },
      ]}
      chooseQuantity
    />
  );
}

/**
 * The request for `lines`; with `chooseQuantity` (one line) the form asks how many, otherwise the
 * lines go as they are (a set list's quantities, changed on the list itself).
 */
export function QuoteRequestForm({
  lines,
  chooseQuantity = false,
  heading,
}: {
  lines: QuoteLine[];
  chooseQuantity?: boolean;
  heading?: string;
}) {
  const { site, vendor, forms, tenantId } = useConfiguration();
  const { status, visitor } = useAuth();
  const verb = site.request!;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IdentityError>();
  const [sent, setSent] = useState<Sent>();
  // The form shows only once the browser knows who is signed in, so the shoot dates can be read here.
  const [dates] = useState(currentDates);
  const [firstDay, setFirstDay] = useState(dates?.from ?? '');
  const [lastDay, setLastDay] = useState(dates?.to ?? '');
  // Stock hired in on the chosen dates lets the house take more than its own: the maximum follows.
  const most = useMostOnDates(chooseQuantity ? lines[0] : undefined, firstDay, lastDay);
  // The platform: one key per request sent (a retry of the same send finds the first). Told by the
  // tenant, not by the page's marketplace state, which a set list's page does not carry.
  const platform = tenantId === PLATFORM_TENANT_ID;
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const [production, setProduction] = useState<ShownProductionRequest>();

  if (status.status === 'unknown') return null;
  if (status.status !== 'authenticated' || !visitor) {
    return (
      <p className="quote-note">
        <a
          className="button button-primary"
          href="/auth/login"
          onClick={() => rememberRedirectTarget(`${window.location.pathname}${window.location.search}`)}
        >
          {messages.quoteLogIn(verb)}
        </a>
      </p>
    );
  }
  if (!platform && visitor.profile.isAuthorized !== true) {
    return (
      <p className="quote-note notice-info">
        {visitor.profile.isAuthorized === false
          ? messages.quoteDenied(vendor.displayName)
          : messages.quoteAwaiting(vendor.displayName, verb)}
      </p>
    );
  }

  const leadDays = site.maxRequestLeadTimeDays!;
  const earliest = earliestFor(lines, { timezone: vendor.timezone ?? 'UTC', leadDays }, new Date());
  // The tenant's bounds on a hire, said by the date inputs as the server will check them.
  const latest = latestEnd(vendor.timezone ?? 'UTC', site.bookingHorizonDays!, new Date());
  const longest = firstDay ? addDays(firstDay, site.maxHireDays! - 1) : latest;
  const lastAllowed = longest < latest ? longest : latest;
  const fieldError = (name: string) => (error?.field === name ? error : undefined);
  // A house with several stores: the production says where it collects, or leaves it to the house (the nearest store that has it).
  const stores = storesOf(vendor);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => formText(form, name).trim();
    setBusy(true);
    setError(undefined);
    const items = chooseQuantity
      ? [{ objectID: lines[0]!.objectID, quantity: Number(text('quantity') || 1) }]
      : lines.map(({ objectID, quantity }) => ({ objectID, quantity }));
    const details = {
      startDate: text('startDate'),
      endDate: text('endDate'),
      ...(text('production') && { production: text('production') }),
      ...(text('studio') && { studio: text('studio') }),
      ...(text('notes') && { notes: text('notes') }),
    };
    try {
      if (platform) {
        setProduction(
          await productionRequestsApi.send({
            key: requestKey,
            items: items.map((line) => ({ listing: line.objectID, quantity: line.quantity })) as never,
            ...details,
          }),
        );
        setRequestKey(newRequestKey());
        return;
      }
      const stored = await identityApi.requestQuote({
        items: items as QuoteRequestInput['items'],
        ...details,
        ...(text('store') && { store: text('store') }),
      });
      setSent({ email: visitor.email, id: stored.id });
    } catch (failure) {
      const shown = toIdentityError(failure);
      // The server names fields by path: one item's quantity is this form's quantity; a list's
      // line problem is said with its item's name.
      const line = /^items\.(\d+)\./.exec(shown.field ?? '');
      if (chooseQuantity && shown.field === 'items.0.quantity') setError(Object.assign(shown, { field: 'quantity' }));
      else if (line && lines[Number(line[1])])
        setError(
          new IdentityError(
            messages.quoteLineProblem(lines[Number(line[1])]!.name, shown.message),
            shown.status,
            shown.reason,
          ),
        );
      else setError(shown);
    } finally {
      setBusy(false);
    }
  };

  if (production)
    return (
      <div className="quote-note notice-success" role="status">
        <p>{messages.marketplace.productionSent(production.parts.length)}</p>
        <ProductionParts request={production} onChange={setProduction} />
        <a href={QUOTES_PATH}>{messages.marketplace.allYourRequests}</a>
      </div>
    );
  if (sent)
    return (
      <p className="quote-note notice-success" role="status">
        {messages.quoteSent(vendor.displayName, sent.email)}{' '}
        <a href={quoteHref(sent.id)}>{messages.openSentRequest(verb)}</a>
      </p>
    );
  const describedBy = (name: string) => (fieldError(name) ? `quote-${name}-error` : undefined);
  return (
    <form className="form-card quote-form" onSubmit={submit} aria-busy={busy} aria-labelledby="quote-heading">
      <h2 id="quote-heading" className="form-heading">
        {heading ?? messages.quoteHeading(verb)}
      </h2>
      <p className="field-hint">
        {messages.quoteLead(
          lines.some((line) => line.house)
            ? Math.max(...lines.map((line) => line.house?.leadDays ?? leadDays))
            : leadDays,
        )}
      </p>
      {!chooseQuantity && (
        <p className="form-note">
          {messages.quoteLines(
            lines.length,
            lines.reduce((sum, line) => sum + line.quantity, 0),
          )}
        </p>
      )}
      {error && !['quantity', 'startDate', 'endDate'].includes(error.field ?? '') && (
        <ErrorText id="quote-error" error={error} />
      )}
      <div className="field-grid">
        {chooseQuantity && (
          <>
            <label>
              {messages.howMany}
              <input
                name="quantity"
                type="number"
                min={1}
                max={most ?? lines[0]!.stock}
                defaultValue={1}
                required
                aria-invalid={Boolean(fieldError('quantity'))}
                aria-describedby={describedBy('quantity')}
              />
            </label>
            {fieldError('quantity') && <ErrorText id="quote-quantity-error" error={fieldError('quantity')!} />}
          </>
        )}
        <label>
          {messages.firstDay}
          <input
            name="startDate"
            type="date"
            min={earliest}
            max={latest}
            required
            value={firstDay}
            onChange={(event) => setFirstDay(event.target.value)}
            aria-invalid={Boolean(fieldError('startDate'))}
            aria-describedby={describedBy('startDate')}
          />
        </label>
        {fieldError('startDate') && <ErrorText id="quote-startDate-error" error={fieldError('startDate')!} />}
        <label>
          {messages.lastDay}
          <input
            name="endDate"
            type="date"
            min={firstDay || earliest}
            max={lastAllowed}
            value={lastDay}
            onChange={(event) => setLastDay(event.target.value)}
            required
            aria-invalid={Boolean(fieldError('endDate'))}
            aria-describedby={describedBy('endDate')}
          />
        </label>
        {fieldError('endDate') && <ErrorText id="quote-endDate-error" error={fieldError('endDate')!} />}
        <label>
          {messages.production}
          <input
            name="production"
            maxLength={forms.maxLengths.quoteDetail}
            defaultValue={visitor.profile.production ?? ''}
          />
        </label>
        <label>
          {messages.studio}
          <input name="studio" maxLength={forms.maxLengths.quoteDetail} defaultValue={visitor.profile.studio ?? ''} />
        </label>
        {!platform && stores.length > 1 && (
          <label>
            {messages.collectFrom}
            <select name="store" defaultValue="" aria-invalid={Boolean(fieldError('store'))}>
              <option value="">{messages.nearestStore}</option>
              {stores.map((store) => (
                <option key={store.id} value={store.id}>
                  {store.address?.city && store.address.city !== store.name
                    ? `${store.name} (${store.address.city})`
                    : store.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <label>
        {messages.notes}
        <textarea name="notes" rows={3} maxLength={forms.maxLengths.quoteNotes} aria-describedby="quote-notes-hint" />
      </label>
      <p id="quote-notes-hint" className="field-hint">
        {messages.notesHint}
      </p>
      <div className="form-actions">
        <button className="button button-primary" type="submit" disabled={busy}>
          {busy ? messages.sendingRequest : messages.sendRequest(verb)}
        </button>
      </div>
    </form>
  );
}
