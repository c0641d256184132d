/**
 * A tenant's quote requests, newest first: who asked, for which production, the dates, how many
 * items, where each stands, what keeps an order from going out (its card hold, its certificate of
 * insurance) and, once priced, its total. Filters by state and by dates (requests
 * whose hire overlaps them); a row opens the request to price it. New requests and steps taken
 * elsewhere show at once (server-sent events). The accountant's files are on the Invoices screen
 * (admin/invoices: by invoice date).
 */
import { Box, Typography } from '@mui/material';
import {
  Datagrid,
  DateField,
  DateInput,
  FunctionField,
  List,
  SelectInput,
  TextField,
  useListContext,
  useTranslate,
} from 'react-admin';
import { schemaDocuments } from '../../schema/documents';
import type { QuoteState } from '../../schema/rental/quote-states';
import type { QuoteRequest } from '../../schema/types.generated';
import { useQuoteTenant } from './useQuoteTenant';
import { SubHireMargins } from './SubHireMargins';
import { QuoteStateChip } from './QuoteStateChip';
import { ReadinessChips } from './ReadinessChips';
import { useQuoteEvents } from './useQuoteEvents';
import { PHONE_DATAGRID_SX, PHONE_LIST_SX } from '../components/phone-list';

const STATE_CHOICES = schemaDocuments.quoteRequest.$defs.quoteState.oneOf.map((option) => ({
  id: option.const,
  name: option.title,
}));

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
    <>
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
        filters={[
          <SelectInput
            key="state"
            source="state"
            label={translate('backlot.quotes.state')}
            choices={STATE_CHOICES}
            alwaysOn
            emptyText={translate('backlot.quotes.anyState')}
          />,
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
                <Typography
                  variant="caption"
                  color={quote.name ? 'text.secondary' : 'text.primary'}
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {quote.email}
                </Typography>
              </Box>
            )}
          />
          {/* The store sorts by when a request was made or when its hire starts; the other columns are not sortable. */}
          <TextField
            source="production"
            label={translate('backlot.quotes.production')}
            emptyText="—"
            sortable={false}
          />
          <FunctionField
            source="startDate"
            sortBy="startDate"
            label={translate('backlot.quotes.dates')}
            render={(quote: QuoteRequest) => (
              <Box sx={{ whiteSpace: 'nowrap' }}>{tenant.days(quote.startDate, quote.endDate)}</Box>
            )}
          />
          <TextField source="items" label={translate('backlot.quotes.items')} sortable={false} />
          <FunctionField
            source="state"
            sortable={false}
            label={translate('backlot.quotes.state')}
            render={(quote: { state: QuoteState; hold: string }) => (
              <QuoteStateChip state={quote.state} hold={quote.hold} />
            )}
          />
          <FunctionField
            label={translate('backlot.insurance.outColumn')}
            sortable={false}
            render={(quote: QuoteRequest) => <ReadinessChips readiness={tenant.readiness(quote)} />}
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
      <SubHireMargins tenantId={tenantId} />
    </>
  );
}
