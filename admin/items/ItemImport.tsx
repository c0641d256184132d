/**
 * Items → Import: a prop house's own spreadsheet into the catalogue, in three steps on one page.
 * 1. The sheet (CSV or XLSX) and, optionally, a ZIP of its photos; whether to add category paths
 *    the tree lacks. "Check" reads it and dry-runs it; nothing is written.
 * 2. The columns: each field beside the column that fills it (guessed, or kept from the last
 *    import of this sheet) and that column's first values; change one and check again.
 * 3. The dry run: what would be created, updated, left alone and refused, every problem by row and
 *    column with the cell's text (downloadable as CSV), the paths the tree lacks; then Import, with
 *    the refused rows skipped only when the user says so. Progress shows while either runs: the
 *    bytes sent, then each photo stored, then the items written (ImportProgressBar).
 */
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useState } from 'react';
import { Link, useTranslate } from 'react-admin';
import { base64Of } from '../../schema/display/file-base64';
import {
  consolePhotosSizeProblem,
  MAX_CONSOLE_PHOTOS_BYTES,
  MAX_SHEET_BYTES,
  sheetSizeProblem,
} from '../../schema/item-import';
import { FactCard } from '../components/FactCard';
import { PHONE_LIST_SX } from '../components/phone-list';
import { ImportProgressBar } from './ImportProgressBar';
import {
  itemImportApi,
  problemsCsv,
  type ImportMapping,
  type ImportProgress,
  type ImportRequest,
  type ImportView,
} from './item-import-api';

/** Cells a phone leaves out (the select's own label names the field; its first values go under it). */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** Problems shown on the page; the download has them all. */
const SHOWN_PROBLEMS = 200;

function FilePicker({
  label,
  accept,
  file,
  onPick,
}: {
  label: string;
  accept: string;
  file: File | undefined;
  onPick: (file: File | undefined) => void;
}) {
  return (
    <Button
      variant="outlined"
      component="label"
      sx={{ justifySelf: 'start', textTransform: 'none', maxWidth: '100%', overflowWrap: 'anywhere' }}
    >
      {file ? `${label}: ${file.name}` : label}
      <input
        hidden
        type="file"
        accept={accept}
        aria-label={label}
        onChange={(event) => {
          onPick(event.target.files?.[0]);
          // Emptied, so picking the same file again (after fixing it) is heard.
          event.target.value = '';
        }}
      />
    </Button>
  );
}

