/** The tenants an account may reach (platform staff: all), each opening its branding and site settings. */
import { Button, Datagrid, List, TextField, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

function OpenButton() {
  const record = useRecordContext<{ id: string }>();
  const translate = useTranslate();
  if (!record) return null;
  return <Button component={Link} to={`/t/${record.id}/site`} label={translate('backlot.tenants.open')} />;
}

export function TenantList() {
  return (
    <List sort={{ field: 'id', order: 'ASC' }} perPage={25} empty={false}>
      <Datagrid rowClick={(id) => `/t/${id}/site`} bulkActionButtons={false}>
        <TextField source="id" />
        <TextField source="displayName" />
        <TextField source="domain" />
        <OpenButton />
      </Datagrid>
    </List>
  );
}
