/**
 * /contact-us: the vendor's address, phones, email, website, hours and map link as a contact
 * card (tel:/mailto: links), with the same facts as schema.org LocalBusiness structured data.
 */
import { PageHeader } from '../components/PageHeader';
import { QuoteRequest } from '../components/QuoteRequest';
import { useConfiguration } from '../config/ConfigurationProvider';
import { assetHref } from '../../schema/configuration/configuration';
import { inertJson } from '../document/state';
import { messages } from '../i18n/messages';
import { addressLines, telHref } from '../../schema/display/contact';
import { safeHref } from '../lib/navigation';
import { usePageMeta } from './usePageMeta';
import type { StorefrontConfiguration } from '../../schema/configuration/configuration';

/** schema.org LocalBusiness from vendor config; absolute links name the tenant's public address. */
export function localBusiness(configuration: StorefrontConfiguration) {
  const { vendor, site } = configuration;
  const address = vendor.address;
  const image = assetHref(configuration, site.thumbnails?.share);
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: vendor.displayName ?? vendor.name ?? site.appTitle,
    legalName: vendor.legalName,
    email: vendor.email,
    telephone: vendor.phone,
    url: safeHref(vendor.website),
    hasMap: safeHref(vendor.googleMapsUrl),
    image: image && new URL(image, `https://${site.domain}`).href,
    address: address && {
      '@type': 'PostalAddress',
      streetAddress: [address.line1, address.line2].filter(Boolean).join(', '),
      addressLocality: address.city,
      addressRegion: address.state,
      postalCode: address.zip,
      addressCountry: address.country,
    },
    geo: vendor._geoloc && { '@type': 'GeoCoordinates', latitude: vendor._geoloc.lat, longitude: vendor._geoloc.lng },
  };
}

export function ContactPage() {
  const configuration = useConfiguration();
  const { vendor } = configuration;
  const meta = usePageMeta();
  const website = safeHref(vendor.website);
  const map = safeHref(vendor.googleMapsUrl);
  const lines = addressLines(vendor.address);
  const phones = [vendor.phone, vendor.phone2].filter((phone): phone is string => Boolean(phone));
  return (
    <>
      <PageHeader title={meta.name} lead={messages.contactLead} />
      <div className="container section contact-layout">
        <address className="contact-card">
          <h2>{vendor.displayName ?? vendor.name}</h2>
          <dl>
            {lines.length > 0 && (
              <div>
                <dt>{messages.address}</dt>
                <dd>
                  {lines.map((line) => (
                    <span key={line} className="address-line">
                      {line}
                    </span>
                  ))}
                  {map && (
                    <a className="contact-map" href={map} rel="noopener noreferrer" target="_blank">
                      {messages.directions}
                    </a>
                  )}
                </dd>
              </div>
            )}
            {phones.length > 0 && (
              <div>
                <dt>{messages.phone}</dt>
                <dd>
                  {phones.map((phone) => (
                    <a key={phone} className="contact-line" href={telHref(phone)}>
                      {phone}
                    </a>
                  ))}
                </dd>
              </div>
            )}
            {vendor.email && (
              <div>
                <dt>{messages.email}</dt>
                <dd>
                  <a className="contact-line" href={`mailto:${vendor.email}`}>
                    {vendor.email}
                  </a>
                </dd>
              </div>
            )}
            {website && (
              <div>
                <dt>{messages.website}</dt>
                <dd>
                  <a className="contact-line" href={website} rel="noopener noreferrer">
                    {website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                  </a>
                </dd>
              </div>
            )}
            {vendor.hours && (
              <div>
                <dt>{messages.hours}</dt>
                <dd>{vendor.hours}</dd>
              </div>
            )}
          </dl>
        </address>
        <div className="contact-actions">
          <QuoteRequest />
        </div>
      </div>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: inertJson(localBusiness(configuration)) }}
      />
    </>
  );
}
