/** The site footer: the configured footer links, the social bar, and the vendor's contact line. */
import { useConfiguration } from '../config/ConfigurationProvider';
import { frameMessages as messages } from '../i18n/frame-messages';
import { footerNavigation, socialLinks } from '../lib/navigation';
import { SocialIcon } from './SocialIcon';
import { telHref } from '../../schema/display/contact';

export function Footer({ current }: { current: string }) {
  const { site, vendor, labels } = useConfiguration();
  const links = footerNavigation(site);
  const social = socialLinks(site);
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <div className="footer-brand">
          <p className="footer-title">{site.appTitle}</p>
          {vendor.phone && (
            <p>
              <a href={telHref(vendor.phone)}>{vendor.phone}</a>
            </p>
          )}
          {vendor.email && (
            <p>
              <a href={`mailto:${vendor.email}`}>{vendor.email}</a>
            </p>
          )}
          {social.length > 0 && (
            <ul className="social-bar" aria-label={messages.followUs}>
              {social.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    rel="noopener noreferrer"
                    target="_blank"
                    aria-label={labels.socialNetworks[link.network] ?? link.network}
                  >
                    <SocialIcon network={link.network} />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        {links.length > 0 && (
          <nav aria-label={messages.footerNavigation}>
            <ul className="footer-links">
              {links.map((link) =>
                link.href ? (
                  <li key={`${link.label} ${link.href}`}>
                    <a href={link.href} aria-current={link.href === current ? 'page' : undefined}>
                      {link.label}
                    </a>
                  </li>
                ) : null,
              )}
            </ul>
          </nav>
        )}
      </div>
      <div className="container footer-legal">
        <p>
          © {year} {vendor.legalName ?? vendor.name ?? site.appTitle}
        </p>
      </div>
    </footer>
  );
}
