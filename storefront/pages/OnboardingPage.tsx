/** /onboarding/welcome (the platform's own tenant) and /onboarding/profile (other tenants): the steps after sign-up. */
import { PageHeader } from '../components/PageHeader';
import { useConfiguration } from '../config/ConfigurationProvider';
import { messages } from '../i18n/messages';
import { usePageMeta } from './usePageMeta';

export function OnboardingPage() {
  const { site } = useConfiguration();
  const meta = usePageMeta();
  return (
    <>
      <PageHeader title={meta.name} lead={site.signupSubtitle} />
      <div className="container section narrow">
        <ol className="steps">
          {messages.onboardingSteps(site.request!).map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className="form-note">{messages.identityPending}</p>
      </div>
    </>
  );
}
