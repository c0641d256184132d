/**
 * An account's statement for a month, read from the stores (its documents and payments) and
 * worked out by schema/accounts/statements.ts; as the PDF statement-pdf.ts draws. The route that
 * downloads it and the watch that mails it both come here, so what the house downloads is what
 * its customer was sent.
 */
import type { FastifyInstance } from 'fastify';
import { statementOf, type Statement } from '../../schema/accounts/statements';
import type { CustomerAccount } from '../../schema/types.generated';
import type { accountStatementPdf as drawStatementPdf } from './statement-pdf';

export type StatementStores = Pick<FastifyInstance, 'invoices'>;

/** The statement of `account` for `month` (YYYY-MM), from everything on the account up to the month's end. */
export async function accountStatement(
  app: StatementStores,
  account: CustomerAccount,
  month: string,
): Promise<Statement> {
  const [documents, payments] = await Promise.all([
    app.invoices.forAccount(account.tenantId, account.id),
    app.invoices.payments(account.tenantId, { account: account.id }),
  ]);
  return statementOf(account, documents, payments, month);
}

/** The statement as the PDF the account's billing contact is mailed (pdfkit loaded with the first). */
export async function accountStatementPdf(
  ...args: Parameters<typeof drawStatementPdf>
): ReturnType<typeof drawStatementPdf> {
  const { accountStatementPdf: draw } = await import('./statement-pdf');
  return draw(...args);
}

/** The PDF's file name: the account and the month, in characters every mail program keeps. */
export const statementFileName = (account: Pick<CustomerAccount, 'id'>, month: string) =>
  `statement-${account.id}-${month}.pdf`;
