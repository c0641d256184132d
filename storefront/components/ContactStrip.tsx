/** A band inviting the visitor to get in touch, with the vendor's phone and email. */
import { useConfiguration } from '../config/ConfigurationProvider';
import { frameMessages as messages } from '../i18n/frame-messages';
import { telHref } from '../../schema/display/contact';

export function ContactStrip() {
  const { site, vendor } = useConfiguration();
  return (
    <section className="contact-strip" aria-labelledby="contact-strip-title">
      <div className="container contact-strip-inner">
        <div>
          <h2 id="contact-strip-title">{messages.contactStripTitle}</h2>
          <p>{messages.contactStripLead(site.request!)}</p>
        </div>
        <p className="contact-strip-actions">
          {vendor.phone && (
            <a className="button button-light" href={telHref(vendor.phone)}>
              {vendor.phone}
            </a>
          )}
          <a className="button button-accent" href="/contact-us">
            {messages.requestA(site.request!)}
          </a>
        </p>
      </div>
    </section>
  );
}
