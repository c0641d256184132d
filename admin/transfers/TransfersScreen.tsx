/**
 * Transfers: the stock on its way between the house's stores, due to leave, or arrived (GET
 * transfers), and a form to move more (TransferForm). A house with one store is told how to add
 * another. Each row says where the pieces are today: in transit they count at neither store.
 */
import {
  Alert,
  Box,
  Chip,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useCallback, useState } from 'react';
import { useLoaded } from '../lib/useLoaded';
import { Link, Title, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { storesOf } from '../../schema/rental/stores';
import { useQuoteTenant } from '../quote-requests/useQuoteTenant';
import { useTenantRecord } from '../tenants/useTenantRecord';
import { TransferForm } from './TransferForm';
import { transfersApi, type ListedTransfer } from './transfers-api';

/** Columns a phone folds into the item's cell. */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** Where a transfer's pieces are today. */
const standing = (transfer: ListedTransfer, today: string) =>
  transfer.outOn > today ? 'due' : transfer.inOn > today ? 'transit' : 'arrived';
const CHIP = { due: 'default', transit: 'warning', arrived: 'success' } as const;

export function TransfersScreen() {
  const { tenantId = '' } = useParams();
  const translate = useTranslate();
  const { day } = useQuoteTenant(tenantId);
  const { data: tenant } = useTenantRecord(tenantId);
  const [said, setSaid] = useState<string>();
  const { value: list, error, reload: load } = useLoaded(useCallback(() => transfersApi.list(tenantId), [tenantId]));
  const stores = tenant ? storesOf(tenant.vendor) : [];

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Title title={translate('backlot.transfers.heading')} />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {translate('backlot.transfers.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 720 }}>
        {translate('backlot.transfers.intro')}
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {said && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setSaid(undefined)}>
          {said}
        </Alert>
      )}
      {(!list || !tenant) && !error && <LinearProgress aria-label={translate('backlot.transfers.loading')} />}
      {tenant && stores.length < 2 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('backlot.transfers.oneStore')}{' '}
          <Link to={`/t/${tenantId}/vendor`}>{translate('backlot.menu.vendor')}</Link>
        </Alert>
      )}
      {list && stores.length >= 2 && (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="flex-start">
          <Paper
            variant="outlined"
            sx={{ p: 2, width: { xs: '100%', md: 380 }, flexShrink: 0, boxSizing: 'border-box' }}
          >
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
              {translate('backlot.transfers.new')}
            </Typography>
            <TransferForm
              tenantId={tenantId}
              stores={stores}
              today={list.today}
              onAttempt={() => setSaid(undefined)}
              onMoved={(message) => {
                setSaid(message);
                void load();
              }}
            />
          </Paper>
          <Box sx={{ flex: 1, width: '100%', minWidth: 0 }}>
            {list.transfers.length === 0 ? (
              <Alert severity="info">{translate('backlot.transfers.empty')}</Alert>
            ) : (
              <Table size="small" aria-label={translate('backlot.transfers.heading')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('backlot.transfers.item')}</TableCell>
                    <TableCell sx={wideOnly}>{translate('backlot.transfers.route')}</TableCell>
                    <TableCell>{translate('backlot.transfers.dates')}</TableCell>
                    <TableCell>{translate('backlot.transfers.where')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {list.transfers.map((transfer) => {
                    const now = standing(transfer, list.today);
                    return (
                      <TableRow key={transfer.id}>
                        <TableCell>
                          <Link to={`/t/${tenantId}/items/${encodeURIComponent(transfer.objectID)}`}>
                            {transfer.quantity} × {transfer.itemName}
                          </Link>
                          <Typography
                            variant="caption"
                            color="text.secondary"
                            component="div"
                            sx={{ display: { sm: 'none' } }}
                          >
                            {transfer.fromName} → {transfer.toName}
                          </Typography>
                        </TableCell>
                        <TableCell sx={wideOnly}>
                          {transfer.fromName} → {transfer.toName}
                        </TableCell>
                        <TableCell>
                          {day(transfer.outOn)}
                          {transfer.inOn !== transfer.outOn && <> – {day(transfer.inOn)}</>}
                        </TableCell>
                        <TableCell>
                          <Chip
                            size="small"
                            color={CHIP[now]}
                            label={translate(`backlot.transfers.standing.${now}`, { store: transfer.toName })}
                          />
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            )}
          </Box>
        </Stack>
      )}
    </Box>
  );
}
