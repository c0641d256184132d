/**
 * The home page: a photo-led welcome from the tenant's share image, the rental departments, and how
 * to reach the vendor; `lead` comes first after the welcome (the platform's nearest houses).
 */
import { CategoryGrid, groupCards } from '../components/CategoryGrid';
import { ContactStrip } from '../components/ContactStrip';
import { assetHref } from '../../schema/configuration/configuration';
import type { ReactNode } from 'react';
import { useConfiguration } from '../config/ConfigurationProvider';
import { frameMessages as messages } from '../i18n/frame-messages';

export function HomePage({ lead }: { lead?: ReactNode }) {
  const configuration = useConfiguration();
  const { site, categories } = configuration;
  const hero = assetHref(configuration, site.thumbnails?.share);
  const cards = groupCards(categories);
  return (
    <>
      <section className={hero ? 'hero has-image' : 'hero'}>
        {hero && <img className="hero-image" src={hero} alt="" width="1200" height="630" fetchPriority="high" />}
        <div className="container hero-inner">
          <h1>{site.appTitle}</h1>
          {site.meta?.description && <p className="hero-lead">{site.meta.description}</p>}
          <p className="hero-actions">
            <a className="button button-primary" href="/rentals">
              {messages.browseRentals}
            </a>
            <a className="button button-secondary" href="/contact-us">
              {messages.requestA(site.request!)}
            </a>
          </p>
        </div>
      </section>
      {lead}
      {cards.length > 0 && (
        <section className="section container" aria-labelledby="departments">
          <h2 id="departments" className="section-title">
            {messages.rentalsHeading}
          </h2>
          <CategoryGrid cards={cards} headingLevel={3} />
        </section>
      )}
      <ContactStrip />
    </>
  );
}
