/**
 * The account's exemption certificate as a file, beside its form: the file kept (to open), or an
 * upload of the certificate the account names (a PDF or a photo of it). The server refuses a file
 * that is not one, an expired certificate, or an account edited meanwhile, each said here.
 */
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { fetchUtils } from 'ra-core';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import type { CustomerAccount } from '../../schema/types.generated';

/** A file's bytes as base64, as the upload carries them. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  for (let index = 0; index < bytes.length; index += 0x8000)
    text += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(text);
}

export function ExemptionCertificateFile({
  tenantId,
  account,
}: {
  tenantId: string;
  account: CustomerAccount | undefined;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (!account?.exemption) return null;
  const href = `/api/tenants/${encodeURIComponent(tenantId)}/accounts/${encodeURIComponent(account.id)}/exemption-certificate`;
  const send = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setProblem(undefined);
    try {
      await fetchUtils.fetchJson(href, {
        method: 'PUT',
        body: JSON.stringify({ data: await base64Of(file) }),
        headers: new Headers({ 'if-match': `"${account.version}"` }),
      });
      notify('backlot.exemptionFile.kept', { type: 'success' });
      refresh();
    } catch (failure) {
      const body = (failure as { body?: { message?: string; errors?: Record<string, string> } }).body;
      setProblem(body?.errors?.data ?? body?.message ?? translate('backlot.exemptionFile.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper variant="outlined" sx={{ mt: 2, p: 2 }} component="section" aria-labelledby="exemption-file-heading">
      <Typography id="exemption-file-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {translate('backlot.exemptionFile.heading', { number: account.exemption.number })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1, alignItems: { sm: 'center' } }}>
        <Typography variant="body2" color="text.secondary">
          {account.exemption.file ? translate('backlot.exemptionFile.kept') : translate('backlot.exemptionFile.none')}
        </Typography>
        {account.exemption.file && (
          <Button size="small" href={href} target="_blank" rel="noopener">
            {translate('backlot.exemptionFile.open')}
          </Button>
        )}
        <Button
          size="small"
          variant="outlined"
          component="label"
          startIcon={<UploadFileOutlinedIcon />}
          disabled={busy}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          {translate(account.exemption.file ? 'backlot.exemptionFile.replace' : 'backlot.exemptionFile.upload')}
          <input
            hidden
            type="file"
            accept="application/pdf,image/png,image/jpeg"
            onChange={(event) => void send(event.target.files?.[0])}
          />
        </Button>
      </Stack>
      {problem && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {problem}
        </Alert>
      )}
    </Paper>
  );
}
