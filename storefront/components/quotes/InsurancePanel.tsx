/**
 * The production's certificate of insurance on the quote page, when the vendor asks for one:
 * where it stands (none yet, lapsed, cover ending before the hire, received), the file uploaded,
 * and a form to upload it (or a newer one): the file, the last day its cover runs, and optionally
 * the insurer, policy number and cover for hired property (set against what the order would cost
 * to replace: less is flagged). Shown from the quote until the hire is over.
 */
import { useId, useState, type FormEvent } from 'react';
import { insuranceStanding } from '../../../schema/rental/insurance';
import { todayIn } from '../../../schema/rental/quote-rules';
import type { QuoteState } from '../../../schema/rental/quote-states';
import { toIdentityError, type IdentityError } from '../../auth/identity-api';
import { useConfiguration } from '../../config/ConfigurationProvider';
import { quoteMessages } from '../../i18n/quote-messages';
import { base64Of } from '../../../schema/display/file-base64';
import { formatDay, formatMoney } from '../../../schema/display/format';
import { quotesApi, type VisitorQuote } from '../../lib/quotes-api';
import { ErrorText } from '../auth/ErrorText';

const words = quoteMessages.insurance;
/** The states a certificate is asked for in: from the quote until the hire is over. */
const ASKED_IN: ReadonlySet<QuoteState> = new Set([
  'quoted',
  'accepted',
  'confirmed',
  'partlyOut',
  'out',
  'partlyReturned',
  'returned',
]);

export function InsurancePanel({ quote, onChange }: { quote: VisitorQuote; onChange: (quote: VisitorQuote) => void }) {
  const { site, vendor } = useConfiguration();
  const headingId = useId();
  const [error, setError] = useState<IdentityError>();
  const [busy, setBusy] = useState(false);
  if (!site.insuranceRequired || !ASKED_IN.has(quote.state)) return null;
  const certificate = quote.insurance;
  const standing = insuranceStanding(quote, todayIn(vendor.timezone ?? 'UTC', new Date()), quote.replacementValue);
  const money = (amount: number | undefined) => (amount === undefined ? '' : formatMoney(amount, site));
  const tone =
    standing === 'current'
      ? 'notice-success'
      : standing === 'missing'
        ? 'notice-info'
        : standing === 'refused'
          ? 'notice-error'
          : 'notice-warning';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) return setError({ message: words.chooseFile } as IdentityError);
    setBusy(true);
    setError(undefined);
    try {
      const insurer = text('insurer');
      const policyNumber = text('policyNumber');
      const coverAmount = text('coverAmount');
      onChange(
        await quotesApi.uploadInsurance(quote.id, {
          data: await base64Of(file),
          fileName: file.name,
          expiresOn: text('expiresOn'),
          ...(insurer && { insurer }),
          ...(policyNumber && { policyNumber }),
          ...(coverAmount && { coverAmount: Number(coverAmount) }),
        }),
      );
      element.reset();
    } catch (failure) {
      setError(toIdentityError(failure));
    } finally {
      setBusy(false);
    }
  };

  const form = (
    <CertificateForm
      busy={busy}
      error={error}
      hasCertificate={certificate !== undefined}
      replacementValue={quote.replacementValue ? money(quote.replacementValue) : undefined}
      onSubmit={(event) => void submit(event)}
    />
  );
  return (
    <section className="insurance-panel no-print" aria-labelledby={headingId}>
      <h2 id={headingId}>{words.heading}</h2>
      {standing === 'missing' && <p>{words.lead(vendor.displayName)}</p>}
      <div className={`notice ${tone}`} role="status">
        <p>
          {words.standing[standing](
            certificate ? formatDay(certificate.expiresOn, site) : '',
            money(certificate?.coverAmount),
            money(quote.replacementValue),
            certificate?.review?.note ?? '',
            certificate?.effectiveOn ? formatDay(certificate.effectiveOn, site) : '',
          )}
        </p>
        {certificate?.review?.state === 'verified' && (
          <p>{words.verified(vendor.displayName, formatDay(certificate.review.at.slice(0, 10), site))}</p>
        )}
        {certificate && (
          <p>
            <a href={quotesApi.insuranceHref(quote.id)} download={certificate.fileName}>
              {words.download(certificate.fileName)}
            </a>
          </p>
        )}
      </div>
      {standing === 'current' ? (
        <details className="insurance-replace">
          <summary>{words.replace}</summary>
          {form}
        </details>
      ) : (
        form
      )}
    </section>
  );
}

function CertificateForm({
  busy,
  error,
  hasCertificate,
  replacementValue,
  onSubmit,
}: {
  busy: boolean;
  error: IdentityError | undefined;
  hasCertificate: boolean;
  replacementValue: string | undefined;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <form className="form-card insurance-form" onSubmit={onSubmit} noValidate>
      <label>
        {words.file}
        <input
          name="file"
          type="file"
          accept="application/pdf,image/png,image/jpeg"
          required
          aria-describedby={error ? 'insurance-error' : undefined}
        />
      </label>
      <div className="form-row">
        <label>
          {words.coverEnds}
          <input name="expiresOn" type="date" required />
        </label>
        <label>
          {words.insurer}
          <input name="insurer" maxLength={120} autoComplete="organization" />
        </label>
      </div>
      <div className="form-row">
        <label>
          {words.policyNumber}
          <input name="policyNumber" maxLength={120} />
        </label>
        <label>
          {words.coverAmount(replacementValue)}
          <input name="coverAmount" type="number" min={0} step="0.01" inputMode="decimal" />
        </label>
      </div>
      {error && <ErrorText id="insurance-error" error={error} />}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? words.uploading : hasCertificate ? words.replace : words.upload}
        </button>
      </div>
    </form>
  );
}
