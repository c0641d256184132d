/**
 * A staff view (§6's impersonation login) is never mistaken for the visitor's own session: a
 * banner above everything says whose storefront this is and who is looking, with a way out. A
 * staff view link that could not be used says why in the same place.
 */
import { useAuth } from '../auth/AuthProvider';
import { frameMessages as messages } from '../i18n/frame-messages';

export function StaffViewBanner() {
  const { status, visitor, staffViewProblem, endStaffView } = useAuth();
  const staff = status.status === 'authenticated' ? visitor?.impersonatedBy : undefined;
  if (!staff && !staffViewProblem) return null;
  return (
    <div className="staff-view-banner" role="region" aria-label={messages.staffView}>
      <p className="container">
        {staff ? (
          <>
            <strong>{messages.staffView}:</strong> {messages.staffViewAs(visitor!.email, staff.email)}{' '}
            <button type="button" className="staff-view-end" onClick={() => void endStaffView()}>
              {messages.endStaffView}
            </button>
          </>
        ) : (
          <span role="alert">{staffViewProblem}</span>
        )}
      </p>
    </div>
  );
}
