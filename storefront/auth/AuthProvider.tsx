/**
 * The visitor's auth status and profile for every component (`useAuth()`), driven by §4's machine
 * (`auth-status.ts`): pages are rendered once for everyone, so the status starts `unknown` and the
 * session is read after hydration. Live behaviour (§4):
 * - the auth listener: a sign-in in another tab (a followed sign-in link, say) is announced on a
 *   BroadcastChannel, and this tab reads the session and moves to authenticated;
 * - the profile listener: while authenticated, the profile follows the server (server-sent events),
 *   so an approval shows at once, and a change of vendor memberships reads the session again (the
 *   token refresh).
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useState,
  type ReactNode,
} from 'react';
import {
  isPermanentSecondFactorFailure,
  type SecondFactorNeeded,
  type SignedInAnswer,
  type SignedInVisitor,
} from '../../schema/visitor-session';
import { authReducer, INITIAL_AUTH_STATUS, type AuthEvent, type AuthStatus } from './auth-status';
import { identityApi, IdentityError } from './identity-api';

export interface Auth {
  status: AuthStatus;
  visitor: SignedInVisitor | undefined;
  /** Signs up; resolves with the answer (its `next` says where to go), rejects with an IdentityError. */
  signUp(input: { email: string; password: string }): Promise<SignedInAnswer>;
  /** §4's anonymous login: a guest session, to sign up from later. */
  continueAsGuest(): Promise<void>;
  /** Logs in; a SecondFactorNeeded answer means the code step comes next (a code is on its way). */
  logIn(input: { email: string; password: string }): Promise<SignedInAnswer | SecondFactorNeeded>;
  /** Finishes a login with the texted code; a refused code rejects with an IdentityError. */
  confirmSecondFactor(code: string): Promise<SignedInAnswer>;
  logOut(): Promise<void>;
  /** Saves the visitor's own details; the page shows the saved profile at once. */
  updateProfile(fields: Record<string, string>): Promise<void>;
  /** Reads the session again (after a change the server made to it). */
  refresh(): Promise<void>;
  /** A staff view link that could not be used, in words (shown by the staff view banner). */
  staffViewProblem: string | undefined;
  /** Ends a staff view (impersonation); the page then reloads as whoever the browser was before. */
  endStaffView(): Promise<void>;
  /** Turns on the phone second factor (the code texted to it, and the password). */
  enrolPhone(input: { phoneNumber: string; code: string; password: string }): Promise<void>;
}

const AuthContext = createContext<Auth | null>(null);

/** Tabs of this storefront tell each other about sign-ins (the live auth listener). */
const CHANNEL = 'backlot-auth';
function announceSignIn() {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage('signedIn');
  channel.close();
}

const logRefused = (state: AuthStatus, event: AuthEvent) =>
  console.warn('auth: event refused in this state', event.type, state);
