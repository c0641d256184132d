/**
 * The `firebase` IdentityProvider: Firebase Authentication through its Identity Toolkit REST API
 * (what the browser SDK calls; browsers here never load it) and firebase-admin (sessions, claims,
 * custom tokens). Tested against the Firebase Auth emulator, with the same contract suite as the
 * local provider.
 *
 * What the browser holds, all HttpOnly, SameSite=Strict cookies:
 * - `backlot.fb_session`: a Firebase session cookie (createSessionCookie), verified on each request;
 * - `backlot.fb_refresh`: the refresh token, for the calls that need a fresh ID token (enrolling a
 *   phone, linking a guest, a new password);
 * - `backlot.fb_pending`: a sign-in waiting for its phone code (the MFA pending credential, and the
 *   session info of the code sent), short-lived.
 * Vendor memberships are the user's custom claim `vendors`, read back from the user record (the
 * claims in a session cookie are as old as the cookie). Sign-in links are made by firebase-admin and
 * mailed by our Delivery, in the tenant's branding, and so are email confirmation links; phone
 * codes are texted by Firebase.
 */
import type { Auth } from 'firebase-admin/auth';
import type { AuthLibrary, Delivery } from '../auth/auth-library';
import {
  IMPERSONATION_TICKET_SECONDS,
  phoneHint,
  type Credentials,
  type IdentityProvider,
  type IdentityUser,
  type SecondFactorPending,
  type SignedIn,
} from './identity-provider';
import { AuthFailure, type AuthFailureReason } from './messages';

export interface FirebaseIdentityOptions {
  auth: Auth;
  /** The web API key (any value against the emulator). */
  apiKey: string;
  /** host:port of the Auth emulator; unset, Google's endpoints. */
  emulatorHost?: string;
  /** Mark cookies Secure (https). */
  secureCookies?: boolean;
  /** Mails sign-in and confirmation links (the server's Delivery: the tenant's branding). */
  delivery: Pick<Delivery, 'signInLink' | 'verificationLink'>;
  /**
   * Where staff view tickets are kept: the console's own library (AuthLibrary), whose one-time
   * tickets any server process can redeem. A Firebase custom token alone lasts an hour and works
   * any number of times; behind a ticket, a staff view link works once, within a minute.
   */
  tickets: Pick<AuthLibrary, 'issueTicket' | 'redeemTicket'>;
}

const SESSION = 'backlot.fb_session';
const REFRESH = 'backlot.fb_refresh';
const PENDING = 'backlot.fb_pending';
const SESSION_SECONDS = 60 * 60 * 24 * 7;
const PENDING_SECONDS = 5 * 60;

/** Firebase's error messages (their first word) as §8's reasons. */
const FAILURES: Record<string, AuthFailureReason> = {
  EMAIL_EXISTS: 'firebaseEmailAlreadyInUse',
  EMAIL_NOT_FOUND: 'firebaseUserNotFound',
  USER_NOT_FOUND: 'firebaseUserNotFound',
  INVALID_PASSWORD: 'wrongPassword',
  INVALID_LOGIN_CREDENTIALS: 'wrongPassword',
  INVALID_OOB_CODE: 'invalidEmailLoginLink',
  EXPIRED_OOB_CODE: 'invalidEmailLoginLink',
  INVALID_CODE: 'invalidVerificationCode',
  CODE_EXPIRED: 'codeExpired',
  SESSION_EXPIRED: 'codeExpired',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'tooManyAttempts',
  INVALID_MFA_PENDING_CREDENTIAL: 'secondFactorTimedOut',
  CREDENTIAL_TOO_OLD_LOGIN_AGAIN: 'requiresRecentLogin',
  INVALID_CUSTOM_TOKEN: 'invalidImpersonationTicket',
  UNVERIFIED_EMAIL: 'emailNotVerified',
};

class FirebaseError extends Error {
  constructor(readonly code: string) {
    super(`Firebase Authentication refused the call: ${code}`);
  }
}

