/**
 * The hold board (/t/<tenantId>/holds): every live hold of the house from today on, by item, the
 * holds on each item in rank order (1st, 2nd …) with their days, production, last day and any
 * challenge's deadline, each opening its request (where the house extends, releases or confirms it,
 * or challenges the holds ahead of it). Read through one call (GET holds).
 */
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { ordinal, type HoldBoardRow } from '../../schema/rental/holds';
import { quoteApi } from '../quote-requests/quote-api';
import { useQuoteTenant } from '../quote-requests/useQuoteTenant';

export function HoldBoardScreen() {
  const { tenantId = '' } = useParams();
  const translate = useTranslate();
  const tenant = useQuoteTenant(tenantId);
  const [rows, setRows] = useState<HoldBoardRow[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    quoteApi.holds(tenantId).then(
      (board) => setRows(board.holds),
      (failure: Error) => setError(translate('backlot.holds.loadFailed', { message: failure.message })),
    );
  }, [tenantId, translate]);

  const items = new Map<string, HoldBoardRow[]>();
  for (const row of rows ?? []) items.set(row.objectID, [...(items.get(row.objectID) ?? []), row]);

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Title title={translate('backlot.holds.title', { tenant: tenantId })} />
      <Typography variant="h5" component="h1">
        {translate('backlot.holds.menu')}
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {!rows && !error && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {rows?.length === 0 && <Alert severity="info">{translate('backlot.holds.empty')}</Alert>}
      {[...items.values()].map((held) => (
        <Card key={held[0]!.objectID} variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2">
              {held[0]!.item}{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                {translate('backlot.holds.stock', { smart_count: held[0]!.stock })}
              </Typography>
            </Typography>
            <List dense disablePadding>
              {held.map((row) => (
                <ListItem key={`${row.quoteId}-${row.objectID}`} disablePadding>
                  <ListItemButton
                    component={Link}
                    to={`/t/${tenantId}/quote-requests/${encodeURIComponent(row.quoteId)}`}
                    divider
                    sx={{ gap: 1.5, alignItems: 'flex-start' }}
                  >
                    <Chip
                      size="small"
                      color={row.rank === 1 ? 'success' : 'warning'}
                      label={translate('backlot.holds.rank', { rank: ordinal(row.rank) })}
                      sx={{ mt: 0.5, minWidth: 72 }}
                    />
                    <ListItemText
                      primary={`${row.who} · ${tenant.days(row.firstDay, row.lastDay)} · ${row.quantity} × ${row.item}`}
                      secondary={
                        <>
                          {translate('backlot.holds.heldUntil', { day: tenant.day(row.until) })}
                          {row.answerBy && (
                            <Box component="span" sx={{ display: 'block', color: 'warning.dark' }}>
                              {translate('backlot.holds.answersBy', { when: tenant.moment(row.answerBy) })}
                            </Box>
                          )}
                        </>
                      }
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
