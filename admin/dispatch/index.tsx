/** The Dispatch screen of a tenant: what goes out and comes back (/t/<tenantId>/dispatch), labels to print (/t/<tenantId>/dispatch/labels?item=…|order=…), and one order's pull sheet and scanning (/t/<tenantId>/dispatch/<id>). */
import { Route, Routes, useParams } from 'react-router-dom';
import { LabelSheet } from '../labels/LabelSheet';
import { DispatchList } from './DispatchList';
import { OrderFloor } from './OrderFloor';

export function DispatchScreen() {
  const { tenantId = '' } = useParams();
  return (
    <Routes>
      <Route index element={<DispatchList tenantId={tenantId} />} />
      <Route path="labels" element={<LabelSheet tenantId={tenantId} />} />
      <Route path=":id" element={<OrderFloor tenantId={tenantId} />} />
    </Routes>
  );
}
