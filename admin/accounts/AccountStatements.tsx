/**
 * An account's statements and the mail sent it about money, beside its standing: a month (this one
 * and the eleven before, in the house's words) with its statement to open as a PDF, and the
 * statements and payment reminders mailed to it, newest first, to whom and when. The house's
 * schedule for both is in its settings (Invoices); this is where staff see what went out.
 */
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { Alert, Paper, Stack, Typography } from '@mui/material';
import { fetchUtils } from 'ra-core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Notice } from '../../schema/types.generated';
import { formatMonth } from '../../schema/display/format';
import { MonthFilePicker } from '../components/MonthFilePicker';
import { useQuoteTenant } from '../quote-requests/useQuoteTenant';

/** This month and the eleven before (YYYY-MM), newest first. */
export function recentMonths(today: Date, count = 12): string[] {
  return Array.from({ length: count }, (_, back) => {
    const month = new Date(Date.UTC(today.getFullYear(), today.getMonth() - back, 1));
    return month.toISOString().slice(0, 7);
  });
}

export function AccountStatements({
  tenantId,
  accountId,
  version,
  billingContact,
}: {
  tenantId: string;
  accountId: string;
  version: number | undefined;
  billingContact: boolean;
}) {
  const translate = useTranslate();
  const { site, day } = useQuoteTenant(tenantId);
  const months = useMemo(() => recentMonths(new Date()), []);
  const [notices, setNotices] = useState<Notice[]>();
  const base = `/api/tenants/${encodeURIComponent(tenantId)}/accounts/${encodeURIComponent(accountId)}`;
  useEffect(() => {
    if (version === undefined) return;
    let live = true;
    void fetchUtils.fetchJson(`${base}/notices`).then(
      ({ json }) => live && setNotices(json as Notice[]),
      () => live && setNotices([]),
    );
    return () => void (live = false);
  }, [base, version]);
  const monthName = (value: string) => formatMonth(value, site);
  return (
    <Paper variant="outlined" sx={{ mt: 2, p: 2 }} component="section" aria-labelledby="statements-heading">
      <Typography id="statements-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {translate('backlot.statements.heading')}
      </Typography>
      <MonthFilePicker
        months={months}
        // Last month's statement is the one a house sends; this month's is still filling.
        initial={months[1]!}
        monthName={monthName}
        file={(month) => ({
          href: `${base}/statements/${month}/pdf`,
          label: translate('backlot.statements.open', { month: monthName(month) }),
        })}
        icon={<PictureAsPdfOutlinedIcon />}
      />
      {version !== undefined && !billingContact && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {translate('backlot.statements.noContact')}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {notices === undefined
          ? translate('backlot.statements.loading')
          : notices.length
            ? translate('backlot.statements.mailed')
            : translate('backlot.statements.noneMailed')}
      </Typography>
      {notices && notices.length > 0 && (
        <Stack component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          {[...notices].reverse().map((notice) => (
            <Typography component="li" variant="body2" key={notice.id}>
              {notice.kind === 'statement'
                ? translate('backlot.statements.statementSent', {
                    month: monthName(notice.month ?? ''),
                    to: notice.to,
                    day: day(notice.sentAt.slice(0, 10)),
                  })
                : translate('backlot.statements.reminderSent', {
                    invoice: notice.invoice ?? '',
                    days: notice.daysOverdue ?? 0,
                    to: notice.to,
                    day: day(notice.sentAt.slice(0, 10)),
                  })}
            </Typography>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
