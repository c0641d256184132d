/** A refused call's words, announced, with the way out §8's words suggest (log in instead, sign up instead). */
import type { IdentityError } from '../../auth/identity-api';
import { messages } from '../../i18n/messages';

export function ErrorText({ id, error }: { id: string; error: Pick<IdentityError, 'message' | 'reason'> }) {
  return (
    <p id={id} className="field-error" role="alert">
      {error.message} {error.reason === 'firebaseEmailAlreadyInUse' && <a href="/auth/login">{messages.logIn}</a>}
      {error.reason === 'firebaseUserNotFound' && <a href="/auth/signup">{messages.signUp}</a>}
    </p>
  );
}
