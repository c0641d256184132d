/**
 * /item/<objectID>: one item: its photos, name, rates in the tenant's currency, what it is, and
 * its details (size, weight, quantity, colours, the tenant's custom fields, tags), with the
 * category trail back up, what a kit includes (each part linked, with its photo), the request form ("Ask for a quote": approved visitors only), what is free
 * on the visitor's shoot dates with a calendar of the next weeks; then
 * a few items like it (server/catalogue/card-pictures.ts), so a designer dressing a set keeps browsing.
 */
import { categoryHref } from '../lib/navigation';
import { itemHref, RENTALS_BASE_PATH } from '../../schema/routes';
import { facetValueLabel, swatchClassOf, tagLabel } from '../components/catalogue/labels';
import { isNew, ItemCard } from '../components/catalogue/ItemCard';
import { PageHeader } from '../components/PageHeader';
import { ItemQuoteRequest } from '../components/catalogue/QuoteRequestForm';
import { ItemAvailability } from '../components/catalogue/ItemAvailability';
import { ItemSaveControls } from '../components/lists/ItemSaveControls';
import { useConfiguration, useMarketplace, usePageItem } from '../config/ConfigurationProvider';
import { isListing } from '../../schema/marketplace/listings';
import { HouseLine } from '../components/marketplace/HouseLine';
import { linkLabelFor } from '../document/page-meta';
import { messages } from '../i18n/messages';
import { formatMoney, formatWeight } from '../../schema/display/format';
import { safeHref } from '../lib/navigation';
import { NotFoundPage } from './NotFoundPage';

