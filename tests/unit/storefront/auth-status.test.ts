/**
 * The auth status machine against the spec's §4 table, written out here row by row (and the
 * readings the module documents where the table is silent). Each row is checked; then every
 * (status, event) pair outside the rows is checked to be refused, and the reducer to keep the
 * state when it is.
 */
import { describe, expect, it } from 'vitest';
import {
  authReducer,
  INITIAL_AUTH_STATUS,
  nextAuthStatus,
  type AuthEvent,
  type AuthStatus,
} from '../../../storefront/auth/auth-status';

const unknown: AuthStatus = { status: 'unknown' };
const anonymous: AuthStatus = { status: 'anonymous' };
const signingUp: AuthStatus = { status: 'signingUp' };
const authenticated: AuthStatus = { status: 'authenticated' };
const loggingOut: AuthStatus = { status: 'loggingOut' };
const loggingIn = (type: 'impersonate' | '1stFactor' | '2ndFactor' | 'anonymous'): AuthStatus => ({
  status: 'loggingIn',
  type,
});
const notAuthenticated = (reason: 'noToken' | 'tokenDoesntMatchUser' | 'waitingFor2ndFactor'): AuthStatus => ({
  status: 'notAuthenticated',
  reason,
});

const ALL_STATES: AuthStatus[] = [
  unknown,
  anonymous,
  signingUp,
  authenticated,
  loggingOut,
  loggingIn('impersonate'),
  loggingIn('1stFactor'),
  loggingIn('2ndFactor'),
  loggingIn('anonymous'),
  notAuthenticated('noToken'),
  notAuthenticated('tokenDoesntMatchUser'),
  notAuthenticated('waitingFor2ndFactor'),
];
const ALL_NOT_AUTHENTICATED = ALL_STATES.filter((state) => state.status === 'notAuthenticated');

const ALL_EVENTS: AuthEvent[] = [
  { type: 'initialization', outcome: 'noToken' },
  { type: 'initialization', outcome: 'anonymous' },
  { type: 'initialization', outcome: 'authenticated' },
  { type: 'initialization', outcome: 'badToken' },
  { type: 'initializationFailed' },
  { type: 'noStoredLogin' },
  { type: 'loginStart', login: '1stFactor' },
  { type: 'loginStart', login: 'impersonate' },
  { type: 'loginStart', login: 'anonymous' },
  { type: 'loginSuccess' },
  { type: 'secondFactorRequired' },
  { type: 'loginFailure' },
  { type: 'secondFactorStart' },
  { type: 'secondFactorFailure', permanent: true },
  { type: 'secondFactorFailure', permanent: false },
  { type: 'anonymousLogin' },
  { type: 'signupStart' },
  { type: 'signupFinish', succeeded: true },
  { type: 'signupFinish', succeeded: false },
  { type: 'logout' },
  { type: 'logoutDone' },
  { type: 'liveSignIn' },
];

/** The §4 table, one entry per row: from which statuses, on which event, to which status. */
const ROWS: Array<{ row: string; from: AuthStatus[]; event: AuthEvent; to: AuthStatus }> = [
  {
    row: 'unknown → initialization → noToken',
    from: [unknown],
    event: { type: 'initialization', outcome: 'noToken' },
    to: notAuthenticated('noToken'),
  },
  {
    row: 'unknown → initialization → anonymous',
    from: [unknown],
    event: { type: 'initialization', outcome: 'anonymous' },
    to: anonymous,
  },
  {
    row: 'unknown → initialization → authenticated',
    from: [unknown],
    event: { type: 'initialization', outcome: 'authenticated' },
    to: authenticated,
  },
  {
    row: 'unknown → initialization → badToken',
    from: [unknown],
    event: { type: 'initialization', outcome: 'badToken' },
    to: notAuthenticated('tokenDoesntMatchUser'),
  },
  {
    row: 'unknown → initialization throws → signed out, noToken',
    from: [unknown],
    event: { type: 'initializationFailed' },
    to: notAuthenticated('noToken'),
  },
  {
    row: 'unknown → no stored login → notAuthenticated / noToken',
    from: [unknown],
    event: { type: 'noStoredLogin' },
    to: notAuthenticated('noToken'),
  },
  ...(['1stFactor', 'impersonate', 'anonymous'] as const).map((login) => ({
    row: `notAuthenticated, signingUp, anonymous → login start (${login}) → loggingIn`,
    from: [...ALL_NOT_AUTHENTICATED, signingUp, anonymous],
    event: { type: 'loginStart', login } as AuthEvent,
    to: loggingIn(login),
  })),
  {
    row: 'loggingIn (1st factor) → success → authenticated',
    from: [loggingIn('1stFactor'), loggingIn('impersonate')],
    event: { type: 'loginSuccess' },
    to: authenticated,
  },
  {
    row: 'loggingIn (1st factor) → 2faRequired → notAuthenticated / waitingFor2ndFactor',
    from: [loggingIn('1stFactor'), loggingIn('impersonate')],
    event: { type: 'secondFactorRequired' },
    to: notAuthenticated('waitingFor2ndFactor'),
  },
  {
    row: 'loggingIn (1st factor) → failure → notAuthenticated / noToken',
    from: [loggingIn('1stFactor'), loggingIn('impersonate'), loggingIn('anonymous')],
    event: { type: 'loginFailure' },
    to: notAuthenticated('noToken'),
  },
  {
    row: 'waitingFor2ndFactor, anonymous → second-factor start → loggingIn (2ndFactor)',
    from: [notAuthenticated('waitingFor2ndFactor'), anonymous],
    event: { type: 'secondFactorStart' },
    to: loggingIn('2ndFactor'),
  },
  {
    row: 'loggingIn (2ndFactor) → success → authenticated',
    from: [loggingIn('2ndFactor')],
    event: { type: 'loginSuccess' },
    to: authenticated,
  },
  {
    row: 'loggingIn (2ndFactor) → permanent failure → notAuthenticated / noToken',
    from: [loggingIn('2ndFactor')],
    event: { type: 'secondFactorFailure', permanent: true },
    to: notAuthenticated('noToken'),
  },
  {
    row: 'loggingIn (2ndFactor) → temporary failure → notAuthenticated / waitingFor2ndFactor',
    from: [loggingIn('2ndFactor')],
    event: { type: 'secondFactorFailure', permanent: false },
    to: notAuthenticated('waitingFor2ndFactor'),
  },
  {
    row: 'notAuthenticated → anonymous login → anonymous',
    from: ALL_NOT_AUTHENTICATED,
    event: { type: 'anonymousLogin' },
    to: anonymous,
  },
  {
    row: 'loggingIn (anonymous) → success → anonymous',
    from: [loggingIn('anonymous')],
    event: { type: 'loginSuccess' },
    to: anonymous,
  },
  {
    row: 'notAuthenticated, anonymous → signup start → signingUp',
    from: [...ALL_NOT_AUTHENTICATED, anonymous],
    event: { type: 'signupStart' },
    to: signingUp,
  },
  {
    row: 'signingUp → finish → authenticated',
    from: [signingUp],
    event: { type: 'signupFinish', succeeded: true },
    to: authenticated,
  },
  {
    row: 'signingUp → finish → notAuthenticated / noToken',
    from: [signingUp],
    event: { type: 'signupFinish', succeeded: false },
    to: notAuthenticated('noToken'),
  },
  { row: 'authenticated → logout → loggingOut', from: [authenticated], event: { type: 'logout' }, to: loggingOut },
  {
    row: 'loggingOut → then → notAuthenticated / noToken',
    from: [loggingOut],
    event: { type: 'logoutDone' },
    to: notAuthenticated('noToken'),
  },
  {
    row: 'live auth listener → authenticated (magic link)',
    from: ALL_STATES.filter((state) => state.status !== 'authenticated' && state.status !== 'loggingOut'),
    event: { type: 'liveSignIn' },
    to: authenticated,
  },
];

