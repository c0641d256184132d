/**
 * The accountant's files, by invoice date: a package (Xero, QuickBooks Online, or a plain CSV) and
 * some months; the files it makes, each within the package's import limit, to download one by one.
 */
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { EXPORT_FORMATS } from '../../schema/rental/invoices';
import { invoiceApi, type ExportSummary } from './invoice-api';
import { MonthField } from '../components/MonthField';
import { MONTH_PATTERN } from '../../schema/marketplace/statements';

/** A list's aside holding the accountant's files: beside the list on a wide screen, below it on a phone. */
export const EXPORT_ASIDE_SX = {
  ml: { md: 1.5 },
  mt: { xs: 2, md: 8 },
  p: 2,
  width: { md: 260 },
  boxSizing: 'border-box',
  flexShrink: 0,
  bgcolor: 'background.paper',
  borderRadius: 1,
  border: 1,
  borderColor: 'divider',
  alignSelf: 'flex-start',
} as const;

// The month where the admin is (en-CA writes YYYY-MM-DD), not UTC's.
const thisMonth = () => new Date().toLocaleDateString('en-CA').slice(0, 7);

export function AccountsExport({ tenantId }: { tenantId: string }) {
  const translate = useTranslate();
  const [format, setFormat] = useState<(typeof EXPORT_FORMATS)[number]>('xero');
  const [from, setFrom] = useState(thisMonth);
  const [to, setTo] = useState(thisMonth);
  // The answer is kept with what it answers, so a change of months shows nothing stale while the next is asked.
  const [answer, setAnswer] = useState<{ key: string; summary: ExportSummary | 'failed' }>();
  const valid = MONTH_PATTERN.test(from) && MONTH_PATTERN.test(to) && from <= to;
  const key = `${format} ${from} ${to}`;
  useEffect(() => {
    if (!valid) return;
    let live = true;
    invoiceApi.exportSummary(tenantId, format, from, to).then(
      (summary) => live && setAnswer({ key, summary }),
      () => live && setAnswer({ key, summary: 'failed' }),
    );
    return () => void (live = false);
  }, [tenantId, format, from, to, valid, key]);
  const summary = answer?.key === key ? answer.summary : undefined;
  return (
    <Stack spacing={1.5} component="section" aria-label={translate('backlot.invoices.export')} sx={EXPORT_ASIDE_SX}>
      <Typography variant="subtitle2">{translate('backlot.invoices.export')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('backlot.invoices.exportBasis')}
      </Typography>
      <TextField
        select
        size="small"
        label={translate('backlot.invoices.format')}
        value={format}
        onChange={(event) => setFormat(event.target.value as typeof format)}
      >
        {EXPORT_FORMATS.map((choice) => (
          <MenuItem key={choice} value={choice}>
            {translate(`backlot.invoices.formats.${choice}`)}
          </MenuItem>
        ))}
      </TextField>
      <MonthField label={translate('backlot.invoices.fromMonth')} value={from} onChange={setFrom} />
      <MonthField
        label={translate('backlot.invoices.toMonth')}
        value={to}
        onChange={setTo}
        error={from > to}
        helperText={from > to ? translate('backlot.invoices.exportReversed') : undefined}
      />
      {valid && summary === 'failed' && <Alert severity="error">{translate('backlot.invoices.exportFailed')}</Alert>}
      {valid && summary && summary !== 'failed' && (
        <Box sx={{ display: 'grid', gap: 1 }}>
          {summary.files.length > 1 && (
            <Typography variant="body2" color="text.secondary">
              {translate('backlot.invoices.exportParts', {
                smart_count: summary.files.length,
                limit: summary.limit ?? '',
              })}
            </Typography>
          )}
          {summary.files.map((file) => (
            <Button
              key={file.part}
              component="a"
              variant="outlined"
              size="small"
              startIcon={<DownloadIcon />}
              href={file.href}
              download={file.name}
              sx={{ justifyContent: 'flex-start', textTransform: 'none' }}
            >
              {translate('backlot.invoices.exportFile', { smart_count: file.invoices, part: file.part })}
            </Button>
          ))}
        </Box>
      )}
    </Stack>
  );
}
