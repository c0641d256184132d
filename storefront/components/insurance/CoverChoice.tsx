/**
 * How the production covers its hire, where the house takes more than one way: its certificate of
 * insurance, the house's damage waiver (its price, what it covers and leaves out, the most the
 * production then pays) or a card hold for the full replacement value. Chosen while the request
 * is open; once accepted, only a certificate may still be chosen.
 */
import { useId, useState } from 'react';
import {
  chosenCover,
  coverOpen,
  coverOptionsOf,
  waiverPrice,
  type CoverChoice as Cover,
} from '../../../schema/rental/cover';
import { formatMoney } from '../../../schema/display/format';
import { toIdentityError, type IdentityError } from '../../auth/identity-api';
import { useConfiguration } from '../../config/ConfigurationProvider';
import { quoteMessages } from '../../i18n/quote-messages';
import { quotesApi, type VisitorQuote } from '../../lib/quotes-api';
import { ErrorText } from '../auth/ErrorText';

const words = quoteMessages.insurance.cover;

export function CoverChoice({ quote, onChange }: { quote: VisitorQuote; onChange: (quote: VisitorQuote) => void }) {
  const { site, vendor } = useConfiguration();
  const errorId = useId();
  const [busy, setBusy] = useState(false);
  // The way clicked shows at once; it is the saved one again if saving fails.
  const [pending, setPending] = useState<Cover>();
  const [error, setError] = useState<IdentityError>();
  const options = coverOptionsOf(site);
  if (options.length < 2) return null;
  const chosen = chosenCover(quote, site);
  const open = coverOpen(quote);
  const money = (amount: number) => formatMoney(amount, site);
  const value = quote.replacementValue ? money(quote.replacementValue) : '';
  const waiver = site.damageWaiver;

  const choose = async (choice: Cover) => {
    setBusy(true);
    setPending(choice);
    setError(undefined);
    try {
      onChange(await quotesApi.chooseCover(quote.id, choice));
    } catch (failure) {
      setError(toIdentityError(failure));
    } finally {
      setPending(undefined);
      setBusy(false);
    }
  };
  const details: Record<Cover, { title: string; lines: string[] }> = {
    certificate: { title: words.certificate, lines: [words.certificateDetail(vendor.displayName, value)] },
    waiver: {
      title: words.waiver(vendor.displayName),
      lines: waiver
        ? [
            words.waiverDetail(money(waiverPrice(quote, waiver.percent)), waiver.percent),
            words.waiverCovers(waiver.covers),
            words.waiverExcludes(waiver.excludes),
            words.waiverLiability(money(waiver.maxLiability)),
          ]
        : [],
    },
    cardHold: { title: words.cardHold, lines: [words.cardHoldDetail(value)] },
  };
  return (
    <fieldset className="cover-choice" aria-busy={busy} aria-describedby={error ? errorId : undefined}>
      <legend>{words.legend}</legend>
      {!open && <p className="field-hint">{words.fixed}</p>}
      {options.map((option) => (
        <label key={option} className={`cover-option${(pending ?? chosen) === option ? ' is-chosen' : ''}`}>
          <input
            type="radio"
            name="cover"
            value={option}
            checked={(pending ?? chosen) === option}
            disabled={busy || (!open && option !== 'certificate')}
            onChange={() => void choose(option)}
          />
          <span>
            <strong>{details[option].title}</strong>
            {details[option].lines.map((line) => (
              <span key={line} className="cover-detail">
                {line}
              </span>
            ))}
          </span>
        </label>
      ))}
      {error && <ErrorText id={errorId} error={error} />}
    </fieldset>
  );
}
