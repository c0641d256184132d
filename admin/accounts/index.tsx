/** The Accounts screen of a house: its customer accounts, one's form, opening one and the aged debtors, at /t/<tenantId>/accounts[/create|/aged|/<id>]. */
import { Route, Routes, useParams } from 'react-router-dom';
import { AccountCreate, AccountEdit } from './AccountEdit';
import { AccountList } from './AccountList';
import { AgedDebtors } from './AgedDebtors';

export function AccountsScreen() {
  const { tenantId = '' } = useParams();
  return (
    <Routes>
      <Route index element={<AccountList tenantId={tenantId} />} />
      <Route path="create" element={<AccountCreate tenantId={tenantId} />} />
      <Route path="aged" element={<AgedDebtors tenantId={tenantId} />} />
      <Route path=":id" element={<AccountEdit tenantId={tenantId} />} />
    </Routes>
  );
}
