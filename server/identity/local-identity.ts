/**
 * The embedded IdentityProvider: better-auth over the data folder's SQLite file, the same library
 * and users table as the console's accounts (`server/auth/auth-library.ts`). Visitors have the
 * `visitor` role; belonging to a tenant is an organization membership.
 */
import type { AuthLibrary } from '../auth/auth-library';
import type { Credentials, IdentityProvider, IdentityUser, SignedIn } from './identity-provider';
import { AuthFailure } from './messages';

interface ErrorBody {
  code?: string;
}

async function errorCode(response: Response): Promise<string | undefined> {
  try {
    return ((await response.json()) as ErrorBody).code;
  } catch {
    return undefined;
  }
}

export class LocalIdentity implements IdentityProvider {
  constructor(private readonly library: AuthLibrary) {}

  private get auth() {
    return this.library.auth;
  }

  private async toUser(user: { id: string; email: string }): Promise<IdentityUser> {
    const memberships = await this.library.membershipsOf(user.id);
    return { uid: user.id, email: user.email, vendors: memberships.map((m) => m.tenantId).sort() };
  }

  /** The user a fresh session cookie belongs to, read back through the library like any request's. */
  private async signedIn(response: Response): Promise<SignedIn> {
    const setCookies = response.headers.getSetCookie();
    const { user } = (await response.clone().json()) as { user: { id: string; email: string } };
    return { user: await this.toUser(user), setCookies };
  }

  async signUp({ email, password }: Credentials, headers: Headers): Promise<SignedIn> {
    const normalEmail = email.trim().toLowerCase();
    if (await this.library.userExists(normalEmail)) throw new AuthFailure('firebaseEmailAlreadyInUse');
    const response = await this.auth.api.signUpEmail({ body: { email: normalEmail, password, name: normalEmail.split('@')[0]! }, headers, asResponse: true });
    if (!response.ok) {
      // Two sign-ups for one email at the same moment: the second finds the first's row.
      if ((await errorCode(response))?.startsWith('USER_ALREADY_EXISTS')) throw new AuthFailure('firebaseEmailAlreadyInUse');
      throw new Error(`sign-up failed: ${response.status}`);
    }
    return this.signedIn(response);
  }

  async signIn({ email, password }: Credentials, headers: Headers): Promise<SignedIn> {
    const normalEmail = email.trim().toLowerCase();
    // §8 tells an unknown email from a wrong password (sign-up says which emails are taken anyway).
    if (!(await this.library.userExists(normalEmail))) throw new AuthFailure('firebaseUserNotFound');
    const response = await this.auth.api.signInEmail({ body: { email: normalEmail, password }, headers, asResponse: true });
    if (response.status === 401 || response.status === 400) throw new AuthFailure('wrongPassword');
    if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
    return this.signedIn(response);
  }

  async userOf(headers: Headers): Promise<IdentityUser | undefined> {
    const session = await this.auth.api.getSession({ headers });
    return session ? this.toUser(session.user) : undefined;
  }

  async signOut(headers: Headers): Promise<string[]> {
    const response = await this.auth.api.signOut({ headers, asResponse: true });
    return response.headers.getSetCookie();
  }

  async join(uid: string, tenantId: string): Promise<void> {
    await this.library.join(uid, tenantId, 'member');
  }
}
