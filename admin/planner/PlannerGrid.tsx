/**
 * The planner's grid: a row per item under its category's heading (or per unit, under its
 * item's), a column per day, each booking a bar across its days (coloured by kind: order, hold, repair, lost, hired in), each run of days
 * overbooked marked in red with how many too many. Only the rows on screen are drawn
 * (@tanstack/react-virtual): 5,000 items scroll as smoothly as fifty. Bars are buttons: a click,
 * Enter or Space opens the order.
 */
import { Box, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { dayCount } from '../../schema/rental/quote-rules';
import { daysFrom } from '../../schema/rental/availability';
import type { Planner } from './planner-api';

const ROW_HEIGHT = 36;

/** A bar's colour by what it is. */
export const KIND_COLOURS: Record<string, string> = {
  order: '#1e3a5f',
  pencil: '#c77700',
  repair: '#6b6b6b',
  lost: '#8b1a1a',
  subHire: '#2e7d6b',
  outEarly: '#4a6fa5',
};

type Entry = { heading: string } | { row: number };

export function PlannerGrid({
  tenantId,
  planner,
  dayWidth,
  headings,
}: {
  tenantId: string;
  planner: Planner;
  dayWidth: number;
  /** Each category's heading by `group/category`. */
  headings: ReadonlyMap<string, string>;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  // The names' column: narrower on a phone, where the days matter more.
  const NAME_WIDTH = useMediaQuery(useTheme().breakpoints.down('sm')) ? 130 : 240;
  const scroller = useRef<HTMLDivElement>(null);
  const days = useMemo(() => daysFrom(planner.from, planner.to), [planner.from, planner.to]);
  // Rows under their category's heading, and each row's bars and shortages, found once.
  const { entries, barsOf, shortOf } = useMemo(() => {
    const entries: Entry[] = [];
    let last = '';
    planner.rows.forEach((row, index) => {
      const category = headings.get(`${row.group}/${row.category}`) ?? `${row.group} · ${row.category}`;
      // Units sit under their item's heading, each row named by its tag.
      const heading = row.tag ? `${category} · ${row.name}` : category;
      if (heading !== last) entries.push({ heading });
      last = heading;
      entries.push({ row: index });
    });
    const barsOf = new Map<number, Planner['bars']>();
    for (const bar of planner.bars) (barsOf.get(bar.row) ?? barsOf.set(bar.row, []).get(bar.row)!).push(bar);
    const shortOf = new Map<number, Planner['short']>();
    for (const run of planner.short) (shortOf.get(run.row) ?? shortOf.set(run.row, []).get(run.row)!).push(run);
    return { entries, barsOf, shortOf };
  }, [planner, headings]);
  // TanStack's virtualizer keeps its own state: the compiler leaves this component unmemoized, as it should.
  // eslint-disable-next-line react-hooks/incompatible-library
  const rows = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const width = NAME_WIDTH + days.length * dayWidth;
  const left = (day: string) => (dayCount(planner.from, day) - 1) * dayWidth;
  const span = (from: string, to: string) => dayCount(from, to) * dayWidth;

  return (
    <Box
      ref={scroller}
      role="grid"
      aria-label={translate('backlot.planner.grid')}
      aria-rowcount={entries.length}
      sx={{ height: '70vh', overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
    >
      <Box sx={{ width, position: 'relative' }}>
        {/* The days along the top, kept in view while scrolling down. */}
        <Box
          role="row"
          sx={{ display: 'flex', position: 'sticky', top: 0, zIndex: 3, bgcolor: 'background.paper', height: 40 }}
        >
          <Box
            role="columnheader"
            sx={{
              width: NAME_WIDTH,
              flex: 'none',
              position: 'sticky',
              left: 0,
              bgcolor: 'background.paper',
              zIndex: 4,
              borderBottom: 1,
              borderColor: 'divider',
              px: 1,
              display: 'flex',
              alignItems: 'center',
              fontWeight: 600,
            }}
          >
            {translate('backlot.planner.item')}
          </Box>
          {days.map((day) => {
            const date = new Date(`${day}T12:00:00Z`);
            const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6;
            return (
              <Box
                key={day}
                role="columnheader"
                title={day}
                sx={{
                  width: dayWidth,
                  flex: 'none',
                  fontSize: 11,
                  textAlign: 'center',
                  borderBottom: 1,
                  borderLeft: date.getUTCDate() === 1 ? 2 : 1,
                  borderColor: 'divider',
                  bgcolor: weekend ? 'action.hover' : undefined,
                  lineHeight: 1.2,
                  pt: 0.5,
                }}
              >
                {date.getUTCDate()}
                <br />
                {date.getUTCDate() === 1 || day === planner.from
                  ? date.toLocaleDateString(undefined, { month: 'short', timeZone: 'UTC' })
                  : date.toLocaleDateString(undefined, { weekday: 'narrow', timeZone: 'UTC' })}
              </Box>
            );
          })}
        </Box>
        <Box sx={{ height: rows.getTotalSize(), position: 'relative' }}>
          {rows.getVirtualItems().map((virtual) => {
            const entry = entries[virtual.index]!;
            const top = virtual.start;
            if ('heading' in entry)
              return (
                <Box
                  key={virtual.key}
                  role="row"
                  sx={{
                    position: 'absolute',
                    top,
                    left: 0,
                    width,
                    height: ROW_HEIGHT,
                    bgcolor: 'grey.100',
                    borderBottom: 1,
                    borderColor: 'divider',
                  }}
                >
                  <Typography
                    role="rowheader"
                    variant="subtitle2"
                    sx={{ position: 'sticky', left: 0, px: 1, lineHeight: `${ROW_HEIGHT}px`, width: NAME_WIDTH * 2 }}
                  >
                    {entry.heading}
                  </Typography>
                </Box>
              );
            const row = planner.rows[entry.row]!;
            return (
              <Box
                key={virtual.key}
                role="row"
                aria-rowindex={virtual.index + 1}
                sx={{
                  position: 'absolute',
                  top,
                  left: 0,
                  width,
                  height: ROW_HEIGHT,
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <Box
                  role="rowheader"
                  title={row.tag ? `${row.name} ${row.tag}` : row.name}
                  sx={{
                    position: 'sticky',
                    left: 0,
                    zIndex: 2,
                    width: NAME_WIDTH,
                    height: ROW_HEIGHT,
                    bgcolor: 'background.paper',
                    borderRight: 1,
                    borderColor: 'divider',
                    px: 1,
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1,
                    fontSize: 13,
                  }}
                >
                  <Box
                    component="span"
                    sx={{
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                      flex: 1,
                      ...(row.tag && { fontFamily: 'monospace' }),
                    }}
                  >
                    {row.tag ?? row.name}
                  </Box>
                  {/* A unit's row is named by its tag (its item heads the rows); an item's says its stock. */}
                  {!row.tag && (
                    <Box component="span" sx={{ color: 'text.secondary', fontSize: 12 }}>
                      {row.stock}
                    </Box>
                  )}
                </Box>
                {(shortOf.get(entry.row) ?? []).map((run) => (
                  <Box
                    key={`short-${run.from}`}
                    title={translate('backlot.planner.over', { over: run.over, from: run.from, to: run.to })}
                    sx={{
                      position: 'absolute',
                      top: 0,
                      height: ROW_HEIGHT,
                      left: NAME_WIDTH + left(run.from),
                      width: span(run.from, run.to),
                      bgcolor: 'rgba(198, 40, 40, 0.14)',
                      borderTop: 2,
                      borderBottom: 2,
                      borderColor: 'error.main',
                      color: 'error.main',
                      fontSize: 11,
                      fontWeight: 700,
                      textAlign: 'right',
                      pr: 0.5,
                    }}
                  >
                    +{run.over}
                  </Box>
                ))}
                {(barsOf.get(entry.row) ?? []).map((bar, index) => {
                  const label = translate(`backlot.planner.kinds.${bar.kind}`);
                  const opens = bar.kind === 'order' || bar.kind === 'pencil' || bar.kind === 'outEarly';
                  const orderId = bar.kind === 'outEarly' ? bar.quoteId.split(':')[1]! : bar.quoteId;
                  const what = row.tag ? `${row.name} ${row.tag}` : `${bar.quantity} × ${row.name}`;
                  const said = `${bar.who ?? label}: ${what}, ${bar.from} – ${bar.to} (${label})`;
                  return (
                    <Box
                      key={`${bar.quoteId}-${index}`}
                      component={opens ? 'button' : 'span'}
                      type={opens ? 'button' : undefined}
                      aria-label={said}
                      title={said}
                      onClick={
                        opens
                          ? () => navigate(`/t/${tenantId}/quote-requests/${encodeURIComponent(orderId)}`)
                          : undefined
                      }
                      sx={{
                        position: 'absolute',
                        top: 6,
                        height: ROW_HEIGHT - 12,
                        left: NAME_WIDTH + left(bar.from) + 1,
                        width: Math.max(4, span(bar.from, bar.to) - 2),
                        bgcolor: KIND_COLOURS[bar.kind],
                        opacity: bar.kind === 'pencil' ? 0.85 : 1,
                        color: '#fff',
                        border: 0,
                        borderRadius: 1,
                        fontSize: 11,
                        px: 0.5,
                        overflow: 'hidden',
                        whiteSpace: 'nowrap',
                        textOverflow: 'ellipsis',
                        textAlign: 'left',
                        cursor: opens ? 'pointer' : 'default',
                        fontFamily: 'inherit',
                        lineHeight: `${ROW_HEIGHT - 12}px`,
                        '&:focus-visible': { outline: '3px solid', outlineColor: 'warning.main', outlineOffset: 1 },
                      }}
                    >
                      {bar.quantity > 1 ? `${bar.quantity} × ` : ''}
                      {bar.who ?? label}
                    </Box>
                  );
                })}
              </Box>
            );
          })}
        </Box>
      </Box>
    </Box>
  );
}
