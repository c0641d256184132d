/**
 * The accountant's files of the house's customers, beside the accounts list: the accounts as
 * contacts for Xero or customers for QuickBooks Online (each file within the package's limit, and
 * what its limits changed, to check after importing), and the payments received in some days: a
 * list, or bank statement lines for Xero or QuickBooks Online, which each matches to its open
 * invoice when the bank is reconciled (neither imports payments against invoices from a file).
 */
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { fetchUtils } from 'ra-core';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { EXPORT_ASIDE_SX } from '../invoices/AccountsExport';
import { downloadFile } from '../lib/download-file';

const FORMATS = ['xero', 'quickbooks'] as const;
const PAYMENT_FORMATS = ['list', 'xero-statement', 'quickbooks-bank'] as const;
type ContactFormat = (typeof FORMATS)[number];
interface ContactsSummary {
  accounts: number;
  parts: number;
  changed: string[];
}
/** A day where the admin is (en-CA writes YYYY-MM-DD). */
const localDay = (date: Date) => date.toLocaleDateString('en-CA');

export function CustomerFilesExport({ tenantId }: { tenantId: string }) {
  const translate = useTranslate();
  const base = `/api/tenants/${encodeURIComponent(tenantId)}`;
  const [format, setFormat] = useState<ContactFormat>('xero');
  const [answer, setAnswer] = useState<{ format: ContactFormat; summary: ContactsSummary | 'failed' }>();
  const now = new Date();
  const [from, setFrom] = useState(() => localDay(new Date(now.getFullYear(), now.getMonth(), 1)));
  const [to, setTo] = useState(() => localDay(now));
  useEffect(() => {
    let live = true;
    fetchUtils.fetchJson(`${base}/contacts-export?format=${format}`).then(
      ({ json }) => live && setAnswer({ format, summary: json as ContactsSummary }),
      () => live && setAnswer({ format, summary: 'failed' }),
    );
    return () => void (live = false);
  }, [base, format]);
  const summary = answer?.format === format ? answer.summary : undefined;
  const reversed = from > to;
  const [paymentFormat, setPaymentFormat] = useState<(typeof PAYMENT_FORMATS)[number]>('list');
  const [paymentsState, setPaymentsState] = useState<{ busy: true } | { refused: string }>();
  const downloadPayments = () => {
    setPaymentsState({ busy: true });
    downloadFile(`${base}/payments.csv?from=${from}&to=${to}&format=${paymentFormat}`, 'payments.csv').then(
      () => setPaymentsState(undefined),
      (failure: Error) => setPaymentsState({ refused: failure.message }),
    );
  };
  return (
    <Stack
      spacing={1.5}
      component="section"
      aria-label={translate('backlot.accountFiles.heading')}
      sx={EXPORT_ASIDE_SX}
    >
      <Typography variant="subtitle2">{translate('backlot.accountFiles.heading')}</Typography>
      <TextField
        select
        size="small"
        label={translate('backlot.accountFiles.format')}
        value={format}
        onChange={(event) => setFormat(event.target.value as ContactFormat)}
      >
        {FORMATS.map((choice) => (
          <MenuItem key={choice} value={choice}>
            {translate(`backlot.accountFiles.formats.${choice}`)}
          </MenuItem>
        ))}
      </TextField>
      {summary === 'failed' && <Alert severity="error">{translate('backlot.accountFiles.failed')}</Alert>}
      {summary && summary !== 'failed' && (
        <Box sx={{ display: 'grid', gap: 1 }}>
          {Array.from({ length: summary.parts }, (_, index) => (
            <Button
              key={index}
              component="a"
              variant="outlined"
              size="small"
              startIcon={<DownloadIcon />}
              href={`${base}/contacts-export.csv?format=${format}&part=${index + 1}`}
              download
              sx={{ justifyContent: 'flex-start', textTransform: 'none' }}
            >
              {summary.parts > 1
                ? translate('backlot.accountFiles.part', { part: index + 1, parts: summary.parts })
                : translate('backlot.accountFiles.file', { smart_count: summary.accounts })}
            </Button>
          ))}
          {summary.changed.length > 0 && (
            <Alert severity="warning">
              {translate('backlot.accountFiles.changed')}
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {summary.changed.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </Box>
            </Alert>
          )}
        </Box>
      )}
      <Typography variant="subtitle2" sx={{ pt: 1 }}>
        {translate('backlot.accountFiles.payments')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('backlot.accountFiles.paymentsLead')}
      </Typography>
      <TextField
        select
        size="small"
        label={translate('backlot.accountFiles.paymentsAs')}
        value={paymentFormat}
        onChange={(event) => setPaymentFormat(event.target.value as (typeof PAYMENT_FORMATS)[number])}
      >
        {PAYMENT_FORMATS.map((choice) => (
          <MenuItem key={choice} value={choice}>
            {translate(`backlot.accountFiles.paymentFormats.${choice}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="date"
        label={translate('backlot.accountFiles.from')}
        value={from}
        onChange={(event) => setFrom(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="date"
        label={translate('backlot.accountFiles.to')}
        value={to}
        onChange={(event) => setTo(event.target.value)}
        error={reversed}
        helperText={reversed ? translate('backlot.accountFiles.reversed') : undefined}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button
        variant="outlined"
        size="small"
        startIcon={<DownloadIcon />}
        onClick={downloadPayments}
        loading={paymentsState !== undefined && 'busy' in paymentsState}
        disabled={reversed || !from || !to}
        sx={{ justifyContent: 'flex-start', textTransform: 'none' }}
      >
        {translate('backlot.accountFiles.paymentsFile')}
      </Button>
      {paymentsState && 'refused' in paymentsState && (
        <Alert severity="error" role="alert">
          {translate('backlot.accountFiles.paymentsRefused', { reason: paymentsState.refused })}
        </Alert>
      )}
    </Stack>
  );
}
