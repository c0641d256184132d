/**
 * The accountant's files of a house's customers and money received (issue 38; the layouts are
 * accounts/contacts-export.ts's), for its staff and platform staff:
 * - GET /api/tenants/:tenantId/contacts-export?format=xero|quickbooks   what the contacts export holds:
 *   its files within the package's limit, and each row a package's limits changed
 * - GET /api/tenants/:tenantId/contacts-export.csv?format=…&part=n      one of its files
 * - GET /api/tenants/:tenantId/payments.csv?from=YYYY-MM-DD&to=…&format=list|xero-statement|quickbooks-bank
 *   the payments received in those days: a list, or bank statement lines for Xero or QuickBooks Online
 * - PUT /api/tenants/:tenantId/accounts/:id/exemption-certificate        the account's exemption certificate
 *   as a file (If-Match: the account's version), for the certificate it names, while in date
 * - GET /api/tenants/:tenantId/accounts/:id/exemption-certificate        …the file, as an attachment
 */
import type { FastifyPluginAsync } from 'fastify';
import { withDefaults } from '../../../schema/defaults';
import { schemaIds } from '../../../schema/documents';
import { todayIn } from '../../../schema/rental/quote-rules';
import type { ExemptionUpload } from '../../../schema/types.generated';
import { ifMatchVersion, withVersion } from '../../lib/versions';
import { allAccounts, UnknownAccountError } from '../../stores/customer-account-store';
import {
  CONTACT_FORMATS,
  exemptionFile,
  keepExemptionCertificate,
  contactParts,
  contactsCsv,
  PAYMENT_CSV,
  PAYMENT_FORMATS,
  paymentLayout,
  paymentsIn,
  STATEMENT_LINE_LIMIT,
  type ContactFormat,
  type PaymentFormat,
} from '../../accounts';
import { contactNameOf } from '../../../schema/rental/invoices';
import { CSV, sendDownload } from '../../lib/downloads';
import { csvLettingGo } from '../../lib/let-go';
import { FieldProblemsError } from '../../stores/field-problems';
import { accountParams, shownAccount } from './customer-accounts';
import { CERTIFICATE_BODY_LIMIT } from '../../lib/body-limits';
import { tenantParams } from './tenants/params';

const tags = ['customer accounts'];
const contactsQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['format'],
  properties: {
    format: {
      type: 'string',
      enum: CONTACT_FORMATS,
      description: "xero (Xero's contacts import) or quickbooks (QuickBooks Online's customer import)",
    },
    part: {
      type: 'string',
      pattern: '^[1-9][0-9]{0,3}$',
      description: 'Which file (1, 2 …), when the package takes fewer contacts at once than the house has accounts',
    },
  },
} as const;
const bodyLimit = CERTIFICATE_BODY_LIMIT;
const day = {
  type: 'string',
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
  description: 'A calendar day, YYYY-MM-DD',
} as const;

class NoExemptionFileError extends Error {
  readonly statusCode = 404;
  constructor(name: string) {
    super(`${name} has no exemption certificate file.`);
  }
}

