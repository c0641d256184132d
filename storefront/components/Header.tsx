/**
 * The site header: the tenant's logo at its configured size (the logomark on narrow screens),
 * the configured header links (Rentals with its category dropdown, Portfolio, the Menu
 * dropdown), and the account links.
 */
import { assetHref } from '../../schema/configuration/configuration';
import { useConfiguration } from '../config/ConfigurationProvider';
import { frameMessages as messages } from '../i18n/frame-messages';
import { headerNavigation } from '../lib/navigation';
import { AccountLinks } from './AccountLinks';
import { NavDropdown } from './NavDropdown';

export function Header({ current }: { current: string }) {
  const configuration = useConfiguration();
  const { site, categories } = configuration;
  const logo = site.headerLogo;
  const mark = site.headerLogomark;
  const logoSrc = assetHref(configuration, logo?.url);
  const markSrc = assetHref(configuration, mark?.url);
  return (
    <header className="site-header">
      <div className="container header-inner">
        <a className="brand" href="/" aria-label={`${site.appTitle}, home`}>
          {logoSrc && (
            <img
              className={markSrc ? 'brand-logo has-mark' : 'brand-logo'}
              src={logoSrc}
              width={logo!.width}
              height={logo!.height}
              alt=""
            />
          )}
          {markSrc && <img className="brand-mark" src={markSrc} width={mark!.width} height={mark!.height} alt="" />}
          {!logoSrc && !markSrc && <span className="brand-name">{site.appTitle}</span>}
        </a>
        <nav className="main-nav" aria-label={messages.mainNavigation}>
          <ul>
            {headerNavigation(site, categories).map((item) => (
              <li key={`${item.label} ${item.href ?? ''}`}>
                {item.children?.length ? (
                  <NavDropdown item={item} current={current} />
                ) : item.href ? (
                  <a
                    className={item.href === current ? 'nav-link is-active' : 'nav-link'}
                    href={item.href}
                    aria-current={item.href === current ? 'page' : undefined}
                  >
                    {item.label}
                  </a>
                ) : (
                  <span className="nav-link">{item.label}</span>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <AccountLinks current={current} />
      </div>
    </header>
  );
}
