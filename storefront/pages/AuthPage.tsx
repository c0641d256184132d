/**
 * /auth/login and /auth/signup: the forms with the tenant's configured subtitles. Accounts
 * arrive with the identity issue; until then the form says so instead of failing silently.
 */
import { PageHeader } from '../components/PageHeader';
import { useConfiguration } from '../config/ConfigurationProvider';
import { messages } from '../i18n/messages';
import { usePageMeta } from './usePageMeta';

export function AuthPage({ mode }: { mode: 'login' | 'signup' }) {
  const { site } = useConfiguration();
  const meta = usePageMeta();
  const subtitle = mode === 'login' ? site.loginSubtitle : site.signupSubtitle;
  return (
    <>
      <PageHeader title={meta.name} lead={subtitle} />
      <div className="container section narrow">
        <form className="form-card" method="post" action={`/api/auth/${mode}`} aria-describedby="auth-pending">
          {mode === 'signup' && (
            <>
              <label>
                {messages.name}
                <input name="name" autoComplete="name" required />
              </label>
              <label>
                {messages.company}
                <input name="company" autoComplete="organization" />
              </label>
            </>
          )}
          <label>
            {messages.email}
            <input name="email" type="email" autoComplete="email" required />
          </label>
          <label>
            {messages.password}
            <input name="password" type="password" autoComplete={mode === 'login' ? 'current-password' : 'new-password'} required minLength={8} />
          </label>
          <p id="auth-pending" className="form-note">
            {messages.identityPending}
          </p>
          <button className="button button-primary" type="submit" disabled>
            {mode === 'login' ? messages.logIn : messages.signUp}
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
