/**
 * What visitors are told when signing in or up goes wrong: spec §8's catalogue, word for word
 * where it gives the words, and Backlot's own plain words where it says "message not shown".
 * One table, used by both identity providers (local and Firebase) and shown by the storefront.
 */

export const AUTH_MESSAGES = {
  // §8, word for word.
  firebaseEmailAlreadyInUse: 'This email address is already registered. Please log in.',
  firebaseUserNotFound: 'There is no user record corresponding to this identifier. The user may have been deleted.',
  wrongPassword: 'The password is invalid or the user does not have a password.',
  invalidEmailLoginLink: 'Invalid sign in with email link',
  multiFactorRequired: 'The second factor is prompted.',
  // §8 names these without words: ours.
  invalidVerificationCode: 'That code is not right. Check the text message and try again.',
  codeExpired: 'That code has expired. Ask for a new one.',
  requiresRecentLogin: 'For your security, enter your current password again before making this change.',
  emailNeeds2ndFactorVerification: 'This account also needs the code texted to its phone. Log in with your password to receive it.',
  tooManyAttempts: 'Too many attempts. Wait a few minutes, then try again.',
  secondFactorTimedOut: 'That sign-in has timed out. Log in again.',
  phoneInUse: 'That phone number is already used by another account.',
  // §5's assertions, word for word.
  missingEmail: 'Missing email address',
  botCheckNotLoaded: 'recaptcha not loaded',
} as const;

export type AuthFailureReason = keyof typeof AUTH_MESSAGES;

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