const label = (state: AuthStatus) => JSON.stringify(state);

describe('auth status (§4)', () => {
  it('starts unknown', () => {
    expect(INITIAL_AUTH_STATUS).toEqual(unknown);
  });

  describe.each(ROWS)('$row', ({ from, event, to }) => {
    it.each(from.map((state) => [label(state), state]))('from %s', (_name, state) => {
      expect(nextAuthStatus(state as AuthStatus, event)).toEqual(to);
    });
  });

  it('refuses every other transition, and the reducer keeps the state', () => {
    const allowed = new Set(
      ROWS.flatMap(({ from, event }) => from.map((state) => `${label(state)} ${JSON.stringify(event)}`)),
    );
    let refused = 0;
    for (const state of ALL_STATES) {
      for (const event of ALL_EVENTS) {
        if (allowed.has(`${label(state)} ${JSON.stringify(event)}`)) continue;
        expect(nextAuthStatus(state, event), `${label(state)} on ${JSON.stringify(event)}`).toBeUndefined();
        const heard: AuthEvent[] = [];
        expect(authReducer(state, event, (_state, event) => heard.push(event))).toBe(state);
        expect(heard).toEqual([event]);
        refused++;
      }
    }
    // 12 statuses × 22 events, less the allowed pairs.
    expect(refused).toBe(ALL_STATES.length * ALL_EVENTS.length - allowed.size);
    expect(refused).toBeGreaterThan(200);
  });

  it('walks the flows of §4 end to end', () => {
    const run = (events: AuthEvent[]) =>
      events.reduce<AuthStatus>((state, event) => authReducer(state, event), INITIAL_AUTH_STATUS);
    // Phone second factor: a wrong code (temporary) keeps waiting, the right one authenticates.
    expect(
      run([
        { type: 'noStoredLogin' },
        { type: 'loginStart', login: '1stFactor' },
        { type: 'secondFactorRequired' },
        { type: 'secondFactorStart' },
        { type: 'secondFactorFailure', permanent: false },
      ]),
    ).toEqual(notAuthenticated('waitingFor2ndFactor'));
    expect(
      run([
        { type: 'noStoredLogin' },
        { type: 'loginStart', login: '1stFactor' },
        { type: 'secondFactorRequired' },
        { type: 'secondFactorStart' },
        { type: 'secondFactorFailure', permanent: false },
        { type: 'secondFactorStart' },
        { type: 'loginSuccess' },
      ]),
    ).toEqual(authenticated);
    // Anonymous, then signed up; then out.
    expect(
      run([
        { type: 'noStoredLogin' },
        { type: 'anonymousLogin' },
        { type: 'signupStart' },
        { type: 'signupFinish', succeeded: true },
        { type: 'logout' },
        { type: 'logoutDone' },
      ]),
    ).toEqual(notAuthenticated('noToken'));
    // A late success after a logout changes nothing.
    expect(
      run([
        { type: 'initialization', outcome: 'authenticated' },
        { type: 'logout' },
        { type: 'logoutDone' },
        { type: 'loginSuccess' },
      ]),
    ).toEqual(notAuthenticated('noToken'));
  });
});
