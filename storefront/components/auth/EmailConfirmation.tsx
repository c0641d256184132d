/**
 * Whether the visitor's email address is confirmed (the profile's isEmailVerified, which follows
 * the server live): confirmed, or a note that a link is on its way with a button to send another.
 * Sign-up and an email change mail that link; following it lands on the onboarding page with
 * `?emailConfirmed=1`, which this announces.
 */
import { useEffect, useState } from 'react';
import { useAuth } from '../../auth/AuthProvider';
import { identityApi, toIdentityError, type IdentityError } from '../../auth/identity-api';
import { messages } from '../../i18n/messages';
import { ErrorText } from './ErrorText';

export function EmailConfirmation() {
  const { visitor } = useAuth();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<IdentityError>();
  const [justConfirmed, setJustConfirmed] = useState(false);
  useEffect(() => setJustConfirmed(new URLSearchParams(window.location.search).has('emailConfirmed')), []);
  if (!visitor) return null;
  const confirmed = visitor.profile.isEmailVerified === true;

  const sendAgain = async () => {
    setSending(true);
    setError(undefined);
    try {
      await identityApi.sendEmailConfirmation();
      setSent(true);
    } catch (failure) {
      setError(toIdentityError(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="account-change email-confirmation">
      <h3>{messages.emailAddress}</h3>
      <p className="email-state">
        <span>{visitor.email}</span>{' '}
        <span className={confirmed ? 'badge badge-confirmed' : 'badge badge-unconfirmed'}>
          {confirmed ? messages.emailConfirmedBadge : messages.emailUnconfirmedBadge}
        </span>
      </p>
      {!confirmed && <p className="field-hint">{messages.emailConfirmationPending(visitor.email)}</p>}
      {error && <ErrorText id="email-confirmation-error" error={error} />}
      <div className="form-actions">
        {!confirmed && (
          <button className="button button-secondary" type="button" onClick={sendAgain} disabled={sending}>
            {sending ? messages.sending : messages.sendConfirmationAgain}
          </button>
        )}
        <p className="form-status" role="status">
          {confirmed && justConfirmed
            ? messages.emailConfirmedNow
            : !confirmed && sent
              ? messages.confirmationSent(visitor.email)
              : ''}
        </p>
      </div>
    </div>
  );
}
