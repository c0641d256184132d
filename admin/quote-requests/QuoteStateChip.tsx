/** A request's state as a chip, and a second one when it holds stock (a pencil or an order). */
import { Chip, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isOpen, type QuoteState } from '../../schema/quote-states';

const COLORS: Record<QuoteState, 'default' | 'primary' | 'success' | 'warning' | 'info'> = {
  requested: 'warning',
  quoted: 'info',
  accepted: 'primary',
  confirmed: 'success',
  declined: 'default',
  cancelled: 'default',
  expired: 'default',
};

export function QuoteStateChip({ state, hold }: { state: QuoteState; hold?: string }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5}>
      <Chip size="small" color={COLORS[state]} label={translate(`backlot.quotes.states.${state}`)} />
      {/* A pencil shows only while the request is open: an expired or cancelled one holds nothing. */}
      {hold === 'pencil' && isOpen(state) && <Chip size="small" variant="outlined" label={translate('backlot.quotes.pencilled')} />}
    </Stack>
  );
}
