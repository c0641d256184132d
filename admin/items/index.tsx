/** The Items screen of a tenant: its list, and its items' forms, at /t/<tenantId>/items[/create|/<id>]. */
import { Route, Routes, useParams } from 'react-router-dom';
import { ItemCreate, ItemEdit } from './ItemEdit';
import { ItemList } from './ItemList';

export function ItemsScreen() {
  const { tenantId = '' } = useParams();
  return (
    <Routes>
      <Route index element={<ItemList tenantId={tenantId} />} />
      <Route path="create" element={<ItemCreate tenantId={tenantId} />} />
      <Route path=":id" element={<ItemEdit tenantId={tenantId} />} />
    </Routes>
  );
}
