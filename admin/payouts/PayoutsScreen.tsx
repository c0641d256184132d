/**
 * A house's payouts: the account it is paid on at the provider (Stripe Connect, or the built-in
 * test provider), read again from the provider each time the screen opens (and on the way back
 * from the provider's onboarding); the button that connects it, or goes on connecting it; what the
 * provider still wants; the platform's commission on orders through the platform; and the month's
 * statement. Until the account takes payments, the house's storefront takes no card hold.
 */
import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Divider,
  Stack,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useLocation, useParams } from 'react-router-dom';
import { PLATFORM_TENANT_ID } from '../../schema/routes';
import { payoutsApi, type Payouts } from './payouts-api';
import { requirementWords } from './requirement-words';
import { StatementDownload } from './StatementDownload';

type Standing = 'notConnected' | 'detailsWanted' | 'connected' | 'paused';

/** Where the house stands, in the words the screen uses. */
export function standingOf(payouts: Pick<Payouts, 'accountId' | 'chargesEnabled' | 'connectedAt'>): Standing {
  if (!payouts.accountId) return 'notConnected';
  if (payouts.chargesEnabled) return 'connected';
  return payouts.connectedAt ? 'paused' : 'detailsWanted';
}

/** The amber of "wanted" and "test mode", dark on light (MUI's warning orange fails WCAG AA contrast with its text). */
const AMBER = { bgcolor: '#fff3cd', color: '#664d03' } as const;

/** Each standing's chip: default grey, amber, and MUI's green and red, which pass AA with white text. */
export function StandingChip({ standing, label }: { standing: Standing; label: string }) {
  if (standing === 'detailsWanted') return <Chip size="small" label={label} sx={AMBER} />;
  return (
    <Chip
      size="small"
      color={standing === 'connected' ? 'success' : standing === 'paused' ? 'error' : 'default'}
      label={label}
    />
  );
}

export function PayoutsScreen() {
  const translate = useTranslate();
  const { tenantId = '' } = useParams();
  const back = new URLSearchParams(useLocation().search).get('back');
  const [payouts, setPayouts] = useState<Payouts>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  const read = useCallback(
    () =>
      payoutsApi.get(tenantId).then(
        (answer) => {
          setFailure(undefined);
          setPayouts(answer);
        },
        (error: Error) => setFailure(error.message),
      ),
    [tenantId],
  );
  useEffect(() => {
    if (tenantId !== PLATFORM_TENANT_ID) void read();
  }, [tenantId, read]);
  const load = () => void read();

  const connect = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const { url } = await payoutsApi.connect(tenantId);
      window.location.assign(url);
    } catch (error) {
      setFailure((error as Error).message);
      setBusy(false);
    }
  };

  const title = <Title title={translate('backlot.payouts.title', { tenant: tenantId })} />;
  if (tenantId === PLATFORM_TENANT_ID)
    return (
      <Box sx={{ p: 2 }}>
        {title}
        <Alert severity="info">{translate('backlot.payouts.platformItself')}</Alert>
      </Box>
    );
  const provider =
    payouts && translate(payouts.providerKind === 'stripe' ? 'backlot.payouts.stripe' : 'backlot.payouts.testProvider');
  const standing = payouts && standingOf(payouts);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 760 }}>
      {title}
      {back && standing && (
        <Alert severity={standing === 'connected' ? 'success' : 'info'} sx={{ mb: 2 }}>
          {translate(standing === 'connected' ? 'backlot.payouts.backConnected' : 'backlot.payouts.backNotYet', {
            provider,
          })}
        </Alert>
      )}
      {failure && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={load}>
              {translate('backlot.payouts.retry')}
            </Button>
          }
        >
          {failure}
        </Alert>
      )}
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" spacing={1.5} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 1.5 }}>
            <AccountBalanceOutlinedIcon color="action" />
            {/* On a phone the title keeps its line and the chips go under it. */}
            <Typography variant="h6" component="h2" sx={{ flexGrow: 1, flexBasis: { xs: 'calc(100% - 48px)', sm: 0 } }}>
              {translate('backlot.payouts.heading')}
            </Typography>
            {standing && <StandingChip standing={standing} label={translate(`backlot.payouts.standing.${standing}`)} />}
            {payouts?.testMode && <Chip size="small" label={translate('backlot.payouts.testMode')} sx={AMBER} />}
          </Stack>
          {!payouts && !failure && (
            <Stack direction="row" spacing={1.5} alignItems="center" role="status">
              <CircularProgress size={18} />
              <Typography color="text.secondary">{translate('backlot.payouts.reading')}</Typography>
            </Stack>
          )}
          {payouts && standing && (
            <Stack spacing={1.5}>
              <Typography>
                {translate(`backlot.payouts.explain.${standing}`, {
                  provider,
                  since: payouts.connectedAt
                    ? new Date(payouts.connectedAt).toLocaleDateString(undefined, { dateStyle: 'medium' })
                    : '',
                })}
              </Typography>
              {standing !== 'connected' && (payouts.due?.length ?? 0) > 0 && (
                <Box>
                  <Typography variant="body2" color="text.secondary">
                    {translate('backlot.payouts.due', { provider })}
                  </Typography>
                  <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
                    {requirementWords(payouts.due!).map((wanted) => (
                      <li key={wanted}>
                        <Typography variant="body2">{wanted}</Typography>
                      </li>
                    ))}
                  </Box>
                </Box>
              )}
              <Box>
                <Button
                  variant={standing === 'connected' ? 'outlined' : 'contained'}
                  onClick={() => void connect()}
                  disabled={busy}
                >
                  {busy
                    ? translate('backlot.payouts.opening', { provider })
                    : translate(`backlot.payouts.action.${standing}`, { provider })}
                </Button>
              </Box>
              {payouts.accountId && (
                <Typography variant="body2" color="text.secondary">
                  {translate('backlot.payouts.accountId', { provider, account: payouts.accountId })}
                </Typography>
              )}
            </Stack>
          )}
        </CardContent>
      </Card>
      {payouts && (
        <Card variant="outlined" sx={{ mt: 2 }}>
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {translate('backlot.payouts.platformHeading')}
            </Typography>
            <Typography sx={{ mb: 1.5 }}>
              {payouts.commissionPercent > 0
                ? translate('backlot.payouts.commission', { percent: payouts.commissionPercent })
                : translate('backlot.payouts.noCommission')}
            </Typography>
            <Divider sx={{ mb: 1.5 }} />
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate('backlot.payouts.statementExplain')}
            </Typography>
            <StatementDownload tenantId={tenantId} />
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
