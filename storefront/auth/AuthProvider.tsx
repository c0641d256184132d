/**
 * The visitor's auth status and profile for every component (`useAuth()`), driven by §4's machine
 * (`auth-status.ts`): pages are rendered once for everyone, so the status starts `unknown` and the
 * session is read after hydration. While authenticated, the profile follows the server live
 * (server-sent events): an approval shows at once, and a change of vendor memberships reads the
 * session again (the token refresh of §4).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useState, type ReactNode } from 'react';
import type { SignedInAnswer, SignedInVisitor } from '../../schema/visitor-session';
import { authReducer, INITIAL_AUTH_STATUS, type AuthEvent, type AuthStatus } from './auth-status';
import { identityApi } from './identity-api';

export interface Auth {
  status: AuthStatus;
  visitor: SignedInVisitor | undefined;
  /** Signs up; resolves with the answer (its `next` says where to go), rejects with an IdentityError. */
  signUp(input: { email: string; password: string }): Promise<SignedInAnswer>;
  logIn(input: { email: string; password: string }): Promise<SignedInAnswer>;
  logOut(): Promise<void>;
  /** Saves the visitor's own details; the page shows the saved profile at once. */
  updateProfile(fields: Record<string, string>): Promise<void>;
}

const AuthContext = createContext<Auth | null>(null);

const logRefused = (state: AuthStatus, event: AuthEvent) => console.warn('auth: event refused in this state', event.type, state);
const reduce = (state: AuthStatus, event: AuthEvent) => authReducer(state, event, logRefused);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [status, dispatch] = useReducer(reduce, INITIAL_AUTH_STATUS);
  const [visitor, setVisitor] = useState<SignedInVisitor>();

  const readSession = useCallback(async () => {
    const session = await identityApi.session();
    setVisitor(session.status === 'authenticated' ? session : undefined);
    return session;
  }, []);

  useEffect(() => {
    readSession()
      .then((session) => dispatch({ type: 'initialization', outcome: session.status === 'authenticated' ? 'authenticated' : session.reason === 'tokenDoesntMatchUser' ? 'badToken' : 'noToken' }))
      .catch((error: unknown) => {
        // §8: if initialisation throws, the visitor is signed out and the status becomes noToken.
        console.error('auth: could not read the session', error);
        dispatch({ type: 'initializationFailed' });
        identityApi.logOut().catch(() => undefined);
      });
  }, [readSession]);

  const uid = status.status === 'authenticated' ? visitor?.uid : undefined;
  useEffect(() => {
    if (!uid || typeof EventSource === 'undefined') return;
    const events = identityApi.events();
    events.addEventListener('profile', (event) => setVisitor((current) => current && { ...current, profile: JSON.parse((event as MessageEvent<string>).data) }));
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
      return answer;
    } catch (error) {
      dispatch({ type: 'signupFinish', succeeded: false });
      throw error;
    }
  }, []);

  const logIn = useCallback(async (input: { email: string; password: string }) => {
    dispatch({ type: 'loginStart', login: '1stFactor' });
    try {
      const answer = await identityApi.logIn(input);
      setVisitor(answer);
      dispatch({ type: 'loginSuccess' });
      return answer;
    } catch (error) {
      dispatch({ type: 'loginFailure' });
      throw error;
    }
  }, []);

  const logOut = useCallback(async () => {
    dispatch({ type: 'logout' });
    // §4 has no failed logout: the page forgets the visitor either way, and the caller says if the server was not reached.
    try {
      await identityApi.logOut();
    } finally {
      setVisitor(undefined);
      dispatch({ type: 'logoutDone' });
    }
  }, []);

  const updateProfile = useCallback(async (fields: Record<string, string>) => {
    const profile = await identityApi.updateProfile(fields);
    setVisitor((current) => current && { ...current, profile });
  }, []);

  const auth = useMemo<Auth>(() => ({ status, visitor, signUp, logIn, logOut, updateProfile }), [status, visitor, signUp, logIn, logOut, updateProfile]);
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth() needs an <AuthProvider> above it');
  return auth;
}
