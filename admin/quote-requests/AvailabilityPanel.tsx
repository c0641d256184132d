/**
 * What else is booked on a request's items: the other holds and orders over its dates (with the
 * turnaround), and for one item at a time a timeline of its free quantity per day, a week either
 * side of the hire, with the bookings behind it. Days of this hire are outlined; a day with fewer
 * free than asked for is red.
 */
import { Alert, Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { addDays } from '../../schema/rental/quote-rules';
import { AvailabilityTimeline } from './AvailabilityTimeline';
import { BookingsTable } from './BookingsTable';
import type { PricingView } from './quote-api';
import { useAvailability } from './useAvailability';

export function AvailabilityPanel({ tenantId, view }: { tenantId: string; view: PricingView }) {
  const translate = useTranslate();
  const [chosen, setChosen] = useState(view.lines[0].objectID);
  // The item chosen, while it is one of this request's lines: the page is kept when the console moves
  // to another request (or the lines change), and then shows that request's first line.
  const objectID = view.lines.some((entry) => entry.objectID === chosen) ? chosen : view.lines[0].objectID;
  const { timeline, problem } = useAvailability(
    tenantId,
    objectID,
    addDays(view.startDate, -7),
    addDays(view.endDate, 7),
    view.version,
  );
  const line = view.lines.find((entry) => entry.objectID === objectID)!;
  const name = (id: string) => view.lines.find((entry) => entry.objectID === id)?.name ?? id;
  return (
    <Box component="section" aria-labelledby="availability-heading">
      <Typography id="availability-heading" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {translate('backlot.quotes.availability')}
      </Typography>
      {view.conflicts.length ? (
        <Box sx={{ mb: 2 }}>
          <BookingsTable
            tenantId={tenantId}
            label={translate('backlot.quotes.otherBookings')}
            bookings={view.conflicts}
            itemName={name}
          />
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(view.softClashes.length ? 'backlot.quotes.noOtherHolds' : 'backlot.quotes.noOtherBookings')}
        </Typography>
      )}
      {view.softClashes.length > 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {translate('backlot.quotes.softClashes')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {view.softClashes.map((clash) => (
              <li key={`${clash.quoteId}-${clash.objectID}`}>
                <Link to={`/t/${tenantId}/quote-requests/${encodeURIComponent(clash.quoteId)}`}>{clash.who}</Link>
                {': '}
                {translate('backlot.quotes.softClash', {
                  quantity: clash.quantity,
                  item: name(clash.objectID),
                  from: clash.firstDay,
                  to: clash.lastDay,
                  state: translate(`backlot.quotes.states.${clash.state}`),
                })}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1, sm: 2 }}
        alignItems={{ sm: 'center' }}
        sx={{ mb: 1 }}
      >
        <TextField
          select
          size="small"
          label={translate('backlot.quotes.timelineOf')}
          value={objectID}
          onChange={(event) => setChosen(event.target.value)}
          sx={{ minWidth: 240 }}
        >
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
        <AvailabilityTimeline
          timeline={timeline}
          hire={view}
          // Once this request holds its items, they are among the bookings counted here.
          isShort={(day) =>
            day.date >= view.startDate && day.date <= view.endDate && view.hold === 'none' && day.free < line.quantity
          }
        />
      )}
    </Box>
  );
}
