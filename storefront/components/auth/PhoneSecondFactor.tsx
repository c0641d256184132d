/**
 * Two-step login for a signed-in visitor: shows the phone that carries their second factor, or
 * enrols one: a code is texted to the number, and the code with the password turns it on (the
 * password, so a borrowed unlocked browser cannot add its own phone).
 */
import { useState, type FormEvent } from 'react';
import { useAuth } from '../../auth/AuthProvider';
import { identityApi, toIdentityError, type IdentityError } from '../../auth/identity-api';
import { useConfiguration } from '../../config/ConfigurationProvider';
import { messages } from '../../i18n/messages';
import { ErrorText } from './ErrorText';
import { formText } from '../../lib/form-text';

type Step = { kind: 'number' } | { kind: 'code'; phoneNumber: string } | { kind: 'done' };

export function PhoneSecondFactor() {
  const { forms } = useConfiguration();
  const auth = useAuth();
  const [step, setStep] = useState<Step>({ kind: 'number' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IdentityError>();
  const phoneField = forms.profileFields.find((field) => field.name === 'phone');

  if (auth.visitor?.phoneHint) {
    return (
      <p className="form-note" role="status">
        {step.kind === 'done'
          ? messages.twoStepOn(auth.visitor.phoneHint)
          : messages.twoStepIsOn(auth.visitor.phoneHint)}
      </p>
    );
  }

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (failure) {
      setError(toIdentityError(failure));
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => formText(form, name);
    if (step.kind === 'number')
      void run(async () => {
        await identityApi.sendPhoneCode(value('phoneNumber'));
        setStep({ kind: 'code', phoneNumber: value('phoneNumber') });
      });
    else if (step.kind === 'code')
      void run(async () => {
        await auth.enrolPhone({
          phoneNumber: step.phoneNumber,
          code: value('code').replace(/\s/g, ''),
          password: value('password'),
        });
        setStep({ kind: 'done' });
      });
  };

  const fieldError = (name: string) => (error?.field === name ? error : undefined);
  return (
    <form className="form-card" onSubmit={onSubmit} aria-busy={busy} aria-labelledby="two-step-heading">
      <h2 id="two-step-heading" className="form-heading">
        {messages.twoStepHeading}
      </h2>
      <p className="field-hint">{messages.twoStepLead}</p>
      {error && !error.field && <ErrorText id="two-step-error" error={error} />}
      {step.kind === 'number' ? (
        <label>
          {phoneField?.label ?? messages.phone}
          <input
            name="phoneNumber"
            type="tel"
            autoComplete="tel"
            required
            defaultValue={auth.visitor?.profile.phone ?? ''}
            pattern={phoneField?.pattern}
            maxLength={phoneField?.maxLength}
            aria-invalid={Boolean(fieldError('phoneNumber'))}
            aria-describedby={fieldError('phoneNumber') ? 'phoneNumber-error' : 'phoneNumber-hint'}
          />
        </label>
      ) : (
        <>
          <p role="status">{messages.phoneCodeSent(step.kind === 'code' ? step.phoneNumber : '')}</p>
          <label>
            {messages.code}
            <input
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              pattern="[0-9 ]{4,12}"
              maxLength={12}
              aria-invalid={Boolean(fieldError('code'))}
              aria-describedby={fieldError('code') ? 'code-error' : undefined}
            />
          </label>
          {fieldError('code') && <ErrorText id="code-error" error={fieldError('code')!} />}
          <label>
            {messages.currentPassword}
            <input
              name="password"
              type="password"
              autoComplete="current-password"
              required
              aria-invalid={Boolean(fieldError('password'))}
              aria-describedby={fieldError('password') ? 'password-error' : undefined}
            />
          </label>
          {fieldError('password') && <ErrorText id="password-error" error={fieldError('password')!} />}
        </>
      )}
      {step.kind === 'number' &&
        (fieldError('phoneNumber') ? (
          <ErrorText id="phoneNumber-error" error={fieldError('phoneNumber')!} />
        ) : (
          phoneField?.description && (
            <p id="phoneNumber-hint" className="field-hint">
              {phoneField.description}
            </p>
          )
        ))}
      <div className="form-actions">
        <button className="button button-primary" type="submit" disabled={busy}>
          {step.kind === 'number' ? messages.textMeACode : messages.turnOnTwoStep}
        </button>
        {step.kind === 'code' && (
          <button type="button" className="text-button" onClick={() => setStep({ kind: 'number' })}>
            {messages.useAnotherNumber}
          </button>
        )}
      </div>
    </form>
  );
}
