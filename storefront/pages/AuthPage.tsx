/**
 * /auth/login and /auth/signup: email and password, with the tenant's configured subtitles.
 * - Sign-up sends the bot-check token (action 'signup'); a new profile goes to §2's onboarding page.
 * - Login goes to the stored redirect target (§2), or to onboarding on a visitor's first login here.
 * - §8's words appear beside the field they are about (or above the form), announced to screen
 *   readers, with the way out they suggest (log in instead, sign up instead).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAuth } from '../auth/AuthProvider';
import { IdentityError } from '../auth/identity-api';
import { takeRedirectTarget } from '../auth/redirect-target';
import { PageHeader } from '../components/PageHeader';
import { useConfiguration } from '../config/ConfigurationProvider';
import { messages } from '../i18n/messages';
import { usePageMeta } from './usePageMeta';

type Mode = 'login' | 'signup';

function ErrorText({ id, error }: { id: string; error: IdentityError }) {
  return (
    <p id={id} className="field-error" role="alert">
      {error.message} {error.reason === 'firebaseEmailAlreadyInUse' && <a href="/auth/login">{messages.logIn}</a>}
      {error.reason === 'firebaseUserNotFound' && <a href="/auth/signup">{messages.signUp}</a>}
    </p>
  );
}

export function AuthPage({ mode }: { mode: Mode }) {
  const { site, forms } = useConfiguration();
  const { passwordLength } = forms;
  const meta = usePageMeta();
  const auth = useAuth();
  const [hydrated, setHydrated] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IdentityError>();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => setHydrated(true), []);
  const subtitle = mode === 'login' ? site.loginSubtitle : site.signupSubtitle;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') };
    setBusy(true);
    setError(undefined);
    try {
      const answer = mode === 'login' ? await auth.logIn(input) : await auth.signUp(input);
      window.location.assign(answer.next ?? takeRedirectTarget());
    } catch (failure) {
      const shown = failure instanceof IdentityError ? failure : new IdentityError(messages.somethingWentWrong, 500);
      setError(shown);
      setBusy(false);
      // Focus follows the problem: the field it is about, else the form's first field.
      const field = formRef.current?.elements.namedItem(shown.field ?? 'email');
      if (field instanceof HTMLInputElement) field.focus();
    }
  };

  if (auth.status.status === 'authenticated' && auth.visitor && !busy) {
    return (
      <>
        <PageHeader title={meta.name} lead={subtitle} />
        <div className="container section narrow">
          <div className="form-card">
            <p>{messages.signedInAs(auth.visitor.email)}</p>
            <a className="button button-primary" href="/">
              {messages.continueBrowsing}
            </a>
          </div>
        </div>
      </>
    );
  }

  const fieldError = (name: string) => (error?.field === name ? error : undefined);
  const formError = error && error.field !== 'email' && error.field !== 'password' ? error : undefined;
  const describe = (name: string, ...more: string[]) => [fieldError(name) && `${name}-error`, ...more].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <PageHeader title={meta.name} lead={subtitle} />
      <div className="container section narrow">
        <form ref={formRef} className="form-card" onSubmit={onSubmit} aria-busy={busy}>
          {formError && <ErrorText id="form-error" error={formError} />}
          <label>
            {messages.email}
            <input
              name="email"
              type="email"
              autoComplete={mode === 'login' ? 'username' : 'email'}
              required
              maxLength={254}
              aria-invalid={Boolean(fieldError('email'))}
              aria-describedby={describe('email')}
            />
          </label>
          {fieldError('email') && <ErrorText id="email-error" error={fieldError('email')!} />}
          <label>
            {mode === 'login' ? messages.password : messages.newPassword}
            <input
              name="password"
              type="password"
              autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
              required
              minLength={mode === 'signup' ? passwordLength.min : undefined}
              maxLength={passwordLength.max}
              aria-invalid={Boolean(fieldError('password'))}
              aria-describedby={describe('password', ...(mode === 'signup' ? ['password-hint'] : []))}
            />
          </label>
          {mode === 'signup' && (
            <p id="password-hint" className="field-hint">
              {messages.passwordHint(passwordLength.min)}
            </p>
          )}
          {fieldError('password') && <ErrorText id="password-error" error={fieldError('password')!} />}
          <noscript>
            <p className="form-note">{messages.needsJavaScript}</p>
          </noscript>
          <button className="button button-primary" type="submit" disabled={!hydrated || busy}>
            {busy ? (mode === 'login' ? messages.loggingIn : messages.signingUp) : mode === 'login' ? messages.logIn : messages.signUp}
          </button>
          <p className="form-switch">
            {mode === 'login' ? (
              <>
                {messages.noAccount} <a href="/auth/signup">{messages.signUp}</a>
              </>
            ) : (
              <>
                {messages.haveAccount} <a href="/auth/login">{messages.logIn}</a>
              </>
            )}
          </p>
        </form>
      </div>
    </>
  );
}
