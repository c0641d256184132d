/**
 * In the app bar, for an account that reaches more than one tenant: which tenant is in view,
 * and a switch to another that keeps the same screen (colours of one tenant → colours of the next).
 */
import { MenuItem, TextField } from '@mui/material';
import { useGetList, usePermissions } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Account } from '../authProvider';

export function TenantSwitcher() {
  const { permissions } = usePermissions<Account | undefined>();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const many = permissions?.role === 'platform-staff' || (permissions?.tenants.length ?? 0) > 1;
  const { data: tenants = [] } = useGetList<{ id: string; displayName?: string }>(
    'tenants',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'id', order: 'ASC' } },
    { enabled: many },
  );
  const match = /^\/t\/([^/]+)\/?([^/]*)/.exec(pathname);
  if (!many || tenants.length < 2) return null;
  return (
    <TextField
      select
      size="small"
      label="Tenant"
      value={match?.[1] ?? ''}
      onChange={(event) => navigate(`/t/${event.target.value}/${match?.[2] || 'site'}`)}
      sx={{
        width: { xs: 150, sm: 260 },
        flex: 'none',
        mr: 1,
        '& .MuiInputBase-root': { color: 'inherit', bgcolor: 'rgba(255,255,255,0.12)' },
        '& .MuiInputLabel-root, & .MuiSvgIcon-root': { color: 'inherit' },
        '& fieldset': { borderColor: 'rgba(255,255,255,0.5)' },
      }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {!match && (
        <MenuItem value="" disabled>
          Choose…
        </MenuItem>
      )}
      {tenants.map((tenant) => (
        <MenuItem key={tenant.id} value={tenant.id}>
          {tenant.displayName ? `${tenant.displayName} (${tenant.id})` : tenant.id}
        </MenuItem>
      ))}
    </TextField>
  );
}
