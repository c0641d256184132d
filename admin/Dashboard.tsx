/** The landing page: platform staff go to the tenants list, a tenant admin straight to their tenant. */
import { Loading, usePermissions, useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import type { Account } from './authProvider';

export function Dashboard() {
  const { permissions, isPending } = usePermissions<Account | undefined>();
  const translate = useTranslate();
  if (isPending) return <Loading />;
  if (permissions?.role === 'platform-staff') return <Navigate to="/tenants" replace />;
  const tenantId = permissions?.tenants[0];
  return tenantId ? <Navigate to={`/t/${tenantId}/site`} replace /> : <p>{translate('backlot.noTenant')}</p>;
}
