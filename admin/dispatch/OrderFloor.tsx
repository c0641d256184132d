/**
 * One order on the warehouse floor: its pull sheet (photo, name, location, quantity or tags, a
 * tick box per line; printable as it is, the controls left off the paper) and its scanning. A USB
 * scanner types into the scan field and presses Enter; a tag typed by hand does the same. Each
 * scan is answered at once by colour, words and sound (right order, wrong order, already out,
 * unknown); items counted as a quantity take a count; at check-in each scan says fine, damaged
 * (with a note) or lost. Scans wait in the browser while the connection is down and go once; the
 * sheet stays on screen meanwhile, read again once the connection is back.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CameraAltIcon from '@mui/icons-material/CameraAlt';
import DrawIcon from '@mui/icons-material/Draw';
import PrintIcon from '@mui/icons-material/Print';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Title, useStore, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { neverOutSaid } from '../../schema/rental/hire';
import { isOutState } from '../../schema/rental/quote-states';
import type { ScanInput, ScanRecord } from '../../schema/types.generated';
import { QuoteStateChip } from '../quote-requests/QuoteStateChip';
import { useQuoteTenant } from '../quote-requests/useQuoteTenant';
import { CameraScanner } from './CameraScanner';
import { ConditionPhotos } from './ConditionPhotos';
import { HandoverDialog } from './HandoverDialog';
import { printAlone } from '../labels/print';
import { hireApi, type PullSheet, type ScanAnswer } from './hire-api';
import { HireCharges } from './HireCharges';
import { PullSheetTable } from './PullSheetTable';
import { TestUnitDialog } from './TestUnitDialog';
import { severityOf, soundFor } from './scan-feedback';
import { StoreSelect } from '../components/StoreSelect';
import { useScanQueue } from './useScanQueue';

type Direction = ScanInput['direction'];

/** How long the scanning pauses before the whole pull sheet is read again. */
const REFRESH_AFTER_MS = 1500;
/** A re-read of the sheet that failed is tried again after this long, until it is read. */
const RETRY_AFTER_MS = 6000;

/** The sheet with a scan's answer applied: the order's state, each line's counts and tags, the scan in the log. */
function withAnswer(sheet: PullSheet, answer: ScanAnswer): PullSheet {
  const state = answer.state ?? sheet.state;
  return {
    ...sheet,
    state,
    out: isOutState(state),
    lines: sheet.lines.map((line) => {
      const hire = answer.hire?.lines.find((entry) => entry.objectID === line.objectID);
      if (!hire) return line;
      const hiredIn = line.hiredIn.map((entry) => {
        const theirs = hire.hiredIn?.find((each) => each.house === entry.house);
        return { ...entry, out: theirs?.out ?? 0, tagsOut: theirs?.tags ?? [] };
      });
      return {
        ...line,
        out: hire.out,
        back: hire.back,
        damaged: hire.damaged ?? 0,
        lost: hire.lost ?? 0,
        tagsOut: hire.tags ?? [],
        hiredIn,
      };
    }),
    charges: answer.hire?.charges ?? sheet.charges,
    handovers: answer.hire?.handovers ?? sheet.handovers,
    scans: answer.repeat ? sheet.scans : [...sheet.scans, answer.record].slice(-50),
  };
}

type Condition = NonNullable<ScanInput['condition']>;

