/** A month's statement of orders through the platform, as CSV: the month chosen, then downloaded. */
import DownloadIcon from '@mui/icons-material/Download';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { MONTH_PATTERN } from '../../schema/marketplace/statements';
import { MonthField } from '../components/MonthField';
import { payoutsApi } from './payouts-api';

// Last month, where the user is (en-CA writes YYYY-MM-DD): the one a statement is usually wanted for.
const lastMonth = () => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth() - 1, 15).toLocaleDateString('en-CA').slice(0, 7);
};

export function StatementDownload({ tenantId, compact = false }: { tenantId: string; compact?: boolean }) {
  const translate = useTranslate();
  const [month, setMonth] = useState(lastMonth);
  const valid = MONTH_PATTERN.test(month);
  return (
    <Stack
      direction="row"
      spacing={1}
      alignItems="center"
      flexWrap="wrap"
      useFlexGap
      onClick={(event) => event.stopPropagation()}
    >
      <MonthField label={translate('backlot.payouts.month')} value={month} onChange={setMonth} sx={{ width: 200 }} />
      <Button
        size="small"
        variant={compact ? 'text' : 'outlined'}
        startIcon={<DownloadIcon />}
        disabled={!valid}
        component="a"
        href={valid ? payoutsApi.statementHref(tenantId, month) : undefined}
        download
      >
        {translate('backlot.payouts.statement')}
      </Button>
    </Stack>
  );
}
