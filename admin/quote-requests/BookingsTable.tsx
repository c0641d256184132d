/**
 * Holds and orders as a table, each linked to its request: on a request's availability panel (the
 * other bookings on its items, with the item's name) and on an item's page (its own, with the
 * production and who asked). It scrolls sideways inside its card on a phone, reachable by keyboard.
 */
import { isHiredIn, isOffShelf, isOutEarly, isTransfer, orderOfOutEarly } from '../../schema/rental/availability';
import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { Link, useTranslate } from 'react-admin';
import type { Booking } from '../../schema/rental/availability';
import { ordinal } from '../../schema/rental/holds';

type ShownBooking = Booking & { lapsed?: boolean; who?: string; production?: string; rank?: number };

export interface BookingsTableProps {
  tenantId: string;
  label: string;
  bookings: readonly ShownBooking[];
  /** Adds an Item column first, naming each booking's item. */
  itemName?: (objectID: string) => string;
  /** Adds a Production column (the production and who asked). */
  withProduction?: boolean;
}

export function BookingsTable({ tenantId, label, bookings, itemName, withProduction = false }: BookingsTableProps) {
  const translate = useTranslate();
  return (
    <Box role="region" aria-label={label} tabIndex={0} sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {itemName && <TableCell>{translate('backlot.quotes.item')}</TableCell>}
            <TableCell>{translate('backlot.quotes.kind')}</TableCell>
            <TableCell align="right">{translate('backlot.quotes.quantity')}</TableCell>
            <TableCell>{translate('backlot.quotes.dates')}</TableCell>
            {withProduction && <TableCell>{translate('backlot.quotes.production')}</TableCell>}
            <TableCell>{translate('backlot.quotes.request')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {bookings.map((booking) => (
            <TableRow
              key={`${booking.quoteId}-${booking.objectID}-${booking.firstDay}`}
              sx={{ opacity: booking.lapsed ? 0.6 : 1 }}
            >
              {itemName && <TableCell>{itemName(booking.objectID)}</TableCell>}
              <TableCell>
                {booking.rank
                  ? translate('backlot.holds.rank', { rank: ordinal(booking.rank) })
                  : translate(`backlot.quotes.holds.${booking.kind}`)}
                {booking.lapsed && ` (${translate('backlot.quotes.lapsed')})`}
              </TableCell>
              <TableCell align="right">{booking.quantity}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {/* Stock off the shelf runs until it is back: its start, not a two-century span. */}
                {isOffShelf(booking)
                  ? translate('backlot.quotes.since', { day: booking.firstDay })
                  : isTransfer(booking)
                    ? translate('backlot.quotes.moved', { day: booking.firstDay })
                    : `${booking.firstDay} → ${booking.lastDay}`}
              </TableCell>
              {withProduction && (
                <TableCell>{[booking.production, booking.who].filter(Boolean).join(' · ') || '—'}</TableCell>
              )}
              <TableCell>
                {isOffShelf(booking) || isHiredIn(booking) || isTransfer(booking) ? (
                  '—'
                ) : (
                  <Link
                    to={`/t/${tenantId}/quote-requests/${encodeURIComponent(isOutEarly(booking) ? orderOfOutEarly(booking) : booking.quoteId)}`}
                  >
                    {translate('backlot.quotes.open')}
                  </Link>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
