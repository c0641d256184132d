/** The console's menu: platform staff get the tenants list; everyone gets the screens of the tenant in view (or their own). */
import { ListSubheader } from '@mui/material';
import { MenuCount } from './components/MenuCount';
import { Menu as RaMenu, useGetList, usePermissions, useSidebarState, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import type { Account } from './authProvider';
import { useEffect } from 'react';
import { TENANT_SCREENS } from './tenant-screens';
import { waitingChanged } from './users/waiting';
import { UnreadConversations } from './quote-requests/unread-conversations';

/** The Users item with how many productions wait for the house's decision (read again when the list changes or the window regains focus). */
function WaitingCount({ tenantId, label }: { tenantId: string; label: string }) {
  const translate = useTranslate();
  const { total, refetch } = useGetList(`tenants/${tenantId}/users`, {
    filter: { decision: 'awaiting' },
    sort: { field: 'createdAt', order: 'DESC' },
    pagination: { page: 1, perPage: 1 },
  });
  useEffect(() => {
    const again = () => void refetch();
    waitingChanged.addEventListener('change', again);
    return () => waitingChanged.removeEventListener('change', again);
  }, [refetch]);
  return (
    <MenuCount
      label={label}
      count={total ?? 0}
      color="warning"
      description={translate('backlot.menu.waiting', { smart_count: total ?? 0 })}
    />
  );
}

export function Menu() {
  const translate = useTranslate();
  const { permissions } = usePermissions<Account | undefined>();
  const inView = /^\/t\/([^/]+)/.exec(useLocation().pathname)?.[1];
  // Another tenant's address typed by a tenant admin lists their own tenant's screens, not that one's.
  const mayReach = (id: string | undefined) =>
    id !== undefined && (permissions?.role === 'platform-staff' || Boolean(permissions?.tenants.includes(id)));
  const tenantId = mayReach(inView) ? inView : permissions?.tenants[0];
  const [open] = useSidebarState();
  return (
    <RaMenu>
      {permissions?.role === 'platform-staff' && <RaMenu.ResourceItem name="tenants" />}
      {permissions?.role === 'platform-staff' && <RaMenu.ResourceItem name="house-applications" />}
      {permissions?.role === 'platform-staff' && <RaMenu.ResourceItem name="marketplace/production-requests" />}
      {permissions?.role === 'platform-staff' && <RaMenu.ResourceItem name="marketplace/houses" />}
      {permissions?.role === 'platform-staff' && <RaMenu.ResourceItem name="outbox" />}
      {tenantId && (
        <>
          {open && (
            // role "none": a heading among the menu's items, not an item itself.
            <ListSubheader role="none" sx={{ lineHeight: 2.5, mt: 1, bgcolor: 'transparent' }}>
              {translate('backlot.menu.tenant', { tenant: tenantId })}
            </ListSubheader>
          )}
          {TENANT_SCREENS.map(({ path, label, icon: Icon }) => (
            <RaMenu.Item
              key={path}
              to={`/t/${tenantId}/${path}`}
              primaryText={
                path === 'users' ? (
                  <WaitingCount tenantId={tenantId} label={translate(label)} />
                ) : path === 'quote-requests' ? (
                  <UnreadConversations tenantId={tenantId} label={translate(label)} />
                ) : (
                  translate(label)
                )
              }
              leftIcon={<Icon />}
            />
          ))}
        </>
      )}
    </RaMenu>
  );
}
