/**
 * The card hold on a request, as the vendor needs it: where it stands (held, charged, released,
 * lapsed, declined and why), what it holds part by part, when it lapses, what it captured and
 * anything beyond it still to invoice, a step the provider has not answered yet (with its
 * attempts, the last error and when it is tried next), and the provider's id to look it up there.
 * "Check with the provider now" reads the hold again and does what it is owed without waiting for
 * the watch.
 */
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { CardHold } from '../../schema/types.generated';
import { quoteApi, type PricingView } from './quote-api';

const TONES: Record<CardHold['status'], 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  awaitingCard: 'info',
  needsAuthentication: 'info',
  authorised: 'success',
  captured: 'success',
  released: 'default',
  declined: 'error',
  expired: 'warning',
};

export function CardHoldCard({ tenantId, view, money, onChange }: { tenantId: string; view: PricingView; money: (amount: number) => string; onChange: (view: PricingView) => void }) {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const hold = view.cardHold;
  if (!hold) return null;
  const when = (at: string) => new Date(at).toLocaleString();
  const check = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await quoteApi.settleCardHold(tenantId, view.id);
      onChange(await quoteApi.open(tenantId, view.id));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const row = (label: string, value: string) => (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </>
  );
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {translate('backlot.cardHold.heading')}
          </Typography>
          <Chip size="small" color={TONES[hold.status]} label={translate(`backlot.cardHold.status.${hold.status}`)} />
          {hold.provider === 'test' && <Chip size="small" variant="outlined" color="warning" label={translate('backlot.cardHold.testMode')} />}
        </Stack>
        {hold.declineMessage && (hold.status === 'declined' || hold.status === 'awaitingCard') && (
          <Alert severity="warning">{translate('backlot.cardHold.declined', { reason: hold.declineMessage })}</Alert>
        )}
        {hold.pending && (
          <Alert severity={hold.pending.attempts > 0 ? 'warning' : 'info'}>
            {translate(`backlot.cardHold.pending.${hold.pending.action}`, { amount: money(hold.pending.amount ?? 0) })}{' '}
            {hold.pending.attempts > 0 &&
              translate('backlot.cardHold.pendingTried', {
                smart_count: hold.pending.attempts,
                error: hold.pending.lastError ?? '',
                next: hold.pending.nextAttemptAt ? when(hold.pending.nextAttemptAt) : '',
              })}
          </Alert>
        )}
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', gap: '4px 16px' }}>
          {row(
            translate('backlot.cardHold.held'),
            `${money(hold.amount)} (${translate(hold.parts.tax ? 'backlot.cardHold.partsWithTax' : 'backlot.cardHold.parts', { total: money(hold.parts.total), tax: money(hold.parts.tax ?? 0), processing: money(hold.parts.processing), deposit: money(hold.parts.deposit) })})`,
          )}
          {row(translate('backlot.cardHold.version'), String(hold.version))}
          {hold.authorisedAt && row(translate('backlot.cardHold.authorisedAt'), when(hold.authorisedAt))}
          {hold.expiresAt && hold.status === 'authorised' && row(translate('backlot.cardHold.expiresAt'), when(hold.expiresAt))}
          {hold.captured !== undefined && row(translate('backlot.cardHold.captured'), `${money(hold.captured)}${hold.capturedAt ? ` · ${when(hold.capturedAt)}` : ''}`)}
          {hold.releasedAt && row(translate('backlot.cardHold.releasedAt'), when(hold.releasedAt))}
          {hold.outstanding !== undefined && hold.outstanding > 0 && row(translate('backlot.cardHold.outstanding'), money(hold.outstanding))}
          {(hold.renewals ?? 0) > 0 && row(translate('backlot.cardHold.renewals'), String(hold.renewals))}
          {row(translate('backlot.cardHold.providerId'), `${translate(`backlot.cardHold.providers.${hold.provider}`)} · ${hold.intentId}`)}
        </Box>
        {error && <Alert severity="error">{error}</Alert>}
        <Box>
          <Button variant="outlined" size="small" disabled={busy} onClick={() => void check()}>
            {translate('backlot.cardHold.check')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
