/**
 * Visitors asking to order on a company's account, above the accounts list while any wait: who,
 * the company they name, their note and when; staff choose the account to add them to (the one
 * whose name matches, to start with) and approve, or decline with the reason the visitor reads.
 * Decided once: a request someone else decided meanwhile says so. Nothing shows when none wait.
 */
import { Alert, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { fetchUtils } from 'ra-core';
import { useEffect, useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { schemaDocuments } from '../../schema/documents';
import type { CustomerAccount, JoinRequest } from '../../schema/types.generated';

const REASON_MAX = schemaDocuments.customerAccount.$defs.joinRequest.properties.reason.maxLength;

/** The account whose name is most like the company the visitor named. */
export function likelyAccount(
  company: string,
  accounts: readonly Pick<CustomerAccount, 'id' | 'name'>[],
): string | undefined {
  const words = (text: string) =>
    new Set(
      text
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((word) => word.length > 1),
    );
  const asked = words(company);
  let best: { id: string; shared: number } | undefined;
  for (const account of accounts) {
    const shared = [...words(account.name)].filter((word) => asked.has(word)).length;
    if (shared && (!best || shared > best.shared)) best = { id: account.id, shared };
  }
  return best?.id;
}

function RequestRow({
  request,
  accounts,
  decide,
}: {
  request: JoinRequest;
  accounts: CustomerAccount[];
  decide: (request: JoinRequest, body: { approve: string } | { decline: string }) => Promise<void>;
}) {
  const translate = useTranslate();
  const [account, setAccount] = useState(() => likelyAccount(request.company, accounts) ?? '');
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (body: { approve: string } | { decline: string }) => {
    setBusy(true);
    await decide(request, body).finally(() => setBusy(false));
  };
  return (
    <Stack component="li" spacing={1} sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="body2">
        {translate('backlot.joinRequests.asks', {
          who: request.name ? `${request.name} (${request.email})` : request.email,
          company: request.company,
          day: new Date(request.askedAt).toLocaleDateString(),
        })}
      </Typography>
      {request.message && (
        <Typography variant="body2" color="text.secondary" component="q">
          {request.message}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label={translate('backlot.joinRequests.account')}
          value={account}
          onChange={(event) => setAccount(event.target.value)}
          sx={{ minWidth: 240, flex: { sm: '0 1 420px' } }}
        >
          {accounts.map((choice) => (
            <MenuItem key={choice.id} value={choice.id}>
              {choice.name}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          size="small"
          disabled={busy || !account}
          onClick={() => void run({ approve: account })}
        >
          {translate('backlot.joinRequests.approve')}
        </Button>
        <Button size="small" disabled={busy} onClick={() => setDeclining((open) => !open)}>
          {translate('backlot.joinRequests.decline')}
        </Button>
      </Stack>
      {declining && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            size="small"
            label={translate('backlot.joinRequests.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
            sx={{ flex: 1 }}
          />
          <Button
            size="small"
            variant="outlined"
            color="error"
            disabled={busy || !reason.trim()}
            onClick={() => void run({ decline: reason.trim() })}
          >
            {translate('backlot.joinRequests.declineSend')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

export function JoinRequests({ tenantId }: { tenantId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const base = `/api/tenants/${encodeURIComponent(tenantId)}`;
  const [requests, setRequests] = useState<JoinRequest[]>([]);
  const [accounts, setAccounts] = useState<CustomerAccount[]>([]);
  const [problem, setProblem] = useState<string>();
  // Read again after each decision (and as the list opens).
  const [reads, setReads] = useState(0);
  useEffect(() => {
    let live = true;
    Promise.all([
      fetchUtils.fetchJson(`${base}/account-requests?state=pending`),
      fetchUtils.fetchJson(`${base}/accounts`),
    ]).then(
      ([waiting, all]) => {
        if (!live) return;
        setRequests(waiting.json as JoinRequest[]);
        setAccounts([...(all.json as CustomerAccount[])].sort((a, b) => a.name.localeCompare(b.name)));
      },
      () => live && setProblem(translate('backlot.joinRequests.failed')),
    );
    return () => void (live = false);
  }, [base, reads, translate]);
  const decide = async (request: JoinRequest, body: { approve: string } | { decline: string }) => {
    setProblem(undefined);
    try {
      await fetchUtils.fetchJson(`${base}/account-requests/${encodeURIComponent(request.id)}/decide`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
      notify('approve' in body ? 'backlot.joinRequests.approved' : 'backlot.joinRequests.declined', {
        type: 'success',
        messageArgs: { email: request.email },
      });
      refresh();
    } catch (failure) {
      setProblem(
        (failure as { body?: { message?: string } }).body?.message ?? translate('backlot.joinRequests.failed'),
      );
    }
    setReads((count) => count + 1);
  };
  if (!requests.length && !problem) return null;
  return (
    <Paper variant="outlined" sx={{ mt: 2, p: 2 }} component="section" aria-labelledby="join-requests-heading">
      <Typography id="join-requests-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {translate('backlot.joinRequests.heading', { smart_count: requests.length })}
      </Typography>
      {problem && (
        <Alert severity="warning" sx={{ my: 1 }}>
          {problem}
        </Alert>
      )}
      <Stack component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {requests.map((request) => (
          <RequestRow key={request.id} request={request} accounts={accounts} decide={decide} />
        ))}
      </Stack>
    </Paper>
  );
}
