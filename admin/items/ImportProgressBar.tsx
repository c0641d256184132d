/**
 * Where a check or an import is, in words and a bar: the files' bytes sent, the sheet being read
 * (no count to give), its rows checked, each photo stored, the items being written. The bar is determinate whenever
 * there is a count, so a screen reader hears the percentage too (MUI sets aria-valuenow).
 */
import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ImportProgress } from './item-import-api';

/** Bytes as people read them ("48 kB", "12.3 MB"), in the 1,024s the import's limits are counted in (schema/item-import.ts). */
const size = (bytes: number) =>
  bytes < 1024 * 1024
    ? new Intl.NumberFormat(undefined, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(
        bytes / 1024,
      )
    : new Intl.NumberFormat(undefined, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
        bytes / 1024 / 1024,
      );
const count = (value: number) => new Intl.NumberFormat().format(value);

export function ImportProgressBar({ progress }: { progress: ImportProgress }) {
  const translate = useTranslate();
  const [label, value] =
    progress.stage === 'sending'
      ? [
          translate('backlot.itemImport.progress.sending', { done: size(progress.done), total: size(progress.total) }),
          progress.total ? (100 * progress.done) / progress.total : undefined,
        ]
      : progress.stage === 'photos' || progress.stage === 'rows'
        ? [
            translate(`backlot.itemImport.progress.${progress.stage}`, {
              done: count(progress.done),
              total: count(progress.total),
            }),
            (100 * progress.done) / progress.total,
          ]
        : progress.stage === 'items'
          ? [translate('backlot.itemImport.progress.items', { smart_count: progress.total }), undefined]
          : [translate('backlot.itemImport.checking'), undefined];
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="body2" role="status">
        {label}
      </Typography>
      <LinearProgress
        aria-label={label}
        {...(value === undefined ? { variant: 'indeterminate' } : { variant: 'determinate', value })}
      />
    </Box>
  );
}
