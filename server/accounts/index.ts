/**
 * The accounts domain's front door: what a house sends about money owed, as the rest of the server
 * uses it. An account's month (figures and PDF), the receivables watch (reminders and statements),
 * the accountant's contact and payment files, an invoice's settled state, and the exemption
 * certificate's file. The PDF worker (server/workers/pdf-render.ts) imports the one function it
 * runs by name, so its bundle stays small.
 */
export { accountStatement, accountStatementPdf, statementFileName } from './account-statements';
export {
  CONTACT_FORMATS,
  contactParts,
  contactsCsv,
  PAYMENT_CSV,
  PAYMENT_FORMATS,
  paymentLayout,
  paymentsIn,
  STATEMENT_LINE_LIMIT,
  type ContactFormat,
  type PaymentFormat,
} from './contacts-export';
export { exemptionFile, keepExemptionCertificate } from './exemption-certificate';
export { settledOf } from './invoice-state';
export { ReceivablesWatch } from './receivables-watch';
