/**
 * The account (§7), for a signed-in visitor: whether the email is confirmed (with a link to send
 * again), a new email or a new password, each only with the
 * current password (§8's requiresRecentLogin otherwise), and deleting the account after a
 * confirmation. Each change is its own small form, so a mistake in one leaves the others alone.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useAuth } from '../../auth/AuthProvider';
import { identityApi, toIdentityError, type IdentityError } from '../../auth/identity-api';
import { useConfiguration } from '../../config/ConfigurationProvider';
import { messages } from '../../i18n/messages';
import { useConfirm } from '../ConfirmDialog';
import { EmailConfirmation } from './EmailConfirmation';
import { ErrorText } from './ErrorText';
import { formText } from '../../lib/form-text';

type Change = 'email' | 'password' | 'delete';

function ChangeForm({
  name,
  heading,
  children,
  submit,
  onSubmit,
}: {
  name: Change;
  heading: string;
  children: ReactNode;
  submit: string;
  onSubmit(form: FormData): Promise<string | void>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IdentityError>();
  const [done, setDone] = useState<string>();
  const handle = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    setError(undefined);
    setDone(undefined);
    try {
      const message = await onSubmit(new FormData(form));
      if (message) {
        setDone(message);
        form.reset();
      }
    } catch (failure) {
      setError(toIdentityError(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="account-change" onSubmit={handle} aria-busy={busy} aria-labelledby={`${name}-heading`}>
      <h3 id={`${name}-heading`}>{heading}</h3>
      {children}
      {error && <ErrorText id={`${name}-error`} error={error} />}
      <div className="form-actions">
        <button
          className={name === 'delete' ? 'button button-danger' : 'button button-secondary'}
          type="submit"
          disabled={busy}
        >
          {submit}
        </button>
        <p className="form-status" role="status">
          {done}
        </p>
      </div>
    </form>
  );
}

/** The current password every change asks for (a refusal is announced by the form's alert). */
const currentPassword = () => (
  <label>
    {messages.currentPassword}
    <input name="password" type="password" autoComplete="current-password" required />
  </label>
);

export function AccountSettings() {
  const { forms } = useConfiguration();
  const auth = useAuth();
  const confirm = useConfirm();
  const text = formText;
  return (
    <section className="form-card" aria-labelledby="account-heading">
      <h2 id="account-heading" className="form-heading">
        {messages.account}
      </h2>
      <EmailConfirmation />
      <ChangeForm
        name="email"
        heading={messages.changeEmail}
        submit={messages.changeEmail}
        onSubmit={async (form) => {
          const asked = await identityApi.changeEmail({
            newEmail: text(form, 'newEmail'),
            password: text(form, 'password'),
          });
          // Nothing changes until the link mailed to the new address is followed.
          return asked
            ? messages.emailChangeAsked(asked.pendingEmail, auth.visitor?.email ?? '')
            : messages.emailUnchanged;
        }}
      >
        <label>
          {messages.newEmail}
          <input name="newEmail" type="email" autoComplete="email" required maxLength={254} />
        </label>
        {currentPassword()}
      </ChangeForm>
      <ChangeForm
        name="password"
        heading={messages.changePassword}
        submit={messages.changePassword}
        onSubmit={async (form) => {
          await identityApi.changePassword({
            password: text(form, 'password'),
            newPassword: text(form, 'newPassword'),
          });
          return messages.passwordChanged;
        }}
      >
        {currentPassword()}
        <label>
          {messages.newPassword}
          <input
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            minLength={forms.passwordLength.min}
            maxLength={forms.passwordLength.max}
            aria-describedby="new-password-hint"
          />
        </label>
        <p id="new-password-hint" className="field-hint">
          {messages.passwordHint(forms.passwordLength.min)}
        </p>
      </ChangeForm>
      <ChangeForm
        name="delete"
        heading={messages.deleteAccount}
        submit={messages.deleteAccount}
        onSubmit={async (form) => {
          const outcome = await confirm({
            title: messages.deleteAccountTitle,
            message: messages.deleteAccountWarning,
            confirmLabel: messages.deleteAccount,
          });
          if (outcome !== 'confirmed') return;
          await identityApi.deleteAccount(text(form, 'password'));
          window.location.assign('/?accountDeleted=1');
        }}
      >
        <p className="field-hint">{messages.deleteAccountWarning}</p>
        {currentPassword()}
      </ChangeForm>
    </section>
  );
}
