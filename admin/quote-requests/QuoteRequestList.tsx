/**
 * A tenant's quote requests, newest first: who asked, for which production, the dates, how many
 * items, where each stands and, once priced, its total. Filters by state and by dates (requests
 * whose hire overlaps them); a row opens the request to price it. New requests and steps taken
 * elsewhere show at once (server-sent events). The accounts export downloads the lines of orders
 * confirmed in some months (by the day each was confirmed), by GL code.
 */
import { Box, Button, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { Datagrid, DateField, DateInput, FunctionField, List, SelectInput, TextField, useListContext, useTranslate } from 'react-admin';
import { schemaDocuments } from '../../schema/documents';
import type { QuoteState } from '../../schema/rental/quote-states';
import type { QuoteRequest } from '../../schema/types.generated';
import { quoteApi } from './quote-api';
import { useQuoteTenant } from './useQuoteTenant';
import { QuoteStateChip } from './QuoteStateChip';
import { useQuoteEvents } from './useQuoteEvents';
import { PHONE_DATAGRID_SX, PHONE_LIST_SX } from '../components/phone-list';

const STATE_CHOICES = schemaDocuments.quoteRequest.$defs.quoteState.oneOf.map((option) => ({ id: option.const, name: option.title }));

// The month where the admin is (en-CA writes YYYY-MM-DD), not UTC's.
const thisMonth = () => new Date().toLocaleDateString('en-CA').slice(0, 7);

/** Two months and a download: what an accountant imports. */
function AccountsExport({ tenantId }: { tenantId: string }) {
  const translate = useTranslate();
  const [from, setFrom] = useState(thisMonth);
  const [to, setTo] = useState(thisMonth);
  const valid = /^\d{4}-\d{2}$/.test(from) && /^\d{4}-\d{2}$/.test(to) && from <= to;
  return (
    <Stack
      spacing={1.5}
      component="section"
      aria-label={translate('backlot.quotes.export')}
      sx={{
        ml: { md: 1.5 },
        mt: { xs: 2, md: 8 },
        p: 2,
        width: { md: 220 },
        boxSizing: 'border-box',
        flexShrink: 0,
        bgcolor: 'background.paper',
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        alignSelf: 'flex-start',
      }}
    >
      <Typography variant="subtitle2">{translate('backlot.quotes.export')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('backlot.quotes.exportBasis')}
      </Typography>
      <MuiTextField
        type="month"
        size="small"
        label={translate('backlot.quotes.fromMonth')}
        value={from}
        onChange={(event) => setFrom(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <MuiTextField
        type="month"
        size="small"
        label={translate('backlot.quotes.toMonth')}
        value={to}
        onChange={(event) => setTo(event.target.value)}
        error={from > to}
        helperText={from > to ? translate('backlot.quotes.exportReversed') : undefined}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button component="a" variant="outlined" size="small" startIcon={<DownloadIcon />} href={valid ? quoteApi.ordersCsvHref(tenantId, from, to) : undefined} disabled={!valid} download>
        {translate('backlot.quotes.download')}
      </Button>
    </Stack>
  );
}

/**
 * A new request, or a step taken anywhere (a visitor accepting, another admin confirming), shows
 * at once: the list is read again, and only it (react-admin's refresh would re-read every query).
 */
function LiveList({ tenantId }: { tenantId: string }) {
  const { refetch } = useListContext();
  useQuoteEvents(tenantId, () => void refetch());
  return null;
}

export function QuoteRequestList({ tenantId }: { tenantId: string }) {
  const translate = useTranslate();
  const tenant = useQuoteTenant(tenantId);
  return (
    <List
      resource={`tenants/${tenantId}/quote-requests`}
      title={translate('backlot.quotes.title', { tenant: tenantId })}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      empty={false}
      exporter={false}
      actions={false}
      // On a phone the table scrolls inside its card and the aside goes under it: the page never widens.
      sx={PHONE_LIST_SX}
      aside={<AccountsExport tenantId={tenantId} />}
      filters={[
        <SelectInput key="state" source="state" label={translate('backlot.quotes.state')} choices={STATE_CHOICES} alwaysOn emptyText={translate('backlot.quotes.anyState')} />,
        <DateInput key="from" source="from" label={translate('backlot.quotes.from')} alwaysOn />,
        <DateInput key="to" source="to" label={translate('backlot.quotes.to')} alwaysOn />,
      ]}
    >
      <Datagrid
        sx={PHONE_DATAGRID_SX}
        bulkActionButtons={false}
        rowClick={(id) => `/t/${tenantId}/quote-requests/${encodeURIComponent(String(id))}`}
        empty={<Box sx={{ p: 2 }}>{translate('backlot.quotes.empty')}</Box>}
      >
        <DateField source="createdAt" label={translate('backlot.quotes.asked')} showTime />
        {/* The name, then the email under it, free to wrap: a long address widened the list past the screen. */}
        <FunctionField
          label={translate('backlot.quotes.who')}
          render={(quote: QuoteRequest) => (
            <Box sx={{ minWidth: 140, maxWidth: 260 }}>
              {quote.name && <Box>{quote.name}</Box>}
              <Typography variant="caption" color={quote.name ? 'text.secondary' : 'text.primary'} sx={{ overflowWrap: 'anywhere' }}>
                {quote.email}
              </Typography>
            </Box>
          )}
        />
        {/* The store sorts by when a request was made or when its hire starts; the other columns are not sortable. */}
        <TextField source="production" label={translate('backlot.quotes.production')} emptyText="—" sortable={false} />
        <FunctionField
          source="startDate"
          sortBy="startDate"
          label={translate('backlot.quotes.dates')}
          render={(quote: QuoteRequest) => <Box sx={{ whiteSpace: 'nowrap' }}>{tenant.days(quote.startDate, quote.endDate)}</Box>}
        />
        <TextField source="items" label={translate('backlot.quotes.items')} sortable={false} />
        <FunctionField
          source="state"
          sortable={false}
          label={translate('backlot.quotes.state')}
          render={(quote: { state: QuoteState; hold: string }) => <QuoteStateChip state={quote.state} hold={quote.hold} />}
        />
        <FunctionField
          source="total"
          sortable={false}
          textAlign="right"
          label={translate('backlot.quotes.total')}
          render={(quote: { total: number | null }) => (quote.total === null ? '—' : tenant.money(quote.total))}
        />
      </Datagrid>
      <LiveList tenantId={tenantId} />
    </List>
  );
}
