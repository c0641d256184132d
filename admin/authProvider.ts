/**
 * The console's auth provider over the server's session API: POST /api/auth/login sets an
 * HttpOnly cookie, /api/auth/me says who is logged in (role and tenants), logout ends the
 * session. react-admin's login form asks for a "username": it is the account's email.
 */
import type { AuthProvider } from 'react-admin';

export interface Account {
  id: string;
  email: string;
  name?: string;
  role: 'platform-staff' | 'tenant-admin';
  tenants: string[];
}

let current: Promise<Account | undefined> | undefined;

async function fetchAccount(apiUrl: string): Promise<Account | undefined> {
  const response = await fetch(`${apiUrl}/auth/me`, { credentials: 'same-origin' });
  if (response.status === 401) return undefined;
  if (!response.ok) throw new Error(`The server answered ${response.status}; try again in a moment.`);
  return (await response.json()) as Account;
}

export function createAuthProvider(apiUrl = '/api'): AuthProvider {
  const account = () =>
    (current ??= fetchAccount(apiUrl).catch((error: Error) => ((current = undefined), Promise.reject(error))));
  return {
    async login({ username, password }: { username: string; password: string }) {
      const response = await fetch(`${apiUrl}/auth/login`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: username, password }),
      });
      current = undefined;
      if (response.status === 429) throw new Error('Too many attempts from here: wait a minute, then try again.');
      if (!response.ok) throw new Error('Wrong email or password.');
    },
    async logout() {
      current = undefined;
      await fetch(`${apiUrl}/auth/logout`, { method: 'POST', credentials: 'same-origin' }).catch(() => undefined);
    },
    async checkAuth() {
      if (!(await account())) throw new Error('Please log in.');
    },
    async checkError(error: { status?: number }) {
      if (error?.status === 401) {
        current = undefined;
        throw new Error('Your session ended: please log in again.');
      }
    },
    async getIdentity() {
      const me = await account();
      if (!me) throw new Error('Please log in.');
      // No fullName: react-admin would show it as the user menu's text while naming the button
      // "Profile", which screen readers announce as a mismatch (axe: label-content-name-mismatch).
      return { id: me.id };
    },
    async getPermissions() {
      return account();
    },
  };
}
