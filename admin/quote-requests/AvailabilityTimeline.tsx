/**
 * One item's free quantity per day, as a row of days under their dates (the month under the first
 * day shown and under each 1st). Days of a hire, when given, are outlined and bold; a day the
 * caller calls short is red, a day with none free grey. Used by a request's availability panel and
 * by an item's own page.
 */
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AvailabilityView } from './quote-api';

const monthName = new Intl.DateTimeFormat(undefined, { month: 'short', timeZone: 'UTC' });

export interface AvailabilityTimelineProps {
  timeline: AvailabilityView;
  /** The hire's first and last days, outlined. */
  hire?: { startDate: string; endDate: string };
  /** Whether a day has fewer free than needed (red). */
  isShort?: (day: { date: string; free: number }) => boolean;
}

export function AvailabilityTimeline({ timeline, hire, isShort = () => false }: AvailabilityTimelineProps) {
  const translate = useTranslate();
  const inHire = (date: string) => Boolean(hire && date >= hire.startDate && date <= hire.endDate);
  const label = translate('backlot.quotes.freePerDay', { name: timeline.name });
  return (
    // Wider than a phone: it scrolls sideways, so the keyboard can reach it (tabIndex) to scroll it.
    <Box role="region" aria-label={label} tabIndex={0} sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label} sx={{ '& td, & th': { px: 0.5, textAlign: 'center', minWidth: 34 } }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="row" sx={{ textAlign: 'left !important' }}>
              {translate('backlot.quotes.dayHeading')}
            </TableCell>
            {timeline.days.map((day, index) => (
              <TableCell
                key={day.date}
                title={day.date}
                sx={{ fontWeight: inHire(day.date) ? 700 : 400, lineHeight: 1.2 }}
              >
                {day.date.slice(8)}
                {(index === 0 || day.date.endsWith('-01')) && (
                  <Typography variant="caption" display="block" color="text.secondary">
                    {monthName.format(new Date(`${day.date}T12:00:00Z`))}
                  </Typography>
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell component="th" scope="row" sx={{ textAlign: 'left !important' }}>
              {translate('backlot.quotes.free')}
            </TableCell>
            {timeline.days.map((day) => {
              const short = isShort(day);
              return (
                <TableCell
                  key={day.date}
                  aria-label={`${day.date}: ${day.free}`}
                  sx={{
                    bgcolor: short ? 'error.light' : day.free === 0 ? 'grey.300' : 'success.50',
                    color: short ? 'error.contrastText' : undefined,
                    outline: inHire(day.date) ? '2px solid' : 'none',
                    outlineColor: 'primary.main',
                    outlineOffset: -2,
                  }}
                >
                  {day.free}
                </TableCell>
              );
            })}
          </TableRow>
        </TableBody>
      </Table>
    </Box>
  );
}
