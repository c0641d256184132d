/**
 * What keeps an order from going out, in a list row: "Card needed" while its card hold does not
 * stand, and its certificate's standing when the tenant asks for one (none, lapsed, cover ending
 * before the hire, insured). Nothing for requests that cannot go out (not yet confirmed, all out, over).
 */
import { Chip, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { STANDING_TONES } from './InsuranceCard';
import type { Readiness } from './useQuoteTenant';

export function ReadinessChips({ readiness }: { readiness: Readiness }) {
  const translate = useTranslate();
  if (!readiness.goesOut) return <>—</>;
  const holdReason = readiness.hold;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {holdReason && (
        <Chip size="small" color="warning" label={translate('backlot.insurance.cardNeeded')} title={holdReason} />
      )}
      {readiness.insurance && (
        <Chip
          size="small"
          variant="outlined"
          color={STANDING_TONES[readiness.insurance]}
          label={translate(`backlot.insurance.short.${readiness.insurance}`)}
        />
      )}
      {readiness.cover && (
        <Chip
          size="small"
          variant="outlined"
          color={readiness.cover === 'open' ? 'error' : 'success'}
          label={translate(`backlot.insurance.coverShort.${readiness.cover}`)}
        />
      )}
      {!holdReason && !readiness.insurance && !readiness.cover && '—'}
    </Stack>
  );
}
