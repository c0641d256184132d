/**
 * /onboarding/welcome (the platform's own tenant) and /onboarding/profile (other tenants): where a
 * visitor lands once their profile on this tenant is made (§2). They add the details every quote
 * request carries (the profile fields the schema lets them edit, labelled and bounded by it),
 * then see the steps ahead, and confirm their email address. Someone not signed in is pointed to
 * sign-up and login instead. An email confirmation link lands here, with `?emailConfirmed=1` or the
 * `?problem=` that stopped it. On the platform's welcome, the new account first says what it is:
 * a production (the details above), or a house to list (HouseApplicationForm).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useAuth } from '../auth/AuthProvider';
import { IdentityError } from '../auth/identity-api';
import { problemFromUrl } from '../auth/link-problem';
import { ErrorText } from '../components/auth/ErrorText';
import { FAVORITES_PATH, PLATFORM_TENANT_ID, SET_LISTS_PATH } from '../../schema/routes';
import { HouseApplicationForm } from '../components/marketplace/HouseApplicationForm';
import { KeptCertificates } from '../components/insurance/KeptCertificates';
import { AccountSettings } from '../components/auth/AccountSettings';
import { PhoneSecondFactor } from '../components/auth/PhoneSecondFactor';
import { PageHeader } from '../components/PageHeader';
import { useConfiguration } from '../config/ConfigurationProvider';
import { messages } from '../i18n/messages';
import { usePageMeta } from './usePageMeta';
import { formText } from '../lib/form-text';

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; error: IdentityError };

function ProfileForm() {
  const { forms } = useConfiguration();
  const { visitor, updateProfile } = useAuth();
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const profile = visitor!.profile as unknown as Record<string, string | undefined>;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const fields = Object.fromEntries(forms.profileFields.map((field) => [field.name, formText(form, field.name)]));
    setState({ kind: 'saving' });
    try {
      await updateProfile(fields);
      setState({ kind: 'saved' });
    } catch (error) {
      setState({
        kind: 'failed',
        error: error instanceof IdentityError ? error : new IdentityError(messages.somethingWentWrong, 500),
      });
    }
  };

  const fieldError = (name: string) =>
    state.kind === 'failed' && state.error.field === name ? state.error.message : undefined;
  return (
    <form
      className="form-card profile-form"
      onSubmit={onSubmit}
      aria-busy={state.kind === 'saving'}
      aria-labelledby="details-heading"
      onChange={() => state.kind === 'saved' && setState({ kind: 'idle' })}
    >
      <h2 id="details-heading" className="form-heading">
        {messages.yourDetails}
      </h2>
      {state.kind === 'failed' && !state.error.field && (
        <p className="field-error" role="alert">
          {state.error.message}
        </p>
      )}
      <div className="field-grid">
        {forms.profileFields.map((field) => (
          <div key={field.name} className="field">
            <label>
              {field.label}
              <input
                name={field.name}
                type={field.inputType}
                autoComplete={field.autocomplete}
                maxLength={field.maxLength}
                pattern={field.pattern}
                defaultValue={profile[field.name] ?? ''}
                aria-invalid={Boolean(fieldError(field.name))}
                aria-describedby={
                  [
                    fieldError(field.name) && `${field.name}-error`,
                    field.pattern && field.description && `${field.name}-hint`,
                  ]
                    .filter(Boolean)
                    .join(' ') || undefined
                }
              />
            </label>
            {/* A field with a set form says what it is (e.g. a phone number's example). */}
            {field.pattern && field.description && (
              <p id={`${field.name}-hint`} className="field-hint">
                {field.description}
              </p>
            )}
            {fieldError(field.name) && (
              <p id={`${field.name}-error`} className="field-error" role="alert">
                {fieldError(field.name)}
              </p>
            )}
          </div>
        ))}
      </div>
      <div className="form-actions">
        <button className="button button-primary" type="submit" disabled={state.kind === 'saving'}>
          {state.kind === 'saving' ? messages.saving : messages.saveDetails}
        </button>
        <p className="form-status" role="status">
          {state.kind === 'saved' && (
            <>
              {messages.detailsSaved} <a href="/rentals">{messages.browseRentals}</a>
            </>
          )}
        </p>
      </div>
    </form>
  );
}

/** The platform's question to a new account: a production, or a house to list. */
function WhoAreYou({
  choice,
  onChoose,
}: {
  choice: 'production' | 'house';
  onChoose: (next: 'production' | 'house') => void;
}) {
  const words = messages.marketplace;
  return (
    <fieldset className="who-are-you">
      <legend>{words.whoAreYou}</legend>
      {(['production', 'house'] as const).map((option) => (
        <label key={option} className="who-choice">
          <input type="radio" name="who" value={option} checked={choice === option} onChange={() => onChoose(option)} />
          {option === 'production' ? words.forProduction : words.forHouse}
        </label>
      ))}
    </fieldset>
  );
}

export function OnboardingPage() {
  const { site, vendor, tenantId } = useConfiguration();
  const [who, setWho] = useState<'production' | 'house'>('production');
  const platform = tenantId === PLATFORM_TENANT_ID;
  const meta = usePageMeta();
  const { status, visitor } = useAuth();
  const signedIn = status.status === 'authenticated' && visitor !== undefined;
  // A mailed link that did not work (an email confirmation) says why here.
  const [linkProblem, setLinkProblem] = useState<IdentityError>();
  useEffect(() => setLinkProblem(problemFromUrl()), []);
  return (
    <>
      <PageHeader title={meta.name} lead={messages.onboardingLead(site.request!)} />
      <div className="container section medium">
        {linkProblem && <ErrorText id="link-problem" error={linkProblem} />}
        {signedIn && (
          <nav className="account-shortcuts" aria-label={messages.yourLists}>
            <a className="button button-secondary" href={FAVORITES_PATH}>
              {messages.favoritesHeading} ({visitor.profile.stats?.favoriteCount ?? 0})
            </a>
            <a className="button button-secondary" href={SET_LISTS_PATH}>
              {messages.setListsHeading} ({visitor.profile.stats?.setListCount ?? 0})
            </a>
          </nav>
        )}
        {status.status === 'notAuthenticated' && (
          <p className="form-note">
            {messages.onboardingSignedOut} <a href="/auth/signup">{messages.signUp}</a> ·{' '}
            <a href="/auth/login">{messages.logIn}</a>
          </p>
        )}
        {signedIn && platform && <WhoAreYou choice={who} onChoose={setWho} />}
        {signedIn && platform && who === 'house' ? <HouseApplicationForm /> : signedIn && <ProfileForm />}
        {/* A production keeps its certificate where a house asks for one, and on the marketplace for every house. */}
        {signedIn && (platform ? who === 'production' : site.insuranceRequired) && (
          <div className="form-card">
            <KeptCertificates />
          </div>
        )}
        {signedIn && <PhoneSecondFactor />}
        {signedIn && !visitor.impersonatedBy && <AccountSettings />}
        <h2 className="steps-heading">{messages.nextSteps}</h2>
        <ol className="steps">
          {/* A house applying follows its own road, not a production's. */}
          {(signedIn && platform && who === 'house'
            ? messages.houseSteps
            : messages.onboardingSteps(site.request!, vendor.displayName)
          ).map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </div>
    </>
  );
}
