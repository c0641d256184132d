/**
 * Users (spec §2, §6): the tenant's visitors, those awaiting a decision first. Approve or deny
 * each; the server mails the welcome or denied message once per decision kind, and says so if
 * the mail could not go (the decision stands; deciding again retries it). Platform staff may also
 * open the storefront as a visitor (a staff view, bannered there and logged), in a new tab.
 */
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Button, Chip, Stack } from '@mui/material';
import { useState } from 'react';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  SelectInput,
  TextField,
  useDataProvider,
  useNotify,
  usePermissions,
  useRecordContext,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { tellWaitingChanged } from './waiting';
import type { Account } from '../authProvider';
import { useParams } from 'react-router-dom';

interface Visitor {
  id: string;
  email: string;
  displayName?: string;
  isAuthorized: boolean | null;
  /** Whether the visitor followed the link mailed to their address (it is theirs). */
  isEmailVerified?: boolean;
  decision: 'awaiting' | 'approved' | 'denied';
}

const DECISIONS = [
  { id: 'awaiting', name: 'Awaiting a decision' },
  { id: 'approved', name: 'Approved' },
  { id: 'denied', name: 'Denied' },
];

// MUI's alert tones: each pair passes WCAG AA (its outlined warning chip does not).
const DECISION_COLOURS = {
  awaiting: { bgcolor: '#fff4e5', color: '#5f3b00' },
  approved: { bgcolor: '#edf7ed', color: '#1e4620' },
  denied: { bgcolor: '#f5f5f5', color: '#424242' },
} as const;

function Decide({ resource }: { resource: string }) {
  const visitor = useRecordContext<Visitor>();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  if (!visitor) return null;
  const decide = (isAuthorized: boolean) =>
    update(
      resource,
      { id: visitor.id, data: { isAuthorized }, previousData: visitor },
      {
        // Decided once the server has it (it mails the visitor); then the menu's count of those waiting is read again.
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(isAuthorized ? `${visitor.email} approved.` : `${visitor.email} denied.`, { type: 'success' });
          tellWaitingChanged();
        },
        onError: (error) => notify(error.message, { type: 'error' }),
      },
    );
  return (
    <Stack direction="row" spacing={1} onClick={(event) => event.stopPropagation()}>
      <Button
        size="small"
        variant={visitor.isAuthorized === true ? 'contained' : 'outlined'}
        startIcon={<CheckIcon />}
        disabled={isPending || visitor.isAuthorized === true}
        onClick={() => decide(true)}
        aria-label={`Approve ${visitor.email}`}
      >
        Approve
      </Button>
      <Button
        size="small"
        color="error"
        variant={visitor.isAuthorized === false ? 'contained' : 'outlined'}
        startIcon={<CloseIcon />}
        disabled={isPending || visitor.isAuthorized === false}
        onClick={() => decide(false)}
        aria-label={`Deny ${visitor.email}`}
      >
        Deny
      </Button>
    </Stack>
  );
}

/** Opens the storefront signed in as this visitor, in a new tab (the ticket in its URL works once, for a minute). */
function ViewAs({ resource }: { resource: string }) {
  const visitor = useRecordContext<Visitor>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [opening, setOpening] = useState(false);
  if (!visitor) return null;
  const open = async () => {
    setOpening(true);
    try {
      const { data } = await dataProvider.create<{ id: string; url: string }>(
        `${resource}/${encodeURIComponent(visitor.id)}/impersonation`,
        { data: {} },
      );
      window.open(data.url, '_blank', 'noopener');
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setOpening(false);
    }
  };
  return (
    <Button
      size="small"
      startIcon={<VisibilityIcon />}
      disabled={opening}
      onClick={open}
      aria-label={`View the storefront as ${visitor.email}`}
    >
      View as
    </Button>
  );
}

export function UserList() {
  const { tenantId = '' } = useParams();
  const translate = useTranslate();
  const resource = `tenants/${tenantId}/users`;
  const { permissions } = usePermissions<Account | undefined>();
  return (
    <List
      resource={resource}
      title={translate('backlot.users.title', { tenant: tenantId })}
      filters={[
        <SelectInput key="decision" source="decision" label="Show" choices={DECISIONS} alwaysOn emptyText="Everyone" />,
      ]}
      filterDefaultValues={{ decision: 'awaiting' }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      empty={false}
      disableSyncWithLocation
      actions={false}
    >
      <Datagrid bulkActionButtons={false} rowClick={false} empty={<>{translate('backlot.users.empty')}</>}>
        {/* Visitors are listed newest first by the store; only the sign-up date sorts. */}
        <TextField source="email" label="Email" sortable={false} />
        <FunctionField
          label="Email confirmed"
          render={(visitor: Visitor) => (visitor.isEmailVerified ? 'Yes' : 'Not yet')}
        />
        <TextField source="name" label="Name" sortable={false} />
        <TextField source="production" label="Production" emptyText="—" sortable={false} />
        <DateField source="createdAt" label="Signed up" showTime />
        <FunctionField
          label="Decision"
          render={(visitor: Visitor) => (
            <Chip
              size="small"
              label={DECISIONS.find((choice) => choice.id === visitor.decision)?.name}
              sx={DECISION_COLOURS[visitor.decision]}
            />
          )}
        />
        <FunctionField label="" render={() => <Decide resource={resource} />} />
        {permissions?.role === 'platform-staff' && (
          <FunctionField label="" render={() => <ViewAs resource={resource} />} />
        )}
      </Datagrid>
    </List>
  );
}
