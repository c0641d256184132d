/** The Quote requests screen of a tenant: its list, and one request to price, at /t/<tenantId>/quote-requests[/<id>]. */
import { Route, Routes, useParams } from 'react-router-dom';
import { QuotePricing } from './QuotePricing';
import { QuoteRequestList } from './QuoteRequestList';

export function QuoteRequestsScreen() {
  const { tenantId = '' } = useParams();
  return (
    <Routes>
      <Route index element={<QuoteRequestList tenantId={tenantId} />} />
      <Route path=":id" element={<QuotePricing tenantId={tenantId} />} />
    </Routes>
  );
}
