/**
 * The login's code step (§4 waitingFor2ndFactor): the code texted to the enrolled phone. A wrong or
 * expired code keeps the visitor here with §8's words beside the input; a permanent failure (too
 * many codes, the pending sign-in timed out) sends them back to the password with the reason.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isPermanentSecondFactorFailure } from '../../../schema/visitor-session';
import { useAuth } from '../../auth/AuthProvider';
import { identityApi, toIdentityError, type IdentityError } from '../../auth/identity-api';
import { messages } from '../../i18n/messages';
import { ErrorText } from './ErrorText';
import { formText } from '../../lib/form-text';

export function SecondFactorForm({
  phoneHint,
  onSignedIn,
  onStartOver,
}: {
  phoneHint: string;
  onSignedIn(next?: string): void;
  onStartOver(reason?: IdentityError): void;
}) {
  const auth = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IdentityError>();
  const [resent, setResent] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = formText(new FormData(event.currentTarget), 'code').replace(/\s/g, '');
    setBusy(true);
    setError(undefined);
    try {
      const answer = await auth.confirmSecondFactor(code);
      onSignedIn(answer.next);
    } catch (failure) {
      const shown = toIdentityError(failure);
      setBusy(false);
      if (isPermanentSecondFactorFailure(shown.status)) return onStartOver(shown);
      setError(shown);
      input.current?.select();
    }
  };

  const resend = async () => {
    setError(undefined);
    try {
      await identityApi.resendSecondFactorCode();
      setResent(true);
      input.current?.focus();
    } catch (failure) {
      const shown = toIdentityError(failure);
      if (shown.status === 401) return onStartOver(shown);
      setError(shown);
    }
  };

  return (
    <form className="form-card" onSubmit={onSubmit} aria-busy={busy}>
      <p role="status">{resent ? messages.codeResent(phoneHint) : messages.codeSent(phoneHint)}</p>
      <label>
        {messages.code}
        <input
          ref={input}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]{4,12}"
          maxLength={12}
          required
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'code-error' : undefined}
        />
      </label>
      {error && <ErrorText id="code-error" error={error} />}
      <button className="button button-primary" type="submit" disabled={busy}>
        {busy ? messages.checking : messages.confirmCode}
      </button>
      <p className="form-switch">
        <button type="button" className="text-button" onClick={resend}>
          {messages.resendCode}
        </button>
        {' · '}
        <button type="button" className="text-button" onClick={() => onStartOver()}>
          {messages.startOver}
        </button>
      </p>
    </form>
  );
}
