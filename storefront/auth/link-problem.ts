/**
 * §8's words for a reason a mailed link sent back (`?problem=<reason>`), for the pages a link lands
 * on (log in, onboarding). Apart from identity-api.ts so the words travel with those pages only.
 */
import { AUTH_MESSAGES, isAuthFailureReason } from '../../schema/auth-messages';
import { IdentityError } from './identity-api';

export function problemFromUrl(): IdentityError | undefined {
  const reason = new URLSearchParams(window.location.search).get('problem');
  return reason && isAuthFailureReason(reason) ? new IdentityError(AUTH_MESSAGES[reason], 400, reason) : undefined;
}
