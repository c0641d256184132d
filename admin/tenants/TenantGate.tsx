/**
 * Stands in front of every screen of one tenant (/t/<tenantId>/…). It reads the tenant first:
 *
 * - one the account may not reach, or that does not exist, shows "not found or not yours" and
 *   nothing else (no empty list with a Create button for another tenant's data);
 * - one whose stored files are invalid (edited by hand) shows the repair view: each problem
 *   located in its file with the lines around it, that visitors keep the last valid version
 *   meanwhile, and the History with Restore, which puts a valid version back;
 * - otherwise the screen itself.
 */
import { Card, CardContent, Typography } from '@mui/material';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, Loading, Title, usePermissions, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { Account } from '../authProvider';
import type { StoredProblem } from '../history/RepairView';
import { useTenantRecord } from './useTenantRecord';

interface TenantReadError {
  status?: number;
  body?: { issues?: StoredProblem[]; version?: string };
}

// Only a tenant broken by hand needs it: loaded then, not with every screen.
const RepairView = lazy(() => import('../history/RepairView').then((module) => ({ default: module.RepairView })));

function NotYours({ tenantId }: { tenantId: string }) {
  const translate = useTranslate();
  const { permissions } = usePermissions<Account | undefined>();
  const own = permissions?.role === 'platform-staff' ? undefined : permissions?.tenants[0];
  return (
    <Card sx={{ mt: 2, maxWidth: 640 }}>
      <Title title="Backlot" />
      <CardContent>
        <Typography variant="h6" component="h1" gutterBottom>
          {translate('backlot.gate.notYoursTitle')}
        </Typography>
        <Typography>{translate('backlot.gate.notYours', { tenant: tenantId })}</Typography>
        {own && (
          <Typography sx={{ mt: 2 }}>
            <Link to={`/t/${own}/site`}>{translate('backlot.gate.backToOwn', { tenant: own })}</Link>
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

export function TenantGate({ children }: { children: ReactNode }) {
  const { tenantId = '' } = useParams();
  const { permissions, isPending: permissionsPending } = usePermissions<Account | undefined>();
  const reachable = permissions?.role === 'platform-staff' || Boolean(permissions?.tenants.includes(tenantId));
  const { isPending, error } = useTenantRecord(tenantId, { enabled: reachable, retry: false });
  if (permissionsPending) return <Loading />;
  if (!reachable) return <NotYours tenantId={tenantId} />;
  const failure = error as TenantReadError | null;
  if (failure?.status === 403 || failure?.status === 404) return <NotYours tenantId={tenantId} />;
  if (failure?.status === 422 && failure.body?.issues)
    return (
      <Suspense fallback={<Loading />}>
        <RepairView tenantId={tenantId} problems={failure.body.issues} />
      </Suspense>
    );
  if (isPending && !failure) return <Loading />;
  return <>{children}</>;
}
