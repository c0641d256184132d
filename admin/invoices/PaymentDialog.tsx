/**
 * Record money received against an invoice (a bank transfer, a cheque, a card taken by phone): what
 * it still owes and what was paid so far first, then the amount (what is owed, to start with), the
 * day it arrived, how, and the bank's or cheque's reference. The payment's id is made when the
 * dialog opens, so Record pressed twice, or sent again after a dropped connection, records it once.
 * On a customer account, more than is owed stays on the account as credit when "Keep the rest as
 * credit" is ticked (offered only then); otherwise the server refuses it on the field, as it does
 * another currency, or a day after today or before the invoice was issued. When the account holds
 * credit, "Account credit" is offered as a way to pay, for what the credit and the invoice allow.
 */
import { Checkbox, FormControlLabel, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { schemaDocuments } from '../../schema/documents';
import type { Invoice, Payment } from '../../schema/types.generated';
import { FormDialog } from '../components/FormDialog';
import { invoiceApi } from './invoice-api';

const METHODS = schemaDocuments.invoice.$defs.paymentMethod.oneOf;
/** The schema's bounds on what is typed. */
const AMOUNT = schemaDocuments.invoice.$defs.paymentAmount;
const REFERENCE_MAX = schemaDocuments.invoice.$defs.paymentReference.maxLength;
/** Today in the browser's calendar, as the date input writes it: the start until the server says the house's today. */
const browserToday = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

export function PaymentDialog({
  tenantId,
  invoice,
  money,
  day,
  onClose,
  onRecorded,
}: {
  tenantId: string;
  invoice: Invoice;
  money: (amount: number) => string;
  day: (date: string) => string;
  onClose: () => void;
  onRecorded: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [id] = useState(() => `pay-${crypto.randomUUID()}`);
  const [state, setState] = useState<{ payments: Payment[]; owed: number; today: string; accountCredit?: number }>();
  const [amount, setAmount] = useState('');
  const [receivedOn, setReceivedOn] = useState(browserToday);
  const [method, setMethod] = useState<Payment['method']>('bankTransfer');
  const credit = state?.accountCredit ?? 0;
  const methods = METHODS.filter((option) => option.const !== 'accountCredit' || credit > 0);
  const choose = (chosen: Payment['method']) => {
    setMethod(chosen);
    // Paying from credit starts at what the credit and the invoice allow.
    if (chosen === 'accountCredit' && state) setAmount(String(Math.min(credit, state.owed)));
  };
  const [reference, setReference] = useState('');
  const [keepRest, setKeepRest] = useState(false);
  // More than is owed, off a customer account and not from its credit: the rest is kept only when asked.
  const over = !!state && !!invoice.billTo.account && method !== 'accountCredit' && Number(amount) > state.owed;
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    void invoiceApi.payments(tenantId, invoice.number).then((answer) => {
      setState(answer);
      setAmount((current) => current || String(answer.owed));
      // The house's today, not the browser's: staff in another time zone than the house's are a day off half the time.
      setReceivedOn((current) => (current === browserToday() ? answer.today : current));
    });
  }, [tenantId, invoice.number]);
  const submit = async () => {
    setErrors({});
    try {
      const answer = await invoiceApi.recordPayment(tenantId, invoice.number, {
        id,
        amount: Number(amount),
        currency: invoice.currency,
        receivedOn,
        method,
        ...(reference.trim() && { reference: reference.trim() }),
        ...(over && keepRest && { keepRest: true }),
      });
      notify(
        translate(
          answer.payment.method === 'accountCredit'
            ? 'backlot.payments.creditApplied'
            : answer.payment.credit > 0
              ? 'backlot.payments.recordedWithCredit'
              : 'backlot.payments.recorded',
          {
            amount: money(answer.payment.amount),
            credit: money(answer.payment.credit),
            owed: money(answer.owed),
          },
        ),
        // It gives the figures staff may want to note (what is still owed, the credit kept): longer than a plain toast.
        { type: 'success', autoHideDuration: 10_000 },
      );
      onRecorded();
    } catch (failure) {
      setErrors((failure as { body?: { errors?: Record<string, string> } }).body?.errors ?? {});
      throw failure;
    }
  };
  return (
    <FormDialog
      id="payment-title"
      title={translate('backlot.payments.title', { number: invoice.number })}
      submitLabel={translate('backlot.payments.record')}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography>
          {state
            ? translate('backlot.payments.owed', { owed: money(state.owed), total: money(invoice.total) })
            : translate('backlot.payments.loading')}
        </Typography>
        {credit > 0 && invoice.billTo.account && (
          <Typography variant="body2">
            {translate('backlot.payments.creditHeld', { account: invoice.billTo.account.name, credit: money(credit) })}
          </Typography>
        )}
        {state && state.payments.length > 0 && (
          <Stack component="ul" sx={{ m: 0, pl: 2.5 }}>
            {state.payments.map((payment) => (
              <Typography component="li" variant="body2" key={payment.id}>
                {translate('backlot.payments.line', {
                  day: day(payment.receivedOn),
                  amount: money(payment.amount),
                  method: METHODS.find((option) => option.const === payment.method)?.title ?? payment.method,
                  reference: payment.reference ?? '—',
                })}
              </Typography>
            ))}
          </Stack>
        )}
        <TextField
          label={translate(
            method === 'accountCredit' ? 'backlot.payments.amountFromCredit' : 'backlot.payments.amount',
            { currency: invoice.currency },
          )}
          type="number"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={!!errors.amount}
          helperText={
            errors.amount ??
            (invoice.billTo.account
              ? translate(
                  method === 'accountCredit' ? 'backlot.payments.fromCreditHint' : 'backlot.payments.creditHint',
                  { account: invoice.billTo.account.name, credit: money(credit) },
                )
              : ' ')
          }
          slotProps={{ htmlInput: { min: AMOUNT.minimum, max: AMOUNT.maximum, step: AMOUNT.multipleOf } }}
          required
        />
        {over && (
          <FormControlLabel
            control={<Checkbox checked={keepRest} onChange={(event) => setKeepRest(event.target.checked)} />}
            label={translate('backlot.payments.keepRest', {
              rest: money(Number(amount) - state.owed),
              account: invoice.billTo.account!.name,
            })}
          />
        )}
        <TextField
          label={translate('backlot.payments.receivedOn')}
          type="date"
          value={receivedOn}
          onChange={(event) => setReceivedOn(event.target.value)}
          error={!!errors.receivedOn}
          helperText={errors.receivedOn ?? ' '}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: invoice.issueDate, max: state?.today } }}
          required
        />
        <TextField
          select
          label={translate('backlot.payments.method')}
          value={method}
          onChange={(event) => choose(event.target.value as Payment['method'])}
          error={!!errors.method}
          helperText={errors.method ?? ' '}
        >
          {methods.map((option) => (
            <MenuItem key={option.const} value={option.const}>
              {option.title}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={translate('backlot.payments.reference')}
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          error={!!errors.reference}
          helperText={errors.reference ?? errors.currency ?? ' '}
          slotProps={{ htmlInput: { maxLength: REFERENCE_MAX } }}
        />
      </Stack>
    </FormDialog>
  );
}
