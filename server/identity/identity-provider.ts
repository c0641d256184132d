/**
 * The IdentityProvider port: who a storefront visitor is, and the calls of spec §7 that change it.
 * The server's routes talk to this port only; adapters: `local-identity.ts` (better-auth over
 * the data folder's SQLite file, the default) and Firebase (Identity Toolkit + firebase-admin).
 * One contract suite for all (`tests/contract/identity-provider.contract.ts`).
 *
 * A session travels as an HttpOnly cookie: calls take the request's headers and hand back the
 * Set-Cookie values the reply must carry. Failures are AuthFailures with §8's reasons.
 */

export interface IdentityUser {
  uid: string;
  email: string;
  /** The tenants (vendors) the user belongs to. */
  vendors: string[];
  /** The last digits of the phone that carries the user's second factor, when they have one. */
  phoneHint?: string;
  /** Whether the owner of the email has proven it (a confirmation link or a sign-in link followed). */
  emailVerified: boolean;
  /** A guest: a session with no email or password yet (§4 anonymous). */
  isAnonymous?: boolean;
  /** Platform staff viewing the storefront as this user (an impersonation session). */
  impersonatedBy?: { uid: string; email: string };
}

export interface SignedIn {
  user: IdentityUser;
  /** Set-Cookie values for the reply: the new session (a new token at every sign-in). */
  setCookies: string[];
}

/** A first factor accepted on an account with a phone second factor: a code must follow. */
export interface SecondFactorPending {
  secondFactorPending: true;
  /** Set-Cookie values for the reply: the pending sign-in (not yet a session). */
  setCookies: string[];
  /** The enrolled phone's last digits. */
  phoneHint: string;
}

export interface Credentials {
  email: string;
  password: string;
}

