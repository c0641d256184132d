/**
 * Documents as rows (a request's, on its page): kind, number and date, total and balance, the PDF,
 * and for an invoice what has been paid on it and what it still owes (its payments, credit notes and
 * account credit, read again after each), a payment received and a credit note.
 */
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Invoice } from '../../schema/types.generated';
import { CreditNoteDialog } from './CreditNoteDialog';
import { invoiceApi } from './invoice-api';
import { PaymentDialog } from './PaymentDialog';

/** What has been paid on an invoice left owing at issue, and what it still owes. */
function InvoiceOwed({
  tenantId,
  invoice,
  money,
  reads,
}: {
  tenantId: string;
  invoice: Invoice;
  money: (amount: number) => string;
  reads: number;
}) {
  const translate = useTranslate();
  const [state, setState] = useState<{ paid: number; owed: number }>();
  useEffect(() => {
    let live = true;
    invoiceApi.payments(tenantId, invoice.number).then(
      (answer) =>
        live &&
        setState({ paid: answer.payments.reduce((total, payment) => total + payment.applied, 0), owed: answer.owed }),
      () => undefined,
    );
    return () => void (live = false);
  }, [tenantId, invoice.number, reads]);
  if (!state || (!state.paid && state.owed === invoice.balance)) return null;
  return (
    <Typography variant="body2" color={state.owed > 0 ? 'warning.main' : 'success.main'}>
      {state.owed > 0
        ? translate('backlot.payments.partlyPaid', { paid: money(state.paid), owed: money(state.owed) })
        : translate('backlot.payments.paidInFull')}
    </Typography>
  );
}

export function InvoiceRows({
  tenantId,
  invoices,
  money,
  day,
  onIssued,
}: {
  tenantId: string;
  invoices: Invoice[];
  money: (amount: number) => string;
  day: (date: string) => string;
  onIssued: () => void;
}) {
  const translate = useTranslate();
  const [crediting, setCrediting] = useState<Invoice>();
  const [paying, setPaying] = useState<Invoice>();
  // Bumped after a payment or credit note: each invoice's paid and owed are read again.
  const [reads, setReads] = useState(0);
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
      {invoices.map((invoice) => (
        <Stack
          component="li"
          key={invoice.number}
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Chip
            size="small"
            label={translate(`backlot.invoices.kinds.${invoice.kind}`)}
            color={invoice.kind === 'invoice' ? 'primary' : 'default'}
            variant={invoice.kind === 'invoice' ? 'filled' : 'outlined'}
          />
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {invoice.number}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {day(invoice.issueDate)} · {money(invoice.total)}
            {invoice.kind === 'invoice' &&
              ` · ${translate('backlot.invoices.balance', { amount: money(invoice.balance) })}`}
            {invoice.voidedAt && ` · ${translate('backlot.invoices.void')}`}
            {invoice.credits && ` · ${translate('backlot.invoices.credits', { number: invoice.credits })}`}
          </Typography>
          {invoice.kind === 'invoice' && invoice.balance > 0 && (
            <InvoiceOwed tenantId={tenantId} invoice={invoice} money={money} reads={reads} />
          )}
          <Button
            size="small"
            startIcon={<PictureAsPdfOutlinedIcon />}
            href={invoiceApi.pdfHref(tenantId, invoice.number)}
            target="_blank"
            rel="noopener"
          >
            {translate('backlot.invoices.pdf')}
          </Button>
          {invoice.kind === 'invoice' && (
            <>
              <Button size="small" onClick={() => setPaying(invoice)}>
                {translate('backlot.payments.record')}
              </Button>
              <Button size="small" onClick={() => setCrediting(invoice)}>
                {translate('backlot.invoices.credit')}
              </Button>
            </>
          )}
        </Stack>
      ))}
      {paying && (
        <PaymentDialog
          tenantId={tenantId}
          invoice={paying}
          money={money}
          day={day}
          onClose={() => setPaying(undefined)}
          onRecorded={() => {
            setPaying(undefined);
            setReads((count) => count + 1);
            onIssued();
          }}
        />
      )}
      {crediting && (
        <CreditNoteDialog
          tenantId={tenantId}
          invoice={crediting}
          money={money}
          onClose={() => setCrediting(undefined)}
          onIssued={() => {
            setCrediting(undefined);
            setReads((count) => count + 1);
            onIssued();
          }}
        />
      )}
    </Box>
  );
}
