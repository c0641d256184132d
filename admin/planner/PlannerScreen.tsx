/**
 * The planner (/t/<tenantId>/planner): every item's orders, holds, repairs and shortages over two
 * weeks, a month or three, read in one call for the range (planner-api.ts) and drawn by
 * PlannerGrid: a row per item, or per unit of the items tracked unit by unit (where each has been).
 * Earlier and Later move by the span; a group and a search narrow the rows. A legend says what
 * each colour is.
 */
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { addDays } from '../../schema/rental/quote-rules';
import { useQuoteTenant } from '../quote-requests/useQuoteTenant';
import { plannerApi, type Planner } from './planner-api';
import { StoreSelect } from '../components/StoreSelect';
import { KIND_COLOURS, PlannerGrid } from './PlannerGrid';

/** The spans the planner draws, in days, and each one's day width. */
const SPANS = { 14: 48, 31: 32, 92: 20 } as const;
type Span = keyof typeof SPANS;

export function PlannerScreen() {
  const { tenantId = '' } = useParams();
  const translate = useTranslate();
  const { tenant, today, days } = useQuoteTenant(tenantId);
  const [span, setSpan] = useState<Span>(14);
  const [from, setFrom] = useState<string>();
  const [group, setGroup] = useState('');
  const [category, setCategory] = useState('');
  const [store, setStore] = useState('');
  const [rows, setRows] = useState<'items' | 'units'>('items');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  /** The last answer, with the query it answers: a newer query is loading until its answer comes. */
  const [answered, setAnswered] = useState<{ key: string; planner?: Planner; error?: string }>();
  const start = from ?? (tenant ? today() : undefined);
  const to = start && addDays(start, Number(span) - 1);
  const key = JSON.stringify([start, to, group, category, search, store, rows]);
  const loading = Boolean(start) && answered?.key !== key;
  const planner = answered?.planner;
  const error = answered?.error;

  // The search is asked once typing pauses.
  useEffect(() => {
    const pause = setTimeout(() => setSearch(typed), 300);
    return () => clearTimeout(pause);
  }, [typed]);
  useEffect(() => {
    if (!start || !to) return;
    let current = true;
    plannerApi.read(tenantId, { from: start, to, group, category, q: search, store, rows }).then(
      (read) => current && setAnswered({ key, planner: read }),
      (failure: Error) =>
        current &&
        setAnswered((last) => ({ key, ...(last?.planner && { planner: last.planner }), error: failure.message })),
    );
    return () => {
      current = false;
    };
  }, [tenantId, start, to, group, category, search, store, rows, key]);

  // Each category's heading in the grid, by its names ("Studio Gear · Lighting").
  const headings = useMemo(
    () =>
      new Map(
        (tenant?.categories.groups ?? []).flatMap((entry) =>
          entry.categories.map((category) => [`${entry.slug}/${category.slug}`, `${entry.name} · ${category.name}`]),
        ),
      ),
    [tenant],
  );
  const rentalGroups = (tenant?.categories.groups ?? []).filter((entry) => entry.kind !== 'service');

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('backlot.planner.title')} />
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1}
        alignItems={{ md: 'center' }}
        sx={{ mb: 1 }}
        useFlexGap
        flexWrap="wrap"
      >
        <Typography variant="h5" component="h1" sx={{ mr: 2 }}>
          {translate('backlot.planner.title')}
        </Typography>
        <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
          <Button
            aria-label={translate('backlot.planner.earlier')}
            onClick={() => start && setFrom(addDays(start, -Number(span)))}
            startIcon={<ChevronLeftIcon />}
          >
            {translate('backlot.planner.earlier')}
          </Button>
          <Typography sx={{ minWidth: { sm: 170 }, textAlign: 'center' }}>
            {start && to ? days(start, to) : '…'}
          </Typography>
          <Button
            aria-label={translate('backlot.planner.later')}
            onClick={() => start && setFrom(addDays(start, Number(span)))}
            endIcon={<ChevronRightIcon />}
          >
            {translate('backlot.planner.later')}
          </Button>
          <Button onClick={() => setFrom(undefined)}>{translate('backlot.planner.today')}</Button>
        </Stack>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={span}
          aria-label={translate('backlot.planner.span')}
          onChange={(_event, value: Span | null) => value && setSpan(value)}
        >
          {(Object.keys(SPANS) as unknown as Span[]).map((days) => (
            <ToggleButton key={days} value={Number(days)}>
              {translate(`backlot.planner.spans.${days}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 1 }}>
        <TextField
          select
          size="small"
          label={translate('backlot.planner.group')}
          value={group}
          onChange={(event) => {
            setGroup(event.target.value);
            setCategory('');
          }}
          sx={{ width: { xs: '100%', sm: 220 } }}
        >
          <MenuItem value="">{translate('backlot.planner.allGroups')}</MenuItem>
          {rentalGroups.map((entry) => (
            <MenuItem key={entry.slug} value={entry.slug}>
              {entry.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={translate('backlot.planner.category')}
          value={category}
          disabled={!group}
          onChange={(event) => setCategory(event.target.value)}
          sx={{ width: { xs: '100%', sm: 220 } }}
        >
          <MenuItem value="">{translate('backlot.planner.allCategories')}</MenuItem>
          {(rentalGroups.find((entry) => entry.slug === group)?.categories ?? []).map((entry) => (
            <MenuItem key={entry.slug} value={entry.slug}>
              {entry.name}
            </MenuItem>
          ))}
        </TextField>
        <StoreSelect
          stores={tenant?.vendor.stores}
          value={store}
          onChange={setStore}
          sx={{ width: { xs: '100%', sm: 180 } }}
        />
        <TextField
          size="small"
          type="search"
          label={translate('backlot.planner.search')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          sx={{ width: { xs: '100%', sm: 280 } }}
        />
        <ToggleButtonGroup
          exclusive
          size="small"
          value={rows}
          aria-label={translate('backlot.planner.rows')}
          sx={{ alignSelf: 'center' }}
          onChange={(_event, value: 'items' | 'units' | null) => value && setRows(value)}
        >
          <ToggleButton value="items">{translate('backlot.planner.byItem')}</ToggleButton>
          <ToggleButton value="units">{translate('backlot.planner.byUnit')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        flexWrap="wrap"
        sx={{ mb: 1 }}
        aria-label={translate('backlot.planner.legend')}
      >
        {Object.entries(KIND_COLOURS).map(([kind, colour]) => (
          <Stack key={kind} direction="row" spacing={0.5} alignItems="center">
            <Box sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: colour }} />
            <Typography variant="caption">{translate(`backlot.planner.kinds.${kind}`)}</Typography>
          </Stack>
        ))}
        <Stack direction="row" spacing={0.5} alignItems="center">
          <Box
            sx={{ width: 14, height: 14, bgcolor: 'rgba(198, 40, 40, 0.14)', border: 2, borderColor: 'error.main' }}
          />
          <Typography variant="caption">{translate('backlot.planner.overbooked')}</Typography>
        </Stack>
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={translate('backlot.planner.loading')} />}</Box>
      {planner && planner.rows.length === 0 && (
        <Alert severity="info">
          {translate(rows === 'units' ? 'backlot.planner.noUnits' : 'backlot.planner.empty')}
        </Alert>
      )}
      {planner && planner.rows.length > 0 && (
        <PlannerGrid tenantId={tenantId} planner={planner} dayWidth={SPANS[span]} headings={headings} />
      )}
    </Box>
  );
}
