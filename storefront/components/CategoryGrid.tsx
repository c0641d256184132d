/**
 * Cards for a level of the catalogue, in a grid of at most `site.maxColumnCount` columns (the
 * `--max-columns` custom property the head sets), each with the tenant's placeholder image
 * until items bring their own photos.
 */
import type { CategoryTree } from '../../schema/types.generated';
import { assetHref } from '../config/configuration';
import { useConfiguration } from '../config/ConfigurationProvider';
import { messages } from '../i18n/messages';
import { rentalGroups } from '../lib/catalogue';
import { categoryHref } from '../lib/navigation';

export interface CategoryCard {
  name: string;
  href: string;
  detail?: string;
}

/** A card for each rental group, with its number of categories. */
export function groupCards(tree: CategoryTree): CategoryCard[] {
  return rentalGroups(tree).map((group) => ({ name: group.name, href: categoryHref(group.slug), detail: messages.categories(group.categories.length) }));
}

export function CategoryGrid({ cards, headingLevel = 2 }: { cards: CategoryCard[]; headingLevel?: 2 | 3 }) {
  const configuration = useConfiguration();
  const image = assetHref(configuration, configuration.site.thumbnails?.placeholder);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="card-grid">
      {cards.map((card) => (
        <li key={card.href}>
          <a className="card" href={card.href}>
            {image && <img className="card-image" src={image} alt="" loading="lazy" width="480" height="320" />}
            <span className="card-body">
              <Heading className="card-title">{card.name}</Heading>
              {card.detail && <span className="card-detail">{card.detail}</span>}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
