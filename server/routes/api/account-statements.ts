/**
 * A customer account's statements and the mail sent it about money (issue 38), for the house's
 * staff and platform staff:
 * - GET /api/tenants/:tenantId/accounts/:id/statements/:month       the month's statement (YYYY-MM) as figures
 * - GET /api/tenants/:tenantId/accounts/:id/statements/:month/pdf   the same as the PDF its billing contact is mailed
 * - GET /api/tenants/:tenantId/accounts/:id/notices                 the statements and reminders mailed to it
 * A month after the house's current one has nothing to state yet: 400 on the month.
 */
import type { FastifyPluginAsync } from 'fastify';
import { withDefaults } from '../../../schema/defaults';
import { schemaIds } from '../../../schema/documents';
import { MONTH_PATTERN } from '../../../schema/marketplace/statements';
import { todayIn } from '../../../schema/rental/quote-rules';
import { UnknownAccountError } from '../../stores/customer-account-store';
import { FieldProblemsError } from '../../stores/field-problems';
import { accountStatement, accountStatementPdf, statementFileName } from '../../accounts';
import { accountIdParam, accountParams } from './customer-accounts';
import { tenantParams } from './tenants/params';

const tags = ['customer accounts'];
const month = { type: 'string', pattern: MONTH_PATTERN.source, description: 'The month (YYYY-MM)' } as const;
const statementParams = {
  ...tenantParams,
  required: [...tenantParams.required, 'id', 'month'],
  properties: { ...tenantParams.properties, id: accountIdParam, month },
} as const;

const accountStatementRoutes: FastifyPluginAsync = async (app) => {
  /** The account and its house, and the month checked against the house's today. */
  const statementFor = async (tenantId: string, id: string, wanted: string) => {
    const [account, stored] = await Promise.all([
      app.customerAccounts.get(tenantId, id),
      app.tenantStore.get(tenantId),
    ]);
    if (!account || !stored) throw new UnknownAccountError(id);
    const today = todayIn(withDefaults('vendor', stored.tenant.vendor).timezone ?? 'UTC', new Date());
    if (wanted > today.slice(0, 7))
      throw new FieldProblemsError([
        {
          pointer: '/month',
          message: `${wanted} has not begun at the house (today is ${today}): there is nothing to state yet`,
        },
      ]);
    return { account, tenant: stored.tenant, statement: await accountStatement(app, account, wanted) };
  };

  app.get(
    '/api/tenants/:tenantId/accounts/:id/statements/:month',
    {
      onRequest: app.requireTenant,
      schema: {
        tags,
        summary:
          "An account's statement for a month: the balance brought forward, each document and payment, the close by age",
        params: statementParams,
      },
      config: {
        docs: {
          success: {
            schema: { type: 'object', required: ['month', 'broughtForward', 'lines', 'closing', 'ageing', 'credit'] },
          },
          errors: { 400: 'A month not yet begun', 404: 'No such house or account' },
        },
      },
    },
    async (request) => {
      const { tenantId, id, month: wanted } = request.params as { tenantId: string; id: string; month: string };
      return (await statementFor(tenantId, id, wanted)).statement;
    },
  );

  app.get(
    '/api/tenants/:tenantId/accounts/:id/statements/:month/pdf',
    {
      onRequest: app.requireTenant,
      schema: { tags, summary: "An account's statement for a month as a PDF", params: statementParams },
      config: {
        docs: {
          success: { description: 'The statement as the account is mailed it', contentTypes: ['application/pdf'] },
          errors: { 400: 'A month not yet begun', 404: 'No such house or account' },
        },
      },
    },
    async (request, reply) => {
      const { tenantId, id, month: wanted } = request.params as { tenantId: string; id: string; month: string };
      const { account, tenant, statement } = await statementFor(tenantId, id, wanted);
      const bytes = await accountStatementPdf(statement, account, tenant);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${statementFileName(account, wanted)}"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );

  app.get(
    '/api/tenants/:tenantId/accounts/:id/notices',
    {
      onRequest: app.requireTenant,
      schema: {
        tags,
        summary: 'The statements and payment reminders mailed to an account, oldest first',
        params: accountParams,
      },
      config: {
        docs: {
          success: { schema: { type: 'array', items: { $ref: `${schemaIds.invoice}#/$defs/notice` } } },
          errors: { 404: 'No such house or account' },
        },
      },
    },
    async (request) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      if (!(await app.customerAccounts.get(tenantId, id))) throw new UnknownAccountError(id);
      return app.invoices.notices(tenantId, { account: id });
    },
  );
};

export default accountStatementRoutes;
