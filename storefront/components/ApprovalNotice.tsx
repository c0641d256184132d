/**
 * Under the header while a signed-in visitor is not approved yet (§6: isAuthorized starts null),
 * or was turned down; once approved, nothing, except a note on the page that saw the approval
 * arrive live. A status region, so screen readers hear the change. On the platform an account
 * waiting for verification may already ask houses for quotes (each house decides): it says so.
 */
import { useState } from 'react';
import { PLATFORM_TENANT_ID } from '../../schema/routes';
import { useAuth } from '../auth/AuthProvider';
import { useConfiguration } from '../config/ConfigurationProvider';
import { frameMessages as messages } from '../i18n/frame-messages';

export function ApprovalNotice() {
  const { site, vendor, tenantId } = useConfiguration();
  const { status, visitor } = useAuth();
  const decision = status.status === 'authenticated' ? visitor?.profile.isAuthorized : undefined;
  // Whether this page saw the account undecided (so an approval now is news): remembered while rendering.
  const [sawUndecided, setSawUndecided] = useState(decision === null);
  if (decision === null && !sawUndecided) setSawUndecided(true);
  const verb = site.request!;
  let text: string | undefined;
  let tone = 'notice-info';
  if (decision === null)
    text =
      tenantId === PLATFORM_TENANT_ID
        ? messages.awaitingVerification
        : messages.awaitingApproval(vendor.displayName, verb);
  else if (decision === false) [text, tone] = [messages.denied(vendor.displayName), 'notice-warning'];
  else if (decision === true && sawUndecided) [text, tone] = [messages.approvedNow(verb), 'notice-success'];
  return (
    <div className="approval-notice-region" role="status">
      {text && (
        <div className={`approval-notice ${tone}`}>
          <p className="container">
            {text}
            {decision === false && (
              <>
                {' '}
                <a href="/contact-us">{messages.contactUs}</a>
              </>
            )}
          </p>
        </div>
      )}
    </div>
  );
}
