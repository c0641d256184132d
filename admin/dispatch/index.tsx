/** The Dispatch screen of a tenant: what goes out and comes back (/t/<tenantId>/dispatch), and one order's pull sheet and scanning (/t/<tenantId>/dispatch/<id>). */
import { Route, Routes, useParams } from 'react-router-dom';
import { DispatchList } from './DispatchList';
import { OrderFloor } from './OrderFloor';

export function DispatchScreen() {
  const { tenantId = '' } = useParams();
  return (
    <Routes>
      <Route index element={<DispatchList tenantId={tenantId} />} />
      <Route path=":id" element={<OrderFloor tenantId={tenantId} />} />
    </Routes>
  );
}
