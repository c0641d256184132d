/**
 * The hold board (/t/<tenantId>/holds): every live hold of the house from today on, grouped by item
 * (the holds on each in rank order: 1st, 2nd …) or by production, with their days, last day and any
 * challenge's deadline. A hold behind another moves up past it here ("Move up"); each row opens its
 * request (where the house extends, releases or confirms it, or challenges the holds ahead of it).
 * Read through one call (GET holds).
 */
import {
  Alert,
  Box,
  Card,
  CardContent,
  LinearProgress,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { ordinal, type HoldBoardRow } from '../../schema/rental/holds';
import { quoteApi } from '../quote-requests/quote-api';
import { useQuoteTenant } from '../quote-requests/useQuoteTenant';
import { HoldRows } from './HoldRows';

type Grouping = 'item' | 'production';

export function HoldBoardScreen() {
  const { tenantId = '' } = useParams();
  const translate = useTranslate();
  const tenant = useQuoteTenant(tenantId);
  const [rows, setRows] = useState<HoldBoardRow[]>();
  const [error, setError] = useState<string>();
  const [grouping, setGrouping] = useState<Grouping>('item');
  const [moving, setMoving] = useState<string>();
  const [said, setSaid] = useState<{ severity: 'success' | 'error'; text: string }>();

  const load = useCallback(
    () =>
      quoteApi.holds(tenantId).then(
        (board) => setRows(board.holds),
        (failure: Error) => setError(translate('backlot.holds.loadFailed', { message: failure.message })),
      ),
    [tenantId, translate],
  );
  useEffect(() => void load(), [load]);

  const moveUp = async (row: HoldBoardRow) => {
    if (!row.justAhead) return;
    setMoving(`${row.quoteId}-${row.objectID}`);
    setSaid(undefined);
    try {
      const moved = await quoteApi.moveAhead(tenantId, row.quoteId, row.revision, row.justAhead.quoteId);
      setSaid({
        severity: 'success',
        text: translate('backlot.holds.movedUp', { who: row.who, passed: moved.passed, rank: ordinal(moved.rank) }),
      });
    } catch (failure) {
      setSaid({
        severity: 'error',
        text: translate('backlot.holds.moveFailed', { message: (failure as Error).message }),
      });
    } finally {
      setMoving(undefined);
      await load();
    }
  };

  const groups = new Map<string, HoldBoardRow[]>();
  for (const row of rows ?? []) {
    const key = grouping === 'item' ? row.objectID : row.quoteId;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Title title={translate('backlot.holds.title', { tenant: tenantId })} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">
          {translate('backlot.holds.menu')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={grouping}
          onChange={(_event, value: Grouping | null) => value && setGrouping(value)}
          aria-label={translate('backlot.holds.grouping')}
        >
          <ToggleButton value="item">{translate('backlot.holds.byItem')}</ToggleButton>
          <ToggleButton value="production">{translate('backlot.holds.byProduction')}</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
      {said && (
        <Alert severity={said.severity} role={said.severity === 'error' ? 'alert' : 'status'}>
          {said.text}
        </Alert>
      )}
      {!rows && !error && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {rows?.length === 0 && <Alert severity="info">{translate('backlot.holds.empty')}</Alert>}
      {[...groups.entries()].map(([key, held]) => (
        <Card key={key} variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2">
              {grouping === 'item' ? held[0]!.item : held[0]!.who}{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                {grouping === 'item'
                  ? translate('backlot.holds.stock', { smart_count: held[0]!.stock })
                  : translate('backlot.holds.heldItems', { smart_count: held.length })}
              </Typography>
            </Typography>
            <HoldRows
              tenantId={tenantId}
              rows={held}
              describe={(row) =>
                grouping === 'item'
                  ? `${row.who} · ${tenant.days(row.firstDay, row.lastDay)} · ${translate('backlot.holds.quantity', { smart_count: row.quantity })}`
                  : `${row.quantity} × ${row.item} · ${tenant.days(row.firstDay, row.lastDay)}`
              }
              day={tenant.day}
              moment={tenant.moment}
              moving={moving}
              onMoveUp={moveUp}
            />
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
