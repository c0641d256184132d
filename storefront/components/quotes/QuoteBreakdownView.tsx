/**
 * A priced quote, every number explained (schema/rental/quote-pricing.ts made them): each rental with, under
 * its name, how one unit was priced step by step (week rate or day factors, the long-hire factor,
 * the one-day minimum), any adjustment with its reason, and its subtotal; the services; the totals;
 * and what a card authorisation would hold, processing on its own line.
 */
import type { QuoteDue } from '../../../schema/rental/invoices';
import type { QuoteBreakdown } from '../../../schema/types.generated';
import { useConfiguration } from '../../config/ConfigurationProvider';
import { quoteMessages as words } from '../../i18n/quote-messages';
import { formatMoney } from '../../lib/format';
import { priceStepText } from '../../lib/price-steps';

/** `due`: the server's tax and processing on this version (the tenant's tax rule needs each item's group); without it the breakdown's own card line. */
export function QuoteBreakdownView({ breakdown, due }: { breakdown: QuoteBreakdown; due?: QuoteDue }) {
  const { site } = useConfiguration();
  const money = (amount: number) => formatMoney(amount, site);
  const card = breakdown.cardAuthorisation;
  return (
    <div className="quote-breakdown">
      <table className="quote-lines">
        <PricedLinesHead first={words.line} />
        <tbody>
          {breakdown.lines.map((line, index) => (
            <tr key={`${line.kind}-${line.objectID ?? index}`}>
              <th scope="row">
                {line.name}
                {line.kind === 'service' && <span className="quote-kind">{words.service}</span>}
                {line.kind === 'item' && (
                  <ul className="quote-steps" aria-label={words.how}>
                    {(line.steps ?? []).map((step, stepIndex) => (
                      <li key={stepIndex}>{priceStepText(line, step, money)}</li>
                    ))}
                  </ul>
                )}
                {line.adjustment && <p className="quote-adjustment">{words.adjustment(money(line.adjustment.amount), line.adjustment.reason)}</p>}
              </th>
              {/* data-label: a phone shows each line as a block, its figures labelled. */}
              <td className="numeric" data-label={words.quantity}>
                {line.quantity}
              </td>
              <td className="numeric" data-label={words.each}>
                {money(line.unitPrice)}
              </td>
              <td className="numeric">{money(line.subtotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="quote-totals">
        <dt>{words.rentals}</dt>
        <dd>{money(breakdown.rentalSubtotal)}</dd>
        {breakdown.servicesSubtotal > 0 && (
          <>
            <dt>{words.services}</dt>
            <dd>{money(breakdown.servicesSubtotal)}</dd>
          </>
        )}
        {due && due.tax > 0 ? (
          <>
            <dt>{words.net}</dt>
            <dd>{money(breakdown.total)}</dd>
            <dt>{words.tax(due.taxName, due.taxRate)}</dt>
            <dd>{money(due.tax)}</dd>
            <dt className="quote-total">{words.totalWithTax(due.taxName)}</dt>
            <dd className="quote-total">{money(due.net + due.tax)}</dd>
          </>
        ) : (
          <>
            <dt className="quote-total">{words.total}</dt>
            <dd className="quote-total">{money(breakdown.total)}</dd>
          </>
        )}
        {card && (
          <>
            <dt>{words.processing(card.processingPercent)}</dt>
            <dd>{money(due ? due.processing : card.processing)}</dd>
            <dt>{words.authorisation}</dt>
            <dd>{money(due ? due.total : card.amount)}</dd>
          </>
        )}
      </dl>
      {card && <p className="quote-no-charge">{words.noCharge}</p>}
    </div>
  );
}

/** The head of a table of priced lines (the quote's, the charges after a hire): what it is, then quantity, each and subtotal. */
export function PricedLinesHead({ first }: { first: string }) {
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        <th scope="col" className="numeric">
          {words.quantity}
        </th>
        <th scope="col" className="numeric">
          {words.each}
        </th>
        <th scope="col" className="numeric">
          {words.subtotal}
        </th>
      </tr>
    </thead>
  );
}