export interface IdentityProvider {
  /** A guest session (§4's anonymous login): no email, no password, no profile. */
  signInAnonymously(headers: Headers): Promise<SignedIn>;
  /**
   * Creates an account and signs it in; `firebaseEmailAlreadyInUse` when the email has one. From a
   * guest session it is the upgrade (§7's "link email and password credential"): the guest session
   * becomes the account's.
   */
  signUp(credentials: Credentials, headers: Headers): Promise<SignedIn>;
  /**
   * Signs in; `firebaseUserNotFound` for an unknown email, `wrongPassword` for a wrong password.
   * An account with a phone second factor answers SecondFactorPending instead of a session.
   */
  signIn(credentials: Credentials, headers: Headers): Promise<SignedIn | SecondFactorPending>;
  /**
   * Texts a code to the pending sign-in's phone; `secondFactorTimedOut` when none is pending.
   * Answers Set-Cookie values to keep for the confirmation (a provider may need some).
   */
  sendSecondFactorCode(headers: Headers): Promise<string[]>;
  /**
   * Finishes the pending sign-in with the texted code. A wrong or expired code
   * (`invalidVerificationCode`, `codeExpired`) leaves it pending; `tooManyAttempts` and
   * `secondFactorTimedOut` end it.
   */
  confirmSecondFactor(code: string, headers: Headers): Promise<SignedIn>;
  /** Set-Cookie values that end a pending sign-in (§4's permanent failure: the password comes first again). */
  endPendingSignIn(): string[];
  /** Texts a code that proves a phone number, for the signed-in user to enrol it; Set-Cookie values to keep, as above. */
  sendPhoneCode(phoneNumber: string, headers: Headers): Promise<string[]>;
  /**
   * Enrols the proven phone as the second factor; the password confirms it is the account holder.
   * Answers the Set-Cookie values of the session that replaces the current one.
   */
  enrolPhone(input: { phoneNumber: string; code: string; password: string }, headers: Headers): Promise<string[]>;
  /** Sends a sign-in link to an account's email (nothing is sent for an unknown one, and nothing says so). */
  sendSignInLink(email: string, headers: Headers): Promise<void>;
  /** Signs in with a link's token; `invalidEmailLoginLink` for a used, expired or unknown one. */
  signInWithLink(token: string, headers: Headers): Promise<SignedIn>;
  /**
   * Mails the signed-in user a link that proves their email is theirs (Delivery.verificationLink);
   * nothing when it is proven already, or for a guest.
   */
  sendEmailVerification(headers: Headers): Promise<void>;
  /** Proves an email with a confirmation link's token; `invalidEmailVerificationLink` for a bad or expired one. */
  verifyEmail(token: string): Promise<IdentityUser>;
  /** The user of the session the headers carry, if it is valid. */
  userOf(headers: Headers): Promise<IdentityUser | undefined>;
  /** Ends the session the headers carry; the Set-Cookie values that clear it. */
  signOut(headers: Headers): Promise<string[]>;
  /**
   * A one-time ticket, good for IMPERSONATION_TICKET_SECONDS, that signs its bearer in as `uid`
   * (custom-token style) for the platform staff member (`headers` carry their console session).
   * Staff only; never for another staff account.
   */
  issueImpersonationTicket(uid: string, staff: { email: string; headers: Headers }): Promise<string>;
  /** Redeems a ticket: an impersonation session for its user; `invalidEmailLoginLink`-like failure when used or expired. */
  signInWithTicket(ticket: string, headers: Headers): Promise<SignedIn>;
  /**
   * A new session for `uid`, who proved who they are on another of the platform's hosts a moment
   * ago (the route redeemed a hand-off ticket made there). Cookies are per host: this is the same
   * identity's session on this one. No second factor is asked: the other host's session passed it.
   * `invalidHandOffTicket` when the user is gone.
   */
  handOffSession(uid: string, headers: Headers): Promise<SignedIn>;
  /** Ends an impersonation session; the Set-Cookie values that clear it. */
  stopImpersonating(headers: Headers): Promise<string[]>;
  /**
   * §7: a new password, only with the current one (`requiresRecentLogin` otherwise, or when the
   * session is too old to change it). Every other session ends; answers this one's new Set-Cookie.
   */
  changePassword(input: { password: string; newPassword: string }, headers: Headers): Promise<string[]>;
  /**
   * §7: the first half of an email change, with the password (`requiresRecentLogin` otherwise):
   * the signed-in user and the new address, normalised; `firebaseEmailAlreadyInUse` when another
   * account has it. Nothing changes here: the address is the user's only once a link mailed to it
   * is followed (`setProvenEmail`).
   */
  checkEmailChange(
    input: { password: string; newEmail: string },
    headers: Headers,
  ): Promise<{ user: IdentityUser; email: string }>;
  /**
   * The second half: the user whose email is `from` now has `to`, proven (a link mailed to it was
   * followed). `invalidEmailVerificationLink` when the user's email is no longer `from` (the link is
   * stale) or the user is gone; `firebaseEmailAlreadyInUse` when another account took `to` meanwhile.
   */
  setProvenEmail(uid: string, change: { from: string; to: string }): Promise<IdentityUser>;
  /** Ends every session of the user, everywhere (an email change its old address undid). */
  endSessionsOf(uid: string): Promise<void>;
  /** Deletes the signed-in account, with the password; answers who it was and the Set-Cookie values that clear the session. */
  deleteAccount(password: string, headers: Headers): Promise<{ user: IdentityUser; setCookies: string[] }>;
  /** Makes the user a member of a tenant (their first sign-in there). Idempotent. */
  join(uid: string, tenantId: string): Promise<void>;
}

/** How long a staff view link works, whichever the provider: long enough to open, too short to pass around. */
export const IMPERSONATION_TICKET_SECONDS = 60;
/** How long the platform's hand-off to a house works: one click's way, never a link to keep. */
export const HAND_OFF_TICKET_SECONDS = 60;

/** "+1 818 555 0100" → "•••• 0100": the enrolled phone as a page may show it. */
export function phoneHint(phoneNumber: string | null | undefined): string {
  const digits = (phoneNumber ?? '').replace(/\D/g, '');
  return `•••• ${digits.slice(-4)}`;
}
