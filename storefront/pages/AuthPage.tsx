/**
 * /auth/login and /auth/signup: email and password, with the tenant's configured subtitles.
 * - Sign-up sends the bot-check token (action 'signup'); a new profile goes to §2's onboarding page.
 * - Login goes to the stored redirect target (§2), or to onboarding on a visitor's first login here.
 *   An account with a phone second factor gets the code step; "Email me a sign-in link" mails a
 *   link instead, and this page follows the sign-in when the link is opened in another tab.
 * - §8's words appear beside the field they are about (or above the form), announced to screen
 *   readers, with the way out they suggest; a link that failed arrives as `?problem=<reason>`.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAuth } from '../auth/AuthProvider';
import { identityApi, IdentityError, toIdentityError } from '../auth/identity-api';
import { problemFromUrl } from '../auth/link-problem';
import { takeRedirectTarget } from '../auth/redirect-target';
import { ErrorText } from '../components/auth/ErrorText';
import { SecondFactorForm } from '../components/auth/SecondFactorForm';
import { PageHeader } from '../components/PageHeader';
import { useConfiguration } from '../config/ConfigurationProvider';
import { messages } from '../i18n/messages';
import { usePageMeta } from './usePageMeta';
import { formText } from '../lib/form-text';

type Mode = 'login' | 'signup';
type Step = { kind: 'password' } | { kind: 'code'; phoneHint: string } | { kind: 'linkSent'; email: string };

export function AuthPage({ mode }: { mode: Mode }) {
  const { site, forms } = useConfiguration();
  const meta = usePageMeta();
  const auth = useAuth();
  const { passwordLength } = forms;
  const [hydrated, setHydrated] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IdentityError>();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    setHydrated(true);
    setError(problemFromUrl());
  }, []);
  const subtitle = mode === 'login' ? site.loginSubtitle : site.signupSubtitle;
  const goOn = (next?: string) => window.location.assign(next ?? takeRedirectTarget());

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = { email: formText(form, 'email'), password: formText(form, 'password') };
    setBusy(true);
    setError(undefined);
    try {
      if (mode === 'signup') return goOn((await auth.signUp(input)).next);
      const answer = await auth.logIn(input);
      if (answer.status === 'authenticated') return goOn(answer.next);
      setBusy(false);
      setStep({ kind: 'code', phoneHint: answer.phoneHint });
    } catch (failure) {
      const shown = toIdentityError(failure);
      setError(shown);
      setBusy(false);
      // Focus follows the problem: the field it is about, else the form's first field.
      const field = formRef.current?.elements.namedItem(shown.field ?? 'email');
      if (field instanceof HTMLInputElement) field.focus();
    }
  };

  const guest = async () => {
    setError(undefined);
    try {
      await auth.continueAsGuest();
      goOn();
    } catch (failure) {
      setError(toIdentityError(failure));
    }
  };

  const emailLink = async () => {
    const email = formRef.current?.elements.namedItem('email');
    if (!(email instanceof HTMLInputElement) || !email.reportValidity()) return;
    setError(undefined);
    try {
      await identityApi.sendSignInLink(email.value);
      setStep({ kind: 'linkSent', email: email.value });
    } catch (failure) {
      setError(toIdentityError(failure));
    }
  };

  // Signed in meanwhile (a link followed in another tab, or already on arrival).
  const signedInHere = auth.status.status === 'authenticated' && auth.visitor !== undefined && !busy;
  const followedLink = signedInHere && step.kind === 'linkSent';
  useEffect(() => {
    if (followedLink) goOn();
  }, [followedLink]);
  let body;
  if (signedInHere) {
    body = (
      <div className="form-card">
        <p>{messages.signedInAs(auth.visitor!.email)}</p>
        <a className="button button-primary" href="/">
          {messages.continueBrowsing}
        </a>
      </div>
    );
  } else if (step.kind === 'code') {
    body = (
      <SecondFactorForm
        phoneHint={step.phoneHint}
        onSignedIn={goOn}
        onStartOver={(reason) => {
          setStep({ kind: 'password' });
          setError(reason);
        }}
      />
    );
  } else if (step.kind === 'linkSent') {
    body = (
      <div className="form-card" role="status">
        <p>{messages.linkSent(step.email)}</p>
        <p className="field-hint">{messages.linkSentHint}</p>
        <button type="button" className="text-button" onClick={() => setStep({ kind: 'password' })}>
          {messages.startOver}
        </button>
      </div>
    );
  } else {
    const fieldError = (name: string) => (error?.field === name ? error : undefined);
    const formError = error && error.field !== 'email' && error.field !== 'password' ? error : undefined;
    const describe = (name: string, ...more: string[]) =>
      [fieldError(name) && `${name}-error`, ...more].filter(Boolean).join(' ') || undefined;
    body = (
      <form ref={formRef} className="form-card" onSubmit={onSubmit} aria-busy={busy}>
        {auth.status.status === 'anonymous' && mode === 'signup' && <p className="form-note">{messages.guestSignUp}</p>}
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
          {busy
            ? mode === 'login'
              ? messages.loggingIn
              : messages.signingUp
            : mode === 'login'
              ? messages.logIn
              : messages.signUp}
        </button>
        {mode === 'login' && (
          <button type="button" className="text-button" onClick={emailLink} disabled={!hydrated || busy}>
            {messages.emailMeALink}
          </button>
        )}
        {auth.status.status === 'notAuthenticated' && (
          <button type="button" className="text-button" onClick={guest} disabled={!hydrated || busy}>
            {messages.continueAsGuest}
          </button>
        )}
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
    );
  }

  return (
    <>
      <PageHeader title={meta.name} lead={subtitle} />
      <div className="container section narrow">{body}</div>
    </>
  );
}

export const SignupPage = () => <AuthPage mode="signup" />;
export const LoginPage = () => <AuthPage mode="login" />;
