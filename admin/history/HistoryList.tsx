/**
 * History: every accepted write of the tenant, newest first, with who and when; open one to
 * read what it changed (each setting before and after, named from the schema); restore an
 * earlier version, after saying what that does. A restore is a new write, so it can itself be
 * undone from here.
 */
import RestoreIcon from '@mui/icons-material/Restore';
import { Alert, Box, Button, CircularProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
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
import { pointerTokens } from '../../schema/json-source';
import { pointerLabel } from './pointer-label';

interface Entry extends RaRecord {
  version: string;
  previousVersion?: string | null;
  actor: string;
  at: string;
  changed: string[];
}

interface EntryDetail extends Entry {
  tenant: Record<string, unknown>;
  diff: Array<{ op: string; path: string; value?: unknown }> | null;
}

const valueAt = (root: unknown, pointer: string): unknown =>
  pointerTokens(pointer).reduce<unknown>((value, token) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[token] : undefined), root);

const shown = (value: unknown) => {
  if (value === undefined) return '(not set)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
};

/** What one write changed: each setting, before and after. */
function EntryDiff({ tenantId }: { tenantId: string }) {
  const entry = useRecordContext<Entry>();
  const resource = `tenants/${tenantId}/history`;
  const { data: after, isPending, error } = useGetOne<EntryDetail>(resource, { id: entry!.id });
  const previousId = String(Number(entry!.id) - 1);
  const hasBefore = Number(previousId) >= 1;
  const { data: before, isError: beforeUnreadable } = useGetOne<EntryDetail>(resource, { id: previousId }, { enabled: hasBefore });
  if (error) return <Alert severity="error">This change could not be read.</Alert>;
  // react-admin first hands over the list's copy of each entry, which has no diff and no
  // settings yet: wait for both full entries, or the "before" column would say "(not set)".
  const beforeSettled = !hasBefore || beforeUnreadable || before?.tenant !== undefined;
  if (isPending || !after || after.diff === undefined || !beforeSettled) return <CircularProgress size={20} aria-label="Loading the change" />;
  if (after.diff === null) return <Alert severity="info">The version before this one can no longer be read, so its changes cannot be listed.</Alert>;
  if (after.diff.length === 0) return <Typography color="text.secondary">The first version: nothing before it to compare with.</Typography>;
  return (
    <Table size="small" aria-label={`What change #${entry!.id} made`}>
      <TableHead>
        <TableRow>
          <TableCell>Setting</TableCell>
          <TableCell>Before</TableCell>
          <TableCell>After</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {after.diff.map((operation, index) => (
          <TableRow key={`${operation.path}-${index}`}>
            <TableCell>{pointerLabel(operation.path, operation.op === 'remove' ? before?.tenant : after.tenant)}</TableCell>
            <TableCell sx={{ wordBreak: 'break-word', color: 'text.secondary' }}>{operation.op === 'add' ? '(not set)' : before?.tenant ? shown(valueAt(before.tenant, operation.path)) : '—'}</TableCell>
            <TableCell sx={{ wordBreak: 'break-word' }}>{operation.op === 'remove' ? '(removed)' : shown(operation.value ?? valueAt(after.tenant, operation.path))}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Restore this entry's version, once confirmed, as a new write based on the current version. */
function RestoreButton({ tenantId }: { tenantId: string }) {
  const entry = useRecordContext<Entry>();
  const { data: list } = useListContext<Entry>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!entry || !list?.length) return null;
  if (list[0]!.version === entry.version)
    return (
      <Typography variant="body2" color="text.secondary">
        Current
      </Typography>
    );
  const restore = async () => {
    setBusy(true);
    try {
      const { data: tenant } = await dataProvider.getOne('tenants', { id: tenantId });
      const response = await fetch(`/api/tenants/${encodeURIComponent(tenantId)}/history/${encodeURIComponent(String(entry.id))}/restore`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'if-match': `"${tenant.version}"` },
      });
      if (response.status === 412) notify('backlot.history.stale', { type: 'error' });
      else if (!response.ok) notify(((await response.json().catch(() => ({}))) as { message?: string }).message ?? 'backlot.history.failed', { type: 'error' });
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
      <Button size="small" startIcon={<RestoreIcon />} onClick={(event) => (event.stopPropagation(), setAsking(true))} disabled={busy}>
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
  const labels = [...new Set(entry.changed.map((pointer) => pointerLabel(pointer).split(' › ').slice(0, 2).join(' › ')))];
  return labels.length ? `${labels.slice(0, 3).join('; ')}${labels.length > 3 ? ` and ${labels.length - 3} more` : ''}` : 'Created';
};

export function HistoryList() {
  const { tenantId = '' } = useParams();
  const translate = useTranslate();
  return (
    <List
      resource={`tenants/${tenantId}/history`}
      title={translate('backlot.history.title', { tenant: tenantId })}
      actions={false}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={25}
      empty={<Box sx={{ p: 3 }}>{translate('backlot.history.empty')}</Box>}
      disableSyncWithLocation
    >
      <Datagrid bulkActionButtons={false} rowClick="expand" expand={<EntryDiff tenantId={tenantId} />} sort={{ field: 'id', order: 'DESC' }}>
        <TextField source="id" label="#" sortable={false} />
        <DateField source="at" label="When" showTime sortable={false} />
        <TextField source="actor" label="Who" sortable={false} />
        <FunctionField label="What changed" render={(entry: Entry) => changedSummary(entry)} sortable={false} />
        <FunctionField label="" render={() => <RestoreButton tenantId={tenantId} />} />
      </Datagrid>
    </List>
  );
}
