/**
 * An order on a customer account, as the house sees it on the order's page: which account it is on
 * and its terms, and any release the house gave it; and the release itself, asked for when
 * confirming was held back (past the account's credit limit, or invoices overdue): what held it, and
 * the reason the house lets it through, which the order keeps.
 */
import { Button, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { schemaDocuments } from '../../schema/documents';
import { FormDialog } from '../components/FormDialog';
import type { PricingView } from './quote-api';

/** The schema's bound on a release's reason. */
const RELEASE_MAX = schemaDocuments.quoteRequest.$defs.stepInput.properties.release.maxLength;

export function OrderAccountLine({
  tenantId,
  view,
}: {
  tenantId: string;
  view: Pick<PricingView, 'account' | 'accountRelease' | 'purchaseOrder'>;
}) {
  const translate = useTranslate();
  if (!view.account) return null;
  return (
    <>
      <Typography variant="body2">
        {translate('backlot.quotes.onAccount', { days: view.account.netDays })}{' '}
        <Link to={`/t/${tenantId}/accounts/${encodeURIComponent(view.account.id)}`}>{view.account.name}</Link>
        {view.purchaseOrder && ` · ${translate('backlot.quotes.purchaseOrder', { number: view.purchaseOrder })}`}
      </Typography>
      {view.accountRelease && (
        <Typography variant="body2" color="text.secondary">
          {translate('backlot.quotes.released', {
            by: view.accountRelease.by,
            reason: view.accountRelease.reason,
            held: view.accountRelease.held,
          })}
        </Typography>
      )}
    </>
  );
}

/** "Release and confirm…" beside the refusal, and its dialog: the reason, then the confirmation again with it. */
export function ReleaseAndConfirm({ held, onRelease }: { held: string; onRelease: (reason: string) => Promise<void> }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        size="small"
        sx={{ mt: 1, display: 'block' }}
        onClick={() => setOpen(true)}
      >
        {translate('backlot.quotes.release')}
      </Button>
      {open && (
        <FormDialog
          id="account-release"
          title={translate('backlot.quotes.releaseTitle')}
          submitLabel={translate('backlot.quotes.releaseConfirm')}
          onClose={() => setOpen(false)}
          onSubmit={async () => {
            if (!reason.trim()) throw new Error(translate('backlot.quotes.releaseMissing'));
            await onRelease(reason.trim());
            setOpen(false);
          }}
        >
          <Typography sx={{ mb: 2 }}>{held}</Typography>
          <TextField
            label={translate('backlot.quotes.releaseReason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            fullWidth
            multiline
            slotProps={{ htmlInput: { maxLength: RELEASE_MAX } }}
          />
        </FormDialog>
      )}
    </>
  );
}
