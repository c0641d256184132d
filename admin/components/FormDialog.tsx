/**
 * The console's small forms in a dialog (adjust a charge, move a unit, sign a hand-over, change an
 * order): a title, the fields, the problem when the work fails (the server's words, else the
 * error's), Cancel and the submit button, both held while the work runs. `onSubmit` does the work
 * and throws to refuse (a field left empty, the server's refusal); on success the caller closes
 * the dialog. `extraAction` is a second piece of work at the left (take an adjustment back).
 */
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, type Breakpoint } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** What a failed call says: the server's message (ra-core's HttpError body), else the error's own. */
export const failureMessage = (failure: unknown) =>
  (failure as { body?: { message?: string } }).body?.message ?? (failure as Error).message;

export function FormDialog({
  id,
  title,
  submitLabel,
  maxWidth = 'sm',
  onClose,
  onSubmit,
  extraAction,
  children,
}: {
  id: string;
  title: ReactNode;
  submitLabel: string;
  maxWidth?: Breakpoint;
  onClose: () => void;
  onSubmit: () => Promise<void>;
  extraAction?: { label: string; run: () => Promise<void> };
  children: ReactNode;
}) {
  const translate = useTranslate();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (failure) {
      setError(failureMessage(failure));
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(onSubmit);
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={id} fullWidth maxWidth={maxWidth}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={id}>{title}</DialogTitle>
        <DialogContent>
          {children}
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          {extraAction && (
            <Button color="warning" disabled={busy} onClick={() => void run(extraAction.run)} sx={{ mr: 'auto' }}>
              {extraAction.label}
            </Button>
          )}
          <Button onClick={onClose} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
