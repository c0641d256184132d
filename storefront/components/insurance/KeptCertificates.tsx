/**
 * The production's kept certificates of insurance: those kept on this storefront, then those kept
 * on the marketplace (offered to every house). Each says what a house checks (insurer, policy,
 * named insured, limits, the days it covers, the lessor it names) and, where it cannot serve this
 * house, why. On a quote page (`quote`), each that can is one click from being used for the order;
 * anywhere, one is added (and, on a quote page, used at once), downloaded or removed.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import type { KeptCertificateView } from '../../../schema/rental/insurance';
import type { CertificateUpload } from '../../../schema/types.generated';
import { formatDay, formatMoneyIn } from '../../../schema/display/format';
import { toIdentityError, type IdentityError } from '../../auth/identity-api';
import { useConfiguration } from '../../config/ConfigurationProvider';
import { quoteMessages } from '../../i18n/quote-messages';
import { quotesApi, type VisitorQuote } from '../../lib/quotes-api';
import { ErrorText } from '../auth/ErrorText';
import { useConfirm } from '../ConfirmDialog';
import { CertificateForm } from './CertificateForm';

const words = quoteMessages.insurance.kept;

type Listing =
  | { kind: 'loading' }
  | { kind: 'loaded'; certificates: KeptCertificateView[] }
  | { kind: 'failed'; error: IdentityError };

export function KeptCertificates({
  quote,
  onChosen,
}: {
  quote?: VisitorQuote;
  onChosen?: (quote: VisitorQuote) => void;
}) {
  const { site, vendor } = useConfiguration();
  const confirm = useConfirm();
  const headingId = useId();
  const [listing, setListing] = useState<Listing>({ kind: 'loading' });
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<IdentityError>();
  const load = useCallback(async () => {
    setListing({ kind: 'loading' });
    try {
      setListing({ kind: 'loaded', ...(await quotesApi.certificates()) });
    } catch (failure) {
      setListing({ kind: 'failed', error: toIdentityError(failure) });
    }
  }, []);
  useEffect(() => void load(), [load]);

  const chooseFor = async (id: string) => {
    if (!quote) return;
    setBusy(id);
    setError(undefined);
    try {
      onChosen?.(await quotesApi.chooseCertificate(quote.id, id));
    } catch (failure) {
      setError(toIdentityError(failure));
    } finally {
      setBusy(undefined);
    }
  };
  const remove = async (certificate: KeptCertificateView) => {
    const outcome = await confirm({
      title: words.removeTitle,
      message: words.removeMessage(certificate.fileName),
      confirmLabel: words.remove,
    });
    if (outcome !== 'confirmed') return;
    setBusy(certificate.id);
    setError(undefined);
    try {
      await quotesApi.removeCertificate(certificate.id);
      await load();
    } catch (failure) {
      setError(toIdentityError(failure));
    } finally {
      setBusy(undefined);
    }
  };
  const keep = async (upload: CertificateUpload) => {
    const before = new Set(listing.kind === 'loaded' ? listing.certificates.map((each) => each.id) : []);
    const { certificates } = await quotesApi.keepCertificate(upload);
    setListing({ kind: 'loaded', certificates });
    const added = certificates.find((each) => !before.has(each.id));
    if (quote && added && !added.problems.length) await chooseFor(added.id);
  };

  const certificates = listing.kind === 'loaded' ? listing.certificates : [];
  return (
    <section className="kept-certificates" aria-labelledby={headingId} aria-busy={listing.kind === 'loading'}>
      <h3 id={headingId}>{words.heading}</h3>
      {!quote && <p>{words.lead}</p>}
      {listing.kind === 'loading' && <p className="field-hint">{words.loading}</p>}
      {listing.kind === 'failed' && (
        <p className="field-error" role="alert">
          {words.failed} {listing.error.message}{' '}
          <button type="button" className="text-button" onClick={() => void load()}>
            {words.retry}
          </button>
        </p>
      )}
      {listing.kind === 'loaded' && !certificates.length && <p>{words.none}</p>}
      {certificates.length > 0 && (
        <ul className="kept-list">
          {certificates.map((certificate) => {
            const chosen = quote?.insurance?.keptId === certificate.id;
            const money = (amount: number) => formatMoneyIn(amount, certificate.currency, site);
            return (
              <li key={certificate.id} className={`kept-certificate${chosen ? ' is-chosen' : ''}`}>
                <p className="kept-title">
                  <strong>
                    {certificate.insurer} · {certificate.policyNumber}
                  </strong>
                  {certificate.keptOn === 'platform' && <span className="badge">{words.onPlatform}</span>}
                  {chosen && <span className="badge badge-confirmed">{words.chosen}</span>}
                </p>
                <p>
                  {certificate.namedInsured} · {words.limit(money(certificate.coverAmount))}
                  {certificate.generalLiability !== undefined &&
                    `, ${words.liability(money(certificate.generalLiability))}`}{' '}
                  · {words.runs(formatDay(certificate.effectiveOn, site), formatDay(certificate.expiresOn, site))}
                </p>
                <p className="field-hint">
                  {certificate.anyLessor
                    ? words.anyLessor
                    : certificate.additionalInsured
                      ? words.names(certificate.additionalInsured)
                      : words.namesNone}
                </p>
                {certificate.problems.length > 0 && (
                  <p className="field-error">
                    {words.cannotHere(
                      vendor.displayName,
                      certificate.problems.map((problem) => problem.message),
                    )}
                  </p>
                )}
                <div className="kept-actions">
                  {quote && !chosen && !certificate.problems.length && (
                    <button
                      type="button"
                      className="button button-primary"
                      disabled={busy !== undefined}
                      onClick={() => void chooseFor(certificate.id)}
                    >
                      {busy === certificate.id ? words.using : words.use}
                    </button>
                  )}
                  <a
                    className="button button-secondary"
                    href={quotesApi.certificateHref(certificate.id)}
                    download={certificate.fileName}
                  >
                    {words.download}
                  </a>
                  {certificate.keptOn === 'here' && (
                    <button
                      type="button"
                      className="text-button"
                      disabled={busy !== undefined}
                      onClick={() => void remove(certificate)}
                    >
                      {words.remove}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {error && <ErrorText id={`${headingId}-error`} error={error} />}
      {listing.kind !== 'loading' && (
        <details className="insurance-replace" open={listing.kind === 'loaded' && !certificates.length}>
          <summary>{words.add}</summary>
          <CertificateForm submitLabel={quote ? words.keepAndUse : words.keep} onKeep={keep} />
        </details>
      )}
    </section>
  );
}
