/**
 * Cards for a level of the catalogue, in a grid of at most `site.maxColumnCount` columns (the
 * `--max-columns` custom property the head sets), each with its picture (the entry's own, else
 * the first photo of an item in it: schema/card-pictures.ts, worked out by the server), else the
 * tenant's placeholder.
 */
import type { CategoryTree } from '../../schema/types.generated';
import { assetHref } from '../../schema/configuration/configuration';
import { useCardPictures, useCatalogue, useConfiguration } from '../config/ConfigurationProvider';
import { datesSearch } from '../lib/dates-search';
import { frameMessages as messages } from '../i18n/frame-messages';
import { rentalGroups } from '../../schema/rental-groups';
import { categoryHref } from '../lib/navigation';

export interface CategoryCard {
  name: string;
  href: string;
  detail?: string;
}

/** A card for each rental group, with its number of categories. */
export function groupCards(tree: CategoryTree): CategoryCard[] {
  return rentalGroups(tree).map((group) => ({
    name: group.name,
    href: categoryHref(group.slug),
    detail: messages.categories(group.categories.length),
  }));
}

export function CategoryGrid({ cards, headingLevel = 2 }: { cards: CategoryCard[]; headingLevel?: 2 | 3 }) {
  const configuration = useConfiguration();
  const placeholder = assetHref(configuration, configuration.site.thumbnails?.placeholder);
  const pictures = useCardPictures();
  // A listing with shoot dates (and "only what is free") keeps them on the way into a department.
  const catalogue = useCatalogue();
  const carried = catalogue ? datesSearch(catalogue.query) : '';
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="card-grid">
      {cards.map((card) => {
        const picture = pictures[card.href];
        const src = picture ? assetHref(configuration, picture.url) : placeholder;
        return (
          <li key={card.href}>
            <a className="card" href={`${card.href}${carried}`}>
              {src && (
                <img
                  className="card-image"
                  src={src}
                  alt={picture ? picture.alt : ''}
                  loading="lazy"
                  decoding="async"
                  width="480"
                  height="320"
                />
              )}
              <span className="card-body">
                <Heading className="card-title">{card.name}</Heading>
                {card.detail && <span className="card-detail">{card.detail}</span>}
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
