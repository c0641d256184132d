/**
 * The embedded IdentityProvider: better-auth over the data folder's SQLite file, the same library
 * and users table as the console's accounts (`server/auth/auth-library.ts`). Visitors have the
 * `visitor` role; belonging to a tenant is an organization membership. The phone second factor is
 * the library's phoneNumber (proving the number) and twoFactor OTP plugins; sign-in links are its
 * magicLink plugin. Codes and links are delivered through the library's Delivery.
 */
import type { AuthLibrary } from '../auth/auth-library';
import {
  IMPERSONATION_TICKET_SECONDS,
  phoneHint,
  type Credentials,
  type IdentityProvider,
  type IdentityUser,
  type SecondFactorPending,
  type SignedIn,
} from './identity-provider';
import { cookieHeader } from './cookies';
import { AuthFailure, type AuthFailureReason } from './messages';

interface LibraryUser {
  id: string;
  email: string;
  emailVerified?: boolean | null;
  isAnonymous?: boolean | null;
  phoneNumber?: string | null;
  twoFactorEnabled?: boolean | null;
}

async function errorCode(response: Response): Promise<string | undefined> {
  try {
    return ((await response.clone().json()) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

/** The library's refusal of a code, as §8's reason; undefined for one that is not about the code. */
const CODE_FAILURES: Record<string, AuthFailureReason> = {
  INVALID_CODE: 'invalidVerificationCode',
  INVALID_OTP: 'invalidVerificationCode',
  OTP_HAS_EXPIRED: 'codeExpired',
  OTP_EXPIRED: 'codeExpired',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'tooManyAttempts',
  TOO_MANY_ATTEMPTS: 'tooManyAttempts',
  ACCOUNT_TEMPORARILY_LOCKED: 'tooManyAttempts',
  INVALID_TWO_FACTOR_COOKIE: 'secondFactorTimedOut',
  PHONE_NUMBER_EXIST: 'phoneInUse',
};

/** The failure to throw for a refused code (an unexpected refusal is thrown as a plain error: a 500). */
async function codeFailure(response: Response): Promise<AuthFailure> {
  const code = await errorCode(response);
  const reason = code ? CODE_FAILURES[code] : undefined;
  if (reason) return new AuthFailure(reason);
  // A pending sign-in that is gone or never was.
  if (response.status === 401) return new AuthFailure('secondFactorTimedOut');
  throw new Error(`the identity library refused a code: ${response.status} ${code ?? ''}`);
}

/** A refused re-authentication: a wrong password, or a session too old for the change. */
async function reauthenticationFailure(response: Response): Promise<AuthFailure> {
  const code = await errorCode(response);
  if (
    code === 'INVALID_PASSWORD' ||
    code === 'SESSION_NOT_FRESH' ||
    code === 'CREDENTIAL_ACCOUNT_NOT_FOUND' ||
    response.status === 400 ||
    response.status === 401 ||
    response.status === 403
  )
    return new AuthFailure('requiresRecentLogin');
  throw new Error(`the identity library refused a change: ${response.status} ${code ?? ''}`);
}

export class LocalIdentity implements IdentityProvider {
  constructor(private readonly library: AuthLibrary) {}

  private get auth() {
    return this.library.auth;
  }

  private async toUser(user: LibraryUser): Promise<IdentityUser> {
    const memberships = await this.library.membershipsOf(user.id);
    return {
      uid: user.id,
      email: user.email,
      vendors: memberships.map((m) => m.tenantId).sort(),
      emailVerified: Boolean(user.emailVerified),
      ...(user.twoFactorEnabled && user.phoneNumber && { phoneHint: phoneHint(user.phoneNumber) }),
      ...(user.isAnonymous && { isAnonymous: true }),
    };
  }

  /** The user a fresh session belongs to, from the library's answer, with the cookies it set. */
  private async signedIn(response: Response): Promise<SignedIn> {
    const setCookies = response.headers.getSetCookie();
    const { user } = (await response.clone().json()) as { user: LibraryUser };
    // The library's answer leaves out plugin fields (the phone, the second factor): read them back.
    const stored = await this.library.userByEmail(user.email);
    return { user: await this.toUser({ ...user, ...stored }), setCookies };
  }

  async signInAnonymously(headers: Headers): Promise<SignedIn> {
    const response = await this.auth.api.signInAnonymous({ headers, asResponse: true });
    if (!response.ok) throw new Error(`guest sign-in failed: ${response.status} ${(await errorCode(response)) ?? ''}`);
    return this.signedIn(response);
  }

  async signUp({ email, password }: Credentials, headers: Headers): Promise<SignedIn> {
    const normalEmail = email.trim().toLowerCase();
    if (await this.library.userExists(normalEmail)) throw new AuthFailure('firebaseEmailAlreadyInUse');
    const response = await this.auth.api.signUpEmail({
      body: { email: normalEmail, password, name: normalEmail.split('@')[0]! },
      headers,
      asResponse: true,
    });
    if (!response.ok) {
      // Two sign-ups for one email at the same moment: the second finds the first's row.
      if ((await errorCode(response))?.startsWith('USER_ALREADY_EXISTS'))
        throw new AuthFailure('firebaseEmailAlreadyInUse');
      throw new Error(`sign-up failed: ${response.status}`);
    }
    return this.signedIn(response);
  }

  async signIn({ email, password }: Credentials, headers: Headers): Promise<SignedIn | SecondFactorPending> {
    const normalEmail = email.trim().toLowerCase();
    // §8 tells an unknown email from a wrong password (sign-up says which emails are taken anyway).
    const account = await this.library.userByEmail(normalEmail);
    if (!account) throw new AuthFailure('firebaseUserNotFound');
    const response = await this.auth.api.signInEmail({
      body: { email: normalEmail, password },
      headers,
      asResponse: true,
    });
    if (response.status === 401 || response.status === 400) throw new AuthFailure('wrongPassword');
    if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
    const body = (await response.clone().json()) as { twoFactorRedirect?: boolean };
    if (body.twoFactorRedirect)
      return {
        secondFactorPending: true,
        setCookies: response.headers.getSetCookie(),
        phoneHint: phoneHint(account.phoneNumber),
      };
    return this.signedIn(response);
  }

  async sendSecondFactorCode(headers: Headers): Promise<string[]> {
    const response = await this.auth.api.sendTwoFactorOTP({ headers, asResponse: true });
    if (!response.ok) throw await codeFailure(response);
    return [];
  }

  endPendingSignIn(): string[] {
    // better-auth keeps the pending sign-in in its `two_factor` cookie (Secure-prefixed over https).
    return ['backlot.two_factor', '__Secure-backlot.two_factor'].map(
      (name) =>
        `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict${name.startsWith('__Secure-') ? '; Secure' : ''}`,
    );
  }

  async confirmSecondFactor(code: string, headers: Headers): Promise<SignedIn> {
    const response = await this.auth.api.verifyTwoFactorOTP({ body: { code }, headers, asResponse: true });
    if (!response.ok) throw await codeFailure(response);
    return this.signedIn(response);
  }

  async sendPhoneCode(phoneNumber: string, headers: Headers): Promise<string[]> {
    const response = await this.auth.api.sendPhoneNumberOTP({ body: { phoneNumber }, headers, asResponse: true });
    if (!response.ok) throw await codeFailure(response);
    return [];
  }

  async enrolPhone(
    { phoneNumber, code, password }: { phoneNumber: string; code: string; password: string },
    headers: Headers,
  ): Promise<string[]> {
    const session = await this.auth.api.getSession({ headers });
    if (!session) throw new AuthFailure('secondFactorTimedOut');
    // The password first: a borrowed, unlocked browser must not enrol its own phone on the account.
    const check = await this.auth.api.verifyPassword({ body: { password }, headers, asResponse: true });
    if (!check.ok) throw new AuthFailure('requiresRecentLogin');
    if (session.user.phoneNumber !== phoneNumber) {
      const verified = await this.auth.api.verifyPhoneNumber({
        body: { phoneNumber, code, updatePhoneNumber: true },
        headers,
        asResponse: true,
      });
      if (!verified.ok) throw await codeFailure(verified);
    }
    const enabled = await this.auth.api.enableTwoFactor({ body: { password }, headers, asResponse: true });
    if (!enabled.ok) throw new AuthFailure('requiresRecentLogin');
    return enabled.headers.getSetCookie();
  }

  async sendSignInLink(email: string, headers: Headers): Promise<void> {
    const normalEmail = email.trim().toLowerCase();
    // The library would mail a link for any address and refuse it later: only accounts get one.
    if (!(await this.library.userExists(normalEmail))) return;
    await this.auth.api.signInMagicLink({ body: { email: normalEmail }, headers });
  }

  async signInWithLink(token: string, headers: Headers): Promise<SignedIn> {
    const response = await this.auth.api.magicLinkVerify({ query: { token }, headers, asResponse: true });
    // A bad token answers a redirect to the error page; a good one, the session as JSON.
    if (response.status !== 200) throw new AuthFailure('invalidEmailLoginLink');
    const signedIn = await this.signedIn(response);
    const account = await this.library.userByEmail(signedIn.user.email);
    if (account?.twoFactorEnabled) {
      // The library's link skips the second factor; an account that has one logs in with it instead.
      const sessionToken = ((await response.clone().json()) as { token?: string }).token;
      if (sessionToken)
        await this.auth.api.revokeSession({
          body: { token: sessionToken },
          headers: new Headers({ cookie: cookieHeader(signedIn.setCookies) }),
        });
      throw new AuthFailure('emailNeeds2ndFactorVerification');
    }
    return signedIn;
  }

  async sendEmailVerification(headers: Headers): Promise<void> {
    const user = await this.userOf(headers);
    if (!user || user.isAnonymous || user.emailVerified) return;
    await this.library.sendEmailVerification(user.email, headers);
  }

  async verifyEmail(token: string): Promise<IdentityUser> {
    const response = await this.auth.api.verifyEmail({ query: { token }, asResponse: true });
    if (!response.ok) throw new AuthFailure('invalidEmailVerificationLink');
    // The library has checked the token's signature and expiry: its payload names the email.
    const { email } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      email: string;
    };
    const account = await this.library.userByEmail(email);
    if (!account) throw new AuthFailure('invalidEmailVerificationLink');
    return this.toUser(account);
  }

  async userOf(headers: Headers): Promise<IdentityUser | undefined> {
    const session = await this.auth.api.getSession({ headers });
    if (!session) return undefined;
    const user = await this.toUser(session.user);
    const staffId = (session.session as { impersonatedBy?: string | null }).impersonatedBy;
    const staff = staffId ? await this.library.userById(staffId) : undefined;
    return staff ? { ...user, impersonatedBy: { uid: staff.id, email: staff.email } } : user;
  }

  async signOut(headers: Headers): Promise<string[]> {
    const response = await this.auth.api.signOut({ headers, asResponse: true });
    return response.headers.getSetCookie();
  }

  async issueImpersonationTicket(
    uid: string,
    { headers: staffHeaders }: { email: string; headers: Headers },
  ): Promise<string> {
    // The library makes the impersonation session now, with the staff session; the ticket carries
    // its cookies to the storefront's host, where the browser redeems it.
    const response = await this.auth.api.impersonateUser({
      body: { userId: uid },
      headers: staffHeaders,
      asResponse: true,
    });
    if (!response.ok)
      throw Object.assign(new Error(`impersonation refused: ${(await errorCode(response)) ?? response.status}`), {
        statusCode: response.status === 404 ? 404 : 403,
      });
    return this.library.issueTicket(
      'impersonation',
      JSON.stringify(response.headers.getSetCookie()),
      IMPERSONATION_TICKET_SECONDS,
    );
  }

  async signInWithTicket(ticket: string, headers: Headers): Promise<SignedIn> {
    const value = await this.library.redeemTicket('impersonation', ticket);
    if (!value) throw new AuthFailure('invalidImpersonationTicket');
    const setCookies = JSON.parse(value) as string[];
    const user = await this.userOf(new Headers({ ...Object.fromEntries(headers), cookie: cookieHeader(setCookies) }));
    if (!user?.impersonatedBy) throw new AuthFailure('invalidImpersonationTicket');
    return { user, setCookies };
  }

  async handOffSession(uid: string, headers: Headers): Promise<SignedIn> {
    const response = await this.auth.api.handOffSession({ body: { userId: uid }, headers, asResponse: true });
    if (!response.ok) throw new AuthFailure('invalidHandOffTicket');
    const setCookies = response.headers.getSetCookie();
    const user = await this.userOf(new Headers({ ...Object.fromEntries(headers), cookie: cookieHeader(setCookies) }));
    if (!user) throw new AuthFailure('invalidHandOffTicket');
    return { user, setCookies };
  }

  async stopImpersonating(headers: Headers): Promise<string[]> {
    const response = await this.auth.api.stopImpersonating({ headers, asResponse: true });
    // Without the staff session beside it (another host), the impersonation session simply ends.
    if (!response.ok) return this.signOut(headers);
    return response.headers.getSetCookie();
  }

  async changePassword(
    { password, newPassword }: { password: string; newPassword: string },
    headers: Headers,
  ): Promise<string[]> {
    const response = await this.auth.api.changePassword({
      body: { currentPassword: password, newPassword, revokeOtherSessions: true },
      headers,
      asResponse: true,
    });
    if (!response.ok) throw await reauthenticationFailure(response);
    return response.headers.getSetCookie();
  }

  async checkEmailChange(
    { password, newEmail }: { password: string; newEmail: string },
    headers: Headers,
  ): Promise<{ user: IdentityUser; email: string }> {
    const user = await this.userOf(headers);
    if (!user) throw new AuthFailure('secondFactorTimedOut');
    const check = await this.auth.api.verifyPassword({ body: { password }, headers, asResponse: true });
    if (!check.ok) throw await reauthenticationFailure(check);
    const email = newEmail.trim().toLowerCase();
    if (email !== user.email && (await this.library.userExists(email)))
      throw new AuthFailure('firebaseEmailAlreadyInUse');
    return { user, email };
  }

  async setProvenEmail(uid: string, { from, to }: { from: string; to: string }): Promise<IdentityUser> {
    const account = await this.library.userByEmail(from);
    if (!account || account.id !== uid) throw new AuthFailure('invalidEmailVerificationLink');
    if (await this.library.userExists(to)) throw new AuthFailure('firebaseEmailAlreadyInUse');
    await this.library.setProvenEmail(uid, to);
    return this.toUser({ ...account, email: to, emailVerified: true });
  }

  async endSessionsOf(uid: string): Promise<void> {
    await this.library.endSessionsOf(uid);
  }

  async deleteAccount(password: string, headers: Headers): Promise<{ user: IdentityUser; setCookies: string[] }> {
    const user = await this.userOf(headers);
    if (!user) throw new AuthFailure('secondFactorTimedOut');
    const check = await this.auth.api.verifyPassword({ body: { password }, headers, asResponse: true });
    if (!check.ok) throw await reauthenticationFailure(check);
    await this.library.leaveAll(user.uid);
    const response = await this.auth.api.deleteUser({ body: { password }, headers, asResponse: true });
    if (!response.ok) throw await reauthenticationFailure(response);
    return { user, setCookies: response.headers.getSetCookie() };
  }

  async join(uid: string, tenantId: string): Promise<void> {
    await this.library.join(uid, tenantId, 'member');
  }
}
