/** A request's state as a chip, and a second one when it holds stock (a pencil or an order). */
import { Chip, Stack } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useTranslate } from 'react-admin';
import { isOpen, type QuoteState } from '../../schema/rental/quote-states';

const COLORS: Record<QuoteState, 'default' | 'primary' | 'success' | 'warning' | 'info'> = {
  requested: 'warning',
  quoted: 'info',
  accepted: 'primary',
  confirmed: 'success',
  declined: 'default',
  cancelled: 'default',
  expired: 'default',
  partlyOut: 'info',
  out: 'info',
  partlyReturned: 'warning',
  returned: 'success',
  closed: 'default',
};

/** `short`: a line is not free on the request's dates (other holds and orders have it): flagged before the vendor opens it. */
export function QuoteStateChip({ state, hold, short }: { state: QuoteState; hold?: string; short?: boolean }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5}>
      <Chip size="small" color={COLORS[state]} label={translate(`backlot.quotes.states.${state}`)} />
      {/* A pencil shows only while the request is open: an expired or cancelled one holds nothing. */}
      {hold === 'pencil' && isOpen(state) && (
        <Chip size="small" variant="outlined" label={translate('backlot.quotes.pencilled')} />
      )}
      {short && (
        <Chip size="small" color="error" icon={<WarningAmberIcon />} label={translate('backlot.quotes.notFree')} />
      )}
    </Stack>
  );
}
