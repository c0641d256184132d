/**
 * History: every accepted write of the tenant, newest first, with who and when; open one to
 * read what it changed (each setting before and after, named from the schema, list entries
 * matched by identity: tenant-changes.ts), or compare it with any other version; restore an
 * earlier version, after saying what that does. A restore is a new write, so it can itself be
 * undone from here.
 */
import RestoreIcon from '@mui/icons-material/Restore';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField as TextInputField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import {
  Confirm,
  Datagrid,
  DateField,
  FunctionField,
  List,
  TextField,
  useDataProvider,
  useGetOne,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import { pointerLabel } from './pointer-label';
import { tenantChanges, type TenantChange } from './tenant-changes';

interface Entry extends RaRecord {
  version: string;
  previousVersion?: string | null;
  actor: string;
  at: string;
  changed: string[];
}

interface EntryDetail extends Entry {
  tenant: Record<string, unknown>;
}

const KIND_WORDS: Record<TenantChange['kind'], string> = {
  changed: '',
  added: 'Added',
  removed: 'Removed',
  moved: 'Moved',
  reordered: 'Reordered',
};

/**
 * What one write changed, or how it differs from any other version the admin picks: each
 * setting named from the schema, before and after, list entries matched by their identity.
 */
function EntryDiff({ tenantId }: { tenantId: string }) {
  const entry = useRecordContext<Entry>();
  const { data: list = [] } = useListContext<Entry>();
  const resource = `tenants/${tenantId}/history`;
  const previous = Number(entry!.id) - 1;
  const [otherId, setOtherId] = useState<string>(previous >= 1 ? String(previous) : '');
  const { data: after, isPending, error } = useGetOne<EntryDetail>(resource, { id: entry!.id });
  const { data: before, isError: beforeUnreadable } = useGetOne<EntryDetail>(
    resource,
    { id: otherId },
    { enabled: otherId !== '' },
  );
  if (error) return <Alert severity="error">This change could not be read.</Alert>;
  const choices = [
    ...new Set([...(previous >= 1 ? [String(previous)] : []), ...list.map((other) => String(other.id))]),
  ].filter((id) => id !== String(entry!.id));
  const picker = choices.length > 0 && (
    <TextInputField
      select
      size="small"
      label="Compare with"
      value={otherId}
      onChange={(event) => setOtherId(event.target.value)}
      sx={{ mb: 1, width: 260, maxWidth: '100%' }}
      slotProps={{ select: { native: true } }}
    >
      {choices.map((id) => (
        <option key={id} value={id}>
          {`#${id}${Number(id) === previous ? ' (the version before)' : ''}`}
        </option>
      ))}
    </TextInputField>
  );
  // react-admin first hands over the list's copy of each entry, which has no settings yet: wait for both full entries.
  const beforeSettled = otherId === '' || beforeUnreadable || before?.tenant !== undefined;
  if (isPending || !after || after.tenant === undefined || !beforeSettled)
    return <CircularProgress size={20} aria-label="Loading the change" />;
  if (otherId === '')
    return <Typography color="text.secondary">The first version: nothing before it to compare with.</Typography>;
  if (beforeUnreadable || !before)
    return <Alert severity="info">Version #{otherId} can no longer be read, so the two cannot be compared.</Alert>;
  // Newer on the right, whichever was picked.
  const [older, newer] = Number(otherId) < Number(entry!.id) ? [before, after] : [after, before];
  const changes = tenantChanges(older.tenant, newer.tenant);
  return (
    <Box sx={{ maxWidth: '100%', overflowX: 'auto' }}>
      {picker}
      {changes.length === 0 ? (
        <Typography color="text.secondary">
          #{older.id} and #{newer.id} hold the same settings.
        </Typography>
      ) : (
        <Table
          size="small"
          aria-label={`What changed from #${older.id} to #${newer.id}`}
          sx={{ '& td': { wordBreak: 'break-word', verticalAlign: 'top' } }}
        >
          <TableHead>
            <TableRow>
              <TableCell>Setting</TableCell>
              <TableCell>{`#${older.id}`}</TableCell>
              <TableCell>{`#${newer.id}`}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {changes.map((change, index) => (
              <TableRow key={`${change.label}-${index}`}>
                <TableCell>
                  {KIND_WORDS[change.kind] ? `${KIND_WORDS[change.kind]}: ${change.label}` : change.label}
                </TableCell>
                <TableCell sx={{ color: 'text.secondary' }}>
                  {change.kind === 'moved' ? `from ${change.before}` : change.before}
                </TableCell>
                <TableCell>{change.kind === 'moved' ? `to ${change.after}` : change.after}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/** Restore this entry's version, once confirmed, as a new write based on the current version. */
function RestoreButton({ tenantId, storedIsInvalid }: { tenantId: string; storedIsInvalid?: boolean }) {
  const entry = useRecordContext<Entry>();
  const { data: list, total } = useListContext<Entry>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!entry || !list?.length) return null;
  // Ids count the writes, so the newest is the total; an older entry with the same content says so.
  // Over a tenant broken by hand every entry is restorable, the newest included: none is what is stored.
  if (Number(entry.id) === total && !storedIsInvalid)
    return (
      <Typography variant="body2" color="text.secondary">
        Current
      </Typography>
    );
  if (list[0]!.version === entry.version && Number(list[0]!.id) === total && !storedIsInvalid)
    return (
      <Typography variant="body2" color="text.secondary">
        Same as current
      </Typography>
    );
  const restore = async () => {
    setBusy(true);
    try {
      // The stored version, which the restore replaces (If-Match); a broken tenant names it in its 422.
      const version = await dataProvider.getOne('tenants', { id: tenantId }).then(
        ({ data }) => data.version as string,
        (error: { status?: number; body?: { version?: string } }) => {
          if (error.status === 422 && error.body?.version) return error.body.version;
          throw error;
        },
      );
      const response = await fetch(
        `/api/tenants/${encodeURIComponent(tenantId)}/history/${encodeURIComponent(String(entry.id))}/restore`,
        {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'if-match': `"${version}"` },
        },
      );
      if (response.status === 412) notify('backlot.history.stale', { type: 'error' });
      else if (!response.ok)
        notify(
          ((await response.json().catch(() => ({}))) as { message?: string }).message ?? 'backlot.history.failed',
          { type: 'error' },
        );
      else notify('backlot.history.restored', { type: 'success', messageArgs: { id: entry.id } });
    } catch {
      notify('backlot.save.offline', { type: 'error' });
    } finally {
      setBusy(false);
      setAsking(false);
      refresh();
    }
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<RestoreIcon />}
        onClick={(event) => (event.stopPropagation(), setAsking(true))}
        disabled={busy}
      >
        Restore
      </Button>
      <Confirm
        isOpen={asking}
        loading={busy}
        title={`Restore version #${entry.id}?`}
        content={`The tenant goes back to how it was after change #${entry.id} (${new Date(entry.at).toLocaleString()}, by ${entry.actor}). This is saved as a new change: the current version stays in the history and can be restored in turn.`}
        confirm="Restore"
        onConfirm={restore}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

const changedSummary = (entry: Entry) => {
  const labels = [
    ...new Set(entry.changed.map((pointer) => pointerLabel(pointer).split(' › ').slice(0, 2).join(' › '))),
  ];
  return labels.length
    ? `${labels.slice(0, 3).join('; ')}${labels.length > 3 ? ` and ${labels.length - 3} more` : ''}`
    : 'Created';
};

export function HistoryList({ storedIsInvalid = false }: { storedIsInvalid?: boolean }) {
  const { tenantId = '' } = useParams();
  const translate = useTranslate();
  // On a phone, who and when go under what changed, so the row fits and Restore stays on screen.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      resource={`tenants/${tenantId}/history`}
      // In the repair view the page has its own title.
      title={storedIsInvalid ? false : translate('backlot.history.title', { tenant: tenantId })}
      actions={false}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={25}
      empty={<Box sx={{ p: 3 }}>{translate('backlot.history.empty')}</Box>}
      disableSyncWithLocation
      sx={{ maxWidth: '100%', '& .RaList-content': { overflowX: 'auto' } }}
    >
      <Datagrid
        bulkActionButtons={false}
        rowClick="expand"
        expand={<EntryDiff tenantId={tenantId} />}
        sort={{ field: 'id', order: 'DESC' }}
        sx={{
          '& .column-id, & .RaDatagrid-rowCell:last-of-type': { whiteSpace: 'nowrap' },
          ...(phone && { '& td, & th': { px: 0.75 }, '& td': { overflowWrap: 'anywhere' } }),
        }}
      >
        <TextField source="id" label="#" sortable={false} />
        {!phone && <DateField source="at" label="When" showTime sortable={false} />}
        {!phone && <TextField source="actor" label="Who" sortable={false} />}
        <FunctionField
          label="What changed"
          sortable={false}
          render={(entry: Entry) =>
            phone ? (
              <>
                {changedSummary(entry)}
                <Typography
                  variant="caption"
                  color="text.secondary"
                  component="span"
                  sx={{ display: 'block' }}
                >{`${entry.actor}, ${new Date(entry.at).toLocaleString()}`}</Typography>
              </>
            ) : (
              changedSummary(entry)
            )
          }
        />
        <FunctionField
          label=""
          render={() => <RestoreButton tenantId={tenantId} storedIsInvalid={storedIsInvalid} />}
        />
      </Datagrid>
    </List>
  );
}
