/**
 * A priced quote, every number explained (schema/rental/quote-pricing.ts made them): each rental with, under
 * its name, how one unit was priced step by step (week rate or day factors, the long-hire factor,
 * the one-day minimum), any adjustment with its reason, and its subtotal; the services; the totals;
 * and the totals in the order they add up (schema/rental/invoices.ts dueLines), the last the one charged.
 */
import { Fragment } from 'react';
import { dueLines, type QuoteDue } from '../../../schema/rental/invoices';
import type { QuoteBreakdown } from '../../../schema/types.generated';
import { useConfiguration } from '../../config/ConfigurationProvider';
import { quoteMessages as words } from '../../i18n/quote-messages';
import { formatMoney } from '../../../schema/display/format';
import { priceStepText } from '../../../schema/display/price-steps';

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
                {line.adjustment && (
                  <p className="quote-adjustment">
                    {words.adjustment(money(line.adjustment.amount), line.adjustment.reason)}
                  </p>
                )}
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
        {due ? (
          dueLines(due).map((line) => {
            const label =
              line.kind === 'waiver'
                ? words.waiver(site.damageWaiver?.percent ?? 0)
                : line.kind === 'processing'
                  ? words.processing(card?.processingPercent ?? 0)
                  : line.kind === 'beforeTax'
                    ? words.beforeTax(due.taxName)
                    : line.kind === 'tax'
                      ? words.tax(due.taxName, due.taxRate)
                      : line.kind === 'withTax'
                        ? words.totalWithTax(due.taxName)
                        : due.processing > 0
                          ? words.authorisation
                          : due.tax > 0
                            ? words.totalWithTax(due.taxName)
                            : words.total;
            const final = line.kind === 'total' ? 'quote-total' : undefined;
            return (
              <Fragment key={line.kind}>
                <dt className={final}>{label}</dt>
                <dd className={final}>{money(line.amount)}</dd>
              </Fragment>
            );
          })
        ) : (
          <>
            <dt className="quote-total">{words.total}</dt>
            <dd className="quote-total">{money(breakdown.total)}</dd>
            {card && (
              <>
                <dt>{words.processing(card.processingPercent)}</dt>
                <dd>{money(card.processing)}</dd>
                <dt>{words.authorisation}</dt>
                <dd>{money(card.amount)}</dd>
              </>
            )}
          </>
        )}
      </dl>
      {/* On a customer account there is no card: nothing to say about holding one. */}
      {card && (!due || due.processing > 0) && <p className="quote-no-charge">{words.noCharge}</p>}
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
