/**
 * A visitor's own page (favourites, set lists): rendered for everyone by the server, filled in
 * once the browser knows who is signed in. Until then it says it is loading; a visitor who is not
 * signed in is offered the login, and comes back here after it.
 */
import type { ReactNode } from 'react';
import type { SignedInVisitor } from '../../../schema/visitor-session';
import { useAuth } from '../../auth/AuthProvider';
import { rememberRedirectTarget } from '../../auth/redirect-target';
import { messages } from '../../i18n/messages';
import { EmptyState } from '../EmptyState';

export function SignedInOnly({
  children,
  loggedOut = messages.favoriteLogIn,
}: {
  children: (visitor: SignedInVisitor) => ReactNode;
  /** What logging in gives on this page, said to a visitor who is not signed in. */
  loggedOut?: string;
}) {
  const { status, visitor } = useAuth();
  if (status.status === 'unknown' || status.status === 'loggingIn' || status.status === 'loggingOut')
    return <Loading />;
  if (status.status !== 'authenticated' || !visitor)
    return (
      <EmptyState message={loggedOut}>
        <a
          className="button button-primary"
          href="/auth/login"
          onClick={() => rememberRedirectTarget(`${window.location.pathname}${window.location.search}`)}
        >
          {messages.logIn}
        </a>
      </EmptyState>
    );
  return <>{children(visitor)}</>;
}

export const Loading = () => (
  <p className="loading-line" role="status">
    {messages.loading}
  </p>
);
