/**
 * What the storefront learns about its visitor from /api/identity (browser-safe types, shared by
 * the server's routes and the storefront's auth client).
 */
import type { UserProfile } from './types.generated';

export interface SignedInVisitor {
  status: 'authenticated';
  uid: string;
  email: string;
  /** The tenants (vendors) the visitor belongs to. */
  vendors: string[];
  /** Their profile on this storefront's tenant. */
  profile: UserProfile;
  /** The last digits of the phone that carries their second factor, when they have one. */
  phoneHint?: string;
  /** A staff view: the platform staff member seeing the storefront as this visitor. */
  impersonatedBy?: { email: string };
}

export type VisitorSession =
  | SignedInVisitor
  /** A guest (§4 anonymous): a session, no account yet. */
  | { status: 'anonymous' }
  /** noToken: nobody is signed in; tokenDoesntMatchUser: a session for someone who is not a user of this tenant. */
  | { status: 'notAuthenticated'; reason: 'noToken' | 'tokenDoesntMatchUser' };

/** A sign-up's or login's answer: the visitor, and where to go next when their profile here is new (§2 onboarding). */
export type SignedInAnswer = SignedInVisitor & { next?: string };

/** The live events of GET /api/identity/events (server-sent events): the event name and its data. */
export interface VisitorEvents {
  /** The visitor's profile changed (an approval, say): the new one. */
  profile: UserProfile;
  /** The visitor now belongs to more or fewer vendors: the session should be read again. */
  vendors: string[];
  /** The profile or the session is gone. */
  signedOut: Record<string, never>;
}

/** A login's answer when the account has a phone second factor: the code step comes next (§4 waitingFor2ndFactor). */
export interface SecondFactorNeeded {
  status: 'notAuthenticated';
  reason: 'waitingFor2ndFactor';
  /** The enrolled phone's last digits, for "we texted •••• 0100". */
  phoneHint: string;
}

/**
 * Whether a refused second-factor code ends the pending sign-in (§4's permanent failure → noToken)
 * or leaves it waiting for another code (temporary), by the answer's HTTP status: 400 (a wrong or
 * expired code) is temporary; 401 (the pending sign-in is gone) and 429 (too many) are permanent.
 */
export const isPermanentSecondFactorFailure = (status: number): boolean => status !== 400;

/**
 * GET /api/identity/bot-check's answer: how the browser gets the sign-up's bot-check token. The
 * local provider hands one over at once; reCAPTCHA v3 names its site key and script, and the
 * browser asks it (`grecaptcha.execute(siteKey, { action })`).
 */
export type BotCheckAnswer =
  { provider: 'local'; token: string } | { provider: 'recaptcha'; siteKey: string; scriptUrl: string };
