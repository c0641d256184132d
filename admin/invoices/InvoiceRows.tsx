/** Documents as rows (a request's, on its page): kind, number and date, total and balance, the PDF, and for an invoice a payment received and a credit note. */
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Invoice } from '../../schema/types.generated';
import { CreditNoteDialog } from './CreditNoteDialog';
import { invoiceApi } from './invoice-api';
import { PaymentDialog } from './PaymentDialog';

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
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
      {invoices.map((invoice) => (
        <Stack component="li" key={invoice.number} direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
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
            {invoice.kind === 'invoice' && ` · ${translate('backlot.invoices.balance', { amount: money(invoice.balance) })}`}
            {invoice.voidedAt && ` · ${translate('backlot.invoices.void')}`}
            {invoice.credits && ` · ${translate('backlot.invoices.credits', { number: invoice.credits })}`}
          </Typography>
          <Button size="small" startIcon={<PictureAsPdfOutlinedIcon />} href={invoiceApi.pdfHref(tenantId, invoice.number)} target="_blank" rel="noopener">
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
            onIssued();
          }}
        />
      )}
    </Box>
  );
}
