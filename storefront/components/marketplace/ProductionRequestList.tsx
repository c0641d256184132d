/**
 * The platform's /quotes: the visitor's production requests, newest first, each with its dates,
 * what it is for and every house's part as that house has it (ProductionParts).
 */
import { useEffect, useState } from 'react';
import { RENTALS_BASE_PATH } from '../../../schema/routes';
import { toIdentityError, type IdentityError } from '../../auth/identity-api';
import { useConfiguration } from '../../config/ConfigurationProvider';
import { messages as allMessages } from '../../i18n/messages';
import { quoteMessages as words } from '../../i18n/quote-messages';
import { formatDays } from '../../../schema/display/format';
import { productionRequestsApi, type ShownProductionRequest } from '../../lib/production-requests-api';
import { ErrorText } from '../auth/ErrorText';
import { EmptyState } from '../EmptyState';
import { Loading } from '../lists/SignedInOnly';
import { ProductionParts } from './ProductionParts';

const messages = allMessages.marketplace;

export function ProductionRequestList() {
  const { site } = useConfiguration();
  const [requests, setRequests] = useState<ShownProductionRequest[]>();
  const [error, setError] = useState<IdentityError>();
  useEffect(() => {
    let live = true;
    productionRequestsApi.list().then(
      (answer) => live && setRequests(answer),
      (failure) => live && setError(toIdentityError(failure)),
    );
    return () => void (live = false);
  }, []);
  if (error) return <ErrorText id="production-requests-error" error={error} />;
  if (!requests) return <Loading />;
  if (!requests.length)
    return (
      <EmptyState message={messages.noProductionRequests}>
        <a className="button button-primary" href={RENTALS_BASE_PATH}>
          {words.browse}
        </a>
      </EmptyState>
    );
  const replace = (next: ShownProductionRequest) =>
    setRequests((shown) => shown?.map((request) => (request.id === next.id ? next : request)));
  return (
    <ul className="production-requests">
      {requests.map((request) => (
        <li key={request.id} className="production-request">
          <h2 className="production-request-name">
            {request.production ?? formatDays(request.startDate, request.endDate, site)}
          </h2>
          <p className="production-request-meta">
            {formatDays(request.startDate, request.endDate, site)} ·{' '}
            {messages.itemsAt(
              request.parts.reduce(
                (sum, part) => sum + part.lines.reduce((count, line) => count + line.quantity, 0),
                0,
              ),
            )}
          </p>
          <ProductionParts request={request} onChange={replace} />
        </li>
      ))}
    </ul>
  );
}