const reduce = (state: AuthStatus, event: AuthEvent) => authReducer(state, event, logRefused);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [status, dispatch] = useReducer(reduce, INITIAL_AUTH_STATUS);
  const [visitor, setVisitor] = useState<SignedInVisitor>();

  const readSession = useCallback(async () => {
    const session = await identityApi.session();
    setVisitor(session.status === 'authenticated' ? session : undefined);
    return session;
  }, []);

  const [staffViewProblem, setStaffViewProblem] = useState<string>();

  /** §4's impersonation login: a staff view ticket from the console, in the URL's fragment. */
  const redeemStaffView = useCallback(async (ticket: string, signedIn: boolean) => {
    if (signedIn) {
      dispatch({ type: 'logout' });
      dispatch({ type: 'logoutDone' });
    }
    dispatch({ type: 'loginStart', login: 'impersonate' });
    try {
      setVisitor(await identityApi.redeemStaffView(ticket));
      dispatch({ type: 'loginSuccess' });
    } catch (error) {
      dispatch({ type: 'loginFailure' });
      setVisitor(undefined);
      setStaffViewProblem(error instanceof IdentityError ? error.message : String(error));
    }
  }, []);

  useEffect(() => {
    // The ticket leaves the address bar at once: it is not for history or bookmarks.
    const ticket = new URLSearchParams(window.location.hash.slice(1)).get('impersonate');
    if (ticket) window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
    readSession()
      .then(async (session) => {
        dispatch({
          type: 'initialization',
          outcome:
            session.status !== 'notAuthenticated'
              ? session.status
              : session.reason === 'tokenDoesntMatchUser'
                ? 'badToken'
                : 'noToken',
        });
        if (ticket) return redeemStaffView(ticket, session.status === 'authenticated');
        // Arriving signed in from a link: the tab that asked for it hears so.
        if (session.status === 'authenticated' && new URLSearchParams(window.location.search).has('signedIn'))
          announceSignIn();
      })
      .catch((error: unknown) => {
        // §8: if initialisation throws, the visitor is signed out and the status becomes noToken.
        console.error('auth: could not read the session', error);
        dispatch({ type: 'initializationFailed' });
        identityApi.logOut().catch(() => undefined);
      });
  }, [readSession, redeemStaffView]);

  const signedOut = status.status === 'notAuthenticated' || status.status === 'anonymous';
  useEffect(() => {
    if (!signedOut || typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () =>
      void readSession()
        .then((session) => session.status === 'authenticated' && dispatch({ type: 'liveSignIn' }))
        .catch(() => undefined);
    return () => channel.close();
  }, [signedOut, readSession]);

  const uid = status.status === 'authenticated' ? visitor?.uid : undefined;
  useEffect(() => {
    if (!uid || typeof EventSource === 'undefined') return;
    const events = identityApi.events();
    events.addEventListener('profile', (event) =>
      setVisitor(
        (current) =>
          current && {
            ...current,
            profile: JSON.parse((event as MessageEvent<string>).data) as typeof current.profile,
          },
      ),
    );
    events.addEventListener('vendors', () => void readSession().catch(() => undefined));
    events.addEventListener('signedOut', () => {
      events.close();
      setVisitor(undefined);
      dispatch({ type: 'logout' });
      dispatch({ type: 'logoutDone' });
    });
    return () => events.close();
  }, [uid, readSession]);

  const signUp = useCallback(async (input: { email: string; password: string }) => {
    dispatch({ type: 'signupStart' });
    try {
      const botCheckToken = await identityApi.botCheckToken('signup');
      const answer = await identityApi.signUp({ ...input, botCheckToken });
      setVisitor(answer);
      dispatch({ type: 'signupFinish', succeeded: true });
      announceSignIn();
      return answer;
    } catch (error) {
      dispatch({ type: 'signupFinish', succeeded: false });
      throw error;
    }
  }, []);

  const signedIn = useCallback((answer: SignedInAnswer) => {
    setVisitor(answer);
    dispatch({ type: 'loginSuccess' });
    announceSignIn();
    return answer;
  }, []);

  const logIn = useCallback(
    async (input: { email: string; password: string }) => {
      dispatch({ type: 'loginStart', login: '1stFactor' });
      let answer: SignedInAnswer | SecondFactorNeeded;
      try {
        answer = await identityApi.logIn(input);
      } catch (error) {
        dispatch({ type: 'loginFailure' });
        throw error;
      }
      if (answer.status === 'authenticated') return signedIn(answer);
      dispatch({ type: 'secondFactorRequired' });
      return answer;
    },
    [signedIn],
  );

  const confirmSecondFactor = useCallback(
    async (code: string) => {
      dispatch({ type: 'secondFactorStart' });
      try {
        return signedIn(await identityApi.confirmSecondFactor(code));
      } catch (error) {
        dispatch({
          type: 'secondFactorFailure',
          permanent: !(error instanceof IdentityError) || isPermanentSecondFactorFailure(error.status),
        });
        throw error;
      }
    },
    [signedIn],
  );

  /** §4's logout around a call that ends the session: the page forgets the visitor whatever the server answered. */
  const endSession = useCallback(async (call: () => Promise<void>) => {
    dispatch({ type: 'logout' });
    try {
      await call();
    } finally {
      setVisitor(undefined);
      dispatch({ type: 'logoutDone' });
    }
  }, []);

  /** §4 has no failed logout: the caller says if the server was not reached. */
  const logOut = useCallback(() => endSession(identityApi.logOut), [endSession]);

  const updateProfile = useCallback(async (fields: Record<string, string>) => {
    const profile = await identityApi.updateProfile(fields);
    setVisitor((current) => current && { ...current, profile });
  }, []);

  /** After the phone is enrolled the session is a new one: read it back (its phoneHint). */
  const enrolPhone = useCallback(
    async (input: { phoneNumber: string; code: string; password: string }) => {
      await identityApi.enrolPhone(input);
      await readSession();
    },
    [readSession],
  );

  const continueAsGuest = useCallback(async () => {
    dispatch({ type: 'loginStart', login: 'anonymous' });
    try {
      await identityApi.continueAsGuest();
      dispatch({ type: 'loginSuccess' });
    } catch (error) {
      dispatch({ type: 'loginFailure' });
      throw error;
    }
  }, []);

  const refresh = useCallback(async () => void (await readSession()), [readSession]);

  const endStaffView = useCallback(async () => {
    await endSession(identityApi.endStaffView);
    window.location.reload();
  }, [endSession]);

  const auth = useMemo<Auth>(
    () => ({
      status,
      visitor,
      continueAsGuest,
      signUp,
      logIn,
      confirmSecondFactor,
      logOut,
      updateProfile,
      enrolPhone,
      staffViewProblem,
      endStaffView,
      refresh,
    }),
    [
      status,
      visitor,
      continueAsGuest,
      signUp,
      logIn,
      confirmSecondFactor,
      logOut,
      updateProfile,
      enrolPhone,
      staffViewProblem,
      endStaffView,
      refresh,
    ],
  );
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth() needs an <AuthProvider> above it');
  return auth;
}
