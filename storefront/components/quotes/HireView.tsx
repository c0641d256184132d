/**
 * The hire as its visitor follows it on their quote page: for each item how many went out and came
 * back (damaged or lost said), then any charges found at check-in (late days, damage, losses), each
 * explained in the sentence the console shows (schema/rental/hire-charges.ts) with the crew's note
 * and photos, and the order's total with them.
 */
import { chargeBasis, hireTotals } from '../../../schema/rental/hire-charges';
import { hireLineOf, outNow } from '../../../schema/rental/hire';
import type { HireCharge, HireRecord, QuoteLine } from '../../../schema/types.generated';
import { useConfiguration } from '../../config/ConfigurationProvider';
import { quoteMessages as words } from '../../i18n/quote-messages';
import { formatMoney } from '../../../schema/display/format';
import { PricedLinesHead } from './QuoteBreakdownView';

export function HireView({ lines, hire, quoted }: { lines: readonly QuoteLine[]; hire: HireRecord; quoted: number }) {
  const { site } = useConfiguration();
  const money = (amount: number) => formatMoney(amount, site);
  const charges: HireCharge[] = hire.charges ?? [];
  const totals = hireTotals(quoted, charges);
  return (
    <section className="quote-hire" aria-labelledby="quote-hire-heading">
      <h2 id="quote-hire-heading">{words.hireHeading}</h2>
      <table className="quote-lines hire-lines">
        <thead>
          <tr>
            <th scope="col">{words.line}</th>
            <th scope="col" className="numeric">
              {words.quantity}
            </th>
            <th scope="col" className="numeric">
              {words.withYou}
            </th>
            <th scope="col" className="numeric">
              {words.back}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const moved = hireLineOf(hire, line.objectID);
            return (
              <tr key={line.objectID}>
                <th scope="row">
                  {line.name}
                  {(moved.damaged ?? 0) > 0 && (
                    <span className="quote-kind hire-flag">{words.damagedCount(moved.damaged ?? 0)}</span>
                  )}
                  {(moved.lost ?? 0) > 0 && (
                    <span className="quote-kind hire-flag">{words.lostCount(moved.lost ?? 0)}</span>
                  )}
                </th>
                <td className="numeric" data-label={words.quantity}>
                  {line.quantity}
                </td>
                <td className="numeric" data-label={words.withYou}>
                  {outNow(moved)}
                </td>
                <td className="numeric" data-label={words.back}>
                  {moved.back}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {hire.handovers?.length ? (
        <ul className="hire-handovers">
          {hire.handovers.map((handover) => (
            <li key={handover.at}>
              {words.handedOver(
                handover.direction,
                handover.name,
                new Intl.DateTimeFormat(site.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
                  new Date(handover.at),
                ),
              )}
              {handover.signature && (
                <img
                  src={handover.signature}
                  alt={words.signatureOf(handover.name)}
                  width={120}
                  height={40}
                  loading="lazy"
                />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {charges.length > 0 && (
        <>
          <h3>{words.chargesHeading}</h3>
          <table className="quote-lines hire-charges">
            <PricedLinesHead first={words.charge} />
            <tbody>
              {charges.map((charge) => (
                <tr key={charge.id}>
                  <th scope="row">
                    {words.chargeKinds[charge.kind]}: {charge.name}
                    {charge.tag && ` (${charge.tag})`}
                    <span className="quote-kind">{chargeBasis(charge, money)}</span>
                    {charge.note && <q className="quote-history-note">{charge.note}</q>}
                    {charge.adjustment && (
                      <p className="quote-adjustment">
                        {words.adjustment(money(charge.adjustment.amount), charge.adjustment.reason)}
                      </p>
                    )}
                    {charge.photos?.length ? (
                      <span className="hire-photos">
                        {charge.photos.map((url, index) => (
                          <a key={url} href={url} target="_blank" rel="noreferrer">
                            <img
                              src={url}
                              alt={words.photoOf(index + 1, charge.tag ?? charge.name)}
                              width={72}
                              height={72}
                              loading="lazy"
                            />
                          </a>
                        ))}
                      </span>
                    ) : null}
                  </th>
                  <td className="numeric" data-label={words.quantity}>
                    {charge.quantity}
                  </td>
                  <td className="numeric" data-label={words.each}>
                    {money(charge.unitPrice)}
                  </td>
                  <td className="numeric">{money(charge.subtotal)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="quote-totals">
            <dt>{words.quotedTotal}</dt>
            <dd>{money(totals.quoted)}</dd>
            <dt>{words.chargesTotal}</dt>
            <dd>{money(totals.charges)}</dd>
            <dt className="quote-total">{words.totalNow}</dt>
            <dd className="quote-total">{money(totals.total)}</dd>
          </dl>
        </>
      )}
    </section>
  );
}
