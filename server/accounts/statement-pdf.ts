/**
 * A customer account's monthly statement as the PDF its accounts department files and pays from
 * (pdfkit, the house's letterhead: rental/pdf-document.ts): who it is for, the month, the balance
 * brought forward, each invoice, credit note and payment with the running balance, what is owed at
 * the month's end by age, the credit held, and how to pay. Long months flow onto more pages with
 * the table's head repeated. The figures are schema/accounts/statements.ts's.
 */
import type { Statement, StatementLineKind } from '../../schema/accounts/statements';
import { AGE_BUCKETS, type AgeBucket } from '../../schema/accounts/payments';
import type { CustomerAccount, SiteSettings, Tenant, VendorConfig } from '../../schema/types.generated';
import { withDefaults } from '../../schema/defaults';
import { addressLines } from '../../schema/display/contact';
import { formatDay, formatMoney, formatMonth } from '../../schema/display/format';
import {
  closingWords,
  FAINT_RULE,
  INK,
  letterhead,
  MARGIN,
  moneyDocument,
  MUTED,
  numberPages,
  ruleAcross,
} from '../rental/pdf-document';

const KIND_WORDS: Record<StatementLineKind, string> = {
  invoice: 'Invoice',
  creditNote: 'Credit note',
  payment: 'Payment',
  creditUsed: 'Credit applied',
};
const AGE_WORDS: Record<AgeBucket, string> = {
  current: 'Current',
  days30: '1–30 days',
  days60: '31–60 days',
  days90: '61–90 days',
  over90: 'Over 90 days',
};

/** The columns of the table: x and width; the amounts right-aligned. */
const COLUMNS = {
  date: { x: MARGIN, width: 62 },
  what: { x: 114, width: 108 },
  detail: { x: 226, width: 128 },
  charge: { x: 358, width: 60 },
  received: { x: 422, width: 58 },
  balance: { x: 484, width: 63 },
};

