/**
 * Under the house's requests: its margin on what it sub-hired from other houses, by month (issue
 * 39), as a CSV for the office: a month (the three ahead, whose hires may be confirmed already,
 * this one and the eleven before; this one first chosen) and its download.
 */
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { Paper, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { formatMonth } from '../../schema/display/format';
import { recentMonths } from '../accounts/AccountStatements';
import { MonthFilePicker } from '../components/MonthFilePicker';
import { useQuoteTenant } from './useQuoteTenant';

export function SubHireMargins({ tenantId }: { tenantId: string }) {
  const translate = useTranslate();
  const { site } = useQuoteTenant(tenantId);
  const months = useMemo(() => {
    const today = new Date();
    return recentMonths(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 3, 1)), 15);
  }, []);
  const monthName = (value: string) => formatMonth(value, site);
  return (
    <Paper variant="outlined" sx={{ mt: 2, p: 2 }} component="section" aria-labelledby="sub-hire-margins-heading">
      <Typography id="sub-hire-margins-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {translate('backlot.subHires.margins')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('backlot.subHires.marginsHelp')}
      </Typography>
      <MonthFilePicker
        months={months}
        initial={months[3]!}
        monthName={monthName}
        file={(month) => ({
          href: `/api/tenants/${encodeURIComponent(tenantId)}/sub-hire-margins/${month}`,
          label: translate('backlot.subHires.marginsDownload', { month: monthName(month) }),
        })}
        icon={<DownloadIcon />}
        download
      />
    </Paper>
  );
}
