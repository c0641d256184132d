/** A request's invoices, pro formas and credit notes on its page, read again after a step (confirm and close issue them). */
import { Card, CardContent, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Invoice } from '../../schema/types.generated';
import { invoiceApi } from './invoice-api';
import { InvoiceRows } from './InvoiceRows';

export function QuoteInvoicesCard({
  tenantId,
  quoteId,
  revision,
  money,
  day,
}: {
  tenantId: string;
  quoteId: string;
  revision: string;
  money: (amount: number) => string;
  day: (date: string) => string;
}) {
  const translate = useTranslate();
  const [invoices, setInvoices] = useState<Invoice[]>();
  const [reads, setReads] = useState(0);
  useEffect(() => {
    let live = true;
    invoiceApi.forQuote(tenantId, quoteId).then(
      (answer) => live && setInvoices(answer),
      () => live && setInvoices([]),
    );
    return () => void (live = false);
  }, [tenantId, quoteId, revision, reads]);
  if (!invoices?.length) return null;
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {translate('backlot.invoices.heading')}
        </Typography>
        <InvoiceRows
          tenantId={tenantId}
          invoices={invoices}
          money={money}
          day={day}
          onIssued={() => setReads((count) => count + 1)}
        />
      </CardContent>
    </Card>
  );
}
