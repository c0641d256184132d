/**
 * What each piece earns (/t/<tenantId>/earnings): per item or category over a period (the last 12
 * months unless chosen), its utilisation, hire revenue, what stock hired in earned and cost,
 * service costs, return on purchase cost and idle days, sortable by any column; the top and bottom
 * 20 by revenue as a chart; the same report as CSV or XLSX to download.
 */
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { StoreSelect } from '../components/StoreSelect';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { fetchUtils } from 'ra-core';
import { EARNINGS_COLUMNS, type EarningsRow } from '../../schema/rental/earnings';
import { addDays } from '../../schema/rental/quote-rules';
import { useQuoteTenant } from '../quote-requests/useQuoteTenant';

const EarningsChart = lazy(() => import('./EarningsChart'));

type By = 'item' | 'category' | 'unit' | 'store';
type Column = (typeof EARNINGS_COLUMNS)[number]['key'];
interface Report {
  from: string;
  to: string;
  orders: number;
  rows: EarningsRow[];
}
/** Columns a phone shows: the name, revenue and utilisation. */
const PHONE_COLUMNS = new Set<Column>(['name', 'revenue', 'utilisation']);
/** Columns only a wide screen shows (the files have every one). */
const WIDE_COLUMNS = new Set<Column>(['daysAvailable', 'subHireRevenue', 'subHireCost', 'purchaseCost']);
const shownAt = (column: Column) =>
  PHONE_COLUMNS.has(column)
    ? undefined
    : { display: { xs: 'none', ...(WIDE_COLUMNS.has(column) ? { xl: 'table-cell' } : { md: 'table-cell' }) } };
const MONEY = new Set<Column>(['revenue', 'subHireRevenue', 'subHireCost', 'serviceCost', 'purchaseCost']);

