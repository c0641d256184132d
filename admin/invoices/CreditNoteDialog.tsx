/**
 * Issue a credit note against an invoice: the reason (printed on it), then what it takes off:
 * named lines, each by an amount before tax (its own tax follows it, so a damage charge with no
 * VAT credits no VAT), or an amount with tax spread over the invoice, or, with neither, all that
 * is left. An issued invoice is never edited.
 */
import { Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { Invoice, LineCredit } from '../../schema/types.generated';
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
  const [byLine, setByLine] = useState<string[]>(() => invoice.lines.map(() => ''));
  const lines: LineCredit[] = byLine.flatMap((value, line) => (value.trim() ? [{ line, amount: Number(value) }] : []));
  const submit = async () => {
    const body = { reason, ...(lines.length ? { lines } : amount.trim() && { amount: Number(amount) }) };
    const note = await invoiceApi.credit(tenantId, invoice.number, body);
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
        <Typography variant="subtitle2">{translate('backlot.invoices.creditLines')}</Typography>
        <Table size="small" aria-label={translate('backlot.invoices.creditLines')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('backlot.invoices.line')}</TableCell>
              <TableCell align="right">{translate('backlot.invoices.lineCharged')}</TableCell>
              <TableCell align="right">{translate('backlot.invoices.lineCredit')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {invoice.lines
              .map((line, index) => ({ line, index }))
              .filter(({ line }) => line.amount > 0)
              .map(({ line, index }) => (
                // A line that charged nothing (a credit already on the invoice) has nothing to credit.
                <TableRow key={index}>
                  <TableCell component="th" scope="row">
                    {line.description}
                    <Typography variant="caption" display="block" color="text.secondary">
                      {line.taxRate === undefined
                        ? translate('backlot.invoices.noTax')
                        : translate('backlot.invoices.taxAt', { rate: line.taxRate })}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{money(line.amount)}</TableCell>
                  <TableCell align="right" sx={{ width: { xs: 96, sm: 140 } }}>
                    <TextField
                      size="small"
                      type="number"
                      value={byLine[index]}
                      onChange={(event) =>
                        setByLine(byLine.map((value, at) => (at === index ? event.target.value : value)))
                      }
                      slotProps={{
                        htmlInput: {
                          min: 0.01,
                          step: 0.01,
                          max: line.amount,
                          inputMode: 'decimal',
                          'aria-label': translate('backlot.invoices.lineCreditOf', { line: line.description }),
                        },
                      }}
                    />
                  </TableCell>
                </TableRow>
              ))}
          </TableBody>
        </Table>
        <TextField
          label={translate('backlot.invoices.amount')}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          type="number"
          disabled={lines.length > 0}
          helperText={translate(lines.length ? 'backlot.invoices.amountByLines' : 'backlot.invoices.amountHint')}
          slotProps={{ htmlInput: { min: 0.01, step: 0.01 } }}
          fullWidth
        />
      </Stack>
    </FormDialog>
  );
}
