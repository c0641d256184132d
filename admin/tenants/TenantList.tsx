/** The tenants an account may reach (platform staff: all, and a button to make one), each opening its branding and site settings. */
import {
  Button,
  CreateButton,
  Datagrid,
  List,
  TextField,
  TopToolbar,
  usePermissions,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { Account } from '../authProvider';
import { Link } from 'react-router-dom';

function OpenButton() {
  const record = useRecordContext<{ id: string }>();
  const translate = useTranslate();
  if (!record) return null;
  return <Button component={Link} to={`/t/${record.id}/site`} label={translate('backlot.tenants.open')} />;
}

export function TenantList() {
  const { permissions } = usePermissions<Account | undefined>();
  const translate = useTranslate();
  const actions =
    permissions?.role === 'platform-staff' ? (
      <TopToolbar>
        <CreateButton label={translate('backlot.tenants.create')} />
      </TopToolbar>
    ) : (
      false
    );
  return (
    <List sort={{ field: 'id', order: 'ASC' }} perPage={25} empty={false} actions={actions}>
      <Datagrid rowClick={(id) => `/t/${id}/site`} bulkActionButtons={false}>
        <TextField source="id" />
        <TextField source="displayName" />
        <TextField source="domain" />
        <OpenButton />
      </Datagrid>
    </List>
  );
}
