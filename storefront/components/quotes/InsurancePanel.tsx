/**
 * The production's cover on the quote page, when the vendor asks for cover: the way chosen, where
 * the house takes several (CoverChoice); by certificate, where the order's stands (none yet, refused, lapsed, cover starting after or ending before the
 * hire, cover below what the order would cost to replace, received), its file, and the
 * production's kept certificates to use for it (or one to add). Shown from the quote until the
 * hire is over.
 */
import { useId } from 'react';
import { insuranceStanding } from '../../../schema/rental/insurance';
import { todayIn } from '../../../schema/rental/quote-rules';
import type { QuoteState } from '../../../schema/rental/quote-states';
import { useConfiguration } from '../../config/ConfigurationProvider';
import { quoteMessages } from '../../i18n/quote-messages';
import { formatDay, formatMoney } from '../../../schema/display/format';
import { coveredWords } from '../../../schema/rental/insurance';
import { quotesApi, type VisitorQuote } from '../../lib/quotes-api';
import { CoverChoice } from '../insurance/CoverChoice';
import { KeptCertificates } from '../insurance/KeptCertificates';
import { chosenCover, coverOptionsOf, waiverPrice } from '../../../schema/rental/cover';

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
  if (!site.insuranceRequired || !ASKED_IN.has(quote.state)) return null;
  const money = (amount: number | undefined) => (amount === undefined ? '' : formatMoney(amount, site));
  const cover = chosenCover(quote, site);
  const coverNotice =
    cover === 'waiver' && site.damageWaiver
      ? words.cover.byWaiver(vendor.displayName, money(waiverPrice(quote, site.damageWaiver.percent)))
      : cover === 'cardHold'
        ? words.cover.byCard(money(quote.replacementValue))
        : cover === undefined
          ? words.cover.choose
          : undefined;
  return (
    <section className="insurance-panel no-print" aria-labelledby={headingId}>
      <h2 id={headingId}>{coverOptionsOf(site).length > 1 ? words.cover.heading : words.heading}</h2>
      <CoverChoice quote={quote} onChange={onChange} />
      {coverNotice ? (
        <div className={`notice ${cover ? 'notice-success' : 'notice-info'}`} role="status">
          <p>{coverNotice}</p>
        </div>
      ) : (
        <CertificateStanding quote={quote} />
      )}
      {cover === 'certificate' && <KeptCertificates quote={quote} onChosen={onChange} />}
    </section>
  );
}

/** Where the order's certificate stands, and its file. */
function CertificateStanding({ quote }: { quote: VisitorQuote }) {
  const { site, vendor } = useConfiguration();
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
  return (
    <>
      {standing === 'missing' && <p>{words.lead(vendor.displayName)}</p>}
      <div className={`notice ${tone}`} role="status">
        <p>
          {words.standing[standing](
            certificate ? formatDay(certificate.expiresOn, site) : '',
            certificate?.coverAmount === undefined ? '' : coveredWords(certificate, site),
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
    </>
  );
}
