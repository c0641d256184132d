/** Issue a credit note against an invoice: the reason (printed on it) and, for part of it, the amount with tax. An issued invoice is never edited. */
import { Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { Invoice } from '../../schema/types.generated';
import { FormDialog } from '../components/FormDialog';
import { invoiceApi } from './invoice-api';

export function CreditNoteDialog({
  tenantId,
  invoice,
  money,
  onClose,
  onIssued,
}: {
  tenantId: string;
  invoice: Invoice;
  money: (amount: number) => string;
  onClose: () => void;
  onIssued: (note: Invoice) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const submit = async () => {
    const note = await invoiceApi.credit(tenantId, invoice.number, { reason, ...(amount.trim() && { amount: Number(amount) }) });
    notify(translate('backlot.invoices.credited', { number: note.number }), { type: 'success' });
    onIssued(note);
  };
  return (
    <FormDialog
      id="credit-note-title"
      title={translate('backlot.invoices.creditTitle', { number: invoice.number, total: money(invoice.total) })}
      submitLabel={translate('backlot.invoices.credit')}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={translate('backlot.invoices.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required
          helperText={translate('backlot.invoices.reasonHint')}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          fullWidth
        />
        <TextField
          label={translate('backlot.invoices.amount')}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          type="number"
          helperText={translate('backlot.invoices.amountHint')}
          slotProps={{ htmlInput: { min: 0.01, step: 0.01 } }}
          fullWidth
        />
      </Stack>
    </FormDialog>
  );
}
