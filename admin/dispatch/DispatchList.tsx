/**
 * Dispatch: what goes out and what comes back from today over the next days, by order, late ones
 * first (due out before today and not all gone; overdue back), each opening its pull sheet and
 * scan screen. An overdue order names the later hires its units still out now leave short, each
 * with the same or similar items free at other houses for the days it is short (SubHireOffers).
 */
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
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
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTenantRecord } from '../tenants/useTenantRecord';
import { StoreSelect } from '../components/StoreSelect';
import { Title, useStore, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { neverOutSaid } from '../../schema/rental/hire';
import { QuoteStateChip } from '../quote-requests/QuoteStateChip';
import { useQuoteTenant } from '../quote-requests/useQuoteTenant';
import { CalendarFeed } from './CalendarFeed';
import { SubHireOffers } from '../quote-requests/SubHireOffers';
import { hireApi, type DispatchBoard, type DispatchRow } from './hire-api';

// A month ahead too: stock hired in from another house is often collected weeks before the hire.
const SPANS = [1, 2, 7, 31] as const;

export function DispatchList({ tenantId }: { tenantId: string }) {
  const translate = useTranslate();
  const { day, days: dayRange } = useQuoteTenant(tenantId);
  const [span, setSpan] = useState<(typeof SPANS)[number]>(7);
  const [board, setBoard] = useState<DispatchBoard>();
  const [error, setError] = useState<string>();
  // A crew works at one store: the one chosen is remembered on this device.
  const { data: tenant } = useTenantRecord(tenantId);
  const stores = tenant?.vendor.stores ?? [];
  const [chosenStore, setStore] = useStore<string>(`dispatch.store.${tenantId}`, '');
  const store = stores.some((each) => each.id === chosenStore) ? chosenStore : '';
  const storeName = (id: string | undefined) => stores.find((each) => each.id === id)?.name;
  useEffect(() => {
    hireApi.dispatch(tenantId, span, store || undefined).then(
      (next) => {
        setError(undefined);
        setBoard(next);
      },
      (failure: Error) => setError(failure.message),
    );
  }, [tenantId, span, store]);

  /** `collect`: the stock hired in for it is collected first (going out); `return`: it goes back to its lender (coming back). */
  const section = (title: string, rows: DispatchRow[], empty: string, hiredIn: 'collect' | 'return') => (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 0, width: { xs: '100%', md: 'auto' } }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title} <Chip size="small" label={rows.length} />
        </Typography>
        {rows.length === 0 ? (
          <Typography color="text.secondary">{empty}</Typography>
        ) : (
          <List dense disablePadding>
            {/* Each row a list item holding its link: a link straight inside the list is not one of its items. */}
            {rows.map((row) => (
              <ListItem
                key={`${title}-${row.id}`}
                disablePadding
                sx={{ flexDirection: 'column', alignItems: 'stretch' }}
              >
                <ListItemButton
                  component={Link}
                  to={`/t/${tenantId}/dispatch/${row.id}`}
                  divider
                  sx={{
                    alignItems: 'flex-start',
                    gap: 1,
                    borderLeft: 4,
                    borderLeftColor: row.late ? 'error.main' : 'transparent',
                  }}
                >
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
                        <strong>{day(row.day)}</strong>
                        <span>{row.production ?? row.name}</span>
                        {!store && storeName(row.store) && (
                          <Chip size="small" variant="outlined" label={storeName(row.store)} />
                        )}
                        {row.late && (
                          <Chip
                            size="small"
                            color="error"
                            icon={<WarningAmberIcon />}
                            label={translate(row.overdue ? 'backlot.dispatch.overdue' : 'backlot.dispatch.lateOut')}
                          />
                        )}
                      </Stack>
                    }
                    secondary={
                      <>
                        {row.name} · {dayRange(row.startDate, row.endDate)} ·{' '}
                        {translate('backlot.dispatch.outOf', { out: row.out, booked: row.booked })}
                        {row.neverOut.length > 0 && (
                          <Box component="span" sx={{ display: 'block', color: 'warning.dark' }}>
                            {translate('backlot.dispatch.neverOut', { lines: neverOutSaid(row.neverOut) })}
                          </Box>
                        )}
                        {row.subHires.map((lent) => (
                          <Box
                            key={`${lent.house}-${lent.item}`}
                            component="span"
                            sx={{ display: 'block', color: lent.overdue ? 'error.main' : 'info.dark' }}
                          >
                            {translate(`backlot.dispatch.${hiredIn}`, {
                              house: lent.houseName,
                              quantity: lent.quantity,
                              item: lent.item,
                            })}
                            {lent.overdue && ` · ${translate('backlot.dispatch.overdueTo', { house: lent.houseName })}`}
                          </Box>
                        ))}
                        {row.short.map((hit) => (
                          <Box
                            key={`short-${hit.objectID}`}
                            component="span"
                            sx={{ display: 'block', color: 'error.main' }}
                          >
                            {translate('backlot.dispatch.short', {
                              item: hit.item,
                              day: day(hit.day),
                              free: hit.free,
                              quantity: hit.quantity,
                            })}
                          </Box>
                        ))}
                        {row.collides.map((hit) => (
                          <Box
                            key={`${hit.id}-${hit.objectID}`}
                            component="span"
                            sx={{ display: 'block', color: 'error.main' }}
                          >
                            {translate('backlot.dispatch.collides', {
                              who: hit.production ?? hit.name,
                              item: hit.item,
                              day: day(hit.day),
                              free: hit.free,
                              quantity: hit.quantity,
                            })}
                          </Box>
                        ))}
                      </>
                    }
                    secondaryTypographyProps={{ component: 'span' }}
                  />
                  <QuoteStateChip state={row.state} />
                </ListItemButton>
                {/* Beside the row's link, not in it: each later hire it leaves short may find the rest at other houses. */}
                {row.collides.map((hit) => (
                  <Box key={`offers-${hit.id}-${hit.objectID}`} sx={{ pl: 2, pb: 1 }}>
                    <SubHireOffers
                      tenantId={tenantId}
                      line={{
                        quoteId: hit.id,
                        objectID: hit.objectID,
                        name: hit.item,
                        wanted: hit.quantity - hit.free,
                        from: hit.startDate,
                        to: hit.endDate,
                      }}
                    />
                  </Box>
                ))}
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('backlot.dispatch.title')} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        useFlexGap
        flexWrap="wrap"
        alignItems={{ sm: 'center' }}
        sx={{ mb: 2 }}
      >
        <Typography variant="h5" component="h1" sx={{ flexGrow: { sm: 1 } }}>
          {translate('backlot.dispatch.title')}
        </Typography>
        <StoreSelect stores={stores} value={store} onChange={setStore} />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={span}
          onChange={(_event, value: (typeof SPANS)[number] | null) => value && setSpan(value)}
          aria-label={translate('backlot.dispatch.span')}
          // A phone's width shared by the four, their words wrapping, rather than running off the side.
          sx={{
            width: { xs: '100%', sm: 'auto' },
            '& .MuiToggleButton-root': {
              flex: { xs: 1, sm: 'none' },
              minWidth: 0,
              whiteSpace: 'normal',
              lineHeight: 1.25,
            },
          }}
        >
          {SPANS.map((value) => (
            <ToggleButton key={value} value={value}>
              {translate(`backlot.dispatch.spans.${value}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      {!board && !error && <LinearProgress aria-label={translate('backlot.dispatch.loading')} />}
      {board && (
        // Stretched on a phone (a column sized to its content ran off the side), top-aligned side by side.
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ xs: 'stretch', md: 'flex-start' }}>
          {section(
            translate('backlot.dispatch.going'),
            board.going,
            translate('backlot.dispatch.noneGoing'),
            'collect',
          )}
          {section(
            translate('backlot.dispatch.returning'),
            board.returning,
            translate('backlot.dispatch.noneReturning'),
            'return',
          )}
          {section(
            translate('backlot.dispatch.toClose'),
            board.toClose,
            translate('backlot.dispatch.noneToClose'),
            'return',
          )}
        </Stack>
      )}
      <CalendarFeed tenantId={tenantId} />
    </Box>
  );
}
