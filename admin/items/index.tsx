/** The Items screen of a tenant: its list, its items' forms and the spreadsheet import, at /t/<tenantId>/items[/create|/import|/<id>]. */
import { Route, Routes, useParams } from 'react-router-dom';
import { ItemCreate, ItemEdit } from './ItemEdit';
import { ItemImport } from './ItemImport';
import { ItemList } from './ItemList';

export function ItemsScreen() {
  const { tenantId = '' } = useParams();
  return (
    <Routes>
      <Route index element={<ItemList tenantId={tenantId} />} />
      <Route path="create" element={<ItemCreate tenantId={tenantId} />} />
      <Route path="import" element={<ItemImport tenantId={tenantId} />} />
      <Route path=":id" element={<ItemEdit tenantId={tenantId} />} />
    </Routes>
  );
}
