/**
 * Under an item's form: its free quantity per day over five weeks (from today, paged a span at a
 * time), with the holds and orders behind it, each linked to its request. The same timeline as a
 * request's availability panel; what a prop house checks before promising the item on the phone.
 */
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { addDays } from '../../schema/rental/quote-rules';
import { AvailabilityTimeline } from '../quote-requests/AvailabilityTimeline';
import { BookingsTable } from '../quote-requests/BookingsTable';
import { useAvailability } from '../quote-requests/useAvailability';

/** Days shown at once, and how far Earlier and Later move. */
const SPAN_DAYS = 35;
/** Today on this computer's calendar, as YYYY-MM-DD. */
const localToday = () => new Date().toLocaleDateString('en-CA');

/** `refresh`: read again whenever it changes (a unit moved below). */
export function ItemAvailability({
  tenantId,
  objectID,
  refresh,
}: {
  tenantId: string;
  objectID: string;
  refresh?: unknown;
}) {
  const translate = useTranslate();
  const [from, setFrom] = useState(localToday);
  const to = addDays(from, SPAN_DAYS - 1);
  const { timeline, problem } = useAvailability(tenantId, objectID, from, to, refresh);
  return (
    <Card component="section" aria-labelledby="item-availability-heading" sx={{ mt: 2 }}>
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          alignItems={{ sm: 'center' }}
          justifyContent="space-between"
          sx={{ mb: 1 }}
        >
          <Box>
            <Typography id="item-availability-heading" variant="h6" component="h2">
              {translate('backlot.quotes.availability')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('backlot.items.availabilitySpan', { from, to })}
              {timeline &&
                ` · ${translate('backlot.quotes.stockAndTurnaround', { stock: timeline.stock, days: timeline.turnaroundDays })}`}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1}>
            <Button size="small" onClick={() => setFrom(addDays(from, -SPAN_DAYS))}>
              {translate('backlot.items.earlier')}
            </Button>
            <Button size="small" onClick={() => setFrom(localToday())} disabled={from === localToday()}>
              {translate('backlot.items.today')}
            </Button>
            <Button size="small" onClick={() => setFrom(addDays(from, SPAN_DAYS))}>
              {translate('backlot.items.later')}
            </Button>
          </Stack>
        </Stack>
        {problem ? (
          <Alert severity="error">{problem}</Alert>
        ) : !timeline ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
            <CircularProgress size={24} aria-label={translate('backlot.items.availabilityLoading')} />
          </Box>
        ) : (
          <>
            <AvailabilityTimeline timeline={timeline} />
            {timeline.bookings.length ? (
              <Box sx={{ mt: 2 }}>
                <BookingsTable
                  tenantId={tenantId}
                  label={translate('backlot.items.bookingsOf', { name: timeline.name })}
                  bookings={timeline.bookings}
                  withProduction
                />
              </Box>
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {translate('backlot.items.noBookings')}
              </Typography>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
