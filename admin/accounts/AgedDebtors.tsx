/**
 * Aged debtors: what each customer owes the house on its invoices, by how long past due (current,
 * 1–30, 31–60, 61–90 and over 90 days), those owing most first, with the credit each account holds
 * and a line for every customer together; an account's row opens the account. Customers not on an
 * account are listed by their studio or name.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Alert,
  Box,
  Button,
  Card,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { fetchUtils } from 'ra-core';
import { useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { AGE_BUCKETS, type DebtorRow } from '../../schema/accounts/payments';
import { failureMessage } from '../components/FormDialog';
import { useQuoteTenant } from '../quote-requests/useQuoteTenant';

// What is owed and held first: on a phone the table scrolls, and these are what the office reads.
const AMOUNTS = ['total', 'credit', ...AGE_BUCKETS] as const;
const amountOf = (row: Pick<DebtorRow, 'buckets' | 'total' | 'credit'>, column: (typeof AMOUNTS)[number]) =>
  column === 'total' || column === 'credit' ? row[column] : row.buckets[column];

export function AgedDebtors({ tenantId }: { tenantId: string }) {
  const translate = useTranslate();
  const tenant = useQuoteTenant(tenantId);
  const [report, setReport] = useState<{ today: string; rows: DebtorRow[] }>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    fetchUtils.fetchJson(`/api/tenants/${encodeURIComponent(tenantId)}/aged-debtors`).then(
      ({ json }) => setReport(json as { today: string; rows: DebtorRow[] }),
      (failure: unknown) => setError(failureMessage(failure)),
    );
  }, [tenantId]);
  const sumOf = (column: (typeof AMOUNTS)[number]) =>
    (report?.rows ?? []).reduce((sum, row) => sum + amountOf(row, column), 0);
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Title title={translate('backlot.aged.title', { tenant: tenantId })} />
      <div>
        <Button component={Link} to={`/t/${tenantId}/accounts`} startIcon={<ArrowBackIcon />}>
          {translate('backlot.aged.back')}
        </Button>
      </div>
      {error && <Alert severity="error">{error}</Alert>}
      {!report && !error && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {report && (
        <Card variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }}>
          <Typography>{translate('backlot.aged.lead', { today: tenant.day(report.today) })}</Typography>
          {report.rows.length === 0 ? (
            <Typography color="text.secondary">{translate('backlot.aged.none')}</Typography>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={translate('backlot.aged.open')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('backlot.aged.customer')}</TableCell>
                    {AMOUNTS.map((column) => (
                      <TableCell key={column} align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {translate(`backlot.aged.${column}`)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {report.rows.map((row) => (
                    <TableRow key={row.key}>
                      <TableCell component="th" scope="row">
                        {row.account ? (
                          <Link to={`/t/${tenantId}/accounts/${encodeURIComponent(row.account)}`}>{row.name}</Link>
                        ) : (
                          row.name
                        )}
                      </TableCell>
                      {AMOUNTS.map((column) => (
                        <TableCell
                          key={column}
                          align="right"
                          sx={{
                            whiteSpace: 'nowrap',
                            fontWeight: column === 'total' ? 600 : undefined,
                            color: column === 'over90' && row.buckets.over90 > 0 ? 'error.main' : undefined,
                          }}
                        >
                          {amountOf(row, column) ? tenant.money(amountOf(row, column)) : '—'}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                  <TableRow>
                    <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                      {translate('backlot.aged.totals')}
                    </TableCell>
                    {AMOUNTS.map((column) => (
                      <TableCell key={column} align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                        {tenant.money(sumOf(column))}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableBody>
              </Table>
            </Box>
          )}
        </Card>
      )}
    </Box>
  );
}
