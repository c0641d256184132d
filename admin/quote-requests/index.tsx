/** The Quote requests screen of a tenant: its list, and one request to price, at /t/<tenantId>/quote-requests[/<id>]. */
import { Route, Routes, useParams } from 'react-router-dom';
import { QuotePricing } from './QuotePricing';
import { QuoteRequestList } from './QuoteRequestList';
import { PayoutsReminder } from '../payouts/PayoutsReminder';

export function QuoteRequestsScreen() {
  const { tenantId = '' } = useParams();
  return (
    <Routes>
      <Route
        index
        element={
          <>
            <PayoutsReminder tenantId={tenantId} />
            <QuoteRequestList tenantId={tenantId} />
          </>
        }
      />
      <Route path=":id" element={<QuotePricing tenantId={tenantId} />} />
    </Routes>
  );
}
