/**
 * The header's account corner: "Log in" (remembering this page as where to come back to, §2)
 * until a visitor is known to be signed in, then their name, Favourites, Set lists, Your quotes
 * and "Log out"; on phones, where there is no room for them beside the navigation, the same
 * entries sit in an account menu behind the person icon. Pages are rendered for everyone, so the
 * server and the first client render both show "Log in".
 */
import { useState } from 'react';
import { visitorName as nameOf } from '../../schema/visitor-name';
import { FAVORITES_PATH, onboardingPath, QUOTES_PATH, SET_LISTS_PATH } from '../../schema/routes';
import { useAuth } from '../auth/AuthProvider';
import { rememberRedirectTarget } from '../auth/redirect-target';
import { useConfiguration } from '../config/ConfigurationProvider';
import { frameMessages as messages } from '../i18n/frame-messages';
import { NavDropdown } from './NavDropdown';

/** A 22 px line icon of the account bar, drawn from one path. */
const AccountIcon = ({ path }: { path: string }) => (
  <svg
    className="account-icon"
    width="22"
    height="22"
    viewBox="0 0 24 24"
    aria-hidden="true"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d={path} />
  </svg>
);

/** One of the signed-in visitor's pages as an icon, named for screen readers, marked when it is the page shown. */
const AccountIconLink = ({
  href,
  current,
  label,
  path,
}: {
  href: string;
  current: boolean;
  label: string;
  path: string;
}) => (
  <a className="account-link" href={href} aria-current={current ? 'page' : undefined} title={label}>
    <AccountIcon path={path} />
    <span className="visually-hidden">{label}</span>
  </a>
);

/** The account corner's icon on phones (its words stay for screen readers): a head and shoulders. */
const PersonIcon = () => <AccountIcon path="M8 8a4 4 0 1 0 8 0a4 4 0 1 0-8 0M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />;

export function AccountLinks({ current }: { current: string }) {
  const auth = useAuth();
  const { tenantId } = useConfiguration();
  const [problem, setProblem] = useState<string>();
  const visitor = auth.status.status === 'authenticated' ? auth.visitor : undefined;
  const remember = () => rememberRedirectTarget(`${window.location.pathname}${window.location.search}`);
  if (auth.status.status === 'anonymous') {
    return (
      <a
        className="header-account"
        href="/auth/signup"
        onClick={remember}
        aria-current={current === '/auth/signup' ? 'page' : undefined}
      >
        <PersonIcon />
        <span className="account-label">{messages.guestAccount}</span>
      </a>
    );
  }
  if (!visitor) {
    return (
      <a
        className="header-account"
        href="/auth/login"
        onClick={remember}
        aria-current={current === '/auth/login' ? 'page' : undefined}
      >
        <PersonIcon />
        <span className="account-label">{problem ?? messages.logIn}</span>
      </a>
    );
  }
  const logOut = () =>
    auth.logOut().then(
      () => setProblem(undefined),
      () => setProblem(messages.logoutFailed),
    );
  const name = nameOf(visitor.profile, visitor.email);
  const menu = {
    label: messages.account,
    children: [
      { label: messages.yourAccountNamed(name), href: onboardingPath(tenantId) },
      { label: messages.quotesHeading, href: QUOTES_PATH },
      { label: messages.setListsHeading, href: SET_LISTS_PATH },
      { label: messages.favoritesHeading, href: FAVORITES_PATH },
    ],
  };
  return (
    <>
      <NavDropdown
        className="account-menu"
        label={messages.account}
        item={menu}
        current={current}
        summary={
          <>
            <PersonIcon />
            <span className="visually-hidden">{messages.account}</span>
          </>
        }
        footer={
          <li>
            <button
              type="button"
              className="dropdown-button"
              onClick={logOut}
              disabled={auth.status.status !== 'authenticated'}
            >
              {messages.logOut}
            </button>
          </li>
        }
      />
      <div className="header-account signed-in" aria-label={messages.account} role="group">
        <a className="account-name" href={onboardingPath(tenantId)} title={messages.yourAccountOf(visitor.email)}>
          {name}
        </a>
        <AccountIconLink
          href={FAVORITES_PATH}
          current={current === FAVORITES_PATH}
          label={messages.favoritesHeading}
          path="M12 20.5s-7.5-4.6-9.2-9.4C1.7 7.9 3.9 4.5 7.4 4.5c2 0 3.6 1.1 4.6 2.7 1-1.6 2.6-2.7 4.6-2.7 3.5 0 5.7 3.4 4.6 6.6-1.7 4.8-9.2 9.4-9.2 9.4z"
        />
        <AccountIconLink
          href={SET_LISTS_PATH}
          current={current.startsWith(SET_LISTS_PATH)}
          label={messages.setListsHeading}
          path="M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01"
        />
        <AccountIconLink
          href={QUOTES_PATH}
          current={current.startsWith(QUOTES_PATH)}
          label={messages.quotesHeading}
          path="M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6"
        />
        <button
          type="button"
          className="link-button"
          onClick={logOut}
          disabled={auth.status.status !== 'authenticated'}
          title={messages.logOut}
        >
          <AccountIcon path="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11" />
          <span className="account-label">{messages.logOut}</span>
        </button>
      </div>
    </>
  );
}
