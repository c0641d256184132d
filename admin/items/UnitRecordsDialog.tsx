/**
 * A unit's tests and repairs, newest first: what was done, by whom and when, each test's result and
 * checks, the note, the tester's photos (each opens full size) and what a repair cost. What the
 * earnings report counts as service costs, and what an insurer or a client asks to see.
 */
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Link as MuiLink,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatMoney } from '../../schema/display/format';
import type { ServiceRecord, SiteSettings, Unit } from '../../schema/types.generated';

/** "2 of 3 checks passed: Earth continuity failed", or nothing for a record without checks. */
function checksSaid(checks: ServiceRecord['checks']): string | undefined {
  if (!checks?.length) return undefined;
  const failed = checks.filter((check) => !check.pass).map((check) => check.label);
  const passed = `${checks.length - failed.length} of ${checks.length} checks passed`;
  return failed.length ? `${passed}: ${failed.join(', ')} failed` : passed;
}

/** What a repair cost, in the house's money: "Parts $12.50 · 0.5 h · Labour $20.00 · from Acme". */
function costSaid(record: ServiceRecord, site: Pick<SiteSettings, 'locale' | 'currency'>): string | undefined {
  const parts = [
    record.parts !== undefined && `Parts ${formatMoney(record.parts, site)}`,
    record.hours !== undefined && `${record.hours} h`,
    record.labour !== undefined && `Labour ${formatMoney(record.labour, site)}`,
    record.supplier && `from ${record.supplier}`,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : undefined;
}

export function UnitRecordsDialog({
  unit,
  site,
  onClose,
}: {
  unit: Unit;
  site: Pick<SiteSettings, 'locale' | 'currency'>;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const records = [...(unit.service ?? [])].reverse();
  const when = (at: string) => new Date(at).toLocaleString(site.locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="unit-records-title">
      <DialogTitle id="unit-records-title">{translate('backlot.units.recordsOf', { tag: unit.tag })}</DialogTitle>
      <DialogContent>
        {!records.length && <Typography>{translate('backlot.units.noRecords')}</Typography>}
        <Stack component="ol" spacing={1.5} divider={<Divider />} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {records.map((record, index) => (
            <Box component="li" key={`${record.at}-${index}`}>
              <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
                <Typography fontWeight={600}>{record.name}</Typography>
                {record.result && (
                  <Chip
                    size="small"
                    color={record.result === 'pass' ? 'success' : 'error'}
                    label={translate(`backlot.units.results.${record.result}`)}
                  />
                )}
                {record.kind === 'repair' && <Chip size="small" label={translate('backlot.units.repair')} />}
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {when(record.at)} · {record.by}
              </Typography>
              {[checksSaid(record.checks), record.note, costSaid(record, site)].filter(Boolean).map((line) => (
                <Typography key={line} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {line}
                </Typography>
              ))}
              {record.photos?.length ? (
                <Stack direction="row" spacing={1} sx={{ mt: 0.5 }} flexWrap="wrap" useFlexGap>
                  {record.photos.map((url, number) => (
                    <MuiLink key={url} href={url} target="_blank" rel="noopener">
                      <Box
                        component="img"
                        src={url}
                        alt={translate('backlot.units.photoOf', { number: number + 1, name: record.name })}
                        sx={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 1, display: 'block' }}
                      />
                    </MuiLink>
                  ))}
                </Stack>
              ) : null}
            </Box>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
