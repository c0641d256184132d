/**
 * The mail a house sends about money owed (issue 38), in its branding (messages.ts): a payment
 * reminder for an invoice past due, with the invoice's PDF; an account's monthly statement, with
 * the statement's PDF. Both go to the account's billing contact, or to the customer who ordered
 * when the invoice is on no account. And a visitor's request to order on their company's account:
 * to the house when asked, to the visitor when decided. Pure: the PDFs are made by the caller.
 */
import type { Statement } from '../../schema/accounts/statements';
import type { StorefrontConfiguration } from '../../schema/configuration/configuration';
import { formatDay, formatMoney, formatMonth } from '../../schema/display/format';
import type { CustomerAccount, Invoice, JoinRequest } from '../../schema/types.generated';
import { message, pdf, type MailContent } from './messages';

/** An invoice still owing `owed`, `days` past its due date; its PDF attached. */
export function paymentReminderMessage(
  configuration: StorefrontConfiguration,
  reminder: { invoice: Invoice; owed: number; days: number; attention: string },
  invoicePdf: Buffer,
): MailContent {
  const { site, vendor } = configuration;
  const { invoice, owed, days } = reminder;
  const money = (amount: number) => formatMoney(amount, { ...site, currency: invoice.currency });
  const about = [invoice.billTo.production, invoice.billTo.purchaseOrder && `PO ${invoice.billTo.purchaseOrder}`]
    .filter(Boolean)
    .join(', ');
  const content = message(
    'paymentReminder',
    configuration,
    `Reminder: invoice ${invoice.number} from ${vendor.displayName} is ${days} days past due (${money(owed)})`,
    {
      heading: `Invoice ${invoice.number} is ${days} days past due`,
      paragraphs: [
        `Hello ${reminder.attention},`,
        `${vendor.displayName}'s invoice ${invoice.number}${about ? ` (${about})` : ''} of ${formatDay(invoice.issueDate, site)} fell due on ${formatDay(invoice.dueDate, site)}. ${money(owed)} of it is still owed.`,
        `Please pay it now, quoting ${invoice.number}. The invoice is attached.`,
        ...(vendor.remittance ? [`How to pay: ${vendor.remittance}`] : []),
        `If you have paid it in the last few days, thank you, and please ignore this mail. Reply to it with any question.`,
      ],
    },
  );
  return { ...content, attachments: [pdf(`${invoice.number}.pdf`, invoicePdf)] };
}

/** An account's statement for a month; its PDF attached. */
export function statementMessage(
  configuration: StorefrontConfiguration,
  statement: Statement,
  attention: string,
  statementPdf: Buffer,
  filename: string,
): MailContent {
  const { site, vendor } = configuration;
  const money = (amount: number) => formatMoney(amount, { ...site, currency: statement.currency });
  const month = formatMonth(statement.month, site);
  const overdue = statement.ageing.days30 + statement.ageing.days60 + statement.ageing.days90 + statement.ageing.over90;
  const content = message(
    'statement',
    configuration,
    `${vendor.displayName}: statement for ${statement.account.name}, ${month}`,
    {
      heading: `Your statement for ${month}`,
      paragraphs: [
        `Hello ${attention},`,
        `Attached is ${statement.account.name}'s statement from ${vendor.displayName} for ${month}: ${statement.lines.length} ${statement.lines.length === 1 ? 'entry' : 'entries'}, and ${
          statement.closing < 0 ? `${money(-statement.closing)} in credit` : `${money(statement.closing)} owed`
        } on ${formatDay(statement.to, site)}.`,
        ...(overdue > 0
          ? [`${money(overdue)} of it is past due: please pay it now, quoting the invoice numbers.`]
          : []),
        `Reply to this mail with any question about it.`,
      ],
    },
  );
  return { ...content, attachments: [pdf(filename, statementPdf)] };
}

/** To the house: a visitor asks to order on their company's account, with a link to decide it. */
export function joinRequestMessage(configuration: StorefrontConfiguration, request: JoinRequest): MailContent {
  const who = request.name ? `${request.name} (${request.email})` : request.email;
  return message('joinRequest', configuration, `${who} asks to order on ${request.company}'s account`, {
    heading: 'A request to order on an account',
    paragraphs: [
      `${who} asks to order on the account of ${request.company}.`,
      ...(request.message ? [`They say: ${request.message}`] : []),
      'Approve it by choosing the account to add them to, or decline it with a reason they will read.',
    ],
    action: {
      label: 'Open the requests',
      url: `https://${configuration.site.domain}/admin/#/t/${configuration.tenantId}/accounts`,
    },
  });
}

/** To the visitor: the house added them to an account, or declined and why. */
export function joinDecidedMessage(
  configuration: StorefrontConfiguration,
  request: JoinRequest,
  account: Pick<CustomerAccount, 'name' | 'terms'> | undefined,
): MailContent {
  const { vendor } = configuration;
  if (request.state === 'approved' && account)
    return message(
      'joinDecided',
      configuration,
      `You can now order on ${account.name}'s account at ${vendor.displayName}`,
      {
        heading: `You are on ${account.name}'s account`,
        paragraphs: [
          `${vendor.displayName} added you to ${account.name}'s account.`,
          account.terms.method === 'account'
            ? `When you accept a quote, choose the account: no card is needed, and the invoices go to ${account.name}, due ${account.terms.netDays ?? 30} days after they are issued.`
            : `Orders on it are still held on a card, as before; the invoices go to ${account.name}.`,
        ],
        action: { label: 'Open your quotes', url: `https://${configuration.site.domain}/quotes` },
      },
    );
  return message(
    'joinDecided',
    configuration,
    `${vendor.displayName} could not add you to ${request.company}'s account`,
    {
      heading: 'Your request was declined',
      paragraphs: [
        `${vendor.displayName} could not add you to ${request.company}'s account.`,
        ...(request.reason ? [`Why: ${request.reason}`] : []),
        'You can still accept quotes with a card. Reply to this mail with any question.',
      ],
    },
  );
}
