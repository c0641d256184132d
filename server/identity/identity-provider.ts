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
}

export interface SignedIn {
  user: IdentityUser;
  /** Set-Cookie values for the reply: the new session (a new token at every sign-in). */
  setCookies: string[];
}

export interface Credentials {
  email: string;
  password: string;
}

export interface IdentityProvider {
  /** Creates an account and signs it in; `firebaseEmailAlreadyInUse` when the email has one. */
  signUp(credentials: Credentials, headers: Headers): Promise<SignedIn>;
  /** Signs in; `firebaseUserNotFound` for an unknown email, `wrongPassword` for a wrong password. */
  signIn(credentials: Credentials, headers: Headers): Promise<SignedIn>;
  /** The user of the session the headers carry, if it is valid. */
  userOf(headers: Headers): Promise<IdentityUser | undefined>;
  /** Ends the session the headers carry; the Set-Cookie values that clear it. */
  signOut(headers: Headers): Promise<string[]>;
  /** Makes the user a member of a tenant (their first sign-in there). Idempotent. */
  join(uid: string, tenantId: string): Promise<void>;
}
