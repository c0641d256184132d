/**
 * What visitors are told when signing in or up goes wrong: spec §8's catalogue, word for word
 * where it gives the words, and Backlot's own plain words where it says "message not shown".
 * One table (browser-safe), used by both identity providers on the server and by the storefront
 * for a failure that reaches it by URL (a sign-in link that did not work).
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
  emailNeeds2ndFactorVerification:
    'This account also needs the code texted to its phone. Log in with your password to receive it.',
  tooManyAttempts: 'Too many attempts. Wait a few minutes, then try again.',
  secondFactorTimedOut: 'That sign-in has timed out. Log in again.',
  phoneInUse: 'That phone number is already used by another account.',
  emailNotVerified: 'Confirm your email address first: follow the link we mailed you, then add your phone.',
  invalidEmailVerificationLink:
    'That confirmation link has expired or does not work. Log in and send yourself a new one from your account page.',
  emailChangeUndone:
    'Your old email address is back, and every browser was signed out. Log in with it, then choose a new password from your account page.',
  invalidImpersonationTicket: 'That staff view link has been used or has expired. Open it again from the console.',
  invalidHandOffTicket:
    'That link from the platform has been used or has expired. Open it again from your quotes on the platform, or log in here.',
  // §5's assertions, word for word.
  missingEmail: 'Missing email address',
  botCheckNotLoaded: 'recaptcha not loaded',
} as const;

export type AuthFailureReason = keyof typeof AUTH_MESSAGES;

export const isAuthFailureReason = (value: string): value is AuthFailureReason => Object.hasOwn(AUTH_MESSAGES, value);
