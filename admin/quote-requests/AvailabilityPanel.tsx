/**
 * What else is booked on a request's items: the other holds and orders over its dates (with the
 * turnaround), and for one item at a time a timeline of its free quantity per day, a week either
 * side of the hire, with the bookings behind it. Days of this hire are outlined; a day with fewer
 * free than asked for is red.
 */
import { Alert, Box, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link, useTranslate } from 'react-admin';
import { addDays } from '../../schema/quote-rules';
import { quoteApi, type AvailabilityView, type PricingView } from './quote-api';

const monthName = new Intl.DateTimeFormat(undefined, { month: 'short', timeZone: 'UTC' });

export function AvailabilityPanel({ tenantId, view }: { tenantId: string; view: PricingView }) {
  const translate = useTranslate();
  const [objectID, setObjectID] = useState(view.lines[0].objectID);
  const [timeline, setTimeline] = useState<AvailabilityView>();
  const [problem, setProblem] = useState<string>();
  const line = view.lines.find((entry) => entry.objectID === objectID)!;
  useEffect(() => {
    let live = true;
    quoteApi.availability(tenantId, objectID, addDays(view.startDate, -7), addDays(view.endDate, 7)).then(
      (answer) => {
        if (!live) return;
        setTimeline(answer);
        setProblem(undefined);
      },
      (error: Error) => live && setProblem(error.message),
    );
    return () => void (live = false);
  }, [tenantId, objectID, view.startDate, view.endDate, view.version]);
  const name = (id: string) => view.lines.find((entry) => entry.objectID === id)?.name ?? id;
  return (
    <Box component="section" aria-labelledby="availability-heading">
      <Typography id="availability-heading" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {translate('backlot.quotes.availability')}
      </Typography>
      {view.conflicts.length ? (
        <Table size="small" aria-label={translate('backlot.quotes.otherBookings')} sx={{ mb: 2 }}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('backlot.quotes.item')}</TableCell>
              <TableCell>{translate('backlot.quotes.kind')}</TableCell>
              <TableCell align="right">{translate('backlot.quotes.quantity')}</TableCell>
              <TableCell>{translate('backlot.quotes.dates')}</TableCell>
              <TableCell>{translate('backlot.quotes.request')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {view.conflicts.map((booking) => (
              <TableRow key={`${booking.quoteId}-${booking.objectID}`}>
                <TableCell>{name(booking.objectID)}</TableCell>
                <TableCell>{translate(`backlot.quotes.holds.${booking.kind}`)}</TableCell>
                <TableCell align="right">{booking.quantity}</TableCell>
                <TableCell>
                  {booking.firstDay} → {booking.lastDay}
                </TableCell>
                <TableCell>
                  <Link to={`/t/${tenantId}/quote-requests/${encodeURIComponent(booking.quoteId)}`}>{translate('backlot.quotes.open')}</Link>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('backlot.quotes.noOtherBookings')}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }} alignItems={{ sm: 'center' }} sx={{ mb: 1 }}>
        <TextField select size="small" label={translate('backlot.quotes.timelineOf')} value={objectID} onChange={(event) => setObjectID(event.target.value)} sx={{ minWidth: 240 }}>
          {view.lines.map((entry) => (
            <MenuItem key={entry.objectID} value={entry.objectID}>
              {entry.name}
            </MenuItem>
          ))}
        </TextField>
        {timeline && (
          <Typography variant="body2" color="text.secondary">
            {translate('backlot.quotes.stockAndTurnaround', { stock: timeline.stock, days: timeline.turnaroundDays })}
          </Typography>
        )}
      </Stack>
      {problem && <Alert severity="error">{problem}</Alert>}
      {timeline && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('backlot.quotes.freePerDay', { name: timeline.name })} sx={{ '& td, & th': { px: 0.5, textAlign: 'center', minWidth: 34 } }}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="row" sx={{ textAlign: 'left !important' }}>
                  {translate('backlot.quotes.dayHeading')}
                </TableCell>
                {timeline.days.map((day, index) => (
                  <TableCell key={day.date} title={day.date} sx={{ fontWeight: day.date >= view.startDate && day.date <= view.endDate ? 700 : 400, lineHeight: 1.2 }}>
                    {day.date.slice(8)}
                    {/* The month under the first day shown and under each 1st. */}
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
                  const inHire = day.date >= view.startDate && day.date <= view.endDate;
                  // Once this request holds its items, they are among the bookings counted here.
                  const short = inHire && view.hold === 'none' && day.free < line.quantity;
                  return (
                    <TableCell
                      key={day.date}
                      aria-label={`${day.date}: ${day.free}`}
                      sx={{
                        bgcolor: short ? 'error.light' : day.free === 0 ? 'grey.300' : 'success.50',
                        color: short ? 'error.contrastText' : undefined,
                        outline: inHire ? '2px solid' : 'none',
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
      )}
    </Box>
  );
}
