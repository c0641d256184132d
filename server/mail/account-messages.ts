/**
 * The mail a house sends about money owed (issue 38), in its branding (messages.ts): a payment
 * reminder for an invoice past due, with the invoice's PDF; an account's monthly statement, with
 * the statement's PDF. Both go to the account's billing contact, or to the customer who ordered
 * when the invoice is on no account. Pure: the PDFs are made by the caller.
 */
import type { Statement } from '../../schema/accounts/statements';
import type { StorefrontConfiguration } from '../../storefront/config/configuration';
import { formatDay, formatMoney, formatMonth } from '../../storefront/lib/format';
import type { Invoice } from '../../schema/types.generated';
import { message, type MailAttachment, type MailContent } from './messages';

const pdf = (filename: string, content: Buffer): MailAttachment => ({ filename, content, contentType: 'application/pdf' });

/** An invoice still owing `owed`, `days` past its due date; its PDF attached. */
export function paymentReminderMessage(configuration: StorefrontConfiguration, reminder: { invoice: Invoice; owed: number; days: number; attention: string }, invoicePdf: Buffer): MailContent {
  const { site, vendor } = configuration;
  const { invoice, owed, days } = reminder;
  const money = (amount: number) => formatMoney(amount, { ...site, currency: invoice.currency });
  const about = [invoice.billTo.production, invoice.billTo.purchaseOrder && `PO ${invoice.billTo.purchaseOrder}`].filter(Boolean).join(', ');
  const content = message('paymentReminder', configuration, `Reminder: invoice ${invoice.number} from ${vendor.displayName} is ${days} days past due (${money(owed)})`, {
    heading: `Invoice ${invoice.number} is ${days} days past due`,
    paragraphs: [
      `Hello ${reminder.attention},`,
      `${vendor.displayName}'s invoice ${invoice.number}${about ? ` (${about})` : ''} of ${formatDay(invoice.issueDate, site)} fell due on ${formatDay(invoice.dueDate, site)}. ${money(owed)} of it is still owed.`,
      `Please pay it now, quoting ${invoice.number}. The invoice is attached.`,
      ...(vendor.remittance ? [`How to pay: ${vendor.remittance}`] : []),
      `If you have paid it in the last few days, thank you, and please ignore this mail. Reply to it with any question.`,
    ],
  });
  return { ...content, attachments: [pdf(`${invoice.number}.pdf`, invoicePdf)] };
}

/** An account's statement for a month; its PDF attached. */
export function statementMessage(configuration: StorefrontConfiguration, statement: Statement, attention: string, statementPdf: Buffer, filename: string): MailContent {
  const { site, vendor } = configuration;
  const money = (amount: number) => formatMoney(amount, { ...site, currency: statement.currency });
  const month = formatMonth(statement.month, site);
  const overdue = statement.ageing.days30 + statement.ageing.days60 + statement.ageing.days90 + statement.ageing.over90;
  const content = message('statement', configuration, `${vendor.displayName}: statement for ${statement.account.name}, ${month}`, {
    heading: `Your statement for ${month}`,
    paragraphs: [
      `Hello ${attention},`,
      `Attached is ${statement.account.name}'s statement from ${vendor.displayName} for ${month}: ${statement.lines.length} ${statement.lines.length === 1 ? 'entry' : 'entries'}, and ${
        statement.closing < 0 ? `${money(-statement.closing)} in credit` : `${money(statement.closing)} owed`
      } on ${formatDay(statement.to, site)}.`,
      ...(overdue > 0 ? [`${money(overdue)} of it is past due: please pay it now, quoting the invoice numbers.`] : []),
      `Reply to this mail with any question about it.`,
    ],
  });
  return { ...content, attachments: [pdf(filename, statementPdf)] };
}
