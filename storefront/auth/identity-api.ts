/**
 * The storefront's calls to /api/identity (same origin: the HttpOnly session cookie goes along by
 * itself). A refused call throws an IdentityError carrying the server's words, its §8 `reason`
 * and the field it belongs beside; a call that never reached the server says so.
 */
import type { QuoteRequest, QuoteRequestInput, UserProfile } from '../../schema/types.generated';
import type {
  BotCheckAnswer,
  SecondFactorNeeded,
  SignedInAnswer,
  SignedInVisitor,
  VisitorSession,
} from '../../schema/visitor-session';
import { frameMessages as messages } from '../i18n/frame-messages';

export class IdentityError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly reason?: string,
    /** The form field the problem belongs beside, when it is one field's. */
    readonly field?: string,
    /** Every field's problem, by field, when the server named them (a form marks each). */
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Any failure as something to show: an IdentityError as it is, anything else as "something went wrong". */
export function toIdentityError(error: unknown): IdentityError {
  return error instanceof IdentityError ? error : new IdentityError(messages.somethingWentWrong, 500);
}

interface ErrorAnswer {
  message?: string;
  reason?: string;
  errors?: Record<string, string>;
}

/** `path` under /api/identity/, or an absolute path of the API (`/api/quote-requests`). */
export async function apiCall<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path.startsWith('/') ? path : `/api/identity/${path}`, {
      credentials: 'same-origin',
      ...init,
      headers: {
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    });
  } catch {
    throw new IdentityError(messages.offline, 0);
  }
  if (response.status === 204) return undefined as T;
  const body = (await response.json().catch(() => ({}))) as T & ErrorAnswer;
  if (response.ok) return body;
  if (response.status === 429) throw new IdentityError(messages.tooManyAttempts, 429, 'tooManyAttempts');
  const fields = Object.entries(body.errors ?? {});
  const [field, fieldMessage] = fields.length === 1 ? fields[0]! : [undefined, undefined];
  throw new IdentityError(
    fieldMessage ?? body.message ?? messages.somethingWentWrong,
    response.status,
    body.reason,
    field,
    body.errors ?? {},
  );
}

const call = apiCall;
const post = <T>(path: string, body: object = {}) => call<T>(path, { method: 'POST', body: JSON.stringify(body) });

export const identityApi = {
  session: () => call<VisitorSession>('session'),
  botCheckToken: async (action: 'signup'): Promise<string | undefined> => {
    try {
      // The bot check's code is loaded when a visitor signs up, not with every page.
      const { botCheckToken } = await import('./bot-check');
      return await botCheckToken(await call<BotCheckAnswer>(`bot-check?action=${action}`), action);
    } catch {
      // No token: the server then answers §5's 'recaptcha not loaded', which the form shows.
      return undefined;
    }
  },
  continueAsGuest: () => post<VisitorSession>('anonymous'),
  signUp: (body: { email: string; password: string; botCheckToken?: string }) => post<SignedInAnswer>('signup', body),
  logIn: (body: { email: string; password: string }) => post<SignedInAnswer | SecondFactorNeeded>('login', body),
  resendSecondFactorCode: () => post<void>('second-factor/send'),
  confirmSecondFactor: (code: string) => post<SignedInAnswer>('second-factor/confirm', { code }),
  sendPhoneCode: (phoneNumber: string) => post<void>('phone/code', { phoneNumber }),
  enrolPhone: (body: { phoneNumber: string; code: string; password: string }) => post<void>('phone', body),
  sendSignInLink: (email: string) => post<{ sent: true }>('sign-in-link', { email }),
  /** Asks for the change: answers the address a link went to, or nothing when it is the address already. */
  changeEmail: (body: { newEmail: string; password: string }) =>
    post<{ pendingEmail: string } | undefined>('email', body),
  sendEmailConfirmation: () => post<void>('email-verification'),
  changePassword: (body: { password: string; newPassword: string }) => post<void>('password', body),
  deleteAccount: (password: string) => post<void>('delete', { password }),
  redeemStaffView: (ticket: string) => post<SignedInVisitor>('impersonation', { ticket }),
  endStaffView: () => post<void>('impersonation/stop'),
  /** (The platform) a house's one-use link that signs this visitor in there and opens `path`. */
  handOff: (house: string, path: string) => post<{ url: string }>('hand-off', { house, path }),
  logOut: () => post<void>('logout'),
  /** A quote request (an approved visitor's); a refusal names each field. */
  requestQuote: (body: QuoteRequestInput) => post<QuoteRequest>('/api/quote-requests', body),
  updateProfile: (fields: Record<string, string>) =>
    call<UserProfile>('profile', { method: 'PUT', body: JSON.stringify(fields) }),
  /** The live profile stream (server-sent events); the browser reconnects by itself. */
  events: () => new EventSource('/api/identity/events'),
};
