/**
 * A unit's test, recorded where the warehouse stands (the scan screen when a unit is refused as
 * due, or the due list): what is due and why, the test's checklist to tick, a note and photos
 * (a scorched plug), then Passed (every check ticked) or Failed (the unit goes to repair). Keyboard first: the checks are
 * checkboxes in order, the note a field, the two answers buttons.
 */
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  LinearProgress,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Unit } from '../../schema/types.generated';
import { ConditionPhotos } from './ConditionPhotos';
import { hireApi, type UnitTests } from './hire-api';

export function TestUnitDialog({
  tenantId,
  tag,
  until,
  onClose,
  onDone,
}: {
  tenantId: string;
  tag: string;
  /** The hire's last day: what the test must last until. */
  until?: string;
  onClose: () => void;
  onDone: (unit: Unit, result: 'pass' | 'fail') => void;
}) {
  const translate = useTranslate();
  const [unit, setUnit] = useState<UnitTests>();
  const [error, setError] = useState<string>();
  const [rule, setRule] = useState<string>();
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    hireApi.unitTests(tenantId, tag, until).then(
      (read) => {
        setUnit(read);
        setRule(read.due[0]?.rule ?? read.tests[0]?.id);
      },
      (failure: Error) => setError(failure.message),
    );
  }, [tenantId, tag, until]);

  const test = unit?.tests.find((candidate) => candidate.id === rule);
  const checklist = test?.checklist ?? [];
  const allTicked = checklist.every((label) => ticked[label]);
  const record = (result: 'pass' | 'fail') => {
    if (!test) return;
    setSending(true);
    hireApi
      .testUnit(tenantId, tag, {
        rule: test.id,
        result,
        ...(checklist.length && { checks: checklist.map((label) => ({ label, pass: Boolean(ticked[label]) })) }),
        ...(note.trim() && { note: note.trim() }),
        ...(photos.length && { photos }),
      })
      .then(
        (after) => onDone(after, result),
        (failure: Error) => {
          setError(failure.message);
          setSending(false);
        },
      );
  };

  const title = unit ? translate('backlot.tests.title', { name: unit.name, tag }) : tag;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="test-unit-title">
      <DialogTitle id="test-unit-title">{title}</DialogTitle>
      <DialogContent>
        {!unit && !error && <LinearProgress aria-label={translate('backlot.tests.loading')} />}
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {unit?.due.map((due) => (
          <Alert key={due.rule} severity="warning" sx={{ mb: 1 }}>
            {due.said}
          </Alert>
        ))}
        {unit && unit.tests.length > 1 && (
          <TextField
            select
            fullWidth
            label={translate('backlot.tests.which')}
            value={rule ?? ''}
            onChange={(event) => {
              setRule(event.target.value);
              setTicked({});
            }}
            sx={{ my: 1 }}
          >
            {unit.tests.map((candidate) => (
              <MenuItem key={candidate.id} value={candidate.id}>
                {candidate.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        {unit && !unit.tests.length && <Typography>{translate('backlot.tests.none')}</Typography>}
        {checklist.length > 0 && (
          <FormGroup aria-label={translate('backlot.tests.checklist')} sx={{ my: 1 }}>
            {checklist.map((label) => (
              <FormControlLabel
                key={label}
                control={
                  <Checkbox
                    checked={Boolean(ticked[label])}
                    onChange={(event) => setTicked((current) => ({ ...current, [label]: event.target.checked }))}
                  />
                }
                label={label}
              />
            ))}
          </FormGroup>
        )}
        {test && (
          <TextField
            fullWidth
            multiline
            label={translate('backlot.tests.note')}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
            sx={{ mt: 1 }}
          />
        )}
        {test && <ConditionPhotos tenantId={tenantId} photos={photos} onChange={setPhotos} onBusy={setUploading} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          color="error"
          variant="outlined"
          disabled={!test || sending || uploading}
          onClick={() => record('fail')}
        >
          {translate('backlot.tests.failed')}
        </Button>
        <Button
          variant="contained"
          disabled={!test || sending || uploading || !allTicked}
          onClick={() => record('pass')}
        >
          {translate('backlot.tests.passed')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
