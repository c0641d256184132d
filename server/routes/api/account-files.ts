/**
 * The accountant's files of a house's customers and money received (issue 38; the layouts are
 * accounts/contacts-export.ts's), for its staff and platform staff:
 * - GET /api/tenants/:tenantId/contacts-export?format=xero|quickbooks   what the contacts export holds:
 *   its files within the package's limit, and each row a package's limits changed
 * - GET /api/tenants/:tenantId/contacts-export.csv?format=…&part=n      one of its files
 * - GET /api/tenants/:tenantId/payments.csv?from=YYYY-MM-DD&to=…         the payments received in those days
 */
import type { FastifyPluginAsync } from 'fastify';
import type { CustomerAccount } from '../../../schema/types.generated';
import { CONTACT_FORMATS, contactParts, contactsCsv, paymentsCsv, type ContactFormat } from '../../accounts/contacts-export';
import { CSV, sendDownload } from '../../lib/downloads';
import { FieldProblemsError } from '../../stores/field-problems';
import { tenantParams } from './tenants/params';

const tags = ['customer accounts'];
const PAGE = 1000;
const contactsQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['format'],
  properties: {
    format: { type: 'string', enum: CONTACT_FORMATS, description: "xero (Xero's contacts import) or quickbooks (QuickBooks Online's customer import)" },
    part: { type: 'string', pattern: '^[1-9][0-9]{0,3}$', description: 'Which file (1, 2 …), when the package takes fewer contacts at once than the house has accounts' },
  },
} as const;
const day = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'A calendar day, YYYY-MM-DD' } as const;

const accountFileRoutes: FastifyPluginAsync = async (app) => {
  const accountsOf = async (tenantId: string) => {
    const accounts: CustomerAccount[] = [];
    for (let page = await app.customerAccounts.list(tenantId, { limit: PAGE }); page.length; page = await app.customerAccounts.list(tenantId, { after: page.at(-1)!.id, limit: PAGE }))
      accounts.push(...page);
    return accounts;
  };

  app.get(
    '/api/tenants/:tenantId/contacts-export',
    {
      onRequest: app.requireTenant,
      schema: {
        tags,
        summary: "What an export of the house's customer accounts as contacts holds: its files, and what the package's limits changed",
        params: tenantParams,
        querystring: contactsQuery,
      },
      config: {
        docs: {
          success: {
            schema: {
              type: 'object',
              required: ['accounts', 'parts', 'changed'],
              properties: { accounts: { type: 'integer' }, parts: { type: 'integer' }, changed: { type: 'array', items: { type: 'string' } } },
            },
          },
          errors: { 404: 'No such house' },
        },
      },
    },
    async (request) => {
      const { tenantId } = request.params as { tenantId: string };
      const { format } = request.query as { format: ContactFormat };
      const accounts = await accountsOf(tenantId);
      const parts = contactParts(accounts.length, format);
      const changed = Array.from({ length: parts }, (_, index) => contactsCsv(accounts, format, index + 1).changed).flat();
      return { accounts: accounts.length, parts, changed };
    },
  );

  app.get(
    '/api/tenants/:tenantId/contacts-export.csv',
    {
      onRequest: app.requireTenant,
      schema: { tags, summary: "The house's customer accounts as a contacts import file (Xero, QuickBooks Online)", params: tenantParams, querystring: contactsQuery },
      config: { docs: { success: { description: 'The file, as an attachment', contentTypes: ['text/csv'] }, errors: { 400: 'A part past the last', 404: 'No such house' } } },
    },
    async (request, reply) => {
      const { tenantId } = request.params as { tenantId: string };
      const { format, part: asked } = request.query as { format: ContactFormat; part?: string };
      const accounts = await accountsOf(tenantId);
      const parts = contactParts(accounts.length, format);
      const part = Number(asked ?? 1);
      if (part > parts)
        throw new FieldProblemsError([{ pointer: '/part', message: `there ${parts === 1 ? 'is 1 file' : `are ${parts} files`}: ask for 1${parts > 1 ? ` to ${parts}` : ''}` }], 'Nothing exported');
      const name = `${tenantId}-accounts-${format}${parts > 1 ? `-${part}-of-${parts}` : ''}.csv`;
      return sendDownload(reply, { type: CSV, name, body: contactsCsv(accounts, format, part).csv });
    },
  );

  app.get(
    '/api/tenants/:tenantId/payments.csv',
    {
      onRequest: app.requireTenant,
      schema: {
        tags,
        summary: 'The payments received in some days, by the day they arrived, to reconcile the bank with',
        params: tenantParams,
        querystring: { type: 'object', additionalProperties: false, required: ['from', 'to'], properties: { from: day, to: day } },
      },
      config: { docs: { success: { description: 'The file, as an attachment', contentTypes: ['text/csv'] }, errors: { 400: 'To before from', 404: 'No such house' } } },
    },
    async (request, reply) => {
      const { tenantId } = request.params as { tenantId: string };
      const { from, to } = request.query as { from: string; to: string };
      if (to < from) throw new FieldProblemsError([{ pointer: '/to', message: 'must be the same day as from, or later' }], 'Nothing exported');
      return sendDownload(reply, { type: CSV, name: `${tenantId}-payments-${from}-to-${to}.csv`, body: paymentsCsv(await app.invoices.payments(tenantId), from, to).csv });
    },
  );
};

export default accountFileRoutes;