export function OrderFloor({ tenantId }: { tenantId: string }) {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const { days, money, tenant } = useQuoteTenant(tenantId);
  const [sheet, setSheet] = useState<PullSheet>();
  const [error, setError] = useState<string>();
  const [direction, setDirection] = useState<Direction>('out');
  const [code, setCode] = useState('');
  const [count, setCount] = useState('1');
  const [condition, setCondition] = useState<Condition>('fine');
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [camera, setCamera] = useState(false);
  const [handingOver, setHandingOver] = useState(false);
  const [last, setLast] = useState<Pick<ScanRecord, 'outcome' | 'message'>>();
  const [lender, setLender] = useState<ScanAnswer['lender']>();
  /** A unit refused as due its test: the tag and the code scanned, to test it here and scan it again. */
  const [testable, setTestable] = useState<{ tag: string; code: string }>();
  const [testing, setTesting] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  // An order with things out opens on check-in; after that the crew's choice stands, whatever the scans do.
  const opened = useRef(false);
  /** The next reading of the whole sheet, once the scanning pauses or after a reading that failed. */
  const refresh = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** Readings asked for after one that failed: each reads the sheet again. */
  const [retries, setRetries] = useState(0);
  const load = useCallback(
    () =>
      hireApi.pullSheet(tenantId, id).then(
        (next) => {
          setSheet(next);
          if (opened.current) return;
          opened.current = true;
          // Check-in once all that goes out has gone; a partial pick-up still has more to go out.
          if (next.state === 'out' || next.state === 'partlyReturned') setDirection('in');
          // The scan field takes the scanner's typing from the start (a USB scanner is a keyboard).
          requestAnimationFrame(() => field.current?.focus());
        },
        (failure: Error) => {
          // A first read that fails has nothing to show but why. A read again that fails (the
          // connection dropped as the sheet was being refreshed) keeps the sheet on screen, where
          // scans go on waiting in their queue, and is tried again a little later.
          if (!opened.current) return setError(failure.message);
          clearTimeout(refresh.current);
          refresh.current = setTimeout(() => setRetries((count) => count + 1), RETRY_AFTER_MS);
        },
      ),
    [tenantId, id],
  );
  useEffect(() => void load(), [load, retries]);

  const onAnswer = useCallback(
    (answer: ScanAnswer) => {
      setLast(
        answer.repeat
          ? { outcome: 'repeat', message: `${translate('backlot.scan.repeat')} ${answer.record.message}` }
          : answer.record,
      );
      setLender(answer.lender);
      soundFor(answer.record.outcome);
      // A unit kept in for a test due: offered to be tested here (what is due is read when asked).
      const { record } = answer;
      setTestable(
        record.outcome === 'unavailable' && record.tag && / (?:due its|on record)/.test(record.message)
          ? { tag: record.tag, code: record.code }
          : undefined,
      );
      // The answer carries the order's counts: shown at once. The whole sheet (the units left on the
      // shelf) is read again once the scanning pauses, not after every scan of a 200-line check-in.
      setSheet((current) => current && withAnswer(current, answer));
      clearTimeout(refresh.current);
      refresh.current = setTimeout(() => void load(), REFRESH_AFTER_MS);
    },
    [load, translate],
  );
  useEffect(() => () => clearTimeout(refresh.current), []);
  const onRefused = useCallback((message: string) => {
    setLast({ outcome: 'refused', message });
    soundFor('refused');
  }, []);
  const { send, waiting, offline } = useScanQueue(tenantId, id, onAnswer, onRefused);
  // Where the crew scans (Dispatch's choice, kept on this device): a piece checked in at another store than its own stays there.
  const stores = tenant?.vendor.stores ?? [];
  const [crewStore, setCrewStore] = useStore<string>(`dispatch.store.${tenantId}`, '');
  const scanningAt = stores.some((store) => store.id === crewStore) ? crewStore : '';
  const storeName = (store: string | undefined) => stores.find((each) => each.id === store)?.name ?? store;

  /** One code, typed, from a USB scanner or from the camera: sent with the count, condition, note and photos set now. */
  const scanCode = (typed: string) => {
    if (!typed || uploading) return;
    const howMany = Number(count);
    send({
      direction,
      code: typed,
      ...(scanningAt && { store: scanningAt }),
      ...(Number.isInteger(howMany) && howMany > 1 && { count: howMany }),
      ...(direction === 'in' && { condition }),
      ...(direction === 'in' && condition !== 'fine' && note.trim() && { note: note.trim() }),
      ...(direction === 'in' && condition !== 'fine' && photos.length && { photos }),
    });
    setCount('1');
    setNote('');
    setPhotos([]);
    setCondition('fine');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    scanCode(code.trim());
    setCode('');
    field.current?.focus();
  };

  if (error) return <Alert severity="error">{error}</Alert>;
  if (!sheet) return <LinearProgress aria-label={translate('backlot.dispatch.loading')} />;
  const title = sheet.production ?? sheet.name;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100, overflowWrap: 'break-word' }}>
      <Title title={translate('backlot.scan.title', { order: title })} />
      {printAlone}
      {/* On paper: whose sheet it is and when it was printed. */}
      <Box
        sx={{
          display: 'none',
          displayPrint: 'flex',
          justifyContent: 'space-between',
          mb: 1,
          borderBottom: 1,
          borderColor: 'divider',
          pb: 0.5,
        }}
      >
        <Typography sx={{ fontWeight: 700 }}>{tenant?.vendor.legalName ?? tenant?.vendor.name ?? tenantId}</Typography>
        <Typography variant="body2">
          {translate('backlot.scan.printedAt', { at: new Date().toLocaleString() })}
        </Typography>
      </Box>
      <Box sx={{ displayPrint: 'none', mb: 1 }}>
        <Button component={Link} to={`/t/${tenantId}/dispatch`} startIcon={<ArrowBackIcon />}>
          {translate('backlot.dispatch.back')}
        </Button>
      </Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        justifyContent="space-between"
        alignItems={{ sm: 'center' }}
        sx={{ mb: 2 }}
      >
        <Box>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          <Typography color="text.secondary">
            {sheet.name} · {sheet.studio ? `${sheet.studio} · ` : ''}
            {days(sheet.startDate, sheet.endDate)}
            {sheet.store && ` · ${translate('backlot.scan.fromStore', { store: storeName(sheet.store) })}`}
          </Typography>
        </Box>
        <StoreSelect
          stores={stores}
          value={scanningAt}
          onChange={setCrewStore}
          label={translate('backlot.scan.scanningAt')}
          none={translate('backlot.scan.ownStore', { store: storeName(sheet.store) })}
          sx={{ width: { xs: '100%', sm: 250 }, displayPrint: 'none' }}
        />
        <Stack direction="row" spacing={1} alignItems="center">
          <QuoteStateChip state={sheet.state} />
          {sheet.overdue && <Chip size="small" color="error" label={translate('backlot.dispatch.overdue')} />}
          <Button
            component={Link}
            to={`/t/${tenantId}/dispatch/labels?order=${encodeURIComponent(sheet.id)}`}
            startIcon={<QrCode2Icon />}
            sx={{ displayPrint: 'none' }}
          >
            {translate('backlot.labels.print')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<PrintIcon />}
            onClick={() => window.print()}
            sx={{ displayPrint: 'none' }}
          >
            {translate('backlot.scan.print')}
          </Button>
        </Stack>
      </Stack>

      {sheet.neverOut.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('backlot.dispatch.neverOut', { lines: neverOutSaid(sheet.neverOut) })}
        </Alert>
      )}
      <Card variant="outlined" sx={{ mb: 2, displayPrint: 'none' }}>
        <CardContent component="form" onSubmit={submit} aria-label={translate('backlot.scan.form')}>
          <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap sx={{ mb: 2 }}>
            <ToggleButtonGroup
              exclusive
              fullWidth
              size="small"
              value={direction}
              onChange={(_event, value: Direction | null) => value && setDirection(value)}
              sx={{ flex: '1 1 220px' }}
            >
              <ToggleButton value="out">{translate('backlot.scan.out')}</ToggleButton>
              <ToggleButton value="in">{translate('backlot.scan.in')}</ToggleButton>
            </ToggleButtonGroup>
            <ToggleButton
              size="small"
              value="camera"
              selected={camera}
              onChange={() => setCamera((on) => !on)}
              sx={{ flex: 'none', px: 2 }}
            >
              <CameraAltIcon fontSize="small" sx={{ mr: 1 }} />
              {translate('backlot.camera.toggle')}
            </ToggleButton>
            <Button
              size="small"
              variant="outlined"
              startIcon={<DrawIcon />}
              onClick={() => setHandingOver(true)}
              sx={{ flex: 'none' }}
            >
              {translate('backlot.handover.open')}
            </Button>
          </Stack>
          {handingOver && (
            <HandoverDialog
              tenantId={tenantId}
              orderId={sheet.id}
              direction={direction}
              onClose={() => setHandingOver(false)}
              onDone={(answer) => {
                setHandingOver(false);
                onAnswer(answer);
              }}
            />
          )}
          {camera && (
            <Box sx={{ mb: 2 }}>
              <CameraScanner onCode={scanCode} />
            </Box>
          )}
          {/* A grid, not a flex row: fixed tracks for the count and condition, so a select's own width never squeezes the scan field. */}
          <Box
            sx={{
              display: 'grid',
              gap: 1,
              gridTemplateColumns: {
                xs: '1fr',
                sm: direction === 'in' ? 'minmax(0, 1fr) 110px 150px auto' : 'minmax(0, 1fr) 110px auto',
              },
              alignItems: 'start',
            }}
          >
            <TextField
              inputRef={field}
              fullWidth
              label={translate('backlot.scan.code')}
              helperText={translate('backlot.scan.codeHelp')}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              slotProps={{
                htmlInput: { autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false, maxLength: 200 },
              }}
            />
            <TextField
              label={translate('backlot.scan.count')}
              type="number"
              value={count}
              onChange={(event) => setCount(event.target.value)}
              slotProps={{ htmlInput: { min: 1, max: 100000 } }}
            />
            {direction === 'in' && (
              <TextField
                select
                label={translate('backlot.scan.condition')}
                value={condition}
                onChange={(event) => setCondition(event.target.value as Condition)}
              >
                {(['fine', 'damaged', 'lost'] as const).map((value) => (
                  <MenuItem key={value} value={value}>
                    {translate(`backlot.scan.conditions.${value}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Button type="submit" variant="contained" disabled={uploading} sx={{ minWidth: 110, minHeight: 56 }}>
              {translate(direction === 'out' ? 'backlot.scan.sendOut' : 'backlot.scan.sendIn')}
            </Button>
          </Box>
          {direction === 'in' && condition !== 'fine' && (
            <TextField
              fullWidth
              multiline
              label={translate('backlot.scan.note')}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              sx={{ mt: 1 }}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
          )}
          {direction === 'in' && condition !== 'fine' && (
            <ConditionPhotos tenantId={tenantId} photos={photos} onChange={setPhotos} onBusy={setUploading} />
          )}
          <Box role="status" aria-live="assertive" sx={{ mt: 2 }}>
            {last && (
              <Alert severity={severityOf(last.outcome)} variant="filled" data-outcome={last.outcome}>
                {last.message}
              </Alert>
            )}
            {testable && (
              <Button variant="contained" color="warning" sx={{ mt: 1 }} onClick={() => setTesting(true)}>
                {translate('backlot.tests.testNow', { tag: testable.tag })}
              </Button>
            )}
            {testing && testable && (
              <TestUnitDialog
                tenantId={tenantId}
                tag={testable.tag}
                until={sheet.endDate}
                onClose={() => setTesting(false)}
                onDone={(_unit, result) => {
                  setTesting(false);
                  setTestable(undefined);
                  setLast({
                    outcome: result === 'pass' ? 'ok' : 'refused',
                    message: translate(
                      result === 'pass' ? 'backlot.tests.passedRescan' : 'backlot.tests.failedRepair',
                      {
                        tag: testable.tag,
                      },
                    ),
                  });
                  // Passed: the scan that was refused goes again, as if scanned once more.
                  if (result === 'pass') send({ direction: 'out', code: testable.code });
                  field.current?.focus();
                }}
              />
            )}
            {lender && (
              <Alert severity={lender.outcome === 'ok' ? 'success' : 'warning'} sx={{ mt: 1 }}>
                {translate(lender.outcome === 'ok' ? 'backlot.scan.lenderRecorded' : 'backlot.scan.lenderRefused', {
                  house: lender.houseName,
                  message: lender.message,
                })}
              </Alert>
            )}
            {waiting > 0 && (
              <Alert severity={offline ? 'warning' : 'info'} sx={{ mt: 1 }}>
                {translate(offline ? 'backlot.scan.offline' : 'backlot.scan.sending', { smart_count: waiting })}
              </Alert>
            )}
          </Box>
        </CardContent>
      </Card>

      <Typography variant="h6" component="h2" gutterBottom>
        {translate('backlot.scan.pullSheet')}
      </Typography>
      <PullSheetTable
        sheet={sheet}
        direction={direction}
        onKitBack={(kit, missing) =>
          send({
            direction: 'in',
            code: kit,
            ...(missing.length && { missing }),
          })
        }
      />

      {sheet.handovers.length > 0 && (
        <Box sx={{ mt: 3 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {translate('backlot.handover.list')}
          </Typography>
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {sheet.handovers.map((handover) => (
              <Stack component="li" key={handover.at} direction="row" spacing={2} alignItems="center">
                {handover.signature && (
                  <Box
                    component="img"
                    src={handover.signature}
                    alt={translate('backlot.handover.signatureOf', { name: handover.name })}
                    sx={{
                      width: 120,
                      height: 40,
                      objectFit: 'contain',
                      border: 1,
                      borderColor: 'divider',
                      borderRadius: 1,
                      bgcolor: '#fff',
                    }}
                  />
                )}
                <Typography variant="body2">
                  {translate(handover.direction === 'out' ? 'backlot.handover.out' : 'backlot.handover.in', {
                    name: handover.name,
                    when: new Date(handover.at).toLocaleString(),
                  })}
                  {handover.by && (
                    <Typography component="span" variant="caption" color="text.secondary">
                      {' '}
                      ({handover.by})
                    </Typography>
                  )}
                </Typography>
              </Stack>
            ))}
          </Stack>
        </Box>
      )}

      <HireCharges
        tenantId={tenantId}
        orderId={sheet.id}
        quoted={sheet.quoted}
        charges={sheet.charges}
        closed={sheet.state === 'closed'}
        money={money}
        onChanged={(answer) => {
          setSheet((current) => current && withAnswer(current, answer));
          setLast(answer.record);
        }}
      />

      {sheet.scans.length > 0 && (
        <Box sx={{ mt: 3, displayPrint: 'none' }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {translate('backlot.scan.log')}
          </Typography>
          <Stack component="ol" spacing={0.5} sx={{ pl: 0, listStyle: 'none', m: 0 }}>
            {[...sheet.scans].reverse().map((record) => (
              <Typography
                component="li"
                key={record.id}
                variant="body2"
                color={record.outcome === 'ok' ? 'text.primary' : 'error.main'}
              >
                {new Date(record.at).toLocaleTimeString()} ·{' '}
                {record.code === 'sub-hire' ? '⇄' : record.direction === 'out' ? '↑' : '↓'} {record.message}{' '}
                <Typography component="span" variant="caption" color="text.secondary">
                  ({record.by})
                </Typography>
              </Typography>
            ))}
          </Stack>
        </Box>
      )}
      {/* On paper: who picked it and who checked it, to sign. */}
      <Box sx={{ display: 'none', displayPrint: 'grid', gridTemplateColumns: '1fr 1fr', gap: 4, mt: 4 }}>
        {['pickedBy', 'checkedBy'].map((who) => (
          <Typography key={who} variant="body2" sx={{ borderTop: 1, pt: 0.5 }}>
            {translate(`backlot.scan.${who}`)}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