const accountFileRoutes: FastifyPluginAsync = async (app) => {
  const accountsOf = (tenantId: string) => allAccounts(app.customerAccounts, tenantId);

  app.get(
    '/api/tenants/:tenantId/contacts-export',
    {
      onRequest: app.requireTenant,
      schema: {
        tags,
        summary:
          "What an export of the house's customer accounts as contacts holds: its files, and what the package's limits changed",
        params: tenantParams,
        querystring: contactsQuery,
      },
      config: {
        docs: {
          success: {
            schema: {
              type: 'object',
              required: ['accounts', 'parts', 'changed'],
              properties: {
                accounts: { type: 'integer' },
                parts: { type: 'integer' },
                changed: { type: 'array', items: { type: 'string' } },
              },
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
      const changed = Array.from(
        { length: parts },
        (_, index) => contactsCsv(accounts, format, index + 1).changed,
      ).flat();
      return { accounts: accounts.length, parts, changed };
    },
  );

  app.get(
    '/api/tenants/:tenantId/contacts-export.csv',
    {
      onRequest: app.requireTenant,
      schema: {
        tags,
        summary: "The house's customer accounts as a contacts import file (Xero, QuickBooks Online)",
        params: tenantParams,
        querystring: contactsQuery,
      },
      config: {
        docs: {
          success: { description: 'The file, as an attachment', contentTypes: ['text/csv'] },
          errors: { 400: 'A part past the last', 404: 'No such house' },
        },
      },
    },
    async (request, reply) => {
      const { tenantId } = request.params as { tenantId: string };
      const { format, part: asked } = request.query as { format: ContactFormat; part?: string };
      const accounts = await accountsOf(tenantId);
      const parts = contactParts(accounts.length, format);
      const part = Number(asked ?? 1);
      if (part > parts)
        throw new FieldProblemsError(
          [
            {
              pointer: '/part',
              message: `there ${parts === 1 ? 'is 1 file' : `are ${parts} files`}: ask for 1${parts > 1 ? ` to ${parts}` : ''}`,
            },
          ],
          'Nothing exported',
        );
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
        summary:
          'The payments received in some days, by the day they arrived: a list, or bank statement lines for Xero or QuickBooks Online to reconcile against their invoices',
        params: tenantParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['from', 'to'],
          properties: {
            from: day,
            to: day,
            format: {
              type: 'string',
              enum: PAYMENT_FORMATS,
              default: 'list',
              description:
                "list (every payment, with what it paid and kept as credit), xero-statement (Xero's bank statement import) or quickbooks-bank (QuickBooks Online's 3-column bank upload)",
            },
          },
        },
      },
      config: {
        docs: {
          success: { description: 'The file, as an attachment', contentTypes: ['text/csv'] },
          errors: { 400: 'To before from, or more lines than a statement import takes', 404: 'No such house' },
        },
      },
    },
    async (request, reply) => {
      const { tenantId } = request.params as { tenantId: string };
      const { from, to, format = 'list' } = request.query as { from: string; to: string; format?: PaymentFormat };
      if (to < from)
        throw new FieldProblemsError(
          [{ pointer: '/to', message: 'must be the same day as from, or later' }],
          'Nothing exported',
        );
      const payments = await app.invoices.payments(tenantId);
      const chosen = paymentsIn(payments, from, to, format);
      if (format !== 'list' && chosen.length > STATEMENT_LINE_LIMIT)
        throw new FieldProblemsError(
          [
            {
              pointer: '/to',
              message: `${chosen.length} payments arrived in these days; a statement import takes ${STATEMENT_LINE_LIMIT.toLocaleString('en')} lines: choose fewer days`,
            },
          ],
          'Nothing exported',
        );
      const site = withDefaults('site', (await app.tenantStore.get(tenantId))!.tenant.site);
      // Whom each invoice names is what the bank line's payee must match in the books.
      const numbers = format === 'list' ? [] : [...new Set(chosen.map((payment) => payment.invoice))];
      const invoices = await Promise.all(numbers.map((number) => app.invoices.get(tenantId, number)));
      const payers = new Map(
        invoices.flatMap((invoice) => (invoice ? [[invoice.number, contactNameOf(invoice)] as const] : [])),
      );
      // A year of a busy house's payments: written a step at a time, so other houses are answered meanwhile.
      const { header, row } = paymentLayout({ format, locale: site.locale ?? 'en-US', payers });
      const body = await csvLettingGo(header, chosen, row, PAYMENT_CSV);
      const name = `${tenantId}-payments-${from}-to-${to}${format === 'list' ? '' : `-${format}`}.csv`;
      return sendDownload(reply, { type: CSV, name, body });
    },
  );

  app.put(
    '/api/tenants/:tenantId/accounts/:id/exemption-certificate',
    {
      onRequest: app.requireTenant,
      bodyLimit,
      schema: {
        tags,
        summary: "Upload the account's tax-exemption certificate (a PDF or an image), replacing any earlier file",
        params: accountParams,
        body: { $ref: `${schemaIds.customerAccount}#/$defs/exemptionUpload` },
      },
      config: {
        docs: {
          success: { schema: { $ref: schemaIds.customerAccount }, headers: ['etag'] },
          ifMatch: true,
          errors: {
            400: 'Not a PDF, PNG or JPEG, or too large',
            404: 'No such house or account',
            409: 'The account names no certificate, or an expired one',
            412: 'The account changed since that version',
          },
        },
      },
    },
    async (request, reply) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const version = Number(ifMatchVersion(request));
      const stored = await app.tenantStore.get(tenantId);
      const today = todayIn(withDefaults('vendor', stored!.tenant.vendor).timezone ?? 'UTC', new Date());
      const account = await keepExemptionCertificate(
        {
          customerAccounts: app.customerAccounts,
          assets: app.storefrontAssets.store,
          documentCheck: app.documentCheck,
        },
        request.log,
        {
          tenantId,
          id,
          version: Number.isInteger(version) ? version : -1,
          input: request.body as ExemptionUpload,
          today,
        },
      );
      return withVersion(reply, String(account.version)).send(shownAccount(account));
    },
  );

  app.get(
    '/api/tenants/:tenantId/accounts/:id/exemption-certificate',
    {
      onRequest: app.requireTenant,
      schema: { tags, summary: "The account's tax-exemption certificate, as uploaded", params: accountParams },
      config: {
        docs: {
          success: { description: 'The certificate (a PDF, PNG or JPEG), as an attachment' },
          errors: { 404: 'No such account, or no certificate file' },
        },
      },
    },
    async (request, reply) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const account = await app.customerAccounts.get(tenantId, id);
      if (!account) throw new UnknownAccountError(id);
      const file = await exemptionFile(app.storefrontAssets.store, account);
      if (!file) throw new NoExemptionFileError(account.name);
      return sendDownload(reply, { type: file.type, name: file.name, body: file.bytes });
    },
  );
};

export default accountFileRoutes;
