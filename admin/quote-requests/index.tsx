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
      <Route path=":id" element={<OneRequest tenantId={tenantId} />} />
    </Routes>
  );
}

/**
 * One request's page, started afresh for each request: moving from one request to another (a link
 * on the hold board, a clash, the browser's back) keeps nothing of the last one's (the item its
 * timeline showed, what a button just said, whose messages are loaded).
 */
function OneRequest({ tenantId }: { tenantId: string }) {
  const { id = '' } = useParams();
  return <QuotePricing key={`${tenantId}/${id}`} tenantId={tenantId} />;
}