export function ItemPage() {
  const configuration = useConfiguration();
  const { site, categories } = configuration;
  const { item, now, related, kitComponents } = usePageItem();
  const from = useMarketplace()?.from;
  if (!item) return <NotFoundPage />;
  // On the platform: a house's item, priced in the house's currency.
  const house = isListing(item) ? item.house : undefined;
  const money = house ?? site;

  const group = categories.groups.find((candidate) => candidate.slug === item.category.group);
  const category = group?.categories.find((candidate) => candidate.slug === item.category.category);
  const sub = category?.subcategories?.find((candidate) => candidate.slug === item.category.subcategory);
  const crumbs = [
    { name: linkLabelFor(configuration, RENTALS_BASE_PATH) ?? messages.rentalsHeading, href: RENTALS_BASE_PATH },
    ...(group ? [{ name: group.name, href: categoryHref(group.slug) }] : []),
    ...(group && category ? [{ name: category.name, href: categoryHref(group.slug, category.slug) }] : []),
    ...(group && category && sub ? [{ name: sub.name, href: categoryHref(group.slug, category.slug, sub.slug) }] : []),
  ];
  const images = (item.images ?? []).flatMap((image) => {
    const src = safeHref(image.url);
    return src ? [{ ...image, src }] : [];
  });
  const inches = (value: number) =>
    new Intl.NumberFormat(site.locale, {
      style: 'unit',
      unit: 'inch',
      unitDisplay: 'short',
      maximumFractionDigits: 1,
    }).format(value);
  const customFields = (site.customFields ?? []).flatMap((field) => {
    const values = item.customFields?.[field.slug] ?? [];
    return values.length
      ? [
          {
            name: field.name,
            value: values.map((value) => facetValueLabel(`custom.${field.slug}`, value, configuration)).join(', '),
          },
        ]
      : [];
  });
  const paragraphs = (item.description ?? '').split(/\n\s*\n/).filter((paragraph) => paragraph.trim());

  return (
    <>
      <PageHeader title={item.name} crumbs={crumbs} />
      <div className="container section item-page">
        <div className="item-gallery">
          {images.length ? (
            images.map((image, index) => (
              <figure key={image.src} className={index === 0 ? 'item-photo item-photo-main' : 'item-photo'}>
                <img
                  src={image.src}
                  width={image.width}
                  height={image.height}
                  alt={image.alt}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  decoding="async"
                />
                {images.length > 1 && (
                  <figcaption className="visually-hidden">{messages.photoOf(index + 1, images.length)}</figcaption>
                )}
              </figure>
            ))
          ) : (
            <span className="item-card-placeholder" aria-hidden="true" />
          )}
        </div>
        <div className="item-summary">
          {now && isNew(item.createdAt, now, site.newWeekCount!) && (
            <span className="badge badge-new">{messages.newBadge}</span>
          )}
          {house && (
            <p className="item-house">
              <HouseLine house={house} from={from} />
            </p>
          )}
          <p className="item-rates" aria-label={messages.rates}>
            <span className="item-rate">
              {formatMoney(item.rates.day, money)} <span className="item-card-unit">/ {messages.perDay}</span>
            </span>
            {item.rates.week !== undefined && (
              <span className="item-rate item-rate-week">
                {formatMoney(item.rates.week, money)} <span className="item-card-unit">/ {messages.perWeek}</span>
              </span>
            )}
          </p>
          <div className="item-actions">
            <ItemSaveControls item={item} />
            <ItemQuoteRequest item={item} />
          </div>
          <ItemAvailability item={item} />
          {paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 40)} className="item-description">
              {paragraph}
            </p>
          ))}
          <h2 className="item-details-heading">{messages.itemDetails}</h2>
          <dl className="item-details">
            {!(site.hideQtyIfEq1 && item.quantity === 1) && (
              <>
                <dt>{messages.quantity}</dt>
                <dd>{messages.available(item.quantity)}</dd>
              </>
            )}
            {item.dimensions && (
              <>
                <dt>{messages.dimensions}</dt>
                <dd>
                  {inches(item.dimensions.widthIn)} × {inches(item.dimensions.depthIn)} ×{' '}
                  {inches(item.dimensions.heightIn)}
                </dd>
              </>
            )}
            {item.weightLb !== undefined && (
              <>
                <dt>{messages.weightEach}</dt>
                <dd>{formatWeight(item.weightLb, site)}</dd>
              </>
            )}
            {item.colors?.length ? (
              <>
                <dt>{messages.colours}</dt>
                <dd className="item-colours">
                  {item.colors.map((colour) => {
                    const swatch = swatchClassOf(colour, configuration);
                    return (
                      <span key={colour} className="item-colour">
                        {swatch && <span className={`swatch ${swatch}`} aria-hidden="true" />}
                        {colour}
                      </span>
                    );
                  })}
                </dd>
              </>
            ) : null}
            {customFields.map((field) => (
              <div key={field.name} className="item-detail-row">
                <dt>{field.name}</dt>
                <dd>{field.value}</dd>
              </div>
            ))}
            {item.tags?.length ? (
              <>
                <dt>{messages.tags}</dt>
                <dd>{item.tags.map(tagLabel).join(', ')}</dd>
              </>
            ) : null}
          </dl>
          {kitComponents.length > 0 && (
            <>
              <h2 className="item-details-heading">{messages.kitIncludes}</h2>
              <ul className="item-kit-list">
                {kitComponents.map(({ quantity, item: part }) => {
                  const photo = part.images?.[0];
                  const src = photo && safeHref(photo.url);
                  return (
                    <li key={part.objectID}>
                      <a href={itemHref(part.objectID)} className="item-kit-part">
                        {src ? (
                          <img src={src} width={photo.width} height={photo.height} alt="" loading="lazy" />
                        ) : (
                          <span className="item-card-placeholder" aria-hidden="true" />
                        )}
                        <span>{messages.kitPart(quantity, part.name)}</span>
                      </a>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </div>
      </div>
      {related.length > 0 && now && (
        <section className="container section related-items" aria-labelledby="related-heading">
          <h2 id="related-heading" className="section-heading">
            {messages.relatedItems}
          </h2>
          <ul className="item-grid related-grid">
            {related.map((other) => (
              <li key={other.objectID}>
                <ItemCard item={other} now={now} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
