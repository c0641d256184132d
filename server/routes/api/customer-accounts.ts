/**
 * The accounts a house keeps for the companies that order from it (issue 38), for its staff and
 * platform staff, the ra-data-simple-rest way:
 * - GET  /api/tenants/:tenantId/accounts        the house's accounts (range, sort, filter `q` on the name)
 * - GET  /api/tenants/:tenantId/accounts/:id    one account; its ETag is its version
 * - POST /api/tenants/:tenantId/accounts        opens one (an id made from the name when none is sent)
 * - PUT  /api/tenants/:tenantId/accounts/:id    replaces it, If-Match: the version it was edited from
 * - GET  /api/tenants/:tenantId/accounts/:id/standing   what it owes, its credit and overdue invoices, against its limit
 * Another house's staff get 404, as for a house that does not exist.
 */
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { accountMemberMessage } from '../../mail/messages';
import { sendTenantMail } from '../../mail/tenant-mail';
import { checkOrderOnAccount, owedOnAccount, overdueInvoices } from '../../../schema/accounts/on-account';
import { formatMoney } from '../../../schema/display/format';
import { creditOf } from '../../../schema/accounts/payments';
import { withDefaults } from '../../../schema/defaults';
import { fromMinor } from '../../../schema/rental/card-hold';
import { todayIn } from '../../../schema/rental/quote-rules';
import { schemaDocuments, schemaIds } from '../../../schema/documents';
import { slugify } from '../../../schema/slugify';
import type { CustomerAccount, CustomerAccountInput } from '../../../schema/types.generated';
import { listQuerySchema, parseListFilter, sendList, type ListQuery } from '../../lib/ra-list';
import { ifMatchVersion, withVersion } from '../../lib/versions';
import { FieldProblemsError } from '../../stores/field-problems';
import { allAccounts, UnknownAccountError } from '../../stores/customer-account-store';
import { tenantParams } from './tenants/params';

const tags = ['customer accounts'];
const record = { $ref: schemaIds.customerAccount } as const;
const input = { $ref: `${schemaIds.customerAccount}#/$defs/customerAccountInput` } as const;
/**
 * An account as the API shows it: without what the server keeps for itself (the commitments of
 * orders being confirmed), so what is read can be sent back as an edit.
 */
export const shownAccount = ({ commitments: _commitments, ...account }: CustomerAccount): CustomerAccount => account;

/** The account's id in a path, as every account route names it. */
export const accountIdParam = { type: 'string', maxLength: 63, description: "The account's id at the house" } as const;
export const accountParams = {
  ...tenantParams,
  required: [...tenantParams.required, 'id'],
  properties: { ...tenantParams.properties, id: accountIdParam },
} as const;

