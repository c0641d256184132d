/**
 * Invoices, pro formas and credit notes (issued by server/rental/invoicing.ts as orders are
 * confirmed, closed and cancelled).
 * The console (tenant admins and platform staff):
 * - GET  /api/tenants/:tenantId/invoices                  by invoice date (filter from, to, kind)
 * - GET  /api/tenants/:tenantId/invoices/:number          one
 * - GET  /api/tenants/:tenantId/invoices/:number/pdf      its PDF
 * - POST /api/tenants/:tenantId/invoices/:number/credit   a credit note against an invoice (all of
 *                                                         it, or an amount), with the reason
 * - GET  /api/tenants/:tenantId/invoices/export           what an export of some months holds (its
 *                                                         files, split at the package's limit)
 * - GET  /api/tenants/:tenantId/invoices/export.csv       one of its files (Xero, QuickBooks Online, CSV)
 * The visitor (their own requests only):
 * - GET  /api/quotes/:id/invoices                         a request's documents
 * - GET  /api/quotes/:id/invoices/:number/pdf             one's PDF
 */
import { CSV, sendDownload } from '../../lib/downloads';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { withDefaults } from '../../../schema/defaults';
import { schemaIds } from '../../../schema/documents';
import { creditNoteOf, invoiceRuleOf, lineCreditNoteOf, lineCreditProblems } from '../../../schema/rental/invoices';
import { todayIn } from '../../../schema/rental/quote-rules';
import { calendarDateMessage, isCalendarDate } from '../../../schema/calendar-date';
import type { Invoice, LineCredit, Tenant } from '../../../schema/types.generated';
import {
  invoicePdf,
  notifyCreditNote,
  EXPORT_FORMATS,
  IMPORT_LIMITS,
  exportCsv,
  exportFileName,
  exportParts,
  exportable,
  type ExportFormat,
} from '../../rental';
import { owedOnInvoice } from '../../../schema/accounts/payments';
import { settledOf } from '../../accounts';
import { listOf, recordSchema } from '../../lib/api-docs';
import { ListQueryError, listQuerySchema, sendStorePage, storePage, type ListQuery } from '../../lib/ra-list';
import { FieldProblemsError } from '../../stores/field-problems';
import { UnknownInvoiceError } from '../../stores/invoice-store';
import { tenantParams } from './tenants/params';
import { visitorsQuote } from './visitor-here';

const SIGN_IN = 'Log in on this storefront to see your invoices.';
const KINDS: ReadonlyArray<Invoice['kind']> = ['proForma', 'invoice', 'creditNote'];
const numberParam = { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Z]{2,3}-[0-9]{6,}$' } as const;
export const invoiceParams = {
  ...tenantParams,
  required: [...tenantParams.required, 'number'],
  properties: { ...tenantParams.properties, number: numberParam },
} as const;
const pdfDocs = {
  success: { description: 'The document as its customer files it', contentTypes: ['application/pdf'] },
};

