/**
 * Above a house's quote requests, while it cannot take card holds: productions cannot accept its
 * quotes until it connects the account it is paid on, so it is said where the quotes are, with the
 * way to Payouts. Says nothing while loading, once connected, or if the read fails (Payouts says why).
 */
import { Alert, Button } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { PLATFORM_TENANT_ID } from '../../schema/routes';
import { payoutsApi, type Payouts } from './payouts-api';

export function PayoutsReminder({ tenantId }: { tenantId: string }) {
  const translate = useTranslate();
  const [payouts, setPayouts] = useState<Payouts>();
  useEffect(() => {
    if (tenantId === PLATFORM_TENANT_ID) return;
    let live = true;
    payoutsApi.get(tenantId).then(
      (answer) => live && setPayouts(answer),
      () => undefined,
    );
    return () => void (live = false);
  }, [tenantId]);
  if (!payouts || payouts.chargesEnabled) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 1 }}
      action={
        <Button color="inherit" size="small" component={Link} to={`/t/${encodeURIComponent(tenantId)}/payouts`}>
          {translate('backlot.payouts.openPayouts')}
        </Button>
      }
    >
      {translate('backlot.payouts.reminder')}
    </Alert>
  );
}