export async function statementPdf(
  statement: Statement,
  account: Pick<CustomerAccount, 'name' | 'billingAddress' | 'billingContact' | 'taxNumber' | 'terms'>,
  site: Pick<SiteSettings, 'locale' | 'taxName'>,
  vendor: Pick<
    VendorConfig,
    | 'name'
    | 'legalName'
    | 'address'
    | 'phone'
    | 'email'
    | 'taxRegistrationNumber'
    | 'companyNumber'
    | 'registeredOffice'
    | 'remittance'
  >,
): Promise<Buffer> {
  const money = (amount: number) => formatMoney(amount, { locale: site.locale, currency: statement.currency });
  const day = (date: string) => formatDay(date, site);
  const month = formatMonth(statement.month, site);
  const { document, done } = await moneyDocument(vendor, {
    Title: `Statement for ${account.name}, ${month}`,
    Subject: account.name,
  });
  const right = document.page.width - MARGIN;
  const bottom = () => document.page.height - MARGIN - 24;
  letterhead(document, vendor, site, {
    title: 'Statement',
    reference: month,
    facts: [
      ['Statement date', day(statement.to)],
      ['Account', account.name],
      ...(account.terms.method === 'account'
        ? ([['Terms', `Net ${account.terms.netDays ?? 30} days`]] as Array<[string, string]>)
        : []),
      ['Currency', statement.currency],
    ],
  });

  // Who it is for.
  const toY = Math.max(document.y, 150) + 12;
  document.font('bold').fontSize(9).fillColor(MUTED).text('STATEMENT FOR', MARGIN, toY);
  document.font('regular').fontSize(10).fillColor(INK);
  for (const line of [
    account.name,
    account.billingContact && `Attn: ${account.billingContact.name}`,
    ...addressLines(account.billingAddress),
    account.taxNumber && `Tax number: ${account.taxNumber}`,
    account.billingContact?.email,
  ])
    if (line) document.text(line, MARGIN, document.y, { width: 270 });
  const addressEnd = document.y;

  // The month at a glance.
  const charged = statement.lines.reduce((total, line) => total + line.charge, 0);
  const received = statement.lines.reduce((total, line) => total + line.received, 0);
  const summary: Array<[string, string, boolean?]> = [
    [`Balance on ${day(statement.from)}`, money(statement.broughtForward)],
    ['Invoiced', money(charged)],
    ['Paid and credited', money(-received)],
    [
      statement.closing < 0 ? `In credit on ${day(statement.to)}` : `Balance due on ${day(statement.to)}`,
      money(statement.closing),
      true,
    ],
  ];
  let y = toY;
  for (const [label, value, strong] of summary) {
    document
      .font(strong ? 'bold' : 'regular')
      .fontSize(strong ? 10.5 : 9.5)
      .fillColor(INK);
    document.text(label, 300, y, { width: 180 });
    document.text(value, 480, y, { width: right - 480, align: 'right' });
    y += strong ? 17 : 15;
  }
  document.y = Math.max(addressEnd, y) + 10;

  // Every movement of the month, with the balance after it.
  const head = () => {
    const headY = document.y + 8;
    document.font('bold').fontSize(8).fillColor(MUTED);
    document.text('DATE', COLUMNS.date.x, headY, { width: COLUMNS.date.width });
    document.text('DOCUMENT', COLUMNS.what.x, headY, { width: COLUMNS.what.width });
    document.text('DETAIL', COLUMNS.detail.x, headY, { width: COLUMNS.detail.width });
    document.text('CHARGES', COLUMNS.charge.x, headY, { width: COLUMNS.charge.width, align: 'right' });
    document.text('PAID', COLUMNS.received.x, headY, { width: COLUMNS.received.width, align: 'right' });
    document.text('BALANCE', COLUMNS.balance.x, headY, { width: COLUMNS.balance.width, align: 'right' });
    ruleAcross(document, headY + 12);
    document.y = headY + 18;
  };
  const row = (
    cells: { date: string; what: string; detail?: string; charge?: string; received?: string; balance: string },
    strong = false,
  ) => {
    document.font(strong ? 'bold' : 'regular').fontSize(8.5);
    const height = Math.max(
      document.heightOfString(cells.what, { width: COLUMNS.what.width }),
      cells.detail ? document.heightOfString(cells.detail, { width: COLUMNS.detail.width }) : 0,
    );
    if (document.y + height > bottom()) {
      document.addPage();
      document.y = MARGIN;
      head();
    }
    const rowY = document.y;
    document
      .font(strong ? 'bold' : 'regular')
      .fontSize(8.5)
      .fillColor(INK);
    document.text(cells.date, COLUMNS.date.x, rowY, { width: COLUMNS.date.width });
    document.text(cells.what, COLUMNS.what.x, rowY, { width: COLUMNS.what.width });
    if (cells.detail)
      document
        .fillColor(MUTED)
        .text(cells.detail, COLUMNS.detail.x, rowY, { width: COLUMNS.detail.width })
        .fillColor(INK);
    if (cells.charge)
      document.text(cells.charge, COLUMNS.charge.x, rowY, { width: COLUMNS.charge.width, align: 'right' });
    if (cells.received)
      document.text(cells.received, COLUMNS.received.x, rowY, { width: COLUMNS.received.width, align: 'right' });
    document.text(cells.balance, COLUMNS.balance.x, rowY, { width: COLUMNS.balance.width, align: 'right' });
    document.y = rowY + height + 5;
    ruleAcross(document, document.y - 2.5, FAINT_RULE, 0.5);
  };
  head();
  row({ date: day(statement.from), what: 'Balance brought forward', balance: money(statement.broughtForward) }, true);
  for (const line of statement.lines)
    row({
      date: day(line.date),
      what:
        line.kind === 'payment' || line.kind === 'creditUsed'
          ? `${KIND_WORDS[line.kind]} · ${line.reference}`
          : `${KIND_WORDS[line.kind]} ${line.reference}`,
      ...(line.detail && { detail: line.detail }),
      ...(line.charge && { charge: money(line.charge) }),
      ...(line.received && { received: money(line.received) }),
      balance: money(line.balance),
    });
  if (!statement.lines.length)
    document
      .font('oblique')
      .fontSize(9)
      .fillColor(MUTED)
      .text(`No invoices, credit notes or payments in ${month}.`, MARGIN, document.y + 2, { width: right - MARGIN });

  // What is owed by age on the last day.
  const ageY = () => document.y + 14;
  if (ageY() + 60 > bottom()) {
    document.addPage();
    document.y = MARGIN;
  }
  const top = ageY();
  const cells: Array<[string, number]> = [
    ...AGE_BUCKETS.map((bucket): [string, number] => [AGE_WORDS[bucket], statement.ageing[bucket]]),
    ['Total owed', AGE_BUCKETS.reduce((total, bucket) => total + statement.ageing[bucket], 0)],
  ];
  const width = (right - MARGIN) / cells.length;
  cells.forEach(([label, amount], index) => {
    const x = MARGIN + index * width;
    document
      .font('bold')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(label.toUpperCase(), x, top, { width: width - 6, align: 'right' });
    document
      .font(index === cells.length - 1 ? 'bold' : 'regular')
      .fontSize(9.5)
      .fillColor(INK)
      .text(money(amount), x, top + 12, { width: width - 6, align: 'right' });
  });
  ruleAcross(document, top - 4);
  ruleAcross(document, top + 28);
  document.y = top + 36;

  const closing: string[] = [];
  if (statement.credit > 0)
    closing.push(`${account.name} holds ${money(statement.credit)} of credit, used against its next invoices.`);
  const overdue = statement.ageing.days30 + statement.ageing.days60 + statement.ageing.days90 + statement.ageing.over90;
  if (overdue > 0) closing.push(`${money(overdue)} of this is past due: please pay it now.`);
  if (statement.closing > 0) closing.push(`Please quote the invoice numbers with your payment.`);
  closingWords(document, closing, statement.closing > 0 ? vendor.remittance : undefined);
  numberPages(document, `Statement · ${account.name} · ${month}`);
  document.end();
  return done;
}

/** The statement as the PDF the account's billing contact is mailed, from the tenant as stored. */
export const accountStatementPdf = (statement: Statement, account: CustomerAccount, tenant: Tenant) =>
  statementPdf(statement, account, withDefaults('site', tenant.site), withDefaults('vendor', tenant.vendor));