export function EarningsScreen() {
  const { tenantId = '' } = useParams();
  const translate = useTranslate();
  const { tenant, today, money } = useQuoteTenant(tenantId);
  const [by, setBy] = useState<By>('item');
  const [store, setStore] = useState('');
  const [chosen, setChosen] = useState<{ from?: string; to?: string }>({});
  const [sort, setSort] = useState<{ column: Column; descending: boolean }>({ column: 'revenue', descending: true });
  const [answered, setAnswered] = useState<{ key: string; report?: Report; error?: string }>();
  const to = chosen.to ?? (tenant ? today() : undefined);
  const from = chosen.from ?? (to ? addDays(to, -364) : undefined);
  const query = from && to ? `from=${from}&to=${to}&by=${by}${store ? `&store=${store}` : ''}` : undefined;
  const url = query && `/api/tenants/${encodeURIComponent(tenantId)}/earnings?${query}`;
  const loading = Boolean(url) && answered?.key !== url;

  useEffect(() => {
    if (!url) return;
    let current = true;
    fetchUtils.fetchJson(url).then(
      ({ json }) => current && setAnswered({ key: url, report: json as Report }),
      (failure: Error) => current && setAnswered({ key: url, error: failure.message }),
    );
    return () => {
      current = false;
    };
  }, [url]);

  const report = answered?.report;
  const sorted = useMemo(() => {
    const rows = [...(report?.rows ?? [])];
    const { column, descending } = sort;
    rows.sort((a, b) => {
      const [x, y] = [a[column], b[column]];
      const order =
        typeof x === 'number' || typeof y === 'number'
          ? Number(x ?? -Infinity) - Number(y ?? -Infinity)
          : String(x ?? '').localeCompare(String(y ?? ''));
      return descending ? -order : order;
    });
    return rows;
  }, [report, sort]);
  const byRevenue = useMemo(() => [...(report?.rows ?? [])].sort((a, b) => b.revenue - a.revenue), [report]);

  const cell = (row: EarningsRow, column: Column) => {
    const value = row[column];
    if (value === undefined) return '—';
    if (column === 'utilisation') return `${(Number(value) * 100).toFixed(1)}%`;
    if (column === 'returnOnCost') return `${Number(value).toFixed(2)}×`;
    if (MONEY.has(column)) return money(Number(value));
    return String(value);
  };
  const shown = EARNINGS_COLUMNS.filter((column) => column.key !== 'key');

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('backlot.earnings.title')} />
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center" sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ mr: 2 }}>
          {translate('backlot.earnings.title')}
        </Typography>
        <TextField
          type="date"
          size="small"
          label={translate('backlot.earnings.from')}
          value={from ?? ''}
          onChange={(event) => event.target.value && setChosen((was) => ({ ...was, from: event.target.value }))}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 170 }}
        />
        <TextField
          type="date"
          size="small"
          label={translate('backlot.earnings.to')}
          value={to ?? ''}
          onChange={(event) => event.target.value && setChosen((was) => ({ ...was, to: event.target.value }))}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 170 }}
        />
        <StoreSelect stores={tenant?.vendor.stores} value={store} onChange={setStore} />
        <ToggleButtonGroup
          exclusive
          size="small"
          value={by}
          aria-label={translate('backlot.earnings.by')}
          onChange={(_event, value: By | null) => value && setBy(value)}
        >
          <ToggleButton value="item">{translate('backlot.earnings.byItem')}</ToggleButton>
          <ToggleButton value="category">{translate('backlot.earnings.byCategory')}</ToggleButton>
          <ToggleButton value="unit">{translate('backlot.earnings.byUnit')}</ToggleButton>
          {/* Side by side, for a house with several stores. */}
          {(tenant?.vendor.stores?.length ?? 0) > 1 && (
            <ToggleButton value="store">{translate('backlot.earnings.byStore')}</ToggleButton>
          )}
        </ToggleButtonGroup>
        {(['csv', 'xlsx'] as const).map((format) => (
          <Button
            key={format}
            component="a"
            href={url ? `${url}&format=${format}` : undefined}
            download
            startIcon={<DownloadIcon />}
            disabled={!url}
          >
            {format.toUpperCase()}
          </Button>
        ))}
      </Stack>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={translate('backlot.earnings.loading')} />}</Box>
      {answered?.error && <Alert severity="error">{answered.error}</Alert>}
      {report && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('backlot.earnings.counted', { smart_count: report.orders })}
          </Typography>
          {report.rows.length === 0 ? (
            <Alert severity="info">{translate('backlot.earnings.empty')}</Alert>
          ) : (
            <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ mb: 2 }}>
              {(
                [
                  // Top: what earned; bottom: what earned least, nothing included (the stock to sell).
                  ['top', byRevenue.filter((row) => row.revenue > 0).slice(0, 20)],
                  ['bottom', byRevenue.slice(-20).reverse()],
                ] as const
              ).map(([which, rows]) => (
                <Box key={which} sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="subtitle1" component="h2">
                    {translate(`backlot.earnings.${which}`)}
                  </Typography>
                  <Suspense fallback={<LinearProgress />}>
                    <EarningsChart rows={rows} label={translate(`backlot.earnings.${which}`)} money={money} />
                  </Suspense>
                </Box>
              ))}
            </Stack>
          )}
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={translate('backlot.earnings.title')}>
              <TableHead>
                <TableRow>
                  {shown.map((column) => (
                    <TableCell
                      key={column.key}
                      align={column.key === 'name' ? 'left' : 'right'}
                      sortDirection={sort.column === column.key ? (sort.descending ? 'desc' : 'asc') : false}
                      sx={shownAt(column.key)}
                    >
                      <TableSortLabel
                        active={sort.column === column.key}
                        direction={sort.column === column.key && sort.descending ? 'desc' : 'asc'}
                        onClick={() =>
                          setSort((was) => ({
                            column: column.key,
                            descending: was.column === column.key ? !was.descending : column.key !== 'name',
                          }))
                        }
                      >
                        {column.title}
                      </TableSortLabel>
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {sorted.slice(0, 500).map((row) => (
                  <TableRow key={row.key}>
                    {shown.map((column) => (
                      <TableCell
                        key={column.key}
                        align={column.key === 'name' ? 'left' : 'right'}
                        sx={shownAt(column.key)}
                      >
                        {cell(row, column.key)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          {sorted.length > 500 && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {translate('backlot.earnings.more', { shown: 500, total: sorted.length })}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
