/**
 * The visitor's documents for one request: each pro forma, invoice and credit note with its
 * number, date, total and what is still due, and its PDF to download (a voided pro forma says so).
 */
import { useEffect, useId, useState } from 'react';
import type { Invoice } from '../../../schema/types.generated';
import { useConfiguration } from '../../config/ConfigurationProvider';
import { quoteMessages } from '../../i18n/quote-messages';
import { formatDay, formatMoney } from '../../../schema/display/format';
import { quotesApi } from '../../lib/quotes-api';

const words = quoteMessages.invoices;
/** What an invoice still owes now (the server takes off payments and credit notes since it was issued). */
const owedOf = (invoice: Invoice & { owed?: number }) => invoice.owed ?? invoice.balance;

export function InvoiceLinks({ quoteId, state }: { quoteId: string; state: string }) {
  const { site } = useConfiguration();
  const headingId = useId();
  const [invoices, setInvoices] = useState<Invoice[] | 'failed'>();
  useEffect(() => {
    let live = true;
    quotesApi.invoices(quoteId).then(
      (answer) => live && setInvoices(answer),
      () => live && setInvoices('failed'),
    );
    return () => void (live = false);
  }, [quoteId, state]);
  return (
    <section className="quote-invoices no-print" aria-labelledby={headingId}>
      <h2 id={headingId}>{words.heading}</h2>
      {invoices === undefined ? (
        <p role="status">{words.loading}</p>
      ) : invoices === 'failed' ? (
        <p className="field-error" role="alert">
          {words.failed}
        </p>
      ) : invoices.length === 0 ? (
        <p>{words.none(state)}</p>
      ) : (
        <ul>
          {invoices.map((invoice) => {
            const money = (amount: number) => formatMoney(amount, { locale: site.locale, currency: invoice.currency });
            return (
              <li key={invoice.number}>
                <a href={quotesApi.invoicePdfHref(quoteId, invoice.number)} download={`${invoice.number}.pdf`}>
                  {words.link(words.kinds[invoice.kind]!, invoice.number)}
                </a>
                <span>
                  {' '}
                  · {words.issued(formatDay(invoice.issueDate, site))} · {money(invoice.total)}
                  {invoice.kind === 'invoice' && owedOf(invoice) > 0 && ` · ${words.balance(money(owedOf(invoice)))}`}
                  {invoice.voidedAt && ` · ${words.voided}`}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