interface TokenAnswer {
  idToken?: string;
  refreshToken?: string;
  localId?: string;
  email?: string;
  mfaPendingCredential?: string;
  mfaInfo?: Array<{ mfaEnrollmentId: string; phoneInfo?: string }>;
}

function cookiesOf(headers: Headers): Map<string, string> {
  const jar = new Map<string, string>();
  for (const pair of (headers.get('cookie') ?? '').split(/;\s*/)) {
    const at = pair.indexOf('=');
    if (at > 0) jar.set(pair.slice(0, at), decodeURIComponent(pair.slice(at + 1)));
  }
  return jar;
}

export class FirebaseIdentity implements IdentityProvider {
  constructor(private readonly options: FirebaseIdentityOptions) {}

  private get auth() {
    return this.options.auth;
  }

  private cookie(name: string, value: string, seconds: number): string {
    return `${name}=${encodeURIComponent(value)}; Max-Age=${seconds}; Path=/; HttpOnly; SameSite=Strict${this.options.secureCookies ? '; Secure' : ''}`;
  }

  private cleared(...names: string[]): string[] {
    return names.map((name) => this.cookie(name, '', 0));
  }

  /** POST to an Identity Toolkit method (v1 or v2), answering its JSON or throwing its error code. */
  private async call<T>(method: string, body: object, version: 'v1' | 'v2' = 'v1'): Promise<T> {
    const base = this.options.emulatorHost
      ? `http://${this.options.emulatorHost}/identitytoolkit.googleapis.com`
      : 'https://identitytoolkit.googleapis.com';
    const response = await fetch(`${base}/${version}/${method}?key=${encodeURIComponent(this.options.apiKey)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as T & { error?: { message?: string } };
    if (!response.ok) throw new FirebaseError((answer.error?.message ?? String(response.status)).split(/[ :]/)[0]!);
    return answer;
  }

  /** A Firebase refusal as §8's failure; anything else as it is. */
  private async refused<T>(work: Promise<T>, fallback?: AuthFailureReason): Promise<T> {
    try {
      return await work;
    } catch (error) {
      if (error instanceof FirebaseError) {
        const reason = FAILURES[error.code] ?? fallback;
        if (reason) throw new AuthFailure(reason);
      }
      throw error;
    }
  }

  /** A fresh ID token from the browser's refresh token. */
  private async idTokenOf(headers: Headers): Promise<{ idToken: string; refreshToken: string }> {
    const refreshToken = cookiesOf(headers).get(REFRESH);
    if (!refreshToken) throw new AuthFailure('requiresRecentLogin');
    const base = this.options.emulatorHost
      ? `http://${this.options.emulatorHost}/securetoken.googleapis.com`
      : 'https://securetoken.googleapis.com';
    const response = await fetch(`${base}/v1/token?key=${encodeURIComponent(this.options.apiKey)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    });
    if (!response.ok) throw new AuthFailure('requiresRecentLogin');
    const answer = (await response.json()) as { id_token: string; refresh_token: string };
    return { idToken: answer.id_token, refreshToken: answer.refresh_token };
  }

  private async toUser(uid: string, impersonatedBy?: { uid: string; email: string }): Promise<IdentityUser> {
    const record = await this.auth.getUser(uid);
    const vendors = Array.isArray(record.customClaims?.vendors) ? (record.customClaims.vendors as string[]) : [];
    const phone = record.multiFactor?.enrolledFactors.find((factor) => factor.factorId === 'phone') as
      { phoneNumber?: string } | undefined;
    return {
      uid,
      email: record.email ?? '',
      vendors: [...vendors].sort(),
      emailVerified: record.emailVerified,
      ...(phone?.phoneNumber && { phoneHint: phoneHint(phone.phoneNumber) }),
      ...(record.providerData.length === 0 && !record.email && { isAnonymous: true }),
      ...(impersonatedBy && { impersonatedBy }),
    };
  }

  /** A session for the ID token: the session cookie and the refresh token, set on the browser. */
  private async signedIn(tokens: TokenAnswer): Promise<SignedIn> {
    const sessionCookie = await this.auth.createSessionCookie(tokens.idToken!, { expiresIn: SESSION_SECONDS * 1000 });
    const claims = await this.auth.verifySessionCookie(sessionCookie);
    const impersonatedBy =
      typeof claims.impersonatedBy === 'object' && claims.impersonatedBy
        ? (claims.impersonatedBy as { uid: string; email: string })
        : undefined;
    return {
      user: await this.toUser(claims.uid, impersonatedBy),
      setCookies: [
        this.cookie(SESSION, sessionCookie, SESSION_SECONDS),
        this.cookie(REFRESH, tokens.refreshToken!, SESSION_SECONDS),
        ...this.cleared(PENDING),
      ],
    };
  }

  async signInAnonymously(): Promise<SignedIn> {
    return this.signedIn(await this.call<TokenAnswer>('accounts:signUp', { returnSecureToken: true }));
  }

  async signUp({ email, password }: Credentials, headers: Headers): Promise<SignedIn> {
    const normalEmail = email.trim().toLowerCase();
    const current = await this.userOf(headers);
    if (current?.isAnonymous) {
      // §7's "link email and password credential": the guest keeps its uid and becomes the account.
      const { idToken } = await this.idTokenOf(headers);
      await this.refused(this.call<TokenAnswer>('accounts:update', { idToken, email: normalEmail, password }));
    } else {
      await this.refused(
        this.call<TokenAnswer>('accounts:signUp', { email: normalEmail, password, returnSecureToken: true }),
      );
    }
    // Setting a password ends the uid's earlier sessions from that second on, and the token either
    // call returns keeps a sign-in time taken before it (the guest's, or the emulator's clock read
    // before the password's): across a second's boundary the session would read as revoked. A
    // sign-in with the new password is a session that starts now.
    return this.signedIn(
      await this.refused(
        this.call<TokenAnswer>('accounts:signInWithPassword', {
          email: normalEmail,
          password,
          returnSecureToken: true,
        }),
      ),
    );
  }

  async signIn({ email, password }: Credentials): Promise<SignedIn | SecondFactorPending> {
    const normalEmail = email.trim().toLowerCase();
    // §8 tells an unknown email from a wrong password; Firebase may answer both as
    // INVALID_LOGIN_CREDENTIALS (email enumeration protection), so the user record says which.
    const known = await this.auth.getUserByEmail(normalEmail).catch(() => undefined);
    if (!known) throw new AuthFailure('firebaseUserNotFound');
    const answer = await this.refused(
      this.call<TokenAnswer>('accounts:signInWithPassword', { email: normalEmail, password, returnSecureToken: true }),
    );
    if (answer.mfaPendingCredential) {
      const factor = answer.mfaInfo?.[0];
      const pending = { credential: answer.mfaPendingCredential, enrollmentId: factor?.mfaEnrollmentId };
      return {
        secondFactorPending: true,
        setCookies: [this.cookie(PENDING, JSON.stringify(pending), PENDING_SECONDS)],
        phoneHint: phoneHint(factor?.phoneInfo),
      };
    }
    return this.signedIn(answer);
  }

  private pendingOf(headers: Headers): { credential: string; enrollmentId: string; sessionInfo?: string } {
    try {
      return JSON.parse(cookiesOf(headers).get(PENDING) ?? '') as {
        credential: string;
        enrollmentId: string;
        sessionInfo?: string;
      };
    } catch {
      throw new AuthFailure('secondFactorTimedOut');
    }
  }

  async sendSecondFactorCode(headers: Headers): Promise<string[]> {
    const pending = this.pendingOf(headers);
    const started = await this.refused(
      this.call<{ phoneResponseInfo: { sessionInfo: string } }>(
        'accounts/mfaSignIn:start',
        { mfaPendingCredential: pending.credential, mfaEnrollmentId: pending.enrollmentId, phoneSignInInfo: {} },
        'v2',
      ),
      'secondFactorTimedOut',
    );
    return [
      this.cookie(
        PENDING,
        JSON.stringify({ ...pending, sessionInfo: started.phoneResponseInfo.sessionInfo }),
        PENDING_SECONDS,
      ),
    ];
  }

  endPendingSignIn(): string[] {
    return this.cleared(PENDING);
  }

  async confirmSecondFactor(code: string, headers: Headers): Promise<SignedIn> {
    const pending = this.pendingOf(headers);
    if (!pending.sessionInfo) throw new AuthFailure('codeExpired');
    const answer = await this.refused(
      this.call<TokenAnswer>(
        'accounts/mfaSignIn:finalize',
        { mfaPendingCredential: pending.credential, phoneVerificationInfo: { sessionInfo: pending.sessionInfo, code } },
        'v2',
      ),
    );
    return this.signedIn(answer);
  }

  async sendPhoneCode(phoneNumber: string, headers: Headers): Promise<string[]> {
    const { idToken } = await this.idTokenOf(headers);
    const started = await this.refused(
      this.call<{ phoneSessionInfo: { sessionInfo: string } }>(
        'accounts/mfaEnrollment:start',
        { idToken, phoneEnrollmentInfo: { phoneNumber } },
        'v2',
      ),
    );
    return [
      this.cookie(
        PENDING,
        JSON.stringify({ enrolling: phoneNumber, sessionInfo: started.phoneSessionInfo.sessionInfo }),
        PENDING_SECONDS,
      ),
    ];
  }

  async enrolPhone(
    { phoneNumber, code, password }: { phoneNumber: string; code: string; password: string },
    headers: Headers,
  ): Promise<string[]> {
    const user = await this.userOf(headers);
    if (!user) throw new AuthFailure('secondFactorTimedOut');
    await this.reauthenticate(user.email, password);
    const pending = JSON.parse(cookiesOf(headers).get(PENDING) ?? '{}') as { enrolling?: string; sessionInfo?: string };
    if (pending.enrolling !== phoneNumber || !pending.sessionInfo) throw new AuthFailure('codeExpired');
    const { idToken } = await this.idTokenOf(headers);
    const answer = await this.refused(
      this.call<TokenAnswer>(
        'accounts/mfaEnrollment:finalize',
        { idToken, phoneVerificationInfo: { sessionInfo: pending.sessionInfo, code } },
        'v2',
      ),
    );
    return (await this.signedIn(answer)).setCookies;
  }

  /** §7's re-authentication: the password, checked by signing in (the answer is not kept). */
  private async reauthenticate(email: string, password: string): Promise<void> {
    await this.refused(
      this.call<TokenAnswer>('accounts:signInWithPassword', { email, password, returnSecureToken: true }),
      'requiresRecentLogin',
    ).catch((error: unknown) => {
      throw error instanceof AuthFailure && error.reason === 'wrongPassword'
        ? new AuthFailure('requiresRecentLogin')
        : error;
    });
  }

  async sendSignInLink(email: string, headers: Headers): Promise<void> {
    const normalEmail = email.trim().toLowerCase();
    if (!(await this.auth.getUserByEmail(normalEmail).catch(() => undefined))) return;
    const oobCode = FirebaseIdentity.oobCodeOf(
      await this.auth.generateSignInWithEmailLink(normalEmail, { url: 'http://localhost/', handleCodeInApp: true }),
    );
    // The token carries the email too: Firebase's link sign-in needs both.
    await this.options.delivery.signInLink(
      normalEmail,
      Buffer.from(JSON.stringify({ oobCode, email: normalEmail })).toString('base64url'),
      headers,
    );
  }

  async signInWithLink(token: string): Promise<SignedIn> {
    let parsed: { oobCode?: string; email?: string };
    try {
      parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as typeof parsed;
    } catch {
      throw new AuthFailure('invalidEmailLoginLink');
    }
    if (!parsed.oobCode || !parsed.email) throw new AuthFailure('invalidEmailLoginLink');
    const answer = await this.refused(
      this.call<TokenAnswer>('accounts:signInWithEmailLink', {
        oobCode: parsed.oobCode,
        email: parsed.email,
        returnSecureToken: true,
      }),
      'invalidEmailLoginLink',
    );
    // Firebase asks an enrolled account for its second factor here too; this flow does not carry one.
    if (answer.mfaPendingCredential) throw new AuthFailure('emailNeeds2ndFactorVerification');
    return this.signedIn(answer);
  }

  /** The oobCode of a link firebase-admin made (it may sit in the link or in a nested `link`). */
  private static oobCodeOf(generated: string): string {
    const link = new URL(generated);
    const oobCode =
      link.searchParams.get('oobCode') ??
      new URL(link.searchParams.get('link') ?? link.href).searchParams.get('oobCode');
    if (!oobCode) throw new Error('firebase-admin made a link without a code');
    return oobCode;
  }

  async sendEmailVerification(headers: Headers): Promise<void> {
    const user = await this.userOf(headers);
    if (!user || user.isAnonymous || user.emailVerified) return;
    // firebase-admin makes the link; our Delivery mails it in the tenant's branding, to our own page.
    await this.options.delivery.verificationLink(
      user.email,
      FirebaseIdentity.oobCodeOf(await this.auth.generateEmailVerificationLink(user.email)),
      headers,
    );
  }

  async verifyEmail(token: string): Promise<IdentityUser> {
    let answer: { email?: string; localId?: string };
    try {
      answer = await this.call<{ email?: string; localId?: string }>('accounts:update', { oobCode: token });
    } catch (error) {
      if (error instanceof FirebaseError) throw new AuthFailure('invalidEmailVerificationLink');
      throw error;
    }
    const record = await this.auth.getUserByEmail(answer.email ?? '').catch(() => undefined);
    if (!record) throw new AuthFailure('invalidEmailVerificationLink');
    return this.toUser(record.uid);
  }

  async userOf(headers: Headers): Promise<IdentityUser | undefined> {
    const sessionCookie = cookiesOf(headers).get(SESSION);
    if (!sessionCookie) return undefined;
    try {
      const claims = await this.auth.verifySessionCookie(sessionCookie, true);
      const impersonatedBy =
        typeof claims.impersonatedBy === 'object' && claims.impersonatedBy
          ? (claims.impersonatedBy as { uid: string; email: string })
          : undefined;
      return await this.toUser(claims.uid, impersonatedBy);
    } catch {
      return undefined;
    }
  }

  async signOut(headers: Headers): Promise<string[]> {
    const user = await this.userOf(headers);
    // Revoking ends every session of the user: Firebase has no per-session revocation.
    if (user && !user.impersonatedBy) await this.auth.revokeRefreshTokens(user.uid);
    return this.cleared(SESSION, REFRESH, PENDING);
  }

  async issueImpersonationTicket(uid: string, staff: { email: string; headers: Headers }): Promise<string> {
    const record = await this.auth.getUser(uid).catch(() => undefined);
    if (!record) throw Object.assign(new Error(`no user ${uid}`), { statusCode: 404 });
    // Staff accounts live in the console's own library (the route checked the role): the token
    // carries who they are, and the session it makes says so. The token itself never leaves the
    // server: the link carries a one-time ticket for it.
    const customToken = await this.auth.createCustomToken(uid, {
      impersonatedBy: { uid: 'console', email: staff.email },
    });
    return this.options.tickets.issueTicket('impersonation', customToken, IMPERSONATION_TICKET_SECONDS);
  }

  async signInWithTicket(ticket: string): Promise<SignedIn> {
    const customToken = await this.options.tickets.redeemTicket('impersonation', ticket);
    if (!customToken) throw new AuthFailure('invalidImpersonationTicket');
    return this.signedIn(
      await this.refused(
        this.call<TokenAnswer>('accounts:signInWithCustomToken', { token: customToken, returnSecureToken: true }),
        'invalidImpersonationTicket',
      ),
    );
  }

  async handOffSession(uid: string): Promise<SignedIn> {
    const record = await this.auth.getUser(uid).catch(() => undefined);
    if (!record || record.disabled) throw new AuthFailure('invalidHandOffTicket');
    return this.sessionFromServer(uid);
  }

  async stopImpersonating(headers: Headers): Promise<string[]> {
    return this.signOut(headers);
  }

  async changePassword(
    { password, newPassword }: { password: string; newPassword: string },
    headers: Headers,
  ): Promise<string[]> {
    const user = await this.userOf(headers);
    if (!user) throw new AuthFailure('secondFactorTimedOut');
    await this.reauthenticate(user.email, password);
    await this.auth.updateUser(user.uid, { password: newPassword });
    await this.auth.revokeRefreshTokens(user.uid);
    // Every session ended. This browser, which just proved the password and already passed any
    // second factor, gets a new session at once.
    return (await this.sessionFromServer(user.uid)).setCookies;
  }

  /**
   * A new session the server vouches for, from a custom token (which asks for no second factor):
   * for a user who just proved the password here, or on another of the platform's hosts.
   */
  private async sessionFromServer(uid: string): Promise<SignedIn> {
    const customToken = await this.auth.createCustomToken(uid);
    return this.signedIn(
      await this.call<TokenAnswer>('accounts:signInWithCustomToken', { token: customToken, returnSecureToken: true }),
    );
  }

  async checkEmailChange(
    { password, newEmail }: { password: string; newEmail: string },
    headers: Headers,
  ): Promise<{ user: IdentityUser; email: string }> {
    const user = await this.userOf(headers);
    if (!user) throw new AuthFailure('secondFactorTimedOut');
    await this.reauthenticate(user.email, password);
    const email = newEmail.trim().toLowerCase();
    if (email !== user.email && (await this.auth.getUserByEmail(email).catch(() => undefined)))
      throw new AuthFailure('firebaseEmailAlreadyInUse');
    return { user, email };
  }

  async setProvenEmail(uid: string, { from, to }: { from: string; to: string }): Promise<IdentityUser> {
    const record = await this.auth.getUser(uid).catch(() => undefined);
    if (!record || record.email !== from) throw new AuthFailure('invalidEmailVerificationLink');
    try {
      // Firebase ends every session of the user on an email change: they sign in with the new one.
      await this.auth.updateUser(uid, { email: to, emailVerified: true });
    } catch (error) {
      if ((error as { code?: string }).code === 'auth/email-already-exists')
        throw new AuthFailure('firebaseEmailAlreadyInUse');
      throw error;
    }
    return this.toUser(uid);
  }

  async endSessionsOf(uid: string): Promise<void> {
    await this.auth.revokeRefreshTokens(uid);
  }

  async deleteAccount(password: string, headers: Headers): Promise<{ user: IdentityUser; setCookies: string[] }> {
    const user = await this.userOf(headers);
    if (!user) throw new AuthFailure('secondFactorTimedOut');
    await this.reauthenticate(user.email, password);
    await this.auth.deleteUser(user.uid);
    return { user, setCookies: this.cleared(SESSION, REFRESH, PENDING) };
  }

  async join(uid: string, tenantId: string): Promise<void> {
    const record = await this.auth.getUser(uid);
    const vendors = Array.isArray(record.customClaims?.vendors) ? (record.customClaims.vendors as string[]) : [];
    if (vendors.includes(tenantId)) return;
    await this.auth.setCustomUserClaims(uid, { ...record.customClaims, vendors: [...vendors, tenantId] });
  }
}
