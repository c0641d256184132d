/** The Accounts screen of a house: its customer accounts, one's form, and opening one, at /t/<tenantId>/accounts[/create|/<id>]. */
import { Route, Routes, useParams } from 'react-router-dom';
import { AccountCreate, AccountEdit } from './AccountEdit';
import { AccountList } from './AccountList';

export function AccountsScreen() {
  const { tenantId = '' } = useParams();
  return (
    <Routes>
      <Route index element={<AccountList tenantId={tenantId} />} />
      <Route path="create" element={<AccountCreate tenantId={tenantId} />} />
      <Route path=":id" element={<AccountEdit tenantId={tenantId} />} />
    </Routes>
  );
}