const customerAccountRoutes: FastifyPluginAsync = async (app) => {
  /** Tells each person newly on an account that they may order on it; a mail that fails is logged (the account is saved). Another house's account is its staff's, told otherwise. */
  const tellNewMembers = async (
    log: FastifyBaseLogger,
    account: CustomerAccount,
    before: ReadonlyArray<{ email: string }>,
  ) => {
    if (account.kind === 'house') return;
    const known = new Set(before.map((member) => member.email.toLowerCase()));
    const parts = { tenantStore: app.tenantStore, storefrontAssets: app.storefrontAssets, mailer: app.mailer };
    for (const member of account.members.filter((entry) => !known.has(entry.email.toLowerCase())))
      await sendTenantMail(parts, account.tenantId, member.email, (configuration) =>
        accountMemberMessage(configuration, account),
      ).catch((error: unknown) =>
        log.error(
          { err: error, tenantId: account.tenantId, account: account.id },
          'account member not told: the account is saved',
        ),
      );
  };

  const houseCurrency = async (tenantId: string) =>
    withDefaults('site', (await app.tenantStore.get(tenantId))!.tenant.site).currency!;

  app.get(
    '/api/tenants/:tenantId/accounts',
    {
      onRequest: app.requireTenant,
      schema: { tags, summary: "The house's customer accounts", params: tenantParams, querystring: listQuerySchema },
      config: {
        docs: {
          success: { schema: { type: 'array', items: record }, headers: ['content-range'] },
          errors: { 404: 'No such house' },
        },
      },
    },
    async (request, reply) => {
      const { tenantId } = request.params as { tenantId: string };
      const query = request.query as ListQuery;
      const accounts = await allAccounts(app.customerAccounts, tenantId);
      const { q, ...filter } = parseListFilter(query.filter) as { q?: unknown };
      const words = typeof q === 'string' ? q.trim().toLowerCase() : '';
      const found = words
        ? accounts.filter((account) => account.name.toLowerCase().includes(words) || account.id.includes(words))
        : accounts;
      return sendList(reply, 'accounts', found.map(shownAccount), { ...query, filter: JSON.stringify(filter) });
    },
  );

  app.get(
    '/api/tenants/:tenantId/accounts/:id',
    {
      onRequest: app.requireTenant,
      schema: { tags, summary: 'One customer account', params: accountParams },
      config: { docs: { success: { schema: record, headers: ['etag'] }, errors: { 404: 'No such house or account' } } },
    },
    async (request, reply) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const account = await app.customerAccounts.get(tenantId, id);
      if (!account) throw new UnknownAccountError(id);
      return withVersion(reply, String(account.version)).send(shownAccount(account));
    },
  );

  app.get(
    '/api/tenants/:tenantId/accounts/:id/standing',
    {
      onRequest: app.requireTenant,
      schema: {
        tags,
        summary:
          'What the account owes (confirmed orders and unpaid invoices), its credit and overdue invoices, against its credit limit',
        params: accountParams,
      },
      config: {
        docs: {
          success: {
            schema: {
              type: 'object',
              required: ['owed', 'credit', 'overdue'],
              properties: {
                owed: { type: 'number' },
                credit: { type: 'number' },
                overdue: { type: 'integer' },
                limit: { type: 'number' },
                onStop: { type: 'string' },
              },
            },
          },
          errors: { 404: 'No such house or account' },
        },
      },
    },
    async (request) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const account = await app.customerAccounts.get(tenantId, id);
      if (!account) throw new UnknownAccountError(id);
      const [documents, payments, stored] = await Promise.all([
        app.invoices.forAccount(tenantId, id),
        app.invoices.payments(tenantId, { account: id }),
        app.tenantStore.get(tenantId),
      ]);
      const site = withDefaults('site', stored!.tenant.site);
      const today = todayIn(withDefaults('vendor', stored!.tenant.vendor).timezone ?? 'UTC', new Date());
      const { onStop } = checkOrderOnAccount(account, documents, 0, {
        today,
        overdueDays: site.accountOverdueDays ?? 14,
        ...(site.accountStopDays !== undefined && { stopDays: site.accountStopDays }),
        format: (amount) => formatMoney(amount, site),
        payments,
      });
      return {
        owed: owedOnAccount(documents, payments),
        credit: creditOf(payments),
        overdue: overdueInvoices(documents, today, site.accountOverdueDays ?? 14, payments).length,
        ...(account.creditLimit !== undefined && { limit: fromMinor(account.creditLimit, account.currency) }),
        ...(onStop && { onStop }),
      };
    },
  );

  app.post(
    '/api/tenants/:tenantId/accounts',
    {
      onRequest: app.requireTenant,
      schema: { tags, summary: 'Open a customer account (in the house’s currency)', params: tenantParams, body: input },
      config: {
        docs: {
          success: { status: 201, schema: record, headers: ['etag'] },
          errors: { 404: 'No such house', 409: 'The house already has an account with that id' },
        },
      },
    },
    async (request, reply) => {
      const { tenantId } = request.params as { tenantId: string };
      const body = request.body as CustomerAccountInput;
      const id = body.id ?? slugify(body.name, 63).replace(/^-+|-+$/g, '');
      if (!id)
        throw new FieldProblemsError([
          { pointer: '/id', message: 'give the account an id: its name has no letters or digits to make one from' },
        ]);
      const now = new Date().toISOString();
      const account = await app.customerAccounts.create(tenantId, {
        ...body,
        id,
        exemption: keptFile(body.exemption, undefined),
        members: body.members ?? [],
        currency: await houseCurrency(tenantId),
        createdAt: now,
        updatedAt: now,
      });
      request.log.info({ tenantId, account: account.id, actor: request.account?.email }, 'customer account opened');
      await tellNewMembers(request.log, account, []);
      return withVersion(reply.code(201), String(account.version)).send(shownAccount(account));
    },
  );

  app.put(
    '/api/tenants/:tenantId/accounts/:id',
    {
      onRequest: app.requireTenant,
      schema: {
        tags,
        summary: 'Change a customer account (If-Match: the version it was edited from)',
        params: accountParams,
        body: input,
      },
      config: {
        docs: {
          success: { schema: record, headers: ['etag'] },
          ifMatch: true,
          errors: { 404: 'No such house or account', 412: 'The account changed since that version: reload it' },
        },
      },
    },
    async (request, reply) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const version = Number(ifMatchVersion(request));
      const body = request.body as CustomerAccountInput;
      if (body.id !== undefined && body.id !== id)
        throw new FieldProblemsError([
          { pointer: '/id', message: `an account's id does not change (it is ${JSON.stringify(id)})` },
        ]);
      // Who was on it before this change: those added are told.
      let before: CustomerAccount['members'] = [];
      const account = await app.customerAccounts.update(
        tenantId,
        id,
        Number.isInteger(version) ? version : -1,
        (current) => {
          before = current.members;
          return {
            ...current,
            ...body,
            members: body.members ?? [],
            // Fields the body leaves out are cleared: PUT replaces the account.
            ...Object.fromEntries(
              OPTIONAL_FIELDS.filter((field) => !(field in body)).map((field) => [field, undefined]),
            ),
            exemption: keptFile(body.exemption, current.exemption),
          };
        },
      );
      request.log.info(
        { tenantId, account: id, version: account.version, actor: request.account?.email },
        'customer account changed',
      );
      await tellNewMembers(request.log, account, before);
      return withVersion(reply, String(account.version)).send(shownAccount(account));
    },
  );
};

/**
 * The exemption as saved: its file is only ever the uploaded one (routes/api/account-files.ts),
 * whatever a body says; it stays while the certificate's number does, and goes when another
 * certificate is named (its file would be another's).
 */
function keptFile(
  asked: CustomerAccountInput['exemption'],
  stored: CustomerAccount['exemption'],
): CustomerAccount['exemption'] {
  if (!asked) return undefined;
  const { file: _ignored, ...typed } = asked;
  return stored?.file && stored.number === typed.number ? { ...typed, file: stored.file } : typed;
}

/** The account's fields an edit may leave out, clearing them: the input's fields the stored account does not require. */
const accountSchema = schemaDocuments.customerAccount;
const OPTIONAL_FIELDS = Object.keys(accountSchema.$defs.customerAccountInput.properties).filter(
  (field) => !(accountSchema.required as readonly string[]).includes(field),
);

export default customerAccountRoutes;
