/**
 * Money a house received, for its staff and platform staff (issue 38):
 * - GET  /api/tenants/:tenantId/invoices/:number/payments   the invoice's payments and what it still owes
 * - POST /api/tenants/:tenantId/invoices/:number/payments   records one (bank transfer, cheque, card by
 *   phone, or the customer account's own credit) under the id its recorder made: the same id again is answered with the payment recorded
 *   (`repeat`), nothing written; refused by field in another currency, dated after the house's
 *   today, beyond what is owed off a customer account, or against a pro forma or credit note
 * - GET  /api/tenants/:tenantId/aged-debtors                who owes what by age, with each account's credit
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  agedDebtorSteps,
  creditOf,
  owedOnInvoice,
  paymentOf,
  type InvoiceState,
} from '../../../schema/accounts/payments';
import { runLettingGo } from '../../lib/let-go';
import { settledOf } from '../../accounts';
import { cents } from '../../../schema/rental/quote-pricing';
import { withDefaults } from '../../../schema/defaults';
import { schemaIds } from '../../../schema/documents';
import { todayIn } from '../../../schema/rental/quote-rules';
import type { PaymentInput } from '../../../schema/types.generated';
import { formatMoney } from '../../../schema/display/format';
import { FieldProblemsError } from '../../stores/field-problems';
import { byReceipt, UnknownInvoiceError } from '../../stores/invoice-store';
import { invoiceParams } from './invoices';
import { tenantParams } from './tenants/params';

const tags = ['payments'];
const payment = { $ref: `${schemaIds.invoice}#/$defs/payment` } as const;
const paymentsAnswer = {
  type: 'object',
  required: ['payments', 'owed', 'today'],
  properties: {
    payments: { type: 'array', items: payment },
    today: {
      type: 'string',
      format: 'date',
      description: "The house's today in its own time zone: the latest day a payment may be received on",
    },
    owed: { type: 'number', description: 'What the invoice still owes' },
    accountCredit: {
      type: 'number',
      description: "The credit the invoice's customer account holds, to pay it with (an invoice on an account only)",
    },
  },
} as const;

const paymentRoutes: FastifyPluginAsync = async (app) => {
  const houseOf = async (tenantId: string) => {
    const { tenant } = (await app.tenantStore.get(tenantId))!;
    return {
      site: withDefaults('site', tenant.site),
      timezone: withDefaults('vendor', tenant.vendor).timezone ?? 'UTC',
    };
  };
  const invoiceState = async (tenantId: string, number: string) => {
    const invoice = await app.invoices.get(tenantId, number);
    if (!invoice) throw new UnknownInvoiceError(number);
    const account = invoice.billTo.account?.id;
    const [settled, onAccount] = await Promise.all([
      settledOf(app.invoices, tenantId, invoice),
      account === undefined ? undefined : app.invoices.payments(tenantId, { account }),
    ]);
    return { invoice, ...settled, ...(onAccount && { accountCredit: creditOf(onAccount) }) };
  };
  const answerOf = (state: InvoiceState, today: string) => ({
    payments: state.payments,
    owed: owedOnInvoice(state),
    today,
    ...(state.accountCredit !== undefined && { accountCredit: state.accountCredit }),
  });

  app.get(
    '/api/tenants/:tenantId/invoices/:number/payments',
    {
      onRequest: app.requireTenant,
      schema: { tags, summary: "An invoice's payments, and what it still owes", params: invoiceParams },
      config: { docs: { success: { schema: paymentsAnswer }, errors: { 404: 'No such house or invoice' } } },
    },
    async (request) => {
      const { tenantId, number } = request.params as { tenantId: string; number: string };
      const { timezone } = await houseOf(tenantId);
      return answerOf(await invoiceState(tenantId, number), todayIn(timezone, new Date()));
    },
  );

  app.post(
    '/api/tenants/:tenantId/invoices/:number/payments',
    {
      onRequest: app.requireTenant,
      schema: {
        tags,
        summary: 'Record a payment received against an invoice (once per id)',
        params: invoiceParams,
        body: { $ref: `${schemaIds.invoice}#/$defs/paymentInput` },
      },
      config: {
        docs: {
          success: {
            status: 201,
            description: 'Recorded, or (repeat) recorded already under that id',
            schema: {
              ...paymentsAnswer,
              required: [...paymentsAnswer.required, 'payment', 'repeat'],
              properties: { ...paymentsAnswer.properties, payment, repeat: { type: 'boolean' } },
            },
          },
          errors: {
            400: 'Another currency than the invoice’s, a day after today, more than is owed off a customer account, or more credit than the account holds',
            409: 'A pro forma or a credit note: payments are recorded against the invoice',
            404: 'No such house or invoice',
          },
        },
      },
    },
    async (request, reply) => {
      const { tenantId, number } = request.params as { tenantId: string; number: string };
      const input = request.body as PaymentInput;
      const { site, timezone } = await houseOf(tenantId);
      const now = new Date();
      const context = {
        today: todayIn(timezone, now),
        now,
        by: request.account!.email,
        format: (amount: number) => formatMoney(amount, site),
      };
      // What the write's transaction read, with the payment it made: the answer needs no second read (a repeat reads it again).
      let after: InvoiceState | undefined;
      const { payment: recorded, repeat } = await app.invoices.recordPayment(tenantId, number, input.id, (state) => {
        const made = paymentOf(input, state, context);
        if ('payment' in made)
          after = {
            ...state,
            payments: [...state.payments, made.payment].sort(byReceipt),
            ...(state.accountCredit !== undefined && {
              accountCredit: cents(state.accountCredit + made.payment.credit),
            }),
          };
        // Not an invoice is no fault of a field: a conflict with what is stored, said as such.
        if ('problems' in made)
          throw made.problems[0]!.pointer
            ? new FieldProblemsError(made.problems)
            : new FieldProblemsError(made.problems, `Not recorded: ${made.problems[0]!.message}`, 409);
        return made.payment;
      });
      if (!repeat)
        request.log.info(
          { tenantId, invoice: number, payment: recorded.id, amount: recorded.amount, by: request.account!.email },
          'payment recorded',
        );
      const state = repeat || !after ? await invoiceState(tenantId, number) : after;
      return reply.code(201).send({ payment: recorded, repeat, ...answerOf(state, context.today) });
    },
  );

  app.get(
    '/api/tenants/:tenantId/aged-debtors',
    {
      onRequest: app.requireTenant,
      schema: {
        tags,
        summary: 'Who owes the house what, by how long past due (current, 1–30, 31–60, 61–90, over 90 days)',
        params: tenantParams,
      },
      config: {
        docs: {
          success: {
            schema: {
              type: 'object',
              required: ['today', 'rows'],
              properties: { today: { type: 'string' }, rows: { type: 'array' } },
            },
          },
          errors: { 404: 'No such house' },
        },
      },
    },
    async (request) => {
      const { tenantId } = request.params as { tenantId: string };
      const { timezone } = await houseOf(tenantId);
      const [documents, payments] = await Promise.all([
        app.invoices.receivables(tenantId),
        app.invoices.payments(tenantId),
      ]);
      const today = todayIn(timezone, new Date());
      return { today, rows: await runLettingGo(agedDebtorSteps(documents, payments, today)) };
    },
  );
};

export default paymentRoutes;
