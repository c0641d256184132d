/**
 * An order's pull sheet as a table: each item to pick with its photo, location, quantity or tags,
 * a tick box, and what is out and back. A kit's components sit under their kit: a fixed kit says
 * its label moves it whole and, at check-in, offers to take it back whole with any piece missing
 * (written off as lost and charged); a package says its pieces are picked one by one.
 */
import {
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Fragment, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import type { ScanInput } from '../../schema/types.generated';
import type { PullSheet, PullSheetLine } from './hire-api';

type Direction = ScanInput['direction'];
type Missing = Array<{ objectID: string; count: number }>;

/** How many of a line are hired in from other houses (the rest is picked from this house's shelf). */
const hiredInQuantity = (line: PullSheetLine) => line.hiredIn.reduce((sum, entry) => sum + entry.quantity, 0);

/** Columns a phone folds into the item's cell. */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

export function PullSheetTable({
  sheet,
  direction,
  onKitBack,
}: {
  sheet: PullSheet;
  direction: Direction;
  /** A fixed kit checked in by its label, with the pieces found missing. */
  onKitBack: (kit: string, missing: Missing) => void;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('backlot.scan.pullSheet')}>
        <TableHead sx={{ '& th': { overflowWrap: 'normal' } }}>
          <TableRow>
            <TableCell padding="checkbox">{translate('backlot.scan.tick')}</TableCell>
            <TableCell>{translate('backlot.scan.item')}</TableCell>
            <TableCell sx={wideOnly}>{translate('backlot.scan.location')}</TableCell>
            <TableCell align="right" sx={wideOnly}>
              {translate('backlot.scan.quantity')}
            </TableCell>
            <TableCell>{translate('backlot.scan.progress')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sheet.lines.map((line, index) => {
            const outNow = line.out - line.back;
            const opensKit = line.kit && line.kit.objectID !== sheet.lines[index - 1]?.kit?.objectID;
            return (
              <Fragment key={line.objectID}>
                {opensKit && line.kit && (
                  <KitRow
                    kit={line.kit}
                    parts={sheet.lines.filter((each) => each.kit?.objectID === line.kit!.objectID)}
                    direction={direction}
                    onBack={onKitBack}
                  />
                )}
                <TableRow sx={line.kit ? { '& > td:nth-of-type(2)': { pl: 4 } } : undefined}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={line.out >= line.quantity}
                      readOnly
                      slotProps={{ input: { 'aria-label': translate('backlot.scan.picked', { item: line.name }) } }}
                    />
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} alignItems="center">
                      {line.photo && (
                        <Box
                          component="img"
                          src={line.photo.url}
                          alt=""
                          sx={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 1, flex: 'none' }}
                        />
                      )}
                      <Box>
                        <div>{line.name}</div>
                        <Typography variant="caption" color="text.secondary" component="div">
                          {line.tracking === 'units'
                            ? line.tagsOut.length
                              ? translate('backlot.scan.tagsOut', { tags: line.tagsOut.join(', ') })
                              : translate('backlot.scan.pick', {
                                  tags: line.onShelf.slice(0, line.quantity - hiredInQuantity(line)).join(', ') || '—',
                                })
                            : line.objectID}
                        </Typography>
                        {line.hiredIn.map((entry) => (
                          <Typography key={entry.house} variant="caption" color="secondary" component="div">
                            {translate('backlot.scan.hiredIn', {
                              quantity: entry.quantity,
                              house: entry.houseName,
                              label: `${entry.house}/…`,
                            })}
                            {entry.out > 0 &&
                              ` · ${translate('backlot.scan.hiredInOut', { out: entry.out, tags: entry.tagsOut.join(', ') || '—' })}`}
                          </Typography>
                        ))}
                        {/* On a phone the location and quantity columns fold in here. */}
                        <Typography
                          variant="caption"
                          color="text.secondary"
                          component="div"
                          sx={{ display: { xs: 'block', sm: 'none' } }}
                        >
                          {line.location ? `${line.location} · ` : ''}
                          {translate('backlot.scan.quantity')} {line.quantity}
                        </Typography>
                      </Box>
                    </Stack>
                  </TableCell>
                  <TableCell sx={wideOnly}>{line.location ?? '—'}</TableCell>
                  <TableCell align="right" sx={wideOnly}>
                    {line.quantity}
                  </TableCell>
                  <TableCell>
                    {translate('backlot.scan.counts', { out: outNow, quantity: line.quantity, back: line.back })}
                    {line.damaged > 0 && (
                      <Chip
                        size="small"
                        color="warning"
                        label={translate('backlot.scan.damaged', { smart_count: line.damaged })}
                        sx={{ ml: 1 }}
                      />
                    )}
                    {line.lost > 0 && (
                      <Chip
                        size="small"
                        color="error"
                        label={translate('backlot.scan.lost', { smart_count: line.lost })}
                        sx={{ ml: 1 }}
                      />
                    )}
                  </TableCell>
                </TableRow>
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

/** A kit's heading row: its name, kind and count, and how it is scanned. */
function KitRow({
  kit,
  parts,
  direction,
  onBack,
}: {
  kit: NonNullable<PullSheetLine['kit']>;
  parts: PullSheetLine[];
  direction: Direction;
  onBack: (kit: string, missing: Missing) => void;
}) {
  const translate = useTranslate();
  const [checking, setChecking] = useState(false);
  const fixed = kit.kind === 'fixed';
  return (
    <TableRow sx={{ bgcolor: 'action.hover' }}>
      <TableCell colSpan={5}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
          <Box sx={{ flex: 1 }}>
            <Typography component="div" sx={{ fontWeight: 600 }}>
              {translate('backlot.scan.kit', { quantity: kit.quantity, name: kit.name })}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {translate(fixed ? 'backlot.scan.kitFixed' : 'backlot.scan.kitPackage', { label: kit.objectID })}
            </Typography>
          </Box>
          {fixed && direction === 'in' && (
            <Button size="small" variant="outlined" onClick={() => setChecking(true)} sx={{ displayPrint: 'none' }}>
              {translate('backlot.scan.kitBack')}
            </Button>
          )}
        </Stack>
        {checking && (
          <KitBackDialog
            kit={kit}
            parts={parts}
            onClose={() => setChecking(false)}
            onBack={(missing) => {
              setChecking(false);
              onBack(kit.objectID, missing);
            }}
          />
        )}
      </TableCell>
    </TableRow>
  );
}

/** A fixed kit back whole, or with pieces missing: each counted here, up to what is out of it. */
function KitBackDialog({
  kit,
  parts,
  onClose,
  onBack,
}: {
  kit: NonNullable<PullSheetLine['kit']>;
  parts: PullSheetLine[];
  onClose: () => void;
  onBack: (missing: Missing) => void;
}) {
  const translate = useTranslate();
  const [missing, setMissing] = useState<Record<string, string>>({});
  const counted = parts.flatMap((part) => {
    const count = Number(missing[part.objectID] ?? 0);
    return Number.isInteger(count) && count > 0 ? [{ objectID: part.objectID, count }] : [];
  });
  const tooMany = parts.find((part) => Number(missing[part.objectID] ?? 0) > part.quantity);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!tooMany) onBack(counted);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} aria-label={translate('backlot.scan.kitBackTitle', { name: kit.name })}>
        <DialogTitle>{translate('backlot.scan.kitBackTitle', { name: kit.name })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('backlot.scan.kitBackHelp')}
          </Typography>
          <Stack spacing={2}>
            {parts.map((part) => (
              <TextField
                key={part.objectID}
                type="number"
                label={translate('backlot.scan.kitMissing', { name: part.name, quantity: part.quantity })}
                value={missing[part.objectID] ?? '0'}
                onChange={(event) => setMissing((current) => ({ ...current, [part.objectID]: event.target.value }))}
                error={tooMany === part}
                helperText={tooMany === part ? translate('backlot.scan.kitTooMany', { quantity: part.quantity }) : ' '}
                slotProps={{ htmlInput: { min: 0, max: part.quantity } }}
              />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={Boolean(tooMany)}>
            {translate(counted.length ? 'backlot.scan.kitBackMissing' : 'backlot.scan.kitBackWhole')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
