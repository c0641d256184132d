/**
 * §2's stored redirect target: the page a visitor was on when they went to log in or sign up,
 * kept for this tab only (sessionStorage), and followed after login by redirectAfterLogin's rules.
 */
import { redirectAfterLogin } from '../../schema/routes';

const KEY = 'backlot.redirectTarget';

export function rememberRedirectTarget(path: string): void {
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // Storage refused (private mode, full): the visitor lands on / instead.
  }
}

/** Where to go after login; the stored target is used once. */
export function takeRedirectTarget(): string {
  let target: string | null = null;
  try {
    target = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    target = null;
  }
  return redirectAfterLogin(target);
}
