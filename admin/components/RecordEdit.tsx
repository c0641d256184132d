/**
 * The console's one way to edit a record: react-admin's <Edit>, pessimistic (the form keeps the
 * user's values until the server accepts them), with what every editor needs on failure:
 *
 * - field errors from the server land on their inputs (react-admin reads `body.errors`);
 * - a network failure says so, and the values stay in the form;
 * - a stale save (412: someone else saved this tenant since the form opened) keeps the values
 *   and opens a dialog that compares their change with the user's at once, names up front any
 *   setting both changed (and asks whose value to keep there), and offers to reapply the user's
 *   on top of theirs, or to discard the user's and load theirs;
 * - a save that would break another part of the tenant lists what, beside Save.
 * With `preview`, a live preview of the unsaved values opens beside the form.
 *
 * The form opens on the record as read on this visit, and is never reset under the user: react-admin
 * resets a form whenever its record changes, and its list keeps an item's earlier read in the cache
 * (`oldRecord ?? record`), so a record edited before would open stale and be replaced, with what the
 * user had typed, when the re-read lands. Until that read is in, the form waits behind a progress
 * bar; after it, nothing reads the record again in the background (window focus, reconnect): a
 * newer version is met at Save, by the conflict dialog.
 *
 * Editors put <RecordToolbar> in their form: it holds Save, the preview toggle and the conflict
 * dialog, which need the form's current values.
 */
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import {
  Alert,
  AlertTitle,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import {
  Edit,
  SaveButton,
  Toolbar,
  useDataProvider,
  useEditContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type RaRecord,
  type TransformData,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { changesOf, deepEqual, isClash, reapply, type Change, type ClashWinner } from '../lib/reapply';
import { PREVIEW_WIDTH, PreviewDrawer } from '../preview/PreviewDrawer';

interface Conflict {
  theirs?: RaRecord;
}

interface Problem {
  key: string;
  message: string;
}

interface RecordEditState {
  resource: string;
  /** What the conflict dialog says was changed: "this tenant", "this item". */
  subject: string;
  id: string;
  transform?: TransformData;
  conflict: Conflict | undefined;
  setConflict(conflict: Conflict | undefined): void;
  /** Problems the last save would have caused in other parts of the tenant. */
  elsewhere: Problem[];
  setElsewhere(problems: Problem[]): void;
  preview?: { path: string };
  previewOpen: boolean;
  setPreviewOpen(open: boolean): void;
}

const RecordEditContext = createContext<RecordEditState | undefined>(undefined);

export interface RecordEditProps {
  resource: string;
  /** What a stale save's dialog says someone else changed (default "this tenant"). */
  subject?: string;
  id: string;
  title: string;
  transform?: TransformData;
  /** The storefront page a live preview of the unsaved values shows; no preview without it. */
  preview?: { path: string };
  children: ReactNode;
}

const statusOf = (error: unknown) => (error as { status?: number } | undefined)?.status;

/** For every reader of an edited record (`useGetOne` beside the form): no re-read in the background, which would reset the form. */
export const EDITED_RECORD_QUERY = { refetchOnWindowFocus: false, refetchOnReconnect: false } as const;

/** The form, once the record has been read on this visit (a cached earlier read only shows through the bar). */
function ReadOnThisVisit({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const { isFetching } = useEditContext();
  const [read, setRead] = useState(!isFetching);
  // Set while rendering (React's way to derive from a change), so the form appears in the same pass.
  if (!read && !isFetching) setRead(true);
  if (!read) return <LinearProgress aria-label={translate('backlot.save.reading')} sx={{ m: 2 }} />;
  return children;
}

export function RecordEdit({
  resource,
  subject = 'this tenant',
  id,
  title,
  transform,
  preview,
  children,
}: RecordEditProps) {
  const [conflict, setConflict] = useState<Conflict>();
  const [previewOpen, setPreviewOpen] = useState(false);
  const [elsewhere, setElsewhere] = useState<Problem[]>([]);
  const notify = useNotify();
  const onError = (error: unknown) => {
    const status = statusOf(error);
    if (status === 412) return setConflict({});
    const body = (error as { body?: { errors?: object; elsewhere?: Record<string, string> } }).body;
    // Errors on this record's own settings are on their inputs (react-admin reads body.errors).
    // Those about another part of the tenant (a moved category that a footer link points to)
    // name no input here (the data provider put them in body.elsewhere): they are listed beside
    // Save until the next save.
    if (body?.elsewhere) setElsewhere(Object.entries(body.elsewhere).map(([key, message]) => ({ key, message })));
    if (body?.errors || body?.elsewhere) return notify('backlot.save.fieldErrors', { type: 'error' });
    if (status === undefined) return notify('backlot.save.offline', { type: 'error' });
    notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
  };
  return (
    <RecordEditContext.Provider
      value={{
        resource,
        subject,
        id,
        transform,
        conflict,
        setConflict,
        elsewhere,
        setElsewhere,
        preview,
        previewOpen,
        setPreviewOpen,
      }}
    >
      <Edit
        resource={resource}
        id={id}
        mutationMode="pessimistic"
        redirect={false}
        transform={transform}
        title={title}
        mutationOptions={{ onError, onMutate: () => setElsewhere([]) }}
        queryOptions={EDITED_RECORD_QUERY}
        // The open preview takes the right of a wide screen; the form narrows beside it.
        sx={{ mr: { lg: previewOpen ? PREVIEW_WIDTH : 0 }, transition: 'margin 150ms' }}
      >
        <ReadOnThisVisit>{children}</ReadOnThisVisit>
      </Edit>
    </RecordEditContext.Provider>
  );
}

/** `save` replaces react-admin's Save (the category tree's says what a move does to items first). */
export function RecordToolbar({ children, save = <SaveButton /> }: { children?: ReactNode; save?: ReactNode }) {
  const state = useContext(RecordEditContext);
  const [, tenantId = '', resource = ''] = state?.resource.split('/') ?? [];
  return (
    <Toolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
      <ElsewhereProblems />
      {save}
      {state?.preview && (
        <>
          <Button
            variant={state.previewOpen ? 'contained' : 'outlined'}
            startIcon={<VisibilityOutlinedIcon />}
            aria-pressed={state.previewOpen}
            onClick={() => state.setPreviewOpen(!state.previewOpen)}
          >
            Preview
          </Button>
          <PreviewDrawer
            open={state.previewOpen}
            onClose={() => state.setPreviewOpen(false)}
            target={{ tenantId, resource, id: state.id, path: state.preview.path, transform: state.transform }}
          />
        </>
      )}
      {children}
      <ConflictDialog />
    </Toolbar>
  );
}

/** What the last save would have broken elsewhere in the tenant: no input here can show it. */
function ElsewhereProblems() {
  const translate = useTranslate();
  const state = useContext(RecordEditContext);
  const problems = state?.elsewhere ?? [];
  if (!state || !problems.length) return null;
  return (
    <Alert severity="error" onClose={() => state.setElsewhere([])} sx={{ width: '100%' }}>
      <AlertTitle>{translate('backlot.save.elsewhereTitle')}</AlertTitle>
      <ul style={{ margin: 0, paddingLeft: 20 }}>
        {problems.map((problem) => (
          <li key={problem.key}>{`${problem.key}: ${problem.message}`}</li>
        ))}
      </ul>
      {translate('backlot.save.elsewhereHint')}
    </Alert>
  );
}

const shown = (value: unknown) => {
  if (value === undefined) return '(not set)';
  if (Array.isArray(value))
    return `${value.length} ${value.length === 1 ? 'entry' : 'entries'}: ${JSON.stringify(value).slice(0, 120)}${JSON.stringify(value).length > 120 ? '…' : ''}`;
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/** A side's value, in bold where that side changed it, and said to be unchanged where it did not. */
function ChangeCell({ value, changed }: { value: unknown; changed: boolean }) {
  return (
    <TableCell
      sx={{
        wordBreak: 'break-word',
        fontWeight: changed ? 600 : 400,
        color: changed ? 'text.primary' : 'text.secondary',
      }}
    >
      {shown(value)}
      {!changed && ' (unchanged)'}
    </TableCell>
  );
}

function ConflictDialog() {
  const state = useContext(RecordEditContext);
  const base = useRecordContext();
  const form = useFormContext();
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const notify = useNotify();
  const [changes, setChanges] = useState<Change[]>();
  const [busy, setBusy] = useState(false);
  const open = Boolean(state?.conflict && base);
  // Read around react-admin's cache: refreshing the record would reset the form and lose the user's values.
  const latest = async () =>
    state!.conflict?.theirs ?? (await dataProvider.getOne(state!.resource, { id: state!.id })).data;
  // The user's values as a save would send them (empty inputs left out).
  const mine = async () =>
    (state!.transform
      ? await state!.transform(form.getValues(), { previousData: base })
      : form.getValues()) as RaRecord;
  // Compared as soon as the dialog opens, so a clash is named before any button is pressed.
  useEffect(() => {
    if (!open || changes) return;
    let live = true;
    void (async () => {
      try {
        const theirs = await latest();
        if (!live) return;
        state!.setConflict({ theirs });
        setChanges(changesOf(base, await mine(), theirs));
      } catch {
        notify('backlot.save.offline', { type: 'error' });
      }
    })();
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [open, changes]);
  if (!state?.conflict || !base) return null;
  const close = () => {
    setChanges(undefined);
    state.setConflict(undefined);
  };
  const clashes = changes?.filter(isClash) ?? [];
  const reapplyMine = async (onClash: ClashWinner) => {
    setBusy(true);
    try {
      const theirs = await latest();
      const data = reapply(base, await mine(), theirs, onClash) as RaRecord;
      await dataProvider.update(state.resource, { id: state.id, data, previousData: theirs });
      close();
      refresh();
      notify('backlot.conflict.reapplied', { type: 'success' });
    } catch (error) {
      if (statusOf(error) === 412) {
        setChanges(undefined);
        state.setConflict({});
      } else
        notify(
          (error as { body?: { errors?: object } }).body?.errors ? 'backlot.conflict.invalid' : 'backlot.save.offline',
          { type: 'error' },
        );
    } finally {
      setBusy(false);
    }
  };
  const loadTheirs = () => {
    close();
    refresh();
  };
  return (
    <Dialog open onClose={busy ? undefined : close} aria-labelledby="conflict-title" maxWidth="md" fullWidth>
      <DialogTitle id="conflict-title">{`Someone else changed ${state.subject}`}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Since you opened this page, someone else saved a change. Nothing of yours was saved, and your edits are still
          in the form.
        </DialogContentText>
        {!changes && <LinearProgress aria-label="Comparing the two versions" sx={{ mt: 2 }} />}
        {clashes.length > 0 && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            <AlertTitle>
              {clashes.length === 1 ? 'You both changed one setting' : `You both changed ${clashes.length} settings`}
            </AlertTitle>
            {`${clashes.map((change) => change.path).join(', ')}: choose whose value to keep. Everything else you changed is kept either way.`}
          </Alert>
        )}
        {changes && (
          <Table size="small" aria-label="Changes on each side" sx={{ mt: 2 }}>
            <TableHead>
              <TableRow>
                <TableCell>Setting</TableCell>
                <TableCell>Their saved value</TableCell>
                <TableCell>Your value</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {changes.length === 0 && (
                <TableRow>
                  <TableCell colSpan={3}>No setting differs: reapplying saves your values as they are.</TableCell>
                </TableRow>
              )}
              {changes.map((change) => (
                <TableRow key={change.path}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>
                    {change.path}
                    {isClash(change) && ' (both changed)'}
                  </TableCell>
                  <ChangeCell value={change.theirs} changed={!deepEqual(change.theirs, change.base)} />
                  <ChangeCell value={change.mine} changed={!deepEqual(change.mine, change.base)} />
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={loadTheirs} disabled={busy} color="inherit">
          Discard mine, load theirs
        </Button>
        {clashes.length > 0 ? (
          <>
            <Button onClick={() => reapplyMine('mine')} disabled={busy} color="error" variant="outlined">
              Overwrite theirs with mine
            </Button>
            <Button onClick={() => reapplyMine('theirs')} disabled={busy} variant="contained">
              Keep theirs where we both changed
            </Button>
          </>
        ) : (
          <Button onClick={() => reapplyMine('mine')} disabled={busy || !changes} variant="contained">
            Reapply my changes
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
