/**
 * Where an account stands, above its form: what it owes (confirmed orders and unpaid invoices)
 * against its credit limit, the credit it holds and its overdue invoices; a limit lowered below
 * what is owed says that new orders on it wait for the house's release. Read again after each save.
 */
import { Alert, Typography } from '@mui/material';
import { fetchUtils } from 'ra-core';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useQuoteTenant } from '../quote-requests/useQuoteTenant';

interface Standing {
  owed: number;
  credit: number;
  overdue: number;
  limit?: number;
  /** Why no order on it confirms now (on stop by hand, or by the house's rule). */
  onStop?: string;
}

export function AccountStanding({
  tenantId,
  accountId,
  version,
}: {
  tenantId: string;
  accountId: string;
  version: number | undefined;
}) {
  const translate = useTranslate();
  const { money } = useQuoteTenant(tenantId);
  const [standing, setStanding] = useState<Standing>();
  useEffect(() => {
    if (version === undefined) return;
    let live = true;
    void fetchUtils
      .fetchJson(`/api/tenants/${encodeURIComponent(tenantId)}/accounts/${encodeURIComponent(accountId)}/standing`)
      .then(
        ({ json }) => live && setStanding(json as Standing),
        () => undefined,
      );
    return () => void (live = false);
  }, [tenantId, accountId, version]);
  if (!standing) return null;
  const over = standing.limit !== undefined && standing.owed > standing.limit;
  return (
    <Alert
      severity={standing.onStop ? 'error' : over || standing.overdue > 0 ? 'warning' : 'info'}
      sx={{ mt: 2 }}
      role="status"
    >
      <Typography variant="body2">
        {standing.limit === undefined
          ? translate('backlot.accounts.owes', { owed: money(standing.owed) })
          : translate('backlot.accounts.owesOf', { owed: money(standing.owed), limit: money(standing.limit) })}
        {standing.credit > 0 && ` · ${translate('backlot.accounts.holdsCredit', { credit: money(standing.credit) })}`}
        {standing.overdue > 0 && ` · ${translate('backlot.accounts.overdue', { smart_count: standing.overdue })}`}
      </Typography>
      {over && <Typography variant="body2">{translate('backlot.accounts.overLimit')}</Typography>}
      {standing.onStop && <Typography variant="body2">{standing.onStop}</Typography>}
    </Alert>
  );
}