const invoiceRoutes: FastifyPluginAsync = async (app) => {
  const tags = ['invoices'];
  const tenantOf = async (tenantId: string): Promise<Tenant> => {
    const stored = await app.tenantStore.get(tenantId);
    if (!stored) throw new UnknownInvoiceError('');
    return stored.tenant;
  };
  const sendPdf = async (reply: FastifyReply, invoice: Invoice, tenant: Tenant) => {
    const settled = await settledOf(app.invoices, invoice.tenantId, invoice);
    const bytes = await invoicePdf(
      invoice,
      withDefaults('site', tenant.site),
      withDefaults('vendor', tenant.vendor),
      settled,
    );
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${invoice.number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(bytes);
  };

  /** For an invoice: `owed`, what it still owes now (one settled at issue, by card, owes nothing: no reads for it). */
  const owedNow = async (tenantId: string, invoice: Invoice) =>
    invoice.kind !== 'invoice'
      ? {}
      : {
          owed:
            invoice.balance <= 0
              ? 0
              : owedOnInvoice({ invoice, ...(await settledOf(app.invoices, tenantId, invoice)) }),
        };

  app.get(
    '/api/tenants/:tenantId/invoices',
    {
      onRequest: app.requireTenant,
      schema: {
        tags,
        summary: "The tenant's invoices, pro formas and credit notes by invoice date; filter from, to (days) and kind",
        params: tenantParams,
        querystring: listQuerySchema,
      },
      config: { docs: { success: { schema: listOf(recordSchema), headers: ['content-range'] } } },
    },
    async (request, reply) => {
      const { tenantId } = request.params as { tenantId: string };
      const page = storePage(request.query as ListQuery, ['issueDate'] as const, { field: 'issueDate', order: 'asc' });
      const { from, to, kind, ...others } = page.filter;
      const unknown = Object.keys(others)[0];
      if (unknown !== undefined)
        throw new ListQueryError(`filter takes from, to and kind, not ${JSON.stringify(unknown)}`);
      for (const [name, value] of [['from', from] as const, ['to', to] as const])
        if (value !== undefined && !isCalendarDate(value))
          throw new ListQueryError(`filter.${name} ${calendarDateMessage}`);
      if (kind !== undefined && !KINDS.includes(kind as Invoice['kind']))
        throw new ListQueryError(`filter.kind must be one of ${KINDS.join(', ')}`);
      const { total, invoices } = await app.invoices.list(tenantId, {
        ...(from !== undefined && { from: from as string }),
        ...(to !== undefined && { to: to as string }),
        ...(kind !== undefined && { kind: kind as Invoice['kind'] }),
        offset: page.offset,
        limit: page.limit,
      });
      // Each invoice with what it still owes now: its payments and credit notes since it was issued taken off.
      const rows = await Promise.all(
        invoices.map(async (invoice) => ({ ...invoice, id: invoice.number, ...(await owedNow(tenantId, invoice)) })),
      );
      return sendStorePage(reply, 'invoices', { offset: page.offset, total, rows });
    },
  );

  const month = { type: 'string', pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', description: 'A month, YYYY-MM' } as const;
  const exportQuery = {
    type: 'object',
    additionalProperties: false,
    required: ['format', 'from', 'to'],
    properties: {
      format: {
        type: 'string',
        enum: EXPORT_FORMATS,
        description:
          'xero (Xero sales invoices and credit notes), quickbooks (QuickBooks Online invoices), quickbooks-credit-notes (QuickBooks Online credit notes) or csv (every line and tax by GL code)',
      },
      from: month,
      to: month,
      part: {
        type: 'string',
        pattern: '^[1-9][0-9]{0,3}$',
        description: 'Which file (1, 2 …), when the package takes fewer invoices at once than the months hold',
      },
    },
  } as const;
  /** The invoices and credit notes dated in the months (the vendor's days), every page read. */
  const inMonths = async (tenantId: string, from: string, to: string) => {
    if (to < from)
      throw new FieldProblemsError(
        [{ pointer: '/to', message: 'must be the same month as from, or later' }],
        'Nothing exported',
      );
    const [year, last] = to.split('-').map(Number) as [number, number];
    const lastDay = new Date(Date.UTC(year, last, 0)).toISOString().slice(0, 10);
    // Read a page at a time by the store, never page by page here: an offset read is slower the further it goes.
    return exportable(await app.invoices.issuedBetween(tenantId, `${from}-01`, lastDay));
  };

  app.get(
    '/api/tenants/:tenantId/invoices/export',
    {
      onRequest: app.requireTenant,
      schema: {
        tags,
        summary:
          "What an export of some months' invoices and credit notes (by invoice date) holds: its files, each within the package's import limit",
        params: tenantParams,
        querystring: exportQuery,
      },
      config: {
        docs: {
          success: {
            schema: {
              type: 'object',
              additionalProperties: true,
              properties: { basis: { type: 'string' }, files: { type: 'array' } },
            },
          },
          errors: { 400: 'A month that is not YYYY-MM, or `to` before `from`' },
        },
      },
    },
    async (request) => {
      const { tenantId } = request.params as { tenantId: string };
      const { format, from, to } = request.query as { format: ExportFormat; from: string; to: string };
      const parts = exportParts(await inMonths(tenantId, from, to), format);
      return {
        basis: 'invoice date',
        format,
        from,
        to,
        limit: Number.isFinite(IMPORT_LIMITS[format]) ? IMPORT_LIMITS[format] : null,
        files: parts.map((invoices, index) => ({
          name: exportFileName(tenantId, format, from, to, index + 1, parts.length),
          part: index + 1,
          invoices: invoices.length,
          href: `/api/tenants/${tenantId}/invoices/export.csv?format=${format}&from=${from}&to=${to}&part=${index + 1}`,
        })),
      };
    },
  );

  app.get(
    '/api/tenants/:tenantId/invoices/export.csv',
    {
      onRequest: app.requireTenant,
      schema: {
        tags,
        summary:
          "One file of an export of some months' invoices and credit notes, by invoice date, in Xero's, QuickBooks Online's or a plain CSV layout",
        params: tenantParams,
        querystring: exportQuery,
      },
      config: {
        docs: {
          success: { description: 'The package’s own columns (see the export’s summary)', contentTypes: ['text/csv'] },
          errors: { 400: 'A month that is not YYYY-MM, `to` before `from`, or no such part' },
        },
      },
    },
    async (request, reply) => {
      const { tenantId } = request.params as { tenantId: string };
      const {
        format,
        from,
        to,
        part: asked = '1',
      } = request.query as { format: ExportFormat; from: string; to: string; part?: string };
      const part = Number(asked);
      const parts = exportParts(await inMonths(tenantId, from, to), format);
      if (part > parts.length)
        throw new FieldProblemsError(
          [{ pointer: '/part', message: `there ${parts.length === 1 ? 'is 1 file' : `are ${parts.length} files`}` }],
          'No such file',
        );
      const site = withDefaults('site', (await tenantOf(tenantId)).site);
      return sendDownload(reply, {
        type: CSV,
        name: exportFileName(tenantId, format, from, to, part, parts.length),
        body: exportCsv(parts[part - 1]!, format, site),
      });
    },
  );

  app.get(
    '/api/tenants/:tenantId/invoices/:number',
    {
      onRequest: app.requireTenant,
      schema: { tags, summary: 'One invoice, pro forma or credit note', params: invoiceParams },
      config: { docs: { success: { schema: recordSchema }, errors: { 404: 'No such document' } } },
    },
    async (request) => {
      const { tenantId, number } = request.params as { tenantId: string; number: string };
      const invoice = await app.invoices.get(tenantId, number);
      if (!invoice) throw new UnknownInvoiceError(number);
      return { ...invoice, id: invoice.number, ...(await owedNow(tenantId, invoice)) };
    },
  );

  app.get(
    '/api/tenants/:tenantId/invoices/:number/pdf',
    {
      onRequest: app.requireTenant,
      schema: { tags, summary: 'One document as a PDF', params: invoiceParams },
      config: { docs: { ...pdfDocs, errors: { 404: 'No such document' } } },
    },
    async (request, reply) => {
      const { tenantId, number } = request.params as { tenantId: string; number: string };
      const invoice = await app.invoices.get(tenantId, number);
      if (!invoice) throw new UnknownInvoiceError(number);
      return sendPdf(reply, invoice, await tenantOf(tenantId));
    },
  );

  app.post(
    '/api/tenants/:tenantId/invoices/:number/credit',
    {
      onRequest: app.requireTenant,
      schema: {
        tags,
        summary:
          'Issue a credit note against an invoice: named lines by an amount each (their own tax follows), an amount spread over the invoice, or all of it; with the reason printed on it (an issued invoice is never edited)',
        params: invoiceParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['reason'],
          properties: {
            reason: { type: 'string', minLength: 1, maxLength: 500, description: 'Why: printed on the credit note' },
            amount: {
              $ref: `${schemaIds.invoice}#/$defs/money`,
              description:
                'How much, tax included, spread over every line; left out (and no lines named), the whole invoice',
            },
            lines: {
              type: 'array',
              minItems: 1,
              maxItems: 200,
              items: { $ref: `${schemaIds.invoice}#/$defs/lineCredit` },
              description: 'The lines to reduce, each by an amount before tax',
            },
          },
        },
      },
      config: {
        docs: {
          success: { schema: recordSchema },
          errors: {
            400: 'No reason; an amount of nothing or more than the invoice; a line it lacks or credited past what it charged; both an amount and lines',
            404: 'No such invoice',
          },
        },
      },
    },
    async (request) => {
      const { tenantId, number } = request.params as { tenantId: string; number: string };
      const { reason, amount, lines } = request.body as { reason: string; amount?: number; lines?: LineCredit[] };
      const invoice = await app.invoices.get(tenantId, number);
      if (!invoice) throw new UnknownInvoiceError(number);
      if (invoice.kind !== 'invoice')
        throw new FieldProblemsError(
          [
            {
              pointer: '',
              message: `${number} is ${invoice.kind === 'proForma' ? 'a pro forma' : 'a credit note'}: only an invoice is credited`,
            },
          ],
          'Not credited',
        );
      const notes = (await app.invoices.forQuote(tenantId, invoice.quoteId)).filter(
        (other) => other.credits === number,
      );
      const credited = notes.reduce((sum, other) => sum - other.total, 0);
      const left = Math.round((invoice.total - credited) * 100) / 100;
      if (!reason.trim())
        throw new FieldProblemsError(
          [{ pointer: '/reason', message: 'say why: it is printed on the credit note' }],
          'Not credited',
        );
      if (amount !== undefined && (amount <= 0 || amount > left))
        throw new FieldProblemsError(
          [
            {
              pointer: '/amount',
              message: `must be more than 0 and at most what is left to credit on ${number} (${left.toFixed(2)})`,
            },
          ],
          'Not credited',
        );
      if (left <= 0)
        throw new FieldProblemsError(
          [{ pointer: '', message: `${number} is credited in full already` }],
          'Not credited',
        );
      if (lines && amount !== undefined)
        throw new FieldProblemsError(
          [{ pointer: '/amount', message: 'give an amount to spread over the invoice, or lines to reduce, not both' }],
          'Not credited',
        );
      const lineProblems = lines ? lineCreditProblems(invoice, notes, lines) : [];
      if (lineProblems.length) throw new FieldProblemsError(lineProblems, 'Not credited');
      const tenant = await tenantOf(tenantId);
      const site = withDefaults('site', tenant.site);
      const now = new Date();
      const context = {
        now,
        today: todayIn(withDefaults('vendor', tenant.vendor).timezone ?? 'UTC', now),
        rule: invoiceRuleOf(site),
      };
      const { invoice: note } = await app.invoices.issue(
        lines
          ? lineCreditNoteOf(invoice, reason.trim(), context, lines)
          : creditNoteOf(invoice, reason.trim(), context, amount ?? left),
      );
      request.log.info(
        { tenantId, invoice: number, creditNote: note.number, by: request.account!.email },
        'credit note issued',
      );
      await notifyCreditNote(app, request.log, note);
      return { ...note, id: note.number };
    },
  );

  const visitorParams = {
    type: 'object',
    required: ['id'],
    properties: { id: { $ref: `${schemaIds.quoteRequest}#/properties/id` }, number: numberParam },
  } as const;

  app.get(
    '/api/quotes/:id/invoices',
    {
      schema: { tags, summary: 'The visitor’s documents for one of their requests', params: visitorParams },
      config: {
        docs: {
          success: { schema: { type: 'array', items: recordSchema } },
          errors: { 401: 'Nobody is signed in', 404: 'No such request of this visitor' },
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      await visitorsQuote(app, request, id, SIGN_IN);
      void reply.header('cache-control', 'no-store');
      // The visitor's copy leaves out the vendor's ledger codes, and says what each invoice still owes now.
      const documents = await app.invoices.forQuote(request.tenantId, id);
      return Promise.all(
        documents.map(async (document) => {
          const { lines, taxes, ...invoice } = document;
          return {
            ...invoice,
            lines: lines.map(({ glCode: _glCode, ...line }) => line),
            taxes: taxes.map(({ glCode: _glCode, ...tax }) => tax),
            ...(await owedNow(request.tenantId, document)),
          };
        }),
      );
    },
  );

  app.get(
    '/api/quotes/:id/invoices/:number/pdf',
    {
      schema: {
        tags,
        summary: 'One of the visitor’s documents as a PDF',
        params: { ...visitorParams, required: ['id', 'number'] },
      },
      config: { docs: { ...pdfDocs, errors: { 401: 'Nobody is signed in', 404: 'No such document of this visitor' } } },
    },
    async (request, reply) => {
      const { id, number } = request.params as { id: string; number: string };
      await visitorsQuote(app, request, id, SIGN_IN);
      const invoice = await app.invoices.get(request.tenantId, number);
      if (!invoice || invoice.quoteId !== id) throw new UnknownInvoiceError(number);
      return sendPdf(reply, invoice, await tenantOf(request.tenantId));
    },
  );
};

export default invoiceRoutes;
