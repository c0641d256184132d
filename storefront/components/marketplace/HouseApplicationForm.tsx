/**
 * "List your rental house", on the platform's /onboarding/welcome: the house's name, where it is,
 * its money, clock and tax, and its admin's email, sent to platform staff
 * (/api/house-applications). The server has the final word: each refusal lands beside its field
 * (a name or domain already on the platform, an email that has an account).
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { parseLatLng } from '../../../schema/marketplace/distance';
import type { HouseApplicationInput } from '../../../schema/types.generated';
import { apiCall, IdentityError, toIdentityError } from '../../auth/identity-api';
import { messages as allMessages } from '../../i18n/messages';
import { formText } from '../../lib/form-text';
import { ErrorText } from '../auth/ErrorText';

const messages = allMessages.marketplace;
const CURRENCIES = ['USD', 'GBP', 'EUR', 'CAD', 'AUD', 'NZD'];
/** Every zone the browser knows, and UTC (which the list leaves out); the schema's own check is the server's. */
const zones = () => [
  'UTC',
  ...(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []),
];

export function HouseApplicationForm() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IdentityError>();
  const [sent, setSent] = useState<{ name: string; email: string }>();
  // The applicant's own zone, once the page runs in their browser (the server's rendering cannot know it).
  const [zone, setZone] = useState('UTC');
  useEffect(() => {
    const guessed = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zones().includes(guessed)) setZone(guessed);
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => formText(form, name).trim();
    const where = text('location');
    const location = where ? parseLatLng(where) : undefined;
    if (where && !location) return setError(new IdentityError(messages.locationInvalid, 400, undefined, 'location'));
    const body: HouseApplicationInput = {
      name: text('name'),
      adminEmail: text('adminEmail'),
      address: {
        line1: text('line1'),
        city: text('city'),
        country: text('country').toUpperCase(),
        ...(text('state') && { state: text('state') }),
        ...(text('zip') && { zip: text('zip') }),
      },
      currency: text('currency'),
      timezone: text('timezone'),
      taxRatePercent: Number(text('taxRatePercent') || 0),
      ...(text('taxName') && { taxName: text('taxName') }),
      ...(text('domain') && { domain: text('domain').toLowerCase() }),
      ...(location && { location }),
    };
    setBusy(true);
    setError(undefined);
    try {
      await apiCall('/api/house-applications', { method: 'POST', body: JSON.stringify(body) });
      setSent({ name: body.name, email: body.adminEmail });
    } catch (failure) {
      setError(toIdentityError(failure));
    } finally {
      setBusy(false);
    }
  };

  if (sent)
    return (
      <p className="quote-note notice-success" role="status">
        {messages.applicationSent(sent.name, sent.email)}
      </p>
    );
  // A field's refusal beside it ("address.city" is the city input's), the others above the form.
  const fieldOf = (field: string | undefined) => field?.replace(/^address\./, '');
  const problem = (name: string) => (error && fieldOf(error.field) === name ? error : undefined);
  const field = (name: string, label: string, input: ReactNode) => (
    <div className="field">
      <label>
        {label}
        {input}
      </label>
      {problem(name) && <ErrorText id={`house-${name}-error`} error={problem(name)!} />}
    </div>
  );
  const known = [
    'name',
    'adminEmail',
    'line1',
    'city',
    'state',
    'zip',
    'country',
    'currency',
    'timezone',
    'taxRatePercent',
    'taxName',
    'domain',
    'location',
  ];
  return (
    <form className="form-card house-form" onSubmit={submit} aria-busy={busy} aria-labelledby="house-heading">
      <h2 id="house-heading" className="form-heading">
        {messages.houseFormHeading}
      </h2>
      <p className="field-hint">{messages.houseFormLead}</p>
      {error && !known.includes(fieldOf(error.field) ?? '') && <ErrorText id="house-error" error={error} />}
      <div className="field-grid">
        {field(
          'name',
          messages.houseName,
          <input name="name" required autoComplete="organization" aria-invalid={Boolean(problem('name'))} />,
        )}
        {field(
          'adminEmail',
          messages.adminEmail,
          <input
            name="adminEmail"
            type="email"
            required
            autoComplete="work email"
            aria-describedby="house-admin-hint"
            aria-invalid={Boolean(problem('adminEmail'))}
          />,
        )}
        <p id="house-admin-hint" className="field-hint">
          {messages.adminEmailHint}
        </p>
        {field(
          'line1',
          messages.street,
          <input name="line1" required autoComplete="address-line1" aria-invalid={Boolean(problem('line1'))} />,
        )}
        {field(
          'city',
          messages.city,
          <input name="city" required autoComplete="address-level2" aria-invalid={Boolean(problem('city'))} />,
        )}
        {field(
          'state',
          messages.region,
          <input name="state" autoComplete="address-level1" aria-invalid={Boolean(problem('state'))} />,
        )}
        {field(
          'zip',
          messages.postcode,
          <input name="zip" autoComplete="postal-code" aria-invalid={Boolean(problem('zip'))} />,
        )}
        {field(
          'country',
          messages.country,
          <input
            name="country"
            required
            minLength={2}
            maxLength={2}
            autoComplete="country"
            aria-invalid={Boolean(problem('country'))}
          />,
        )}
        {field(
          'currency',
          messages.currency,
          <select name="currency" defaultValue="USD">
            {CURRENCIES.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </select>,
        )}
        {field(
          'timezone',
          messages.timezone,
          <select name="timezone" value={zone} onChange={(event) => setZone(event.target.value)}>
            {zones().map((zone) => (
              <option key={zone}>{zone}</option>
            ))}
          </select>,
        )}
        {field(
          'taxRatePercent',
          messages.taxRate,
          <input
            name="taxRatePercent"
            type="number"
            min={0}
            step="any"
            defaultValue={0}
            aria-invalid={Boolean(problem('taxRatePercent'))}
          />,
        )}
        {field('taxName', messages.taxName, <input name="taxName" aria-invalid={Boolean(problem('taxName'))} />)}
        {field(
          'domain',
          messages.domain,
          <input name="domain" inputMode="url" aria-invalid={Boolean(problem('domain'))} />,
        )}
      </div>
      {field(
        'location',
        messages.location,
        <input
          name="location"
          inputMode="decimal"
          aria-describedby="house-location-hint"
          aria-invalid={Boolean(problem('location'))}
        />,
      )}
      <p id="house-location-hint" className="field-hint">
        {messages.locationHint}
      </p>
      <div className="form-actions">
        <button className="button button-primary" type="submit" disabled={busy}>
          {busy ? messages.sendingApplication : messages.sendApplication}
        </button>
      </div>
    </form>
  );
}
