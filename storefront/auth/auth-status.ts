/**
 * The visitor's auth status (spec §4 "Auth status"), as a pure transition function: every row of
 * the spec's table, and nothing else. A transition the table does not allow is refused
 * (`nextAuthStatus` answers undefined; the reducer keeps the state), so a late or duplicated
 * event (a second "success" after a logout, say) cannot put the visitor in a state no row leads to.
 *
 * Where the table is silent, the reading taken here (and said in the note):
 * - An impersonation login (a custom token) is a first factor: the "loggingIn (1st factor)" rows
 *   apply to it too.
 * - "anonymous login" may be immediate (notAuthenticated → anonymous), or go through
 *   loggingIn (anonymous) while the provider answers: success → anonymous, failure → noToken.
 * - "initialization" answers badToken as notAuthenticated / tokenDoesntMatchUser; if
 *   initialisation throws, the visitor is signed out: notAuthenticated / noToken.
 * - The live auth listener (a magic link followed in another tab) moves any signed-out or
 *   in-between state to authenticated, but not a logout in progress.
 * Browser-safe, no dependencies.
 */

export type LoggingInType = 'impersonate' | '1stFactor' | '2ndFactor' | 'anonymous';
export type NotAuthenticatedReason = 'noToken' | 'tokenDoesntMatchUser' | 'waitingFor2ndFactor';

export type AuthStatus =
  | { status: 'unknown' }
  | { status: 'anonymous' }
  | { status: 'loggingIn'; type: LoggingInType }
  | { status: 'signingUp' }
  | { status: 'authenticated' }
  | { status: 'loggingOut' }
  | { status: 'notAuthenticated'; reason: NotAuthenticatedReason };

export type AuthEvent =
  | { type: 'initialization'; outcome: 'noToken' | 'anonymous' | 'authenticated' | 'badToken' }
  | { type: 'initializationFailed' }
  | { type: 'noStoredLogin' }
  | { type: 'loginStart'; login: 'impersonate' | '1stFactor' | 'anonymous' }
  | { type: 'loginSuccess' }
  | { type: 'secondFactorRequired' }
  | { type: 'loginFailure' }
  | { type: 'secondFactorStart' }
  | { type: 'secondFactorFailure'; permanent: boolean }
  | { type: 'anonymousLogin' }
  | { type: 'signupStart' }
  | { type: 'signupFinish'; succeeded: boolean }
  | { type: 'logout' }
  | { type: 'logoutDone' }
  | { type: 'liveSignIn' };

export const INITIAL_AUTH_STATUS: AuthStatus = { status: 'unknown' };

const notAuthenticated = (reason: NotAuthenticatedReason): AuthStatus => ({ status: 'notAuthenticated', reason });
const is = (state: AuthStatus, status: AuthStatus['status']) => state.status === status;
const waitingFor2ndFactor = (state: AuthStatus) =>
  state.status === 'notAuthenticated' && state.reason === 'waitingFor2ndFactor';
const firstFactor = (state: AuthStatus) =>
  state.status === 'loggingIn' && (state.type === '1stFactor' || state.type === 'impersonate');
const secondFactor = (state: AuthStatus) => state.status === 'loggingIn' && state.type === '2ndFactor';
const anonymousLogin = (state: AuthStatus) => state.status === 'loggingIn' && state.type === 'anonymous';

/** The status after `event`, or undefined when the table does not allow it from `state`. */
export function nextAuthStatus(state: AuthStatus, event: AuthEvent): AuthStatus | undefined {
  switch (event.type) {
    case 'initialization':
      if (!is(state, 'unknown')) return undefined;
      if (event.outcome === 'anonymous') return { status: 'anonymous' };
      if (event.outcome === 'authenticated') return { status: 'authenticated' };
      return notAuthenticated(event.outcome === 'badToken' ? 'tokenDoesntMatchUser' : 'noToken');
    case 'initializationFailed':
    case 'noStoredLogin':
      return is(state, 'unknown') ? notAuthenticated('noToken') : undefined;
    case 'loginStart':
      return is(state, 'notAuthenticated') || is(state, 'signingUp') || is(state, 'anonymous')
        ? { status: 'loggingIn', type: event.login }
        : undefined;
    case 'loginSuccess':
      if (firstFactor(state) || secondFactor(state)) return { status: 'authenticated' };
      return anonymousLogin(state) ? { status: 'anonymous' } : undefined;
    case 'secondFactorRequired':
      return firstFactor(state) ? notAuthenticated('waitingFor2ndFactor') : undefined;
    case 'loginFailure':
      return firstFactor(state) || anonymousLogin(state) ? notAuthenticated('noToken') : undefined;
    case 'secondFactorStart':
      return waitingFor2ndFactor(state) || is(state, 'anonymous')
        ? { status: 'loggingIn', type: '2ndFactor' }
        : undefined;
    case 'secondFactorFailure':
      return secondFactor(state) ? notAuthenticated(event.permanent ? 'noToken' : 'waitingFor2ndFactor') : undefined;
    case 'anonymousLogin':
      return is(state, 'notAuthenticated') ? { status: 'anonymous' } : undefined;
    case 'signupStart':
      return is(state, 'notAuthenticated') || is(state, 'anonymous') ? { status: 'signingUp' } : undefined;
    case 'signupFinish':
      return is(state, 'signingUp')
        ? event.succeeded
          ? { status: 'authenticated' }
          : notAuthenticated('noToken')
        : undefined;
    case 'logout':
      return is(state, 'authenticated') ? { status: 'loggingOut' } : undefined;
    case 'logoutDone':
      return is(state, 'loggingOut') ? notAuthenticated('noToken') : undefined;
    case 'liveSignIn':
      return is(state, 'authenticated') || is(state, 'loggingOut') ? undefined : { status: 'authenticated' };
  }
}

/** For React's useReducer: a refused event leaves the state as it was (and `onRefused` hears of it). */
export function authReducer(
  state: AuthStatus,
  event: AuthEvent,
  onRefused?: (state: AuthStatus, event: AuthEvent) => void,
): AuthStatus {
  const next = nextAuthStatus(state, event);
  if (next === undefined) {
    onRefused?.(state, event);
    return state;
  }
  return next;
}
