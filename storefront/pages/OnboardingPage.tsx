/**
 * /onboarding/welcome (the platform's own tenant) and /onboarding/profile (other tenants): where a
 * visitor lands once their profile on this tenant is made (§2), with the steps ahead. Someone not
 * signed in is pointed to sign-up and login instead.
 */
import { useAuth } from '../auth/AuthProvider';
import { PageHeader } from '../components/PageHeader';
import { useConfiguration } from '../config/ConfigurationProvider';
import { messages } from '../i18n/messages';
import { usePageMeta } from './usePageMeta';

export function OnboardingPage() {
  const { site } = useConfiguration();
  const meta = usePageMeta();
  const { status } = useAuth();
  const signedOut = status.status === 'notAuthenticated';
  return (
    <>
      <PageHeader title={meta.name} lead={site.signupSubtitle} />
      <div className="container section narrow">
        {signedOut ? (
          <p className="form-note">
            {messages.onboardingSignedOut} <a href="/auth/signup">{messages.signUp}</a> · <a href="/auth/login">{messages.logIn}</a>
          </p>
        ) : (
          <ol className="steps">
            {messages.onboardingSteps(site.request!).map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        )}
      </div>
    </>
  );
}