export function ItemImport({ tenantId }: { tenantId: string }) {
  const translate = useTranslate();
  const [sheet, setSheet] = useState<File>();
  const [photos, setPhotos] = useState<File>();
  const [addCategories, setAddCategories] = useState(false);
  const [removeMissing, setRemoveMissing] = useState(false);
  const [skipRefused, setSkipRefused] = useState(false);
  const [mapping, setMapping] = useState<ImportMapping>();
  const [view, setView] = useState<ImportView>();
  const [busy, setBusy] = useState<'check' | 'import'>();
  const [progress, setProgress] = useState<ImportProgress>({ stage: 'reading' });
  const [error, setError] = useState<string>();

  /** The file picked, or none (and why) when it is larger than an import takes: refused before it is read or sent. */
  const fitting = (file: File | undefined, problemOf: (bytes: number) => string | undefined) => {
    const problem = file && problemOf(file.size);
    setError(problem && `${file.name} ${problem}`);
    return problem ? undefined : file;
  };
  const request = async (withMapping: ImportMapping | undefined): Promise<ImportRequest> => ({
    fileName: sheet!.name,
    data: await base64Of(sheet!),
    ...(photos && { photos: { fileName: photos.name, data: await base64Of(photos) } }),
    ...(withMapping && { mapping: withMapping }),
    addCategories,
    removeMissing,
    skipRefused,
  });
  const run = async (step: 'check' | 'import', withMapping = mapping) => {
    if (!sheet) return setError(translate('backlot.itemImport.chooseSheet'));
    setBusy(step);
    setProgress({ stage: 'reading' });
    setError(undefined);
    try {
      const answer = await itemImportApi[step === 'check' ? 'check' : 'run'](
        tenantId,
        await request(withMapping),
        setProgress,
      );
      setView(answer);
      setMapping(answer.mapping);
    } catch (failure) {
      const problem = failure as { message: string; body?: { message?: string } };
      setError(problem.body?.message ?? problem.message);
    } finally {
      setBusy(undefined);
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([problemsCsv(view!.plan.problems)], { type: 'text/csv' }));
    const link = Object.assign(document.createElement('a'), {
      href: url,
      download: `${sheet?.name.replace(/\.[^.]+$/, '') ?? 'import'}-problems.csv`,
    });
    link.click();
    URL.revokeObjectURL(url);
  };
  const plan = view?.plan;
  const toWrite = plan ? plan.create.length + plan.update.length : 0;
  const columnOf = (header: string | undefined) =>
    header === undefined || !view ? -1 : view.sheet.headers.indexOf(header);

  return (
    <Box sx={{ display: 'grid', gap: 2, p: { xs: 1, sm: 2 }, maxWidth: 1100, ...PHONE_LIST_SX }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Button component={Link} to={`/t/${tenantId}/items`} startIcon={<ArrowBackIcon />}>
          {translate('backlot.itemImport.back')}
        </Button>
        <Typography variant="h5" component="h1">
          {translate('backlot.itemImport.title', { tenant: tenantId })}
        </Typography>
      </Stack>

      <FactCard heading={translate('backlot.itemImport.step1')}>
        <Typography variant="body2" color="text.secondary">
          {translate('backlot.itemImport.lead', {
            sheetMb: MAX_SHEET_BYTES / 1024 / 1024,
            photosMb: MAX_CONSOLE_PHOTOS_BYTES / 1024 / 1024,
          })}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="body2">{translate('backlot.itemImport.exportLead')}</Typography>
          {(['xlsx', 'csv'] as const).map((format) => (
            <Button key={format} size="small" href={itemImportApi.exportHref(tenantId, format)} download>
              {translate(`backlot.itemImport.export.${format}`)}
            </Button>
          ))}
        </Stack>
        <FilePicker
          label={translate('backlot.itemImport.sheet')}
          accept=".csv,.xlsx,.txt,.tsv"
          file={sheet}
          onPick={(file) => (setSheet(fitting(file, sheetSizeProblem)), setView(undefined), setMapping(undefined))}
        />
        <FilePicker
          label={translate('backlot.itemImport.photos')}
          accept=".zip,application/zip"
          file={photos}
          onPick={(file) => setPhotos(fitting(file, consolePhotosSizeProblem))}
        />
        <FormControlLabel
          control={<Checkbox checked={addCategories} onChange={(event) => setAddCategories(event.target.checked)} />}
          label={translate('backlot.itemImport.addCategories')}
        />
        <FormControlLabel
          control={<Checkbox checked={removeMissing} onChange={(event) => setRemoveMissing(event.target.checked)} />}
          label={translate('backlot.itemImport.removeMissing')}
        />
        <Box>
          <Button
            variant="contained"
            disabled={busy !== undefined || !sheet}
            onClick={() => void run('check', undefined)}
          >
            {translate('backlot.itemImport.check')}
          </Button>
        </Box>
        {busy === 'check' && <ImportProgressBar progress={progress} />}
        {error && (
          <Alert severity="error" role="alert" sx={{ overflowWrap: 'anywhere' }}>
            {error}
          </Alert>
        )}
      </FactCard>

      {view && mapping && (
        <FactCard heading={translate('backlot.itemImport.step2')}>
          <Typography variant="body2" color="text.secondary">
            {translate(`backlot.itemImport.mappingFrom.${view.mappingFrom}`, {
              sheet: view.sheet.name,
              rows: view.sheet.rows,
              encoding: view.sheet.encoding ?? 'XLSX',
            })}
          </Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={translate('backlot.itemImport.step2')}>
              <TableHead>
                <TableRow>
                  <TableCell sx={WIDE_ONLY}>{translate('backlot.itemImport.field')}</TableCell>
                  <TableCell>{translate('backlot.itemImport.column')}</TableCell>
                  <TableCell sx={WIDE_ONLY}>{translate('backlot.itemImport.examples')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {view.fields.map((field) => {
                  const at = columnOf(mapping.columns[field.field]);
                  const examples =
                    at >= 0
                      ? view.sheet.sample
                          .map((row) => row[at])
                          .filter(Boolean)
                          .slice(0, 3)
                          .join(' · ')
                      : '—';
                  return (
                    <TableRow key={field.field}>
                      <TableCell sx={{ minWidth: 160, ...WIDE_ONLY }}>
                        {field.title}
                        {field.required && ' *'}
                      </TableCell>
                      <TableCell sx={{ minWidth: { xs: 0, sm: 180 }, width: { xs: '100%', sm: 'auto' } }}>
                        <TextField
                          select
                          size="small"
                          fullWidth
                          label={field.title}
                          value={mapping.columns[field.field] ?? ''}
                          // On a phone the field's first values go under its column (the examples column is left out).
                          helperText={examples}
                          slotProps={{
                            formHelperText: { sx: { display: { xs: 'block', sm: 'none' }, overflowWrap: 'anywhere' } },
                          }}
                          onChange={(event) =>
                            setMapping({
                              ...mapping,
                              columns: { ...mapping.columns, [field.field]: event.target.value || undefined },
                            })
                          }
                        >
                          <MenuItem value="">{translate('backlot.itemImport.none')}</MenuItem>
                          {view.sheet.headers.map((header) => (
                            <MenuItem key={header} value={header}>
                              {header}
                            </MenuItem>
                          ))}
                        </TextField>
                      </TableCell>
                      <TableCell
                        sx={{ color: 'text.secondary', maxWidth: 360, overflowWrap: 'anywhere', ...WIDE_ONLY }}
                      >
                        {examples}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
          <Box>
            <Button variant="outlined" disabled={busy !== undefined} onClick={() => void run('check')}>
              {translate('backlot.itemImport.checkAgain')}
            </Button>
          </Box>
        </FactCard>
      )}

      {plan && (
        <FactCard heading={translate(view.done ? 'backlot.itemImport.doneHeading' : 'backlot.itemImport.step3')}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Chip
              color="success"
              variant="outlined"
              label={translate('backlot.itemImport.create', { smart_count: plan.create.length })}
            />
            <Chip
              color="primary"
              variant="outlined"
              label={translate('backlot.itemImport.update', { smart_count: plan.update.length })}
            />
            <Chip
              variant="outlined"
              label={translate('backlot.itemImport.unchanged', { smart_count: plan.unchanged.length })}
            />
            <Chip
              color={plan.refused.length ? 'error' : 'default'}
              variant="outlined"
              label={translate('backlot.itemImport.refused', { smart_count: plan.refused.length })}
            />
            <Chip variant="outlined" label={translate('backlot.itemImport.photoCount', { smart_count: plan.photos })} />
            {plan.remove.length > 0 && (
              <Chip
                color="warning"
                variant="outlined"
                label={translate('backlot.itemImport.remove', { smart_count: plan.remove.length })}
              />
            )}
            {plan.unitsToAdd > 0 && (
              <Chip
                variant="outlined"
                label={translate('backlot.itemImport.unitsToAdd', { smart_count: plan.unitsToAdd })}
              />
            )}
          </Stack>
          {plan.unitsToRetire.length > 0 && (
            <Alert severity="warning">
              {translate('backlot.itemImport.unitsToRetire', {
                smart_count: plan.unitsToRetire.length,
                tags: plan.unitsToRetire.slice(0, 20).join(', '),
              })}
            </Alert>
          )}
          {plan.addedCategories.length > 0 && (
            <Alert severity="info">
              {translate('backlot.itemImport.added', { paths: plan.addedCategories.join(', ') })}
            </Alert>
          )}
          {plan.unknownCategories.length > 0 && (
            <Alert severity="warning">
              <strong>{translate('backlot.itemImport.unknownCategories')}</strong>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {plan.unknownCategories.map((entry) => (
                  <Box component="li" key={entry.text} sx={{ mb: 1 }}>
                    {entry.text} (
                    {translate('backlot.itemImport.rows', {
                      smart_count: entry.rows.length,
                      rows: entry.rows.slice(0, 6).join(', '),
                    })}
                    ){entry.nearest && ` · ${translate('backlot.itemImport.nearest', { path: entry.nearest })}`}
                    <TextField
                      select
                      size="small"
                      fullWidth
                      sx={{ mt: 1, maxWidth: 480, display: 'flex' }}
                      label={translate('backlot.itemImport.mapTo', { text: entry.text })}
                      value={mapping?.categories?.[entry.text] ?? ''}
                      onChange={(event) =>
                        mapping &&
                        setMapping({
                          ...mapping,
                          categories: { ...mapping.categories, [entry.text]: event.target.value },
                        })
                      }
                    >
                      {view.categoryPaths.map((choice) => (
                        <MenuItem key={choice.path} value={choice.path}>
                          {choice.names}
                        </MenuItem>
                      ))}
                    </TextField>
                  </Box>
                ))}
              </Box>
              {Object.keys(mapping?.categories ?? {}).length > 0 && (
                <Button
                  variant="outlined"
                  size="small"
                  sx={{ mt: 1 }}
                  disabled={busy !== undefined}
                  onClick={() => void run('check')}
                >
                  {translate('backlot.itemImport.checkAgain')}
                </Button>
              )}
            </Alert>
          )}
          {plan.problems.length > 0 && (
            <>
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label={translate('backlot.itemImport.problems')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('backlot.itemImport.row')}</TableCell>
                      <TableCell>{translate('backlot.itemImport.column')}</TableCell>
                      <TableCell sx={WIDE_ONLY}>{translate('backlot.itemImport.cell')}</TableCell>
                      <TableCell>{translate('backlot.itemImport.problem')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {plan.problems.slice(0, SHOWN_PROBLEMS).map((problem, index) => (
                      <TableRow key={index}>
                        <TableCell>{problem.row}</TableCell>
                        <TableCell>{problem.header ?? '—'}</TableCell>
                        <TableCell
                          sx={{ ...WIDE_ONLY, fontFamily: 'monospace', overflowWrap: 'break-word', maxWidth: 220 }}
                        >
                          {problem.cell ?? ''}
                        </TableCell>
                        <TableCell sx={{ overflowWrap: 'break-word', minWidth: { sm: 220 } }}>
                          {/* On a phone the cell's text goes above the problem, not in a column of its own. */}
                          {problem.cell && (
                            <Box sx={{ display: { sm: 'none' }, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                              {problem.cell}
                            </Box>
                          )}
                          {problem.message}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
              <Box>
                <Button variant="outlined" size="small" onClick={download}>
                  {translate('backlot.itemImport.download', { smart_count: plan.problems.length })}
                </Button>
              </Box>
            </>
          )}
          {plan.warnings.length > 0 && (
            <Alert severity="info">
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {translate('backlot.itemImport.warnings', { smart_count: plan.warnings.length })}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {plan.warnings.slice(0, SHOWN_PROBLEMS).map((warning, index) => (
                  <li key={index}>
                    {translate('backlot.itemImport.warningAt', { row: warning.row, column: warning.header ?? '—' })}{' '}
                    {warning.cell && <code>{warning.cell}</code>} {warning.message}
                  </li>
                ))}
              </Box>
            </Alert>
          )}
          {view.done ? (
            <Alert severity="success" role="status">
              {translate('backlot.itemImport.done', {
                added: view.done.counts.added,
                updated: view.done.counts.updated,
                unchanged: view.done.counts.unchanged,
                photos: view.done.photos,
                skipped: view.done.skipped,
              })}
              {view.done.unitsAdded + view.done.unitsRetired > 0 &&
                ` ${translate('backlot.itemImport.unitsDone', { added: view.done.unitsAdded, retired: view.done.unitsRetired })}`}{' '}
              <Link to={`/t/${tenantId}/items`}>{translate('backlot.itemImport.seeItems')}</Link>
            </Alert>
          ) : (
            <>
              {plan.refused.length > 0 && (
                <FormControlLabel
                  control={
                    <Checkbox checked={skipRefused} onChange={(event) => setSkipRefused(event.target.checked)} />
                  }
                  label={translate('backlot.itemImport.skipRefused', {
                    smart_count: plan.refused.length,
                    rows: plan.refused
                      .map((entry) => entry.row)
                      .slice(0, 10)
                      .join(', '),
                  })}
                />
              )}
              <Box>
                <Button
                  variant="contained"
                  disabled={
                    busy !== undefined ||
                    (toWrite === 0 &&
                      plan.remove.length === 0 &&
                      plan.unitsToRetire.length === 0 &&
                      plan.unitsToAdd === 0) ||
                    (plan.refused.length > 0 && !skipRefused)
                  }
                  onClick={() => void run('import')}
                >
                  {translate('backlot.itemImport.import', { smart_count: toWrite })}
                </Button>
              </Box>
            </>
          )}
          {busy === 'import' && <ImportProgressBar progress={progress} />}
        </FactCard>
      )}
    </Box>
  );
}
