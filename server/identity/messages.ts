/**
 * Failures of signing in or up, with spec §8's catalogue reasons (schema/auth-messages.ts): the
 * HTTP status each answers with and the form field it belongs beside.
 */
import { AUTH_MESSAGES, type AuthFailureReason } from '../../schema/auth-messages';

export { AUTH_MESSAGES, type AuthFailureReason };

/** The HTTP status each failure answers with, and the form field it belongs beside (none: the whole form). */
const ANSWERS: Record<AuthFailureReason, { status: number; field?: 'email' | 'password' | 'code' | 'phoneNumber' }> = {
  firebaseEmailAlreadyInUse: { status: 409, field: 'email' },
  firebaseUserNotFound: { status: 401, field: 'email' },
  wrongPassword: { status: 401, field: 'password' },
  invalidEmailLoginLink: { status: 400 },
  multiFactorRequired: { status: 401 },
  invalidVerificationCode: { status: 400, field: 'code' },
  codeExpired: { status: 400, field: 'code' },
  requiresRecentLogin: { status: 401, field: 'password' },
  emailNeeds2ndFactorVerification: { status: 401 },
  tooManyAttempts: { status: 429 },
  secondFactorTimedOut: { status: 401 },
  phoneInUse: { status: 409, field: 'phoneNumber' },
  invalidImpersonationTicket: { status: 400 },
  invalidHandOffTicket: { status: 400 },
  invalidEmailVerificationLink: { status: 400 },
  emailChangeUndone: { status: 401 },
  emailNotVerified: { status: 409 },
  missingEmail: { status: 400, field: 'email' },
  botCheckNotLoaded: { status: 400 },
};

/** A sign-in or sign-up failure with its catalogue reason; its message is the catalogue's. */
export class AuthFailure extends Error {
  readonly statusCode: number;
  readonly field: string | undefined;
  constructor(readonly reason: AuthFailureReason) {
    super(AUTH_MESSAGES[reason]);
    this.statusCode = ANSWERS[reason].status;
    this.field = ANSWERS[reason].field;
  }
}
