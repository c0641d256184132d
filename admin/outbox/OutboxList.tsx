/**
 * The outbox (platform staff): what Backlot would have mailed where no SMTP server is set up,
 * newest first; open one to read it as sent, its HTML part in a sandboxed frame (no script runs)
 * beside its plain text.
 */
import { Alert, Box, Typography } from '@mui/material';
import {
  Datagrid,
  DateField,
  List,
  Show,
  SimpleShowLayout,
  TextField,
  useRecordContext,
  useTranslate,
} from 'react-admin';

interface OutboxMessage {
  id: string;
  html?: string;
  text?: string;
}

export function OutboxList() {
  const translate = useTranslate();
  return (
    <List
      sort={{ field: 'id', order: 'DESC' }}
      perPage={25}
      empty={<Box sx={{ p: 3 }}>{translate('backlot.outbox.empty')}</Box>}
      actions={false}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="at" label="When" showTime sortable={false} />
        <TextField source="tenantId" label="Tenant" sortable={false} />
        <TextField source="kind" label="Kind" sortable={false} />
        <TextField source="to" label="To" sortable={false} />
        <TextField source="subject" label="Subject" sortable={false} />
      </Datagrid>
    </List>
  );
}

function MessageBody() {
  const message = useRecordContext<OutboxMessage>();
  if (!message) return null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2, width: '100%' }}>
      <Box>
        <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          HTML part
        </Typography>
        {message.html ? (
          <iframe
            title="The message's HTML part"
            sandbox=""
            srcDoc={message.html}
            style={{ width: '100%', height: 560, border: '1px solid #ddd', background: '#fff' }}
          />
        ) : (
          <Alert severity="info">No HTML part.</Alert>
        )}
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          Text part
        </Typography>
        <Box
          component="pre"
          sx={{
            whiteSpace: 'pre-wrap',
            fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
            fontSize: 13,
            p: 2,
            bgcolor: 'grey.100',
            borderRadius: 1,
            m: 0,
          }}
        >
          {message.text}
        </Box>
      </Box>
    </Box>
  );
}

export function OutboxShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="subject" label="Subject" />
        <TextField source="to" label="To" />
        <DateField source="at" label="When" showTime />
        <MessageBody />
      </SimpleShowLayout>
    </Show>
  );
}
