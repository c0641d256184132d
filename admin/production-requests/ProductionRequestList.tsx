/**
 * Every production request made on the platform (platform staff), newest first: who asked, for
 * what and when, and each house's part as it stands (its quote's state at the house once sent:
 * requested, quoted, confirmed, closed …; else waiting for the house's approval, refused, or not
 * sent and why). Each house sees only its own part, in its own console.
 */
import { Box, Chip, Stack, Tooltip } from '@mui/material';
import { Datagrid, DateField, FunctionField, List, TextField, useTranslate } from 'react-admin';
import type { ProductionRequest } from '../../schema/types.generated';

const COLOURS = {
  sent: 'success',
  awaitingApproval: 'warning',
  refused: 'error',
  failed: 'error',
  withdrawn: 'default',
} as const;

/** A part as the server lists it: a sent one with its quote's state at its house. */
type ListedPart = ProductionRequest['parts'][number] & { quote?: { state: string } };

function Parts({ request }: { request: Omit<ProductionRequest, 'parts'> & { parts: ListedPart[] } }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      {request.parts.map((part) => (
        <Tooltip
          key={part.house}
          title={part.problem ?? part.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ')}
        >
          <Chip
            size="small"
            color={COLOURS[part.state]}
            label={`${part.houseName}: ${part.quote ? translate(`backlot.quotes.states.${part.quote.state}`).toLowerCase() : translate(`backlot.productionRequests.states.${part.state}`)}`}
          />
        </Tooltip>
      ))}
    </Stack>
  );
}

export function ProductionRequestList() {
  const translate = useTranslate();
  return (
    <List
      resource="marketplace/production-requests"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      actions={false}
      empty={<Box sx={{ p: 3 }}>{translate('backlot.productionRequests.empty')}</Box>}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateField source="createdAt" label="backlot.productionRequests.sent" showTime sortable={false} />
        <TextField source="production" label="backlot.productionRequests.production" sortable={false} emptyText="—" />
        <TextField source="email" label="backlot.productionRequests.visitor" sortable={false} />
        <FunctionField
          label="backlot.productionRequests.dates"
          render={(record: ProductionRequest) => `${record.startDate} – ${record.endDate}`}
        />
        <FunctionField
          label="backlot.productionRequests.parts"
          render={(record: ProductionRequest) => <Parts request={record} />}
        />
      </Datagrid>
    </List>
  );
}
