/**
 * A tenant's quote requests, newest first, read-only (what happens after a request is not in the
 * spec): who asked, for which production, the dates, how many items; a row unfolds the lines with
 * the rates they were asked at, and the notes.
 */
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Datagrid, DateField, FunctionField, List, TextField, useRecordContext, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { QuoteRequest } from '../../schema/types.generated';

const money = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

function QuoteLines() {
  const translate = useTranslate();
  const quote = useRecordContext<QuoteRequest & { id: string }>();
  if (!quote) return null;
  return (
    <Box sx={{ py: 1 }}>
      <Table size="small" aria-label={translate('backlot.quotes.lines')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('backlot.quotes.item')}</TableCell>
            <TableCell align="right">{translate('backlot.quotes.quantity')}</TableCell>
            <TableCell align="right">{translate('backlot.quotes.dayRate')}</TableCell>
            <TableCell align="right">{translate('backlot.quotes.weekRate')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {quote.lines.map((line) => (
            <TableRow key={line.objectID}>
              <TableCell>{line.name}</TableCell>
              <TableCell align="right">{line.quantity}</TableCell>
              <TableCell align="right">{money(line.dayRate)}</TableCell>
              <TableCell align="right">{line.weekRate === undefined ? '—' : money(line.weekRate)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {quote.notes && (
        <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
          {translate('backlot.quotes.notes')}: {quote.notes}
        </Typography>
      )}
    </Box>
  );
}

export function QuoteRequestList() {
  const { tenantId = '' } = useParams();
  const translate = useTranslate();
  return (
    <List
      resource={`tenants/${tenantId}/quote-requests`}
      title={translate('backlot.quotes.title', { tenant: tenantId })}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      empty={false}
      exporter={false}
    >
      <Datagrid bulkActionButtons={false} rowClick="expand" expand={<QuoteLines />} empty={<Box sx={{ p: 2 }}>{translate('backlot.quotes.empty')}</Box>}>
        <DateField source="createdAt" label={translate('backlot.quotes.asked')} showTime />
        <FunctionField label={translate('backlot.quotes.who')} render={(quote: QuoteRequest) => (quote.name ? `${quote.name} (${quote.email})` : quote.email)} />
        <TextField source="production" label={translate('backlot.quotes.production')} emptyText="—" />
        <FunctionField label={translate('backlot.quotes.dates')} render={(quote: QuoteRequest) => `${quote.startDate} → ${quote.endDate}`} />
        <TextField source="items" label={translate('backlot.quotes.items')} />
      </Datagrid>
    </List>
  );
}
