/**
 * The card hold on a request, as the vendor needs it: where it stands (held, charged, released,
 * lapsed, declined and why), what it holds part by part, when it lapses, what it captured and
 * anything beyond it still to invoice, a step the provider has not answered yet (with its
 * attempts, the last error and when it is tried next), and the provider's id to look it up there.
 * "Check with the provider now" reads the hold again and does what it is owed without waiting for
 * the watch.
 */
import { Alert, Box, Button, Chip } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { CardHold } from '../../schema/types.generated';
import { DetailList } from '../components/DetailList';
import { FactCard } from '../components/FactCard';
import { quoteApi, type PricingView } from './quote-api';
import { useOwnChange } from './own-changes';

const TONES: Record<CardHold['status'], 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  awaitingCard: 'info',
  needsAuthentication: 'info',
  authorised: 'success',
  captured: 'success',
  released: 'default',
  declined: 'error',
  expired: 'warning',
};

export function CardHoldCard({
  tenantId,
  view,
  money,
  onChange,
}: {
  tenantId: string;
  view: PricingView;
  money: (amount: number) => string;
  onChange: (view: PricingView) => void;
}) {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const ownChange = useOwnChange();
  const hold = view.cardHold;
  if (!hold) return null;
  const when = (at: string) => new Date(at).toLocaleString();
  const check = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await ownChange(() => quoteApi.settleCardHold(tenantId, view.id));
      onChange(await quoteApi.open(tenantId, view.id));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <FactCard
      heading={translate('backlot.cardHold.heading')}
      chips={
        <>
          <Chip size="small" color={TONES[hold.status]} label={translate(`backlot.cardHold.status.${hold.status}`)} />
          {hold.provider === 'test' && (
            <Chip size="small" variant="outlined" color="warning" label={translate('backlot.cardHold.testMode')} />
          )}
        </>
      }
    >
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
      <DetailList
        rows={[
          [
            // Only a card the provider authorised holds anything: before then, it is what will be held.
            translate(
              hold.status === 'authorised' ||
                hold.status === 'captured' ||
                hold.status === 'released' ||
                hold.status === 'expired'
                ? 'backlot.cardHold.held'
                : 'backlot.cardHold.toHold',
            ),
            `${money(hold.amount)} (${translate(hold.parts.tax ? 'backlot.cardHold.partsWithTax' : 'backlot.cardHold.parts', { total: money(hold.parts.total + (hold.parts.waiver ?? 0)), tax: money(hold.parts.tax ?? 0), processing: money(hold.parts.processing), deposit: money(hold.parts.deposit) })})`,
          ],
          [translate('backlot.cardHold.version'), String(hold.version)],
          [translate('backlot.cardHold.authorisedAt'), hold.authorisedAt && when(hold.authorisedAt)],
          [
            translate('backlot.cardHold.expiresAt'),
            hold.expiresAt && hold.status === 'authorised' && when(hold.expiresAt),
          ],
          [
            translate('backlot.cardHold.captured'),
            hold.captured !== undefined &&
              `${money(hold.captured)}${hold.capturedAt ? ` · ${when(hold.capturedAt)}` : ''}`,
          ],
          // An order through the platform: the platform's commission, and what reached the house's account.
          [
            translate('backlot.cardHold.platformCommission'),
            hold.commissionPercent !== undefined && `${hold.commissionPercent} %`,
          ],
          [
            translate('backlot.cardHold.platformFee'),
            hold.applicationFee !== undefined &&
              hold.captured !== undefined &&
              translate('backlot.cardHold.platformFeeOf', {
                fee: money(hold.applicationFee),
                received: money(hold.captured - hold.applicationFee),
              }),
          ],
          [translate('backlot.cardHold.releasedAt'), hold.releasedAt && when(hold.releasedAt)],
          [
            translate('backlot.cardHold.outstanding'),
            hold.outstanding !== undefined && hold.outstanding > 0 && money(hold.outstanding),
          ],
          [translate('backlot.cardHold.renewals'), (hold.renewals ?? 0) > 0 && String(hold.renewals)],
          [
            translate('backlot.cardHold.providerId'),
            `${translate(`backlot.cardHold.providers.${hold.provider}`)} · ${hold.intentId}`,
          ],
        ]}
      />
      {error && <Alert severity="error">{error}</Alert>}
      <Box>
        <Button variant="outlined" size="small" disabled={busy} onClick={() => void check()}>
          {translate('backlot.cardHold.check')}
        </Button>
      </Box>
    </FactCard>
  );
}
