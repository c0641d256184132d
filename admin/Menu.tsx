/** The console's menu: platform staff get the tenants list; everyone gets the settings of the tenant in view (or their own). */
import { Menu as RaMenu, usePermissions, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import type { Account } from './authProvider';

export function Menu() {
  const translate = useTranslate();
  const { permissions } = usePermissions<Account | undefined>();
  const inView = /^\/t\/([^/]+)/.exec(useLocation().pathname)?.[1];
  const tenantId = inView ?? permissions?.tenants[0];
  return (
    <RaMenu>
      {permissions?.role === 'platform' && <RaMenu.ResourceItem name="tenants" />}
      {tenantId && <RaMenu.Item to={`/t/${tenantId}/site`} primaryText={`${translate('backlot.menu.site')} (${tenantId})`} />}
    </RaMenu>
  );
}
